"""Before an upgrade: target releases, the release rules' findings on a profile shaped like a
real one, and the conversions IBM documents, checked against IBM's after forms.

fixtures/release/ holds before/after pairs written here in the shape of IBM's own samples
(IP Configuration Guide: OSA-Express QDIO and HiperSockets DEVICE/LINK/HOME to INTERFACE;
IP Configuration Reference: GATEWAY to BEGINROUTES; the Network Express migration of the
Washington Systems Center), and upgrade/SYSA, a profile with every removed device type,
GATEWAY and an OSA defined by DEVICE, LINK and HOME, with an INCLUDEd member and remarks.
The converted profile must mean what IBM's after form means (`tcpip.meaning`).
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import api
from decklint.cli import main
from decklint.core.findings import Edit
from decklint.core.settings import Settings
from decklint.core.source import SourceFile, Span
from decklint.dialects.tcpip import conversions as cv
from decklint.dialects.tcpip import meaning as mean
from decklint.dialects.tcpip.reader import parse
from decklint.knowledge import catalog as catalogs
from decklint.model import release as rel
from decklint.project.config import ConfigError, load
from decklint.readers import patch

from .conftest import CORPUS, FIXTURES

RELEASE = FIXTURES / "release"
PAIRS = ("osa", "hipersockets", "gateway", "network-express")
ROOT = Path(__file__).resolve().parents[1]


def _script() -> object:
    spec = importlib.util.spec_from_file_location(
        "conversion_check", ROOT / "scripts" / "conversion_check.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["conversion_check"] = mod
    spec.loader.exec_module(mod)
    return mod


CHECK = _script()


def _meaning(text: str, z17: bool = True) -> mean.Meaning:
    return mean.meaning(list(parse(SourceFile.from_text("p", text)).statements), z17)


def _target(text: str) -> api.Options:
    pairs = tuple((f, r, "--target-release") for f, r in rel.parse_targets(text).items())
    return api.Options(dialect="tcpip", settings=Settings(target_release=pairs))


# --------------------------------------------------------------------------- IBM's pairs


@pytest.mark.parametrize("pair", PAIRS)
def test_the_converted_profile_means_what_ibms_after_form_means(pair: str) -> None:
    before, after = RELEASE / pair / "before.tcpip", RELEASE / pair / "after.tcpip"
    verdict, what = CHECK.compare(str(before), str(after))  # type: ignore[attr-defined]
    assert (verdict, what) == ("same", "")


@pytest.mark.parametrize("pair", PAIRS)
def test_the_converted_profile_reads_and_lints_without_error(pair: str) -> None:
    text = (RELEASE / pair / "before.tcpip").read_text()
    converted, _left = CHECK.convert("PROFILE.TCPIP", text, "3.1")  # type: ignore[attr-defined]
    assert converted != text
    res = api.lint_texts({"PROFILE.TCPIP": converted}, _target("3.1"))
    errors = [f for f in res.findings if f.severity.label == "error"]
    assert not errors, [f"{f.code} {f.message}" for f in errors]


def test_a_wrong_after_form_is_told_apart() -> None:
    """The yardstick is no tautology: an after form with another prefix, another router role
    or a route less is not the same."""
    after = (RELEASE / "osa" / "after.tcpip").read_text()
    base = _meaning(after)
    for old, new in (
        ("192.168.40.11/24", "192.168.40.11/23"),
        ("  PRIROUTER\n", "  SECROUTER\n"),
        ("  ROUTE DEFAULT 192.168.40.1 OSA2A00L MTU 1492\n", ""),
        ("START OSA2A00L", "START OSA2A00"),
    ):
        assert old in after
        assert _meaning(after.replace(old, new)) != base, old


@pytest.mark.skipif(
    not (CORPUS.parent / "corpus-4" / "ibm-wsc-network-express").is_dir(),
    reason="shared corpus-4 not available",
)
def test_ibms_network_express_sample_converts_to_its_final_form() -> None:
    folder = CORPUS.parent / "corpus-4" / "ibm-wsc-network-express"
    before = folder / "O4ETHA2-temporary-IPAQENET-DEVNUM.tcpip"
    after = folder / "O4ETHA2-final-EQENET.tcpip"
    assert CHECK.compare(str(before), str(after)) == ("same", "")  # type: ignore[attr-defined]
    converted, _ = CHECK.convert("P", before.read_text(), "3.1")  # type: ignore[attr-defined]
    assert converted == after.read_text()  # IBM's final form, word for word


def test_the_measuring_script_counts_what_is_not_the_same(tmp_path: Path) -> None:
    wrong = tmp_path / "after.tcpip"
    wrong.write_text((RELEASE / "osa" / "after.tcpip").read_text().replace("/24", "/25"))
    before = str(RELEASE / "osa" / "before.tcpip")
    assert CHECK.main([before, str(wrong)]) == 1  # type: ignore[attr-defined]
    assert CHECK.main([before, str(RELEASE / "osa" / "after.tcpip")]) == 0  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- the whole profile


def _lint_json(*args: str) -> list[dict]:  # type: ignore[type-arg]
    res = CliRunner().invoke(main, ["lint", "--format", "json", *args])
    assert res.exit_code in (0, 1), res.output
    return json.loads(res.output)["findings"]  # type: ignore[no-any-return]


REMOVED = {
    "SNAIUCV": "V2R2",
    "SNALU62": "V2R2",
    "SAMEHOST": "V2R2",
    "X25NPSI": "V2R2",
    "CDLC": "V2R2",
    "HCH": "V2R2",
    "ATM": "V2R2",
    "CLAW": "V2R2",
    "IP": "V2R2",
    "IBMTR": "V2R3",
    "FDDI": "V2R3",
    "MPCOSA": "V2R3",
    "OSAENET": "V2R3",
    "OSAFDDI": "V2R3",
    "IPAQTR": "V2R3",
    "GATEWAY": "V2R2",
}


def test_each_removed_statement_is_one_error_naming_its_release(tmp_path: Path) -> None:
    folder = tmp_path / "upgrade"
    shutil.copytree(RELEASE / "upgrade", folder)
    found = _lint_json("--target-release", "z/OS=3.1", str(folder))
    errors = [f for f in found if f["code"] == "REL001"]
    profile = (folder / "SYSA" / "PROFILE.TCPIP").read_text().splitlines()
    member = (folder / "SYSA" / "CLAWCIP").read_text().splitlines()
    removed = [
        (name, n)
        for name, lines in (("PROFILE.TCPIP", profile), ("CLAWCIP", member))
        for n, line in enumerate(lines, 1)
        if not line.lstrip().startswith(";")
        and (w := line.split())
        and (w[0] == "GATEWAY" or (len(w) > 2 and w[2] in REMOVED))
    ]
    assert sorted((Path(f["path"]).name, f["line"]) for f in errors) == sorted(removed)
    for f in errors:
        line = (profile if f["path"].endswith("PROFILE.TCPIP") else member)[f["line"] - 1]
        word = "GATEWAY" if line.split()[0] == "GATEWAY" else line.split()[2]
        assert f"from z/OS {REMOVED[word]}" in f["message"], f["message"]
        assert f["severity"] == "error" and f["citation"]
    assert [f["code"] for f in found if f["code"] == "REL005"] == ["REL005"]


def test_fix_turns_the_osa_and_gateway_parts_into_interface_and_beginroutes(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "upgrade"
    shutil.copytree(RELEASE / "upgrade", folder)
    path = folder / "SYSA" / "PROFILE.TCPIP"
    before = path.read_text()
    res = CliRunner().invoke(
        main, ["lint", "-q", "--target-release", "z/OS=3.1", "--fix", "--unsafe-fixes", str(folder)]
    )
    assert res.exit_code == 1, res.output  # the removed device types stay: no IBM equivalent
    after = path.read_text()
    assert "INTERFACE OSAQDIO1L" in after and "DEFINE IPAQENET" in after
    assert "BEGINROUTES" in after and "GATEWAY" not in after and "DEVICE OSAQDIO1 " not in after
    old, new = _meaning(before, False), _meaning(after, False)
    assert old.routes == new.routes and old.started == new.started
    assert old.interfaces == new.interfaces and old.primary == new.primary
    found = _lint_json("--target-release", "z/OS=3.1", str(folder))
    left = {f["code"] for f in found if f["severity"] == "error"}
    assert left == {"REL001"}
    assert not [f for f in found if f["code"] == "REL001" and "GATEWAY" in f["message"]]
    assert not [f for f in found if f["code"] in ("REL005", "PRS001", "PRS002", "PRS003")]


def test_without_a_target_the_profile_gets_one_information_per_file(tmp_path: Path) -> None:
    found = _lint_json(str(RELEASE / "upgrade"))
    mine = [f for f in found if f["code"].startswith("REL")]
    assert sorted((f["code"], Path(f["path"]).name) for f in mine) == [
        ("REL004", "CLAWCIP"),
        ("REL004", "PROFILE.TCPIP"),
    ]
    assert all(f["severity"] == "info" for f in mine)


# --------------------------------------------------------------------------- targets


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("3.1", {"zos": "z/OS 3.1", "vtam": "z/OS 3.1"}),
        ("z/OS=2.5,VTAM=V4R2", {"zos": "z/OS 2.5", "vtam": "VTAM V4R2"}),
        ("zos=V2R3; ncp=V7R8", {"zos": "z/OS V2R3", "vtam": "z/OS V2R3", "ncp": "NCP V7R8"}),
        ("VTAM=3.1", {"vtam": "z/OS 3.1"}),
    ],
)
def test_targets_are_read(text: str, want: dict[str, str]) -> None:
    assert rel.parse_targets(text) == want


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("OS2=1.3", "not a product"),
        ("z/OS=soon", "not a release"),
        ("z/OS=", "no release"),
        ("3.1,z/OS=2.5", "a second target"),
    ],
)
def test_a_target_decklint_cannot_read_says_why(text: str, why: str) -> None:
    with pytest.raises(rel.TargetError, match=why):
        rel.parse_targets(text)


def test_a_bad_target_on_the_command_line_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "PROFILE.TCPIP").write_text("SOMAXCONN 1024\n")
    res = CliRunner().invoke(main, ["lint", "--target-release", "z/OS=next", str(tmp_path)])
    assert res.exit_code == 2 and "not a release of z/OS" in res.output


def test_a_bad_target_in_a_configuration_names_its_line(tmp_path: Path) -> None:
    cfg = tmp_path / ".decklint.yaml"
    cfg.write_text("fail-on: error\ntarget-release: {z/OS: tomorrow}\n")
    with pytest.raises(ConfigError, match=r":2: target-release: .*not a release of z/OS"):
        load(cfg)
    cfg.write_text("nodes:\n  SYSA:\n    target-release: {OS2: '1.3'}\n")
    with pytest.raises(ConfigError, match=r":3: nodes.SYSA.target-release: .*not a product"):
        load(cfg)


_GATEWAY = "TCPCONFIG RESTRICTLOWPORTS\nGATEWAY\n  DEFAULTNET 10.1.1.1 ETH1 1500 0\n"


def _codes(folder: Path, *args: str) -> list[tuple[str, str]]:
    found = _lint_json(*args, str(folder))
    return sorted(
        (Path(f["path"]).parent.name, f["code"]) for f in found if f["code"] in ("REL001", "REL002")
    )


def test_each_system_is_judged_at_its_own_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A configuration in a system's folder names that system's target; one under `nodes:`
    names a node's; the command line's overrides them all."""
    for name, target in (("SYSA", "3.1"), ("SYSB", "z/OS V2R1"), ("SYSC", None)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "PROFILE.TCPIP").write_text(_GATEWAY)
        if target:
            (tmp_path / name / ".decklint.yaml").write_text(f"target-release: '{target}'\n")
    (tmp_path / ".decklint.yaml").write_text("nodes:\n  SYSC:\n    target-release: V2R2\n")
    monkeypatch.chdir(tmp_path)
    assert _codes(tmp_path) == [("SYSA", "REL001"), ("SYSB", "REL002"), ("SYSC", "REL001")]
    forced = _codes(tmp_path, "--target-release", "z/OS=V1R13")
    assert forced == []  # z/OS V1R13 still takes GATEWAY without a word


