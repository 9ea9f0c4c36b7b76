"""Operand schemas: which operands each statement takes, their value kinds and ranges.

A schema is *closed* when it lists every operand the statement takes (an unknown operand is
then reported), and *open* when it lists only the operands decklint knows (an unknown operand
is reported only when it is a near miss of a known one: a typo such as MAXBUFRU for MAXBFRU).
Ranges come from research/spec-sna.md and spec-gaps.md section 6 (tags [V]/[I] there).

The tables are text so that a systems programmer can correct them without reading Python:
``NAME`` or ``NAME:kind`` or ``NAME:kind:lo-hi``; kinds: int, num (decimal), name, hex, list,
any, pace (a pacing count 0-63, or the whole BIND byte in hex: the count in its low six bits,
flags above).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from decklint.dialects.catalog import Catalog


@dataclass(frozen=True)
class OperandSpec:
    name: str
    kind: str = "any"
    lo: float | None = None
    hi: float | None = None


@dataclass(frozen=True)
class StatementSchema:
    op: str
    closed: bool
    operands: dict[str, OperandSpec]


def _parse(table: dict[str, str]) -> dict[str, StatementSchema]:
    out: dict[str, StatementSchema] = {}
    for op, spec in table.items():
        closed = spec.startswith("closed ")
        body = spec[len("closed ") :] if closed else spec
        operands: dict[str, OperandSpec] = {}
        for entry in body.split():
            parts = entry.split(":")
            lo = hi = None
            if len(parts) > 2:
                a, b = parts[2].split("-")
                lo, hi = float(a), float(b)
            operands[parts[0]] = OperandSpec(
                parts[0], parts[1] if len(parts) > 1 else "any", lo, hi
            )
        out[op] = StatementSchema(op, closed, operands)
    return out


_APPL_OPS = (
    "ACBNAME:name APPC:name AUTH:any AUTOSES:int:0-32767 DSESLIM:int:0-32767 "
    "DMINWNL:int:0-32767 DMINWNR:int:0-32767 DDRAINL DRESPL ATNLOSS EAS:int:1-32767 "
    "MODETAB:name DLOGMOD:name PARSESS SESSLIM SECACPT SRBEXIT:name VPACING:int:0-63 "
    "ASRCVLM ASLENT ASLTAB ENCR ENCRTYP HAVAIL LMDENT LUAPFX MAXPVT PRTCT SONSCIP SSCPFM "
    "USSTAB VTAMFRR XRF SYNCLVL VERIFY MODSRCH SPAN ISTATUS ADJSSCP CNOSTYPE DLRORDER "
    "OPERCNOS LOGAPPL LUTYPE DLGINOUT CNOSSEC PERSIST SSCPFM DYNMODTB NQNMODE VFYRTN "
    "AUTHEXIT APPCRES SRBEXIT MAXSESS DSPLYWLD DSPLYDEF RESSCB CPFM SESSTYPE"
)

VTAM: dict[str, StatementSchema] = _parse(
    {
        "VBUILD": "TYPE:name MAXGRP:int:1-65535 MAXNO:int:1-65535 MAXDLUR:int MAXSESS NETID:name "
        "CONFGDS CONFGPW ALSLIST MAXCCBS CNNTAB MDLTAB ASLTAB",
        "APPL": _APPL_OPS,
        "GROUP": _APPL_OPS
        + " DIAL LNCTL ISTATUS ANSWER CALL AUTOGEN DYNPU DYNPUPFX DIALNO TGP CAPACITY "
        "PUTYPE MAXDATA:int:20-65535 MAXOUT:int:1-127 PACING:any IDBLK CPCP",
        "PU": "ADDR PUTYPE:int:1-5 IDBLK IDNUM CPNAME:name CPCP CONNTYPE MAXDATA:int:20-65535 "
        "MAXOUT:int:1-127 MAXPATH:int:0-255 MAXLU:int:0-255 MODETAB:name DLOGMOD:name ISTATUS "
        "DISCNT SSCPFM USSTAB PACING:any VPACING:any PASSLIM:int:1-254 IRETRY ANS DYNLU NETID "
        "NN TGN TGP TRLE XID DELAY:num CUADDR MAXBFRU:int:1-255 LOGAPPL ENCR BATCH DLCADDR "
        "SPAN PUDR HPR CAPACITY COSTBYTE COSTTIME PDELAY SECURITY DLURNAME DWACT DWINOP "
        "KEEPACT LIMRES NETID PREFWT RETRY DYNADJCP REDIAL SAPADDR ISTATUS MACADDR INTFACE "
        "LUGROUP LUSEED USERVAR VN VNGROUP VNNAME VNTYPE",
        "LU": "LOCADDR:int:0-255 DLOGMOD:name MODETAB:name USSTAB LOGAPPL ISTATUS "
        "PACING:any VPACING:any SSCPFM BATCH BUFLIM ENCR TERM DISCNT RESSCB MDLTAB LUTYPE "
        "SPAN FEATUR2 DELAY ASLENT ASLTAB EAS SECLVL PUSUB CONV",
        "PATH": "DIALNO GRPNM:name GID PID REDIAL USE DLCADDR SAPADDR",
        "PORT": "MEDIUM ADAPNO CUADDR SAPADDR TIMER DELAY:num MACADDR LANCON:any VNNAME VNGROUP",
        "LINE": "ADDRESS ANSWER CALL DIAL ISTATUS MAXBFRU:int:1-255 MAXDATA:int:20-65535 "
        "DELAY:num REPLYTO CTCADDR LNCTL MIOCPS USE CUADDR",
        "MODETAB": "closed ",
        "MODEENT": "closed LOGMODE:name TYPE:any FMPROF:any TSPROF:any PRIPROT:hex SECPROT:hex "
        "COMPRES:name COMPROT:hex RUSIZES:hex SSNDPAC:pace:0-63 SRCVPAC:pace:0-63 "
        "PSNDPAC:pace:0-63 PSERVIC:hex ENCR:any ENCRTYP:any COS:name APPNCOS:name LANG:any "
        "DCODINGPRF",
        "MODEEND": "closed ",
        "CDRSC": "CDRM ISTATUS NETID ALSLIST DLOGMOD MODETAB RESOURCE LUALIAS",
        "CDRM": "SUBAREA CDRDYN CDRSC ISTATUS NETID ELEMENT RECOVERY VPACING",
        "TRLE": "LNCTL READ WRITE MAXBFRU:int:1-255 MPCLEVEL PORTNAME ISTATUS REPLYTO DATAPATH",
        "LOCAL": "CUADDR TERM FEATUR2 DLOGMOD MODETAB USSTAB LOGAPPL ISTATUS SSCPFM",
        "LBUILD": "",
    }
)

NCP: dict[str, StatementSchema] = _parse(
    {
        "PCCU": "MAXDATA:int:1-65535 DELAY:num CUADDR AUTODMP AUTOIPL AUTOSYN INITEST SUBAREA "
        "DUMPDS OWNER VFYLM MDUMPDS CDUMPDS GWCTL NETID BACKUP DUMPSTA LOADSTA CONFGDS "
        "CONFGPW RNAME TGN VRTG",
        "BUILD": "BFRS:int:1-240 SLODOWN:int:0-50 DELAY:num T2TIMER:list TRANSFR:int:1-255 "
        "LOCALTO:num REMOTTO:num MXRLINE MXVLINE ANS CHANTYP LOADLIB MAXSUBA MODEL NEWNAME "
        "OLT SUBAREA TYPGEN TYPSYS VERSION USGTIER MEMSIZE BACKUP CATRACE ENABLTO ERLIMIT "
        "LTRACE MAXSSCP NETID NUMHSAS OUTPUT PRTGEN PWROFF SALIMIT TGBXTRA TRACE VRPOOL "
        "ADDSESS AUXADDR BRANCH CWALL DYNPOOL ITEMS LSPRI NAMTAB NPA PUNAME QUALIFY SESSLIM "
        "TIMEOUT TRANSFR XBREAK DSABLTO DSABLTO HSBPOOL MAXLIST NETLIM OLT "
        "ASMXREF GENLEVEL OBJLIB",
        "SYSCNTRL": "OPTIONS",
        "HOST": "MAXBFRU:int:1-255 UNITSZ:int:1-65535 BFRPAD:int:0-255 INBFRS:int:1-255 "
        "DELAY:num STATMOD SUBAREA",
        "CSB": "MOD SPEED TYPE WRAPLN",
        "PATH": "DESTSA ER0 ER1 ER2 ER3 ER4 ER5 ER6 ER7 ER8 ER9 ER10 ER11 ER12 ER13 ER14 ER15 "
        "VR0 VR1 VR2 VR3 VR4 VR5 VR6 VR7 VRPWS00 VRPWS01 VRPWS02 VRPWS10 VRPWS11 VRPWS12 "
        "VRPWS20 VRPWS21 VRPWS22 VRPWS30 VRPWS31 VRPWS32 VRPWS40 VRPWS41 VRPWS42 VRPWS50 "
        "VRPWS51 VRPWS52 VRPWS60 VRPWS61 VRPWS62 VRPWS70 VRPWS71 VRPWS72 DELETER",
        "GROUP": "LNCTL DIAL ISTATUS SSCPFM ECLTYPE PHYPORT AUTOGEN CALL ANS TYPE NPACOLL "
        "SDLCST MODETAB DLOGMOD USSTAB VPACING:any PACING:any MAXOUT:int:1-127 "
        "MAXDATA:int:20-65535 RETRIES PUTYPE SPEED DUPLEX CLOCKNG NRZI TRANSFR:int:1-255 "
        "T2TIMER:list ADAPTER TRSPEED TEXTTO REPLYTO POLLED CUTYPE MODE XMITDLY LINEADD",
        "LINE": "ADDRESS ADAPTER TRSPEED:int:4-16 LOCADD MAXTSL:int:1-16732 "
        "RCVBUFC:int:1-32000 PORTADD PHYPORT T2TIMER:list ISTATUS CLOCKNG DUPLEX NRZI "
        "SPEED MONITOR PAUSE RETRIES SERVLIM TRANSFR:int:1-255 MAXPU NPACOLL ETRATIO "
        "CODE INTFACE TYPE POLLED CUTYPE TERM DIAL CALL ANSWER SERVPRI PACKET ECLTYPE "
        "MAXOUT:int:1-127 LPDATS NEGPOLL IPL LNCTL OWNER USE XMITDLY",
        "SERVICE": "ORDER MAXLIST",
        "CLUSTER": "GPOLL CUTYPE FEATUR2",
        "TERMINAL": "TERM ADDR POLL FEATUR2 CUTYPE LOGAPPL USSTAB DLOGMOD MODETAB SSCPFM",
        "PU": "ADDR PUTYPE:int:1-5 MAXDATA:int:20-65535 MAXOUT:int:1-127 PASSLIM:int:1-254 "
        "ISTATUS DISCNT MAXLU:int:0-255 IDBLK IDNUM SSCPFM MODETAB DLOGMOD USSTAB PACING:any "
        "VPACING:any ANS TGN PUDR RETRIES SRT XID LPDA IRETRY NETID CPNAME CONNTYPE "
        "DATMODE ECLTYPE SPAN LOCALTO:num REMOTTO:num DYNADJCP",
        "LU": "LOCADDR:int:0-255 VPACING:any PACING:any BATCH SSCPFM BUFLIM USSTAB ISTATUS "
        "LUTYPE MODETAB DLOGMOD LOGAPPL TERM FEATUR2 DISCNT SPAN",
        "OPTIONS": "NEWDEFN USERGEN",
        "NCPNAU": "",
        "GENEND": "",
    }
)

ALL = {"vtam": VTAM, "ncp": NCP}


# The catalog of a dialect is named in its registry entry (grammars/catalogs/). For the
# dialects with tables above, a statement or operand the catalog lists is known, even where
# the tables do not name it. Only these dialects' closed catalog entries reject an operand;
# the TCP/IP and TSM catalogs are not confirmed complete.
REJECTING = frozenset({"vtam", "ncp", "cics"})


def _catalog_of(dialect: str) -> Catalog | None:
    from decklint.dialects import REGISTRY
    from decklint.dialects.catalog import catalog

    entry = REGISTRY.get(dialect)
    return None if entry is None or entry.catalog is None else catalog(entry.catalog)


@functools.cache
def statement_schema(dialect: str, op: str) -> StatementSchema | None:
    """What decklint knows of a statement: the table above, with the catalog's operands."""
    table = ALL.get(dialect)
    if table is None:
        return None
    own = table.get(op)
    cat = _catalog_of(dialect)
    entry = None if cat is None else cat.statement(op)
    if entry is None:
        return own
    if own is None:  # known from the catalog alone: open until the catalog is confirmed
        return StatementSchema(op, False, {n: OperandSpec(n) for n in entry.operands})
    extra = {n: OperandSpec(n) for n in entry.operands if n not in own.operands}
    return StatementSchema(op, own.closed, {**own.operands, **extra}) if extra else own


