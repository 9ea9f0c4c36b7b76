"""Dialect detection: option, in-file directive, configured globs, names, then content."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint import dialects
from decklint.core.source import SourceFile
from decklint.inputs.discover import detect

from .conftest import FIXTURES

DECKS = sorted(
    p
    for p in (FIXTURES / "dialects").glob("*/*")
    if p.is_file() and not p.name.endswith(".model.yaml")
)


@pytest.mark.parametrize("deck", DECKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_feature_deck_is_detected_by_name_or_content(deck: Path) -> None:
    src = SourceFile.from_text(deck.name, deck.read_text(encoding="utf-8"))
    assert detect(src).dialect == deck.parent.name


@pytest.mark.parametrize("deck", DECKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_content_alone_is_enough(deck: Path) -> None:
    """Renamed to a name that tells nothing, the deck is still recognised (except NS/DOS,
    whose records are too plain to recognise without their file name)."""
    if deck.parent.name == "nsdos" and deck.name == "MODE.NSD":
        pytest.skip("MODE.NSD records are a name and two values: only the name tells")
    src = SourceFile.from_text("MEMBER01", deck.read_text(encoding="utf-8"))
    assert detect(src).dialect == deck.parent.name


def test_precedence_option_directive_config_glob() -> None:
    text = "* decklint: dialect=ncp\nH1       HOST  UNITSZ=4000\n"
    src = SourceFile.from_text("x.vtam", text)
    assert detect(src).how == "directive" and detect(src).dialect == "ncp"
    assert detect(src, explicit="vtam").dialect == "vtam"
    plain = SourceFile.from_text("DECK1", "nothing here\n")
    assert detect(plain).dialect is None
    assert detect(plain, config_globs={"DECK*": "cm2"}).dialect == "cm2"
    assert set(dialects.names()) >= {
        "vtam",
        "ncp",
        "cics",
        "cm2",
        "as400",
        "nsdos",
        "aix",
        "tcpip",
        "tcpdata",
        "ivtprm",
    }
    assert set(dialects.names()) >= {"bpxprm", "scf", "tsm", "ezacicd"}


def test_globs_match_the_dialect_specs_and_need_no_import() -> None:
    """Detection by name reads the registry's globs: each SPEC uses the same tuple."""
    for name in dialects.names():
        assert dialects.get(name).globs == dialects.GLOBS[name]


def test_a_telling_name_imports_one_dialect_module() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from decklint.inputs.discover import detect\n"
        "from decklint.core.source import SourceFile\n"
        "d = detect(SourceFile.from_text('ATCSTR00', 'SSCPID=1\\n'))\n"
        "mods = sorted(m for m in sys.modules if m.startswith('decklint.dialects.'))\n"
        "print(d.dialect, ' '.join(mods))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out[0] == "vtam"
    # every dialect's record (its package) is read at start-up; no other dialect's reader
    parts = [m.split(".") for m in out[1:]]
    loaded = {p[2] for p in parts if len(p) > 3 and p[2] in dialects.REGISTRY}
    assert loaded <= {"vtam"}, loaded


def _named_by_fnmatch(name: str) -> str | None:
    import fnmatch

    for dname in dialects.names():
        if any(fnmatch.fnmatchcase(name.upper(), g.upper()) for g in dialects.GLOBS[dname]):
            return dname
    return None


def test_file_names_say_the_dialect_as_fnmatch_would() -> None:
    names = ["ATCSTR00", "atcstr1", "ATCSTR00.bak", "ATCCON01", "x.VTAMLST", "lab.ncpgen"]
    names += ["PROFILE.TCPIP", "sys1.profile.tcpip", "PROFILE TCPIP", "TCPIP.DATA", "ftp.data"]
    names += ["IVTPRM00", "BPXPRM01", "dsm.opt", "DSM1.SYS", "dsmx.opt.bak", "EZACICD", "a.scf"]
    names += ["CONFIG.NSD", "mode.nsd", "x.ndf", "a.clp", "a.smit", "readme", "", ".ncp", "*"]
    for g in (g for globs in dialects.GLOBS.values() for g in globs):
        names += [g.replace("*", "A").replace("?", "9"), g.replace("*", ""), "X" + g, g + "X"]
    for name in names:
        assert dialects.named(name) == _named_by_fnmatch(name), name