def test_a_node_target_is_read_from_the_configuration(tmp_path: Path) -> None:
    cfg = tmp_path / ".decklint.yaml"
    cfg.write_text(
        "target-release: {z/OS: 3.1, VTAM: V4R2}\nnodes:\n  SYSA:\n    target-release: '2.5'\n"
    )
    got = load(cfg)
    assert got.target_release == (("vtam", "VTAM V4R2"), ("zos", "z/OS 3.1"))
    assert got.nodes["SYSA"]["target-release"][0] == "zos=z/OS 2.5,vtam=z/OS 2.5"


# --------------------------------------------------------------------------- declines


def test_a_home_entry_in_another_member_is_not_converted_and_the_finding_says_why(
    tmp_path: Path,
) -> None:
    files = {
        "SYSD/PROFILE.TCPIP": "TCPCONFIG RESTRICTLOWPORTS\nINCLUDE SYS1.TCPPARMS(OSADEV)\n"
        "HOME\n  10.5.5.5 OSAL\nBEGINROUTES\n  ROUTE 10.5.5.0/24 = OSAL MTU 1500\nENDROUTES\n",
        "SYSD/OSADEV": "; OSA port\nDEVICE OSADEV MPCIPA\nLINK OSAL IPAQENET OSADEV\n",
    }
    res = api.lint_texts(files, _target("3.1"))
    got = [f for f in res.findings if f.code == "REL005"]
    assert len(got) == 1 and got[0].fix is None
    assert "no HOME entry in this member" in got[0].message


