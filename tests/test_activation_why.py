"""Issue 26, "Done when": each bullet of the issue's "Why" is found on a deck shaped like the
kind of member it came from (sequence numbers in 73-80, remarks, continuation cards, a dialect's
own remark style): the finding's code and place are asserted, so the claim is kept.

The decks are this project's own, written for these tests."""

from __future__ import annotations

import pytest

from decklint.api import lint_texts

_SW = """\
SWLAB01  VBUILD TYPE=SWNET,MAXGRP=4,MAXNO=4                             00010000
*        DIAL-IN 3174S OF THE LAB                                       00020000
P3174A   PU    ADDR=C1,IDBLK=017,IDNUM=00101,   3174 ROOM 1           X00030000
               PUTYPE=2,MAXOUT=7                                        00040000
T3174A2  LU    LOCADDR=2                                                00050000
T3174A3  LU    LOCADDR=2                        COPIED LINE             00060000
P3174B   PU    ADDR=C1,IDBLK=017,IDNUM=00101,   3174 ROOM 2           X00070000
               PUTYPE=2,MAXOUT=7                                        00080000
"""
_APPL = """\
APPLTSO  VBUILD TYPE=APPL                                               00010000
A01TSO   APPL  AUTH=(NOACQ,PASS,TSO),                                  X00020000
               ACBNAME=TSO                                              00030000
A02TSO   APPL  AUTH=(NOACQ,PASS,TSO),                                  X00040000
               ACBNAME=TSO                                              00050000
"""
_MODES = """\
LABMODES MODETAB                                                        00010000
S3270    MODEENT LOGMODE=S3270,FMPROF=X'03',TSPROF=X'03'                00020000
         MODEEND                                                        00030000
"""
_LOCAL = """\
LOCAL01  VBUILD TYPE=LOCAL                                              00010000
PU0E20   PU    CUADDR=0E20,MAXBFRU=13                                   00020000
LU0E21   LU    LOCADDR=2,LOGTAB=LABMODES        CONSOLE                 00030000
"""
_NCP = """\
VTAMA    PCCU  SUBAREA=1,CUADDR=0E0                                     00010000
NCP01    BUILD TYPGEN=NCP,SUBAREA=4,NEWNAME=NCP01                       00020000
G01      GROUP LNCTL=SDLC                                               00030000
L01      LINE  ADDRESS=(001,FULL)                                       00040000
P01      PU    ADDR=C1,PUTYPE=2                                         00050000
T01      LU    LOCADDR=2                                                00060000
L02      LINE  DUPLEX=FULL                      ADDRESS FORGOTTEN       00070000
P02      PU    PUTYPE=2                                                 00080000
T02      LU    ISTATUS=ACTIVE                                           00090000
"""
_CDRSC = """\
CDRMS    VBUILD TYPE=CDRM                                               00010000
SSCPB    CDRM  SUBAREA=2,CDRDYN=YES                                     00020000
CDRSCS   VBUILD TYPE=CDRSC                                              00030000
TSOB     CDRSC CDRM=SSCPX                                               00040000
"""
_LOST = """\
APPLNV   VBUILD TYPE=APPL                                               00010000
NVAPPL   APPL  AUTH=(SPO,NVPACE) EAS=16                                 00020000
"""
_BPX = """\
MAXPROCSYS(200)
MAXPROCUSER(500)
MAXFILEPROC(1000)
MAXFILEPROC(2000)
"""
_TCP = """\
PORT
   53 UDP NAMED
   53 UDP DNSJOB
TELNETPARMS
   PORT 23
   DEBUG CONN
   DEBUG CONN DETAIL
ENDTELNETPARMS
TELNETPARMS                ; AT-TLS PORT
   TTLSPORT 992
   NOSSLV3
ENDTELNETPARMS
"""
_MODEL = """\
MODEL01  VBUILD TYPE=MODEL                                              00010000
MPU01    PU    ADDR=01,PUTYPE=2,DYNLU=YES                               00020000
"""
_TYPO = """\
APPLS    VBUILD TYPE=APPL                                               00010000
TSO      APLL  AUTH=(ACQ)                                               00020000
"""


def _found(files: dict[str, str], code: str) -> list[str]:
    return [
        f"{f.path}:{f.span.line}:{f.span.col}" for f in lint_texts(files).findings if f.code == code
    ]


