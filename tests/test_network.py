"""The bundled example networks: seed 000 Appendix A (Figures 6 and 7) and Appendix B's
OS/2-DOS pair (Figures 9 and 10), each in a baseline and a tuned state."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main

from .conftest import FIXTURES

NETWORKS = FIXTURES / "networks"

# Every documented change the decks hold: (network, what, rule, file, text on the flagged line).
# Operands left at their default in the baseline are flagged on their statement.
CHANGES = [
    (
        "rtp-lab",
        "CICS SENDSIZE/RECEIVESIZE 4096 -> 30720",
        "CIC004",
        "RTPLAB.csd",
        "SENDSIZE(4096)",
    ),
    ("rtp-lab", "VTAM RUSIZES X'F7F7' -> X'8D8D'", "VTM002", "TUNEMODE", "RUSIZES=X'F7F7'"),
    ("rtp-lab", "VPACING 0 -> 32 (end station PU)", "VTM009", "SWLAB", "VPACING=0"),
    ("rtp-lab", "VPACING 0 -> 32 (application)", "VTM009", "APPLLAB", "VPACING=0"),
    ("rtp-lab", "Mode PSNDPAC 3 -> 63", "VTM004", "TUNEMODE", "PSNDPAC=3"),
    ("rtp-lab", "Mode SSNDPAC 3 -> 63", "VTM004", "TUNEMODE", "SSNDPAC=3"),
    ("rtp-lab", "Mode SRCVPAC 3 -> 63", "VTM004", "TUNEMODE", "SRCVPAC=3"),
    ("rtp-lab", "IOBUF (200,384,...) -> (200,4000,...)", "VTM005", "ATCSTR00", "IOBUF=(200,384"),
    ("rtp-lab", "MAXTSL 2044 -> 4060", "NCP009", "LAB45", "MAXTSL=2044"),
    ("rtp-lab", "RCVBUFC 4095 -> 16240", "NCP007", "LAB45", "RCVBUFC=4095"),
    ("rtp-lab", "T2TIMER default -> coded", "NCP011", "LAB45", "LABTRL1  LINE"),
    ("rtp-lab", "DELAY default -> 0", "NCP006", "LAB45", "LAB45P   PCCU"),
    ("rtp-lab", "SLODOWN 50 -> 6", "NCP005", "LAB45", "SLODOWN=50"),
    ("rtp-lab", "MAXBFRU 40 -> 2", "NCP002", "LAB45", "MAXBFRU=40"),
    ("rtp-lab", "UNITSZ 384 -> 4000", "NCP001", "LAB45", "UNITSZ=384"),
    ("rtp-lab", "OS2 receive pacing 8 -> 63", "CM2002", "OS2CP.NDF", "RECEIVE_PACING_WINDOW(8)"),
    ("rtp-lab", "OS2 DLC send pacing 3 -> 8", "CM2004", ".decklint.yaml", "send-window: 3"),
    ("rtp-lab", "OS2 DLC receive pacing 3 -> 8", "CM2004", ".decklint.yaml", "receive-window: 3"),
    ("rtp-lab", "RS/6000 adapter queues 30 -> 150", "AIX003", "RS6000.smit", "xmt_que_size = 30"),
    (
        "rtp-lab",
        "RS/6000 DLC transmit count 10 -> 127",
        "AIX002",
        "RS6000.smit",
        "transmit_window_count = 10",
    ),
    ("rtp-lab", "RS/6000 thewall 2048 -> 8192", "AIX005", "RS6000.smit", "thewall=2048"),
    ("rtp-lab", "RS/6000 lowclust 29 -> 256", "AIX005", "RS6000.smit", "lowclust=29"),
    ("rtp-lab", "RS/6000 lowmbuf 88 -> 256", "AIX005", "RS6000.smit", "lowmbuf=88"),
    ("rtp-lab", "RS/6000 mb_cl_hiwat 58 -> 512", "AIX005", "RS6000.smit", "mb_cl_hiwat=58"),
    (
        "rtp-lab",
        "RS/6000 mode RU 2816 -> 3840, pacing 3 -> 63",
        "AIX004",
        "RS6000.smit",
        "max_ru_size = 2816",
    ),
    ("rtp-lab", "DOS RU receive pacing 3 -> 8", "NSD002", "MODE.NSD", "#BATCH    *   3"),
    ("rtp-lab", "DOS DLC frame 987 -> 4100", "NSD003", "CONFIG.NSD", "TRMF 987"),
    ("rtp-lab", "DOS MAXIN/MAXOUT 2 -> 8", "NSD004", "CONFIG.NSD", "MAXIN=2"),
    (
        "appb-os2-dos",
        "OS/2 mode receive pacing 4 -> 63",
        "CM2002",
        "OS2SRV.NDF",
        "RECEIVE_PACING_WINDOW(4)",
    ),
    (
        "appb-os2-dos",
        "OS/2 DLC window 4 -> 2 toward DOS",
        "CM2004",
        ".decklint.yaml",
        "send-window: 4",
    ),
    ("appb-os2-dos", "DOS session receive pacing 3 -> 63", "NSD002", "MODE.NSD", "#BATCH    *   3"),
    ("appb-os2-dos", "DOS DLC frame 256 -> 16393", "NSD003", "CONFIG.NSD", "TRMF 256"),
    ("appb-os2-dos", "DOS MAXIN/MAXOUT 4 -> 2 toward CM/2", "NSD004", "CONFIG.NSD", "TRLD"),
]


def lint(folder: Path) -> list[dict]:  # type: ignore[type-arg]
    import json

    res = CliRunner().invoke(main, ["lint", "--format", "json", str(folder)])
    assert res.exit_code in (0, 1), res.output
    return json.loads(res.output)["findings"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def baselines() -> dict[str, list[dict]]:  # type: ignore[type-arg]
    return {n: lint(NETWORKS / n / "baseline") for n in ("rtp-lab", "appb-os2-dos")}


@pytest.mark.parametrize(
    ("net", "change", "code", "file", "text"), CHANGES, ids=[f"{c[0]}: {c[1]}" for c in CHANGES]
)
def test_baseline_flags_every_documented_change(baselines, net, change, code, file, text) -> None:  # type: ignore[no-untyped-def]
    lines = (NETWORKS / net / "baseline" / file).read_text().splitlines()
    hits = [
        f
        for f in baselines[net]
        if f["code"] == code and Path(f["path"]).name == file and text in lines[f["line"] - 1]
    ]
    assert hits, f"{change}: no {code} finding on a line with {text!r}"
    assert all(f["citation"] for f in hits)


@pytest.mark.parametrize("net", ["rtp-lab", "appb-os2-dos"])
def test_baseline_findings_match_golden(baselines, net: str, update_golden: bool) -> None:  # type: ignore[no-untyped-def]
    golden = NETWORKS / net / "baseline.expected"
    got = "".join(
        f"{Path(f['path']).name}:{f['line']}:{f['column']} {f['severity']} {f['code']}\n"
        for f in baselines[net]
    )
    if update_golden or not golden.exists():
        golden.write_text(got)
    assert got == golden.read_text()


@pytest.mark.parametrize("net", ["rtp-lab", "appb-os2-dos"])
def test_tuned_has_no_warning_or_error(net: str) -> None:
    found = lint(NETWORKS / net / "tuned")
    bad = [f for f in found if f["severity"] in ("warning", "error")]
    assert not bad, "\n".join(f"{f['path']}:{f['line']} {f['code']} {f['message']}" for f in bad)


def test_every_deck_of_the_network_is_detected() -> None:
    import json

    res = CliRunner().invoke(
        main, ["lint", "--format", "json", str(NETWORKS / "rtp-lab" / "baseline")]
    )
    dialects = {Path(f["path"]).name: f["dialect"] for f in json.loads(res.output)["files"]}
    assert dialects == {
        "APPLLAB": "vtam",
        "ATCSTR00": "vtam",
        "LAB45": "ncp",
        "RTPLAB.csd": "cics",
        "SWLAB": "vtam",
        "TUNEMODE": "vtam",
        "OS2CP.NDF": "cm2",
        "CONFIG.NSD": "nsdos",
        "MODE.NSD": "nsdos",
        "RS6000.smit": "aix",
    }