def test_autorestart_has_no_interface_form_in_the_catalog() -> None:
    text = (
        "DEVICE OSA1 MPCIPA AUTORESTART\nLINK OSA1L IPAQENET OSA1\nHOME\n  10.1.1.1 OSA1L\n"
        "BSDROUTINGPARMS TRUE\n  OSA1L DEFAULTSIZE 0 255.255.255.0 0\nENDBSDROUTINGPARMS\n"
    )
    got = cv.to_interface(
        text, list(parse(SourceFile.from_text("p", text)).statements), "OSA1", frozenset()
    )
    assert isinstance(got, str) and "AUTORESTART" in got


def test_sequence_numbers_keep_the_fix_from_being_written(tmp_path: Path) -> None:
    """A profile with numbers in columns 73-80 does not read as the stack reads it: the
    finding stays, and --fix leaves the file alone."""
    lines = ["GATEWAY", "  DEFAULTNET 10.1.1.1 ETH1 1500 0", "TCPCONFIG RESTRICTLOWPORTS"]
    text = "".join(f"{ln:<72}{n * 100:08d}\n" for n, ln in enumerate(lines, 1))
    path = tmp_path / "PROFILE.TCPIP"
    path.write_text(text)
    res = CliRunner().invoke(
        main, ["lint", "--target-release", "3.1", "--fix", "--unsafe-fixes", str(path)]
    )
    assert path.read_text() == text
    assert "REL001" in res.output


