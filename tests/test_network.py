"""The bundled example networks, each in a baseline and a tuned state: the RTP lab of
"Getting the most from APPC" (Appendix A, Figures 6 and 7), its Appendix B's OS/2-DOS pair
(Figures 9 and 10), and a TCP/IP site with a z/OS stack (the z/OS TCP/IP tuning tips), a VM
stack (the VM/ESA TCP/IP performance report) and a NonStop system (the NonStop TCP/IP and ADSM
tuning note)."""

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
    # The APPC tuning guide's "DELAY default -> 0" is no change: PCCU and BUILD DELAY default to
    # 0 (the NCP catalog, from the SNA Resource Definition Reference), so NCP006 has nothing to
    # report.
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
    ("tcpip-site", "TCP buffers 16 KB default -> 65535", "TCP001", "MVS1/PROFILE.TCPIP", "ARPAGE"),
    ("tcpip-site", "UDP NOUDPQUEUELIMIT", "TCP002", "MVS1/PROFILE.TCPIP", "ARPAGE"),
    ("tcpip-site", "client window 8192 -> 65535", "TCP003", "MVS1/PROFILE.TCPIP", "ARPAGE"),
    ("tcpip-site", "client MTU 1492 -> 1500", "TCP004", "MVS1/PROFILE.TCPIP", "DEFAULTNET"),
    ("tcpip-site", "GATEWAY DEFAULTSIZE -> 1500", "TCP005", "MVS1/PROFILE.TCPIP", "DEFAULTSIZE"),
    ("tcpip-site", "SOMAXCONN 10 -> 1024", "TCP006", "MVS1/PROFILE.TCPIP", "SOMAXCONN 10"),
    ("tcpip-site", "Telnet TIMEMARK 600 -> 10800", "TCP007", "MVS1/PROFILE.TCPIP", "TIMEMARK 600"),
    ("tcpip-site", "Telnet SCANINTERVAL 120 -> 1800", "TCP007", "MVS1/PROFILE.TCPIP", "SCAN"),
    ("tcpip-site", "Telnet INACTIVE 0 -> 5400", "TCP007", "MVS1/PROFILE.TCPIP", "TELNETPARMS"),
    ("tcpip-site", "NODELAYACKS -> DELAYACKS", "TCP008", "MVS1/PROFILE.TCPIP", "NODELAYACKS"),
    ("tcpip-site", "storage limits set", "TCP010", "MVS1/PROFILE.TCPIP", "ARPAGE"),
    ("tcpip-site", "INBPERF MINCPU -> BALANCED", "TCP011", "MVS1/OSADEV", "MINCPU"),
    ("tcpip-site", "CLAW NONE -> PACKED 8 x 32K", "TCP012", "MVS1/PROFILE.TCPIP", "NONE 20"),
    ("tcpip-site", "ITRACE ON -> off", "TCP014", "MVS1/PROFILE.TCPIP", "ITRACE ON"),
    ("tcpip-site", "FTP CHKPTINT 1000 -> 0", "TCP016", "MVS1/FTP.DATA", "CHKPTINT"),
    ("tcpip-site", "FTP BUFNO dropped", "TCP016", "MVS1/FTP.DATA", "BUFNO"),
    ("tcpip-site", "FTP BLKSIZE 6233 -> 27998", "TCP016", "MVS1/FTP.DATA", "BLKSIZE"),
    ("tcpip-site", "CSM FIXED MAX 30M -> 60M", "TCP017", "MVS1/IVTPRM00", "FIXED MAX(30M)"),
    ("tcpip-site", "CSM ECSA MAX read as a comment", "TCP026", "MVS1/IVTPRM00", "ECSA  MAX"),
    ("tcpip-site", "CICS Sockets NTASKS 20 -> 45", "TCP018", "MVS1/EZACICD", "NTASKS=20"),
    ("tcpip-site", "CICS Sockets DPRTY 5 -> 0", "TCP018", "MVS1/EZACICD", "DPRTY=5"),
    ("tcpip-site", "CICS Sockets NUMSOCK 20 -> 50", "TCP018", "MVS1/EZACICD", "NUMSOCK=20"),
    (
        "tcpip-site",
        "capacity: one processor -> two",
        "TCP019",
        ".decklint.yaml",
        "ftp-kb-per-second",
    ),
    ("tcpip-site", "per-port DELAYACKS dead", "TCP022", "MVS1/PROFILE.TCPIP", "DELAYACKS"),
    ("tcpip-site", "GATEWAY -> BEGINROUTES", "REL004", "MVS1/PROFILE.TCPIP", "GATEWAY"),
    ("tcpip-site", "BPXPRMxx limits set", "BPX001", "MVS1/BPXPRM00", "MAXPROCSYS"),
    ("tcpip-site", "MAXSOCKETS 2000 -> 64000", "BPX002", "MVS1/BPXPRM00", "MAXSOCKETS(2000)"),
    ("tcpip-site", "VM ACB pool 10000 -> 1000", "VMT001", "VMTCP/PROFILE TCPIP", "ACBPOOLSIZE"),
    ("tcpip-site", "VM SCB pool 5000 -> 20", "VMT001", "VMTCP/PROFILE TCPIP", "SCBPOOLSIZE"),
    ("tcpip-site", "VM NORFC1323 removed", "VMT002", "VMTCP/PROFILE TCPIP", "NORFC1323"),
    ("tcpip-site", "VM TIMEMARK 600 -> 10800", "TCP007", "VMTCP/PROFILE TCPIP", "TIMEMARK 600"),
    ("tcpip-site", "NonStop QIOMODE ON", "NSK001", "NSK1/tune.scf", "QIOMODE OFF"),
    ("tcpip-site", "DATAFORWARDCOUNT 1", "NSK002", "NSK1/status.scfout", "DATAFORWARDTIME"),
    ("tcpip-site", "requesters into CPU 0", "NSK003", "NSK1/tune.scf", "PRIMARYCPU 1"),
    ("tcpip-site", "requester priorities differ", "NSK004", "NSK1/tune.scf", "PRIORITY 150"),
    ("tcpip-site", "ADSM TCPWINDOWSIZE 31", "NSK005", "NSK1/DSMSYS", "SErvername"),
    ("tcpip-site", "TCP/IP stack in CPU 1", "NSK006", "NSK1/status.scfout", "PrimaryCPU"),
]
# The connected site: what only the links between its nodes show (the decks it shares with
# rtp-lab and tcpip-site carry their changes there too, and its golden file lists them).
CHANGES += [
    (
        "site",
        "DOS MAXIN 2 -> 8: the host's PU sends 7 frames per acknowledgement",
        "SNA011",
        "MVS1/SWLAB",
        "MAXOUT=7",
    ),
    (
        "site",
        "MVS1 TCP window 16 KB -> 64 KB, as MVS2 it routes to",
        "TCP003",
        "MVS1/PROFILE.TCPIP",
        "ARPAGE",
    ),
    (
        "site",
        "AS/400 controller MAXFRAME 1994 -> 4060, as its line",
        "AS4003",
        "AS400A/AS400A.clp",
        "MAXFRAME(1994)",
    ),
    ("site", "AS/400 LANMAXOUT 2 -> *CALC", "AS4005", "AS400A/AS400A.clp", "LANMAXOUT(2)"),
    ("site", "AS/400 QPFRADJ 0 -> 2", "AS4006", "AS400A/AS400A.clp", "VALUE('0')"),
    ("site", "AS/400 frame limits its link", "SNA010", "AS400A/AS400A.clp", "MAXFRAME(1994)"),
    (
        "site",
        "One Multiprise adapter per stack (MPLAN2 for MVS2TEST)",
        "MP3001",
        ".decklint.yaml",
        "stacks: [MVS2, MVS2TEST]",
    ),
    ("site", "300 SNA PUs -> 200 and 100 on two adapters", "MP3002", ".decklint.yaml", "sna-pus"),
    ("site", "SNA framing 802.3 -> DIX, as TCP/IP", "MP3003", ".decklint.yaml", "sna-framing"),
    ("site", "Planned 8 MB/s out -> 6", "MP3004", ".decklint.yaml", "throughput-out: 8.0"),
]
NETS = ("rtp-lab", "appb-os2-dos", "tcpip-site", "site")