class Rejecter(NamedTuple):
    """A product whose catalog lists every operand a statement takes: an operand it does not
    list, the product rejects (as the assembler or NDF would)."""

    product: str  # e.g. "VTAM"
    reference: str  # the catalog's source for the statement


@functools.cache
def closed_by_catalog(dialect: str, op: str) -> Rejecter | None:
    """The product that rejects an operand a statement's catalog entry does not list: only
    where the entry is `closed` and confirmed in a manual (not `confidence: low`)."""
    cat = _catalog_of(dialect) if dialect in REJECTING else None
    entry = None if cat is None else cat.statement(op)
    if cat is None or entry is None or not entry.closed or entry.confidence == "low":
        return None
    return Rejecter(cat.product.upper(), entry.source or cat.reference)


@functools.cache
def statement_names(dialect: str) -> tuple[str, ...]:
    """Every statement decklint knows in a dialect with tables (for "did you mean")."""
    if dialect not in ALL:
        return ()
    cat = _catalog_of(dialect)
    return tuple(sorted({*ALL[dialect], *(cat.names() if cat is not None else ())}))


@functools.cache
def known_operands(dialect: str) -> frozenset[str]:
    names: set[str] = set()
    for op in statement_names(dialect):
        schema = statement_schema(dialect, op)
        if schema is not None:
            names.update(schema.operands)
    return frozenset(names)


def suggest(name: str, candidates: set[str] | list[str]) -> str | None:
    """The known name a misspelt operand most likely meant (None when nothing is close)."""
    import difflib

    pool = sorted(candidates)
    best = difflib.get_close_matches(name, pool, n=1, cutoff=0.8)
    return best[0] if best else None