def test_a_gateway_beside_beginroutes_is_left_to_a_person() -> None:
    text = (
        "BEGINROUTES\n  ROUTE DEFAULT 10.1.1.1 ETH1 MTU 1500\nENDROUTES\n"
        "GATEWAY\n  10 = ETH1 1500 0\n"
    )
    sts = list(parse(SourceFile.from_text("p", text)).statements)
    header = next(i for i, st in enumerate(sts) if st.op == "GATEWAY" and st.label is None)
    got = cv.to_routes(text, sts, header)
    assert isinstance(got, str) and "BEGINROUTES too" in got


@pytest.mark.parametrize(
    ("entry", "route"),
    [
        ("172.19 = L 4096 0.0.255.0 0.0.154.0", "172.19.154.0/24"),
        ("10 = L 1500 0.255.255.0 0.3.1.0", "10.3.1.0/24"),
        ("9.12.4.60 9.1.1.1 L 1500 HOST", "9.12.4.60/32"),
        ("192.168.5 = L 1500 0", "192.168.5.0/24"),
        ("130.10 = L 1500", "130.10.0.0/16"),
        ("DEFAULTNET 9.1.1.1 L 1500 0", "DEFAULT"),
    ],
)
def test_gateway_entries_read_as_the_routes_they_make(entry: str, route: str) -> None:
    st = next(
        s for s in parse(SourceFile.from_text("p", f"GATEWAY\n  {entry}\n")).statements if s.label
    )
    got = mean.gateway_entry(st)
    assert not isinstance(got, str) and got.destination == route


