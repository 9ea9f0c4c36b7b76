"""Repository shapes for the memory benchmarks: one huge deck, or very many small files.

`huge_deck` is one NCP generation of about the size asked for: a channel, token-ring lines
with their PUs, and SDLC lines with PUs and their LUs, every name unique, coded as the card
images a 3745 generation is written in. `many_files` writes small files of the common
dialects (VTAM mode tables and switched major nodes, NCP generations, z/OS TCP/IP profiles,
TCPIP.DATA and FTP.DATA, CICS CSD, CM/2 and TSM options) into folders of a thousand.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import card, statement

CARD_BYTES = 81  # an 80-column card and its newline


def huge_deck(megabytes: float) -> list[str]:
    """One NCP generation of about `megabytes` of card images."""
    lines = statement("HUGEP", "PCCU", ["CUADDR=0A0", "MAXDATA=65535", "DELAY=0"], 1)
    lines += statement(
        "HUGE",
        "BUILD",
        ["BFRS=240", "SLODOWN=6", "NEWNAME=HUGE", "SUBAREA=5", "T2TIMER=(1,1,2)"],
        len(lines),
    )
    lines += statement("HUGEH", "HOST", ["INBFRS=40", "MAXBFRU=5", "UNITSZ=4000"], len(lines))
    target = int(megabytes * 1_000_000 / CARD_BYTES)
    g = 0
    while len(lines) < target:
        if g % 2 == 0:  # a token-ring line and its PU
            lines += statement(f"G{g:06d}", "GROUP", ["ECLTYPE=(PHYSICAL,ANY)"], len(lines))
            lines += statement(
                f"T{g:06d}",
                "LINE",
                [
                    f"ADDRESS=({1088 + g % 16},FULL)",
                    "ADAPTER=TIC2",
                    "TRSPEED=16",
                    f"LOCADD=4000{g:08d}",
                    "MAXTSL=16000",
                    "RCVBUFC=32000",
                    f"PORTADD={g % 16}",
                ],
                len(lines),
            )
            lines += statement(f"P{g:06d}", "PU", ["ADDR=01", "PUTYPE=1"], len(lines))
        else:  # an SDLC line, a PU and its LUs
            lines += statement(f"G{g:06d}", "GROUP", ["LNCTL=SDLC", "DIAL=NO"], len(lines))
            lines += statement(
                f"S{g:06d}", "LINE", [f"ADDRESS=({g % 256:03d},HALF)", "SPEED=9600"], len(lines)
            )
            lines += statement(
                f"P{g:06d}",
                "PU",
                ["ADDR=C1", "PUTYPE=2", "MAXDATA=265", "MAXOUT=7", "MODETAB=LABMODES"],
                len(lines),
            )
            for u in range(4):
                lines += statement(
                    f"L{g:06d}{u}", "LU", [f"LOCADDR={u + 2}", "DLOGMOD=IBMX"], len(lines)
                )
        g += 1
    lines.append(card("         GENEND", False, len(lines)))
    return lines


def _mode_table(k: int) -> list[str]:
    lines = [card(f"* MODE TABLE {k}", False, 0), card(f"MT{k:06d} MODETAB", False, 1)]
    for m in "AB":
        lines += statement(
            f"M{k:06d}{m}",
            "MODEENT",
            [
                f"LOGMODE=M{k:06d}{m}",
                "FMPROF=X'13'",
                "TSPROF=X'07'",
                "RUSIZES=X'8989'",
                "PSNDPAC=63",
                "SRCVPAC=63",
            ],
            len(lines),
        )
    lines.append(card("         MODEEND", False, len(lines)))
    return lines


def _switched(k: int) -> list[str]:
    lines = [card(f"SW{k:06d} VBUILD TYPE=SWNET,MAXGRP=10,MAXNO=10", False, 1)]
    lines += statement(
        f"P{k:06d}A",
        "PU",
        [
            "ADDR=01",
            "IDBLK=05D",
            f"IDNUM={k % 100000:05d}",
            f"CPNAME=C{k:06d}A",
            "PUTYPE=2",
            "MAXDATA=4105",
            f"MODETAB=MT{k - 1:06d}",
            f"DLOGMOD=M{k - 1:06d}A",
            "VPACING=(32)",
        ],
        len(lines),
    )
    lines += statement(f"L{k:06d}A", "LU", ["LOCADDR=0", f"DLOGMOD=M{k - 1:06d}B"], len(lines))
    return lines


def _ncp(k: int) -> list[str]:
    lines = statement(f"N{k:06d}P", "PCCU", ["CUADDR=0A0", "MAXDATA=65535"], 1)
    lines += statement(
        f"N{k:06d}", "BUILD", ["BFRS=240", f"NEWNAME=N{k:06d}", "T2TIMER=(1,1,2)"], len(lines)
    )
    lines += statement(f"N{k:06d}H", "HOST", ["INBFRS=40", "MAXBFRU=5", "UNITSZ=4000"], len(lines))
    lines += statement(f"G{k:06d}A", "GROUP", ["ECLTYPE=(PHYSICAL,ANY)"], len(lines))
    lines += statement(
        f"T{k:06d}A",
        "LINE",
        ["ADDRESS=(1088,FULL)", "ADAPTER=TIC2", "MAXTSL=16000", "RCVBUFC=32000"],
        len(lines),
    )
    lines += statement(f"U{k:06d}A", "PU", ["ADDR=01", "PUTYPE=1"], len(lines))
    lines.append(card("         GENEND", False, len(lines)))
    return lines


def _profile(k: int) -> list[str]:
    return [
        f"; PROFILE OF STACK {k}",
        "TCPCONFIG TCPSENDBFRSIZE 64K TCPRCVBUFRSIZE 64K",
        "UDPCONFIG UDPSENDBFRSIZE 65535 UDPRCVBUFRSIZE 65535",
        "SOMAXCONN 1024",
        f"DEVICE D{k:06d} MPCIPA",
        f"LINK L{k:06d} IPAQENET D{k:06d}",
        "HOME",
        f"  10.{k // 62500}.{k // 250 % 250}.{k % 250 + 1} L{k:06d}",
        "BEGINRoutes",
        f"  ROUTE DEFAULT 10.{k // 62500}.{k // 250 % 250}.254 L{k:06d} MTU 1492",
        "ENDRoutes",
        "PORT",
        f"  {1000 + k % 60000} TCP JOB{k:05d} NOAUTOLOG",
        f"START D{k:06d}",
    ]


def _tcpip_data(k: int) -> list[str]:
    return [
        f"; RESOLVER OF SYSTEM {k}",
        f"TCPIPJOBNAME T{k:06d}",
        f"HOSTNAME H{k:06d}",
        "DOMAINORIGIN EXAMPLE.COM",
        f"NSINTERADDR 10.1.{k % 250}.53",
        "RESOLVEVIA UDP",
        "RESOLVERTIMEOUT 10",
    ]


def _ftp_data(k: int) -> list[str]:
    return [
        f"; FTP SERVER {k}",
        "BLKSIZE           27998",
        "LRECL             256",
        "RECFM             VB",
        "PRIMARY           100",
        "SECONDARY         50",
        f"INACTIVE          {300 + k % 60}",
    ]


def _csd(k: int) -> list[str]:
    return [
        f"* CONNECTION {k}",
        f"DEFINE CONNECTION(C{k % 1000:03d}) GROUP(G{k:06d}) NETNAME(N{k:06d})",
        "       ACCESSMETHOD(VTAM) PROTOCOL(APPC)",
        f"DEFINE SESSIONS(S{k:06d}) GROUP(G{k:06d}) CONNECTION(C{k % 1000:03d})",
        "       MODENAME(#BATCH) SENDSIZE(4096) RECEIVESIZE(4096) MAXIMUM(8,4)",
    ]


def _ndf(k: int) -> list[str]:
    return [
        f"/* WORKSTATION {k} */",
        f"DEFINE_LOCAL_CP FQ_CP_NAME(NET.W{k:06d}) CP_ALIAS(W{k:06d}) NODE_TYPE(EN);",
        f"DEFINE_LOGICAL_LINK LINK_NAME(HOST{k % 100:02d}) DLC_NAME(IBMTRNET)",
        "    ADJACENT_NODE_TYPE(LEARN) DESTINATION_ADDRESS(X'400000001088');",
        "DEFINE_MODE MODE_NAME(#BATCH) COS_NAME(#BATCH) RECEIVE_PACING_WINDOW(7);",
    ]


def _tsm(k: int) -> list[str]:
    return [
        f"* CLIENT {k}",
        f"SERVERNAME  S{k:06d}",
        "   COMMMETHOD         TCPIP",
        f"   TCPSERVERADDRESS   10.2.{k % 250}.20",
        "   TCPPORT            1500",
        "   TCPWINDOWSIZE      63",
    ]


# (file name for deck k, its lines): a realistic estate has many more VTAM and NCP decks
# and profiles than workstation files
_KINDS: tuple[tuple[Callable[[int], str], Callable[[int], list[str]]], ...] = (
    (lambda k: f"MT{k:06d}.vtam", _mode_table),
    (lambda k: f"SW{k:06d}.vtam", _switched),
    (lambda k: f"N{k:06d}.ncp", _ncp),
    (lambda k: f"S{k:06d}/PROFILE.TCPIP", _profile),
    (lambda k: f"R{k:06d}.TCPIP.DATA", _tcpip_data),
    (lambda k: f"F{k:06d}.FTP.DATA", _ftp_data),
    (lambda k: f"C{k:06d}.csd", _csd),
    (lambda k: f"W{k:06d}.ndf", _ndf),
    (lambda k: f"dsm{k:06d}.sys", _tsm),
    (lambda k: f"MT{k:06d}.vtam", _mode_table),
)


def many_files(root: Path, files: int) -> int:
    """Write `files` small files of mixed dialects under `root`; returns their line count."""
    lines = 0
    for k in range(files):
        name, make = _KINDS[k % len(_KINDS)]
        path = root / f"F{k // 1000:04d}" / name(k)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = make(k)
        path.write_text("\n".join(text) + "\n")
        lines += len(text)
    return lines