@pytest.mark.parametrize(
    ("bullet", "files", "code", "where"),
    [
        ("two switched PUs with one IDBLK/IDNUM", {"SWLAB01": _SW}, "VTM010", ["SWLAB01:7:34"]),
        ("two LUs with one LOCADDR under one PU", {"SWLAB01": _SW}, "VTM012", ["SWLAB01:6:16"]),
        ("two APPLs with one ACBNAME", {"APPLTSO": _APPL}, "VTM011", ["APPLTSO:5:16"]),
        (
            "LOGTAB naming a mode table",
            {"LABMODES": _MODES, "LOCAL01": _LOCAL},
            "VTM021",
            ["LOCAL01:3:33"],
        ),
        (
            "an NCP LINE without ADDRESS, an SDLC PU without ADDR, an LU without LOCADDR",
            {"NCP01": _NCP},
            "NCP020",
            ["NCP01:7:1", "NCP01:8:1", "NCP01:9:1"],
        ),
        ("a CDRSC's CDRM= naming no CDRM", {"CDRSCS": _CDRSC}, "VTM022", ["CDRSCS:4:21"]),
        ("an operand lost after a blank", {"APPLNV": _LOST}, "PRS014", ["APPLNV:2:34"]),
        ("a limiting keyword coded twice", {"BPXPRM00": _BPX}, "BPX006", ["BPXPRM00:3:1"]),
        ("MAXPROCUSER above MAXPROCSYS", {"BPXPRM00": _BPX}, "BPX007", ["BPXPRM00:2:1"]),
        (
            "a UDP port reserved for two jobs",
            {"PROFILE.TCPIP": _TCP},
            "TCP027",
            ["PROFILE.TCPIP:3:4"],
        ),
        ("DEBUG CONN coded twice", {"PROFILE.TCPIP": _TCP}, "TCP029", ["PROFILE.TCPIP:7:4"]),
        (
            "SSL/TLS parameters on a TTLSPORT",
            {"PROFILE.TCPIP": _TCP},
            "TCP030",
            ["PROFILE.TCPIP:11:4"],
        ),
        (
            "a MODEL major node PU judged as the PU it becomes",
            {"MODEL01": _MODEL},
            "NCP013",
            ["MODEL01:2:1"],
        ),
        (
            "`did you mean` for a one-letter typo in a short name",
            {"APPLS": _TYPO},
            "PRS002",
            ["APPLS:2:10"],
        ),
    ],
)
def test_each_why_is_found_where_it_is(
    bullet: str, files: dict[str, str], code: str, where: list[str]
) -> None:
    assert _found(files, code) == where, bullet


def test_the_typo_gets_its_guess() -> None:
    (f,) = [f for f in lint_texts({"APPLS": _TYPO}).findings if f.code == "PRS002"]
    assert "did you mean APPL?" in f.message


def test_an_ncp_lu_name_meets_a_switched_lu_name() -> None:
    """Resource names of VTAM and NCP decks of one domain meet (PRS004)."""
    ncp = _NCP.replace("T01      LU    LOCADDR=2 ", "T3174A2  LU    LOCADDR=2 ")
    assert _found({"VTAMLST/SWLAB01": _SW, "VTAMLST/NCP01": ncp}, "PRS004") == ["VTAMLST/NCP01:6:1"]


def test_cpname_equal_to_the_pu_name() -> None:
    sw = _SW.replace("PUTYPE=2,MAXOUT=7 ", "PUTYPE=2,CPNAME=P3174A", 1)
    # a switched PU asks for CP-CP sessions only where the CPCP start option is YES
    assert _found({"SWLAB01": sw}, "VTM013") == []
    start = "SSCPID=01,SSCPNAME=VTAMA,HOSTSA=1,NETID=LABNET,\nNODETYPE=NN,CPCP=YES\n"
    assert _found({"ATCSTR00": start, "SWLAB01": sw}, "VTM013") == ["SWLAB01:4:25"]


def test_maxbfru_times_iobuf_is_one_finding() -> None:
    start = "SSCPID=01,SSCPNAME=VTAMA,HOSTSA=1,NETID=LABNET,\nIOBUF=(400,4000,,,100,50)\n"
    ncp = _NCP.replace(
        "NCP01    BUILD TYPGEN=NCP,SUBAREA=4,NEWNAME=NCP01                       00020000\n",
        "NCP01    BUILD TYPGEN=NCP,SUBAREA=4,NEWNAME=NCP01                       00020000\n"
        "VTAMA    HOST  SUBAREA=1,MAXBFRU=40,UNITSZ=4000                         00025000\n",
    )
    files = {"ATCSTR00": start, "NCP01": ncp}
    assert _found(files, "NCP017") == ["NCP01:3:26"]
    assert _found(files, "NCP002") == []  # the same MAXBFRU is not reported twice


def test_the_limit_is_the_catalogs_and_is_checked() -> None:
    from decklint.knowledge.catalog import CatalogError, build, catalog

    host = catalog("ncp").operand("HOST", "MAXBFRU")  # type: ignore[union-attr]
    assert host is not None and host.product_below == 65535
    ok = build({"statements": {"HOST": {"operands": {"MAXBFRU": {"product_below": 9}}}}}, "t")
    assert ok.operand("HOST", "MAXBFRU").product_below == 9  # type: ignore[union-attr]
    bad = build({"statements": {"HOST": {"operands": {"MAXBFRU": {"product_below": "x"}}}}}, "t")
    with pytest.raises(CatalogError):
        bad.operand("HOST", "MAXBFRU")


@pytest.mark.parametrize(
    ("files", "code", "guess"),
    [
        (
            {
                "PROFILE.TCPIP": "DEVICE ETH0DEV MPCIPA\nLINK ETH0 IPAQENET ETH0DEV\n"
                "HOME 10.1.1.1 ETH1\nSTART ETH0DEV\n"
            },
            "PRS005",
            "did you mean ETH0?",
        ),
        (
            {
                "SWLAB": "SWLAB    VBUILD TYPE=SWNET\n"
                "PU1      PU    IDBLK=05D,IDNUM=00001,PUTYPE=2\n"
                "LU1      LU    LOCADDR=2,DLOGMOD=SNX32702,MODETAB=ISTINCML\n"
            },
            "VTM006",
            "did you mean ISTINCLM?",
        ),
    ],
    ids=["ETH1 for ETH0", "ISTINCML for ISTINCLM"],
)
def test_one_letter_typos_in_short_names_get_their_guess(
    files: dict[str, str], code: str, guess: str
) -> None:
    (f,) = [f for f in lint_texts(files).findings if f.code == code]
    assert guess in f.message