@pytest.mark.parametrize(
    "entry",
    [
        "10.1 = L 1500 0.0.255.0 0.0.1.0",
        "DEFAULTNET = L 1500 0",
        "240.1 = L 1500",
        "10 = L 1500 0.255.0.255 0.1.0.1",
    ],
)
def test_gateway_entries_that_do_not_read_for_sure_are_not_converted(entry: str) -> None:
    st = next(
        s for s in parse(SourceFile.from_text("p", f"GATEWAY\n  {entry}\n")).statements if s.label
    )
    assert isinstance(mean.gateway_entry(st), str)


# --------------------------------------------------------------------------- the machinery


def test_a_fix_of_several_edits_is_applied_whole_or_not_at_all() -> None:
    text = "a\nb\nc\nd\n"
    first = (Edit(Span(1, 1, 2, 1), "A\n"), Edit(Span(3, 1, 4, 1), "C\n"))
    second = (Edit(Span(3, 1, 3, 2), "x"), Edit(Span(4, 1, 4, 2), "y"))  # meets the first's
    out, done = patch.apply_fixes(text, [first, second], card_image=False)
    assert (out, done) == ("A\nb\nC\nd\n", {0})


def test_every_release_fact_names_its_manual_section_and_a_release_its_product_reads() -> None:
    counts: dict[str, int] = {}
    for name in catalogs.names():
        cat = catalogs.catalog(name)
        assert cat is not None
        family = {"tcpip": "zos", "tcpdata": "zos", "ftpdata": "zos"}.get(name, name)
        for key in cat.names():
            st = cat.statement(key)
            assert st is not None
            for entry in (st, *st.operands.values()):
                for e in entry.history:
                    assert e.source and len(e.source) > 20, (name, key, e)
                    fam = rel.family_of(e.release, family)
                    f = rel.FAMILIES.get(fam)
                    assert f is not None and f.level(e.release) is not None, (name, key, e)
                    counts[name] = counts.get(name, 0) + 1
    assert counts.get("tcpip", 0) >= 45


def test_explain_shows_a_statements_history_by_release() -> None:
    out = CliRunner().invoke(main, ["explain", "tcpip:GATEWAY"]).output
    assert re.search(r"z/OS V2R1: deprecated .*GATEWAY statement", out)
    assert "z/OS V2R2: removed; in its place BEGINROUTES" in out
    types = CliRunner().invoke(main, ["explain", "tcpip:DEVICE"]).output
    assert "SNAIUCV: SNALINK LU 0" in types and "removed z/OS V2R2" in types
    one = CliRunner().invoke(main, ["explain", "tcpip:LINK.IBMTR"]).output
    assert "z/OS V2R3: removed" in one


def test_hover_shows_the_history_and_what_the_target_does() -> None:
    from decklint.ide.hover import hover

    text = "DEVICE X25 X25NPSI X25PROC\nLINK X25L SAMEHOST 1 X25\n"
    res = api.lint_texts({"P/PROFILE.TCPIP": text}, _target("3.1"))
    h = hover(res, "P/PROFILE.TCPIP", text, 1, 2)
    assert h is not None
    assert "history by release" in h.markdown
    assert "at the target release z/OS 3.1 (--target-release): removed from z/OS V2R2" in h.markdown


def test_hover_on_an_operand_shows_its_history() -> None:
    from decklint.ide.hover import hover

    text = "SW       VBUILD TYPE=SWNET\nP1       PU    ADDR=C1,PUTYPE=2,TOPO=NONE\n"
    res = api.lint_texts({"sw.vtam": text}, api.Options())
    h = hover(res, "sw.vtam", text, 2, 37)
    assert h is not None and "VTAM V4R2: NONE: removed" in h.markdown