def rel(net: str, f: dict) -> str:  # type: ignore[type-arg]
    """A finding's file, relative to the network's baseline or tuned folder."""
    p = Path(f["path"]).as_posix()
    for state in ("baseline", "tuned"):
        marker = f"{net}/{state}/"
        if marker in p:
            return p.split(marker, 1)[1]
    return Path(p).name


def lint(folder: Path) -> list[dict]:  # type: ignore[type-arg]
    import json

    res = CliRunner().invoke(main, ["lint", "--format", "json", str(folder)])
    assert res.exit_code in (0, 1), res.output
    return json.loads(res.output)["findings"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def baselines() -> dict[str, list[dict]]:  # type: ignore[type-arg]
    return {n: lint(NETWORKS / n / "baseline") for n in NETS}


@pytest.mark.parametrize(
    ("net", "change", "code", "file", "text"), CHANGES, ids=[f"{c[0]}: {c[1]}" for c in CHANGES]
)
def test_baseline_flags_every_documented_change(baselines, net, change, code, file, text) -> None:  # type: ignore[no-untyped-def]
    lines = (NETWORKS / net / "baseline" / file).read_text().splitlines()
    hits = [
        f
        for f in baselines[net]
        if f["code"] == code
        and rel(net, f) == file
        and any(text in lines[at - 1] for at in (f["line"], *_related_lines(f)))
    ]
    assert hits, f"{change}: no {code} finding on a line with {text!r}"
    assert all(f["citation"] for f in hits)


def _related_lines(f: dict) -> list[int]:  # type: ignore[type-arg]
    """The lines of a finding's related locations in its own file (a finding said once per
    file, REL004, names each statement it is about there)."""
    return [r["line"] for r in f.get("related") or () if r.get("path") == f["path"]]


@pytest.mark.parametrize("net", NETS)
def test_baseline_findings_match_golden(baselines, net: str, update_golden: bool) -> None:  # type: ignore[no-untyped-def]
    golden = NETWORKS / net / "baseline.expected"
    got = "".join(
        f"{rel(net, f)}:{f['line']}:{f['column']} {f['severity']} {f['code']}\n"
        for f in baselines[net]
    )
    if update_golden or not golden.exists():
        golden.write_text(got)
    assert got == golden.read_text()


@pytest.mark.parametrize("net", NETS)
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


def test_every_file_of_the_tcpip_site_is_detected() -> None:
    import json

    res = CliRunner().invoke(
        main, ["lint", "--format", "json", str(NETWORKS / "tcpip-site" / "baseline")]
    )
    dialects = {rel("tcpip-site", f): f["dialect"] for f in json.loads(res.output)["files"]}
    assert dialects == {
        "MVS1/PROFILE.TCPIP": "tcpip",
        "MVS1/OSADEV": "tcpip",
        "MVS1/TCPIP.DATA": "tcpdata",
        "MVS1/FTP.DATA": "tcpdata",
        "MVS1/IVTPRM00": "ivtprm",
        "MVS1/BPXPRM00": "bpxprm",
        "MVS1/EZACICD": "ezacicd",
        "VMTCP/PROFILE TCPIP": "tcpip",
        "NSK1/tune.scf": "scf",
        "NSK1/status.scfout": "scf",
        "NSK1/DSMSYS": "tsm",
    }


def test_the_tcpip_site_stack_joins_its_member() -> None:
    from decklint.api import lint_paths

    res = lint_paths([str(NETWORKS / "tcpip-site" / "tuned" / "MVS1")])
    (stack,) = [s for s in res.topology.of("tcpip_stack")]
    assert stack.name == "MVS1" and stack.value("files") == 2 and stack.value("complete")


def _first_plain_block(markdown: str) -> str:
    """The text of the first fenced block without a language (the quick start's are `sh` and
    `yaml`): a fence's closing line looks like such an opening, so fences are paired."""
    inside: str | None = None
    body: list[str] = []
    for line in markdown.splitlines():
        if line.startswith("```"):
            if inside is None:
                inside, body = line[3:].strip(), []
            elif inside == "":
                return "\n".join(body)
            else:
                inside = None
        elif inside is not None:
            body.append(line)
    raise AssertionError("README.md has no fenced block without a language")


def test_readme_shows_what_the_main_command_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's first example is real output of its main command, and the count it
    states is the site's reviewed baseline."""
    import re

    root = FIXTURES.parent
    monkeypatch.chdir(root)
    readme = (root / "README.md").read_text()
    shown = _first_plain_block(readme)
    res = CliRunner().invoke(main, ["lint", "fixtures/networks/site/baseline"])
    assert res.exit_code == 1
    for line in shown.splitlines():
        assert line in res.output.splitlines(), line
    stated = re.search(r"exits 1 with (\d+) findings", readme.replace("\n", " "))
    assert stated is not None
    expected = (NETWORKS / "site" / "baseline.expected").read_text().splitlines()
    assert int(stated.group(1)) == len(expected)


def test_home_addresses_are_keyed_as_ipaddress_reads_them() -> None:
    import ipaddress
    import random

    from decklint.model.network.ip import _ip_key

    parts = ["0", "00", "01", "1", "9", "99", "100", "199", "249", "255", "256", "999", "x", ""]
    rng = random.Random(7)
    cases = ["1.2.3.4", "::1", "fe80::1", "１.2.3.4", "1.2.3.4\n", " 1.2.3.4", "+1.2.3.4"]
    cases += [
        ".".join(rng.choice(parts) for _ in range(rng.choice([3, 4, 4, 5]))) for _ in range(3000)
    ]
    for text in cases:
        try:
            ip = ipaddress.ip_address(text)
            want: tuple[int, int] | None = (ip.version, int(ip))
        except ValueError:
            want = None
        assert _ip_key(text) == want, text
