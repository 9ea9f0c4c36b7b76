"""Every real deck of ../shared/corpus (and ../shared/corpus-next) parses without a crash, is
detected as its dialect, and keeps the share of statements understood that it had
(fixtures/corpus-understood.yaml).

The corpus is test input only; nothing of it is copied into the project. Skipped when absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from decklint.api import decode, lint_paths
from decklint.dialects.schema import statement_schema
from decklint.inputs.discover import detect
from decklint.source import SourceFile

from .conftest import CORPUS, FIXTURES

FOLDERS = {
    "vtam": "vtam",
    "ncp": "ncp",
    "cics-csd": "cics",
    "tcpip-profile-zos": "tcpip",
    "tcpip-profile-vm": "tcpip",
    "bpxprm": "bpxprm",
    "other": "",
}
# The folder of other formats: each file's dialect.
OTHER = {
    "colinpaice-zpdt-IVTPRM00-csm": "ivtprm",
    "tivsm-deb-dsm.sys": "tsm",
    "zeditor01-adcd-z25b-GBLRESOL-resolver-setup": "tcpdata",
    "zeditor01-adcd-z25b-GBLTDATA-tcpip-data": "tcpdata",
    "zos-rescuepack-twopak-FTPDATA": "tcpdata",
    "zos-rescuepack-twopak-TCPDATA": "tcpdata",
    "mauadmc-dsmadmc-dsm.sys": "tsm",
    "endit-hpc2n-2008-dsm.opt": "tsm",
}
# ../shared/corpus-next: real files found later, detected as their folder says.
NEXT = CORPUS.parent / "corpus-next"
# Dialects whose real files must read without any error finding (the TCP/IP family issue).
CLEAN = {"tcpip", "bpxprm", "ivtprm", "tsm", "tcpdata"}
# Real files that are not valid, and the error they rightly get.
INVALID = {
    # a vendor's instructions write ENDAUTOLOG as two words: the block never ends
    "servicepilot-nba4zos-AUTOLOG-snippet": "PRS001",
}


def expected(folder: str, path: Path) -> str:
    return FOLDERS[folder] or OTHER.get(path.name, "")


FILES = (
    sorted((d, p) for d in FOLDERS for p in (CORPUS / d).glob("*") if p.is_file())
    if CORPUS.is_dir()
    else []
)
NEXT_FILES = (
    sorted((d, p) for d in FOLDERS for p in (NEXT / d).glob("*") if p.is_file())
    if NEXT.is_dir()
    else []
)
RECORD = FIXTURES / "corpus-understood.yaml"

pytestmark = pytest.mark.skipif(not FILES, reason="shared corpus not available")


def understood(path: Path) -> tuple[float, float, int]:
    """(share of statements parsed, share of parsed statements with a known operation, count)"""
    res = lint_paths([str(path)])
    errors = [f for f in res.findings if f.code == "PRS001" and f.severity.label == "error"]
    assert not [f for f in res.findings if f.code == "PRS009"], res.findings
    (pf,) = res.parsed.values()
    n = len(pf.statements)
    parsed = n / (n + len(errors)) if n + len(errors) else 1.0
    unknown = {(f.span.line, f.span.col) for f in res.findings if f.code == "PRS002"}
    known = sum(
        1
        for s in pf.statements
        if s.kind != "statement"
        or statement_schema(s.dialect, s.op)
        or s.dialect == "cics"
        or res.topology.symbols.lookup("macro", s.op)
        or (
            s.dialect not in ("vtam", "ncp")
            and s.op_span is not None
            and (s.op_span.line, s.op_span.col) not in unknown
        )
    )
    return parsed, (known / n if n else 1.0), n


@pytest.mark.parametrize(
    ("folder", "path"), FILES + NEXT_FILES, ids=[p.name for _d, p in FILES + NEXT_FILES]
)
def test_detected_as_its_dialect(folder: str, path: Path) -> None:
    text, _ = decode(path.read_bytes())
    assert text is not None
    assert detect(SourceFile.from_text(path.name, text)).dialect == expected(folder, path)


@pytest.mark.parametrize(
    ("folder", "path"),
    [(d, p) for d, p in FILES + NEXT_FILES if expected(d, p) in CLEAN],
    ids=[p.name for d, p in FILES + NEXT_FILES if expected(d, p) in CLEAN],
)
def test_reads_without_an_error_finding(folder: str, path: Path) -> None:
    """Valid real files of the TCP/IP family give no error: syntax, references and all."""
    res = lint_paths([str(path)])
    errors = [f for f in res.findings if f.severity.label == "error"]
    if path.name in INVALID:
        assert [f.code for f in errors] == [INVALID[path.name]], errors
        return
    assert not errors, errors


def test_share_understood_does_not_regress(update_golden: bool, capsys) -> None:  # type: ignore[no-untyped-def]
    got = {}
    for _folder, path in FILES:
        parsed, known, n = understood(path)
        got[path.name] = {"statements": n, "parsed": round(parsed, 3), "known": round(known, 3)}
    with capsys.disabled():
        print("\ncorpus: statements, share parsed, share with a known operation")
        for name, v in got.items():
            print(f"  {v['statements']:5d} {v['parsed']:6.1%} {v['known']:6.1%}  {name}")
    if update_golden or not RECORD.exists():
        RECORD.write_text(yaml.safe_dump(got, sort_keys=True))
    record = yaml.safe_load(RECORD.read_text())
    for name, v in got.items():
        if name in record:
            assert v["parsed"] >= record[name]["parsed"], f"{name}: parsed share regressed"
            assert v["known"] >= record[name]["known"], f"{name}: known share regressed"
            assert v["statements"] >= record[name]["statements"], f"{name}: fewer statements"
