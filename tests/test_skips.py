"""A clean deck skips the passes it does not need, and nothing else changes
(`decklint.readers.skips`).

Every fixture folder, every rule case and every corpus system (../shared/corpus*, skipped when
absent) is linted twice: with the cheap looks deciding, as users run decklint, and with every
guarded pass run (`skips.ALWAYS`). The two must give the same statements (the IR: operations,
operands, values, spans, kinds), the same diagnostics of each file and the same findings. A
cheap look that ever says "nothing here" of a deck that needs its pass fails here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from decklint import api
from decklint.readers import skips

from .conftest import CORPUS, FIXTURES
from .helpers import case_options
from .test_corpus_findings import GROUPS, SHARED, as_system

# Records of the fixtures, not inputs: golden dumps, expected findings, reviewed corpus findings.
_RECORDS = (".model.yaml", ".findings")


def _fixture_folders() -> list[Path]:
    """Every folder of fixtures/ that holds inputs (linted as a folder, as the tests do)."""
    out = []
    for folder in sorted({p.parent for p in FIXTURES.rglob("*") if p.is_file()}):
        rel = folder.relative_to(FIXTURES).parts
        if rel[:1] == ("rules",) or rel[:2] == ("corpus", "findings"):
            continue
        if any(not p.name.endswith(_RECORDS) for p in folder.iterdir() if p.is_file()):
            out.append(folder)
    return out


def _outcome(lint: Callable[[], api.LintResult]) -> tuple[Any, ...]:
    """What a lint gives: its findings, each file's statements and diagnostics, the files it
    did not lint."""
    result = lint()
    files = {p: (tuple(pf.statements), pf.diagnostics) for p, pf in result.parsed.items()}
    return result.findings, files, result.unlinted


def _same_both_ways(lint: Callable[[], api.LintResult], monkeypatch: pytest.MonkeyPatch) -> None:
    skipping = _outcome(lint)
    monkeypatch.setattr(skips, "ALWAYS", True)
    every_pass = _outcome(lint)
    monkeypatch.setattr(skips, "ALWAYS", False)
    for what, a, b in zip(("findings", "files", "unlinted"), skipping, every_pass, strict=True):
        if what == "files":
            assert a.keys() == b.keys()
            for path in a:
                assert a[path][0] == b[path][0], f"{path}: statements differ"
                assert a[path][1] == b[path][1], f"{path}: diagnostics differ"
        assert a == b, f"{what} differ"


KEEP = api.Options(keep_statements=True)  # the statements of the run itself, never parsed again


def test_the_switch_reaches_the_guarded_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every pass run, a clean deck goes through conditional assembly (the switch is no
    dead flag): a clean mode table's units come back as the interpreter emits them."""
    from decklint.core.source import SourceFile
    from decklint.readers.assembler.conditional import assemble
    from decklint.readers.cards import read_assembler

    src = SourceFile.from_text(
        "m", "MODES    MODETAB\nM1       MODEENT LOGMODE=M1\n         MODEEND\n"
    )
    units = read_assembler(src).units
    plain = assemble(units)
    assert all(e.unit is u for e, u in zip(plain.emitted, units, strict=True))
    monkeypatch.setattr(skips, "ALWAYS", True)
    ran = assemble(units)
    assert [e.unit.text for e in ran.emitted] == [u.text for u in units]


# Decks at the edge of each cheap look: what it must never call clean.
_EDGES = {
    "system variable": "APPLS    VBUILD TYPE=APPL\nA1       APPL  AUTH=(ACQ),PRTCT=&SYSPARM\n",
    "open-code symbol": (
        "&N       SETC  'CICSA'\nAPPLS    VBUILD TYPE=APPL\n&N       APPL  AUTH=(ACQ),EAS=10\n"
    ),
    "z/OS system symbol": "APPLS    VBUILD TYPE=APPL\nCICS&SYSCLONE. APPL  EAS=10\n",
    "macro": (
        "         MACRO\n&L       DEFAPP &E\n&L       APPL  EAS=&E\n         MEND\n"
        "APPLS    VBUILD TYPE=APPL\nA1       DEFAPP 10\n"
    ),
    "copy": "APPLS    VBUILD TYPE=APPL\n         COPY  MOREAPPL\nA1       APPL  EAS=10\n",
    "markup": "APPLS    VBUILD TYPE=APPL\n<b>A1</b>       APPL  EAS=10,&amp;AUTH=(ACQ)\n",
    "no-break space": "APPLS    VBUILD TYPE=APPL\nA1\u00a0      APPL  EAS=10\n",
    "remark as operands": "APPLS    VBUILD TYPE=APPL\nA1       APPL  AUTH=(ACQ) EAS=10\n",
    "indented": "  APPLS    VBUILD TYPE=APPL\n  A1       APPL  EAS=10\n  A2       APPL  EAS=10\n",
    "mark in column 73": (
        "APPLS    VBUILD TYPE=APPL\n"
        + "A1       APPL  EAS=10,".ljust(72)
        + "X\n               AUTH=(ACQ)\n"
    ),
}


@pytest.mark.parametrize("name", sorted(_EDGES))
def test_edge_deck(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _same_both_ways(lambda: api.lint_texts({"APPLS.vtam": _EDGES[name]}, KEEP), monkeypatch)


@pytest.mark.parametrize(
    "folder", _fixture_folders(), ids=lambda p: p.relative_to(FIXTURES).as_posix()
)
def test_fixture_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    inputs = sorted(
        str(p) for p in folder.iterdir() if p.is_file() and not p.name.endswith(_RECORDS)
    )
    _same_both_ways(lambda: api.lint_paths(inputs, KEEP), monkeypatch)


def _rule_cases() -> list[Any]:
    out = []
    for p in sorted((FIXTURES / "rules").glob("*.yaml")):
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
        out += [pytest.param(c, id=f"{p.stem}-{n}") for n, c in data["cases"].items()]
    return out


@pytest.mark.parametrize("case", _rule_cases())
def test_rule_case(case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opts = case_options(case, tmp_path, monkeypatch)
    opts.keep_statements = True
    _same_both_ways(lambda: api.lint_texts(case["files"], opts), monkeypatch)


@pytest.mark.skipif(not CORPUS.is_dir() or not GROUPS, reason="shared corpus not available")
@pytest.mark.parametrize("group", sorted(GROUPS))
def test_corpus_system(group: str, monkeypatch: pytest.MonkeyPatch) -> None:
    members = GROUPS[group]
    opts = as_system(group, members)
    opts.keep_statements = True
    monkeypatch.chdir(SHARED)
    _same_both_ways(lambda: api.lint_paths(members, opts), monkeypatch)
