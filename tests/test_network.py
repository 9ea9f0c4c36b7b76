"""The bundled example network: seed 000 Appendix A, Figure 6 (baseline) and Figure 7 (tuned)."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint.api import lint_paths
from decklint.findings import Severity

from .conftest import FIXTURES

LAB = FIXTURES / "networks" / "rtp-lab"

# Every Figure 6 -> Figure 7 change that the VTAM, NCP and CICS decks hold: the rule that must
# flag it, and text that must be on the flagged line (the operand, or its statement when the
# baseline leaves the operand at its default).
CHANGES = [
    ("CICS SENDSIZE/RECEIVESIZE 4096 -> 30720", "CIC004", "RTPLAB.csd", "SENDSIZE(4096)"),
    ("VTAM RUSIZES X'F7F7' -> X'8D8D'", "VTM002", "TUNEMODE", "RUSIZES=X'F7F7'"),
    ("VPACING 0 -> 32 (end station PU)", "VTM009", "SWLAB", "VPACING=0"),
    ("VPACING 0 -> 32 (application)", "VTM009", "APPLLAB", "VPACING=0"),
    ("Mode PSNDPAC 3 -> 63", "VTM004", "TUNEMODE", "PSNDPAC=3"),
    ("Mode SSNDPAC 3 -> 63", "VTM004", "TUNEMODE", "SSNDPAC=3"),
    ("Mode SRCVPAC 3 -> 63", "VTM004", "TUNEMODE", "SRCVPAC=3"),
    ("IOBUF (200,384,...) -> (200,4000,...)", "VTM005", "ATCSTR00", "IOBUF=(200,384"),
    ("MAXTSL 2044 -> 4060", "NCP009", "LAB45", "MAXTSL=2044"),
    ("RCVBUFC 4095 -> 16240", "NCP007", "LAB45", "RCVBUFC=4095"),
    ("T2TIMER default -> coded", "NCP011", "LAB45", "LABTRL1  LINE"),
    ("DELAY default -> 0", "NCP006", "LAB45", "LAB45P   PCCU"),
    ("SLODOWN 50 -> 6", "NCP005", "LAB45", "SLODOWN=50"),
    ("MAXBFRU 40 -> 2", "NCP002", "LAB45", "MAXBFRU=40"),
    ("UNITSZ 384 -> 4000", "NCP001", "LAB45", "UNITSZ=384"),
]


@pytest.fixture(scope="module")
def baseline():  # type: ignore[no-untyped-def]
    return lint_paths([str(LAB / "baseline")])


@pytest.mark.parametrize(("change", "code", "file", "text"), CHANGES, ids=[c[0] for c in CHANGES])
def test_baseline_flags_every_documented_change(baseline, change, code, file, text) -> None:  # type: ignore[no-untyped-def]
    lines = (LAB / "baseline" / file).read_text().splitlines()
    hits = [
        f
        for f in baseline.findings
        if f.code == code and Path(f.path).name == file and text in lines[f.span.line - 1]
    ]
    assert hits, f"{change}: no {code} finding on a line with {text!r}"
    assert all(f.citation is not None for f in hits)


def test_baseline_findings_match_golden(baseline, update_golden: bool) -> None:  # type: ignore[no-untyped-def]
    golden = LAB / "baseline.expected"
    got = "".join(
        f"{Path(f.path).name}:{f.span.line}:{f.span.col} {f.severity.label} {f.code}\n"
        for f in baseline.findings
    )
    if update_golden or not golden.exists():
        golden.write_text(got)
    assert got == golden.read_text()


def test_tuned_has_no_warning_or_error() -> None:
    res = lint_paths([str(LAB / "tuned")])
    bad = [f for f in res.findings if f.severity >= Severity.WARNING]
    assert not bad, "\n".join(f"{f.path}:{f.span.line} {f.code} {f.message}" for f in bad)
    assert len(res.files) == 6 and all(d for _p, d in res.files)


def test_every_deck_of_the_network_is_detected() -> None:
    res = lint_paths([str(LAB / "baseline")])
    dialects = {Path(p).name: d for p, d in res.files}
    assert dialects == {
        "APPLLAB": "vtam",
        "ATCSTR00": "vtam",
        "LAB45": "ncp",
        "RTPLAB.csd": "cics",
        "SWLAB": "vtam",
        "TUNEMODE": "vtam",
    }
