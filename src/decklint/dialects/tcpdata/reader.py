"""TCPIP.DATA, resolver setup files and FTP.DATA: one `KEYWORD value` statement per line.

Tuning documents: TCP/IP for z/OS: Performance Tuning Tips and Capacity Planning ("FTP Tuning
Summary", "IBM MVS TCP/IP Performance Checklist"). Syntax: grammars/tcpdata.lark. The three
files share the lexical rules; which one a file is comes from the keywords it uses (then its
name): the keyword tables below.
"""

from __future__ import annotations

import functools
from pathlib import PurePath
from typing import Any

from decklint.core.ir import (
    Diagnostic,
    LogicalUnit,
    Operand,
    ReadResult,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.core.source import SourceFile, SourceMap
from decklint.knowledge.catalog import catalog
from decklint.knowledge.keywords import words
from decklint.readers.base import (
    Head,
    ParsedFile,
    parsed_units,
    sniff_keywords,
)
from decklint.readers.freeform import line_units

TCPIP_DATA = words(
    """ALWAYSWTO DATASETPREFIX DEFAULTIPNODES DOMAIN DOMAINORIGIN HOSTNAME LOADDBCSTABLES LOOKUP
    MESSAGECASE NAMESERVER NOCACHE NSINTERADDR NSPORTADDR OPTIONS RESOLVERTIMEOUT
    RESOLVERUDPRETRIES RESOLVEVIA SEARCH SORTLIST TCPIPJOBNAME TRACE UNRESPONSIVETHRESHOLD
    SOCKBULKMODE SOCKDEBUG SOCKDEBUGBULKPERF0 SOCKNOTESTSTOR SOCKTESTSTOR DEBUG"""
)
RESOLVER = words(
    """CACHE CACHESIZE CACHEREFRESH COMMONSEARCH DEFAULTIPNODES DEFAULTTCPIPDATA GLOBALIPNODES
    GLOBALTCPIPDATA MAXTTL NOCACHE NOCOMMONSEARCH UNRESPONSIVETHRESHOLD"""
)
FTP_DATA = words(
    """ACCESSERRORMSGS ADMINEMAILADDRESS ANONYMOUS ANONYMOUSFILEACCESS ANONYMOUSFILETYPEJES
    ANONYMOUSFILETYPESEQ ANONYMOUSFILETYPESQL ANONYMOUSFTPLOGGING ANONYMOUSHFSDIRMODE
    ANONYMOUSHFSFILEMODE ANONYMOUSHFSINFO ANONYMOUSLEVEL ANONYMOUSMVSINFO ASATRANS AUTOMOUNT
    AUTORECALL AUTOTAPEMOUNT BANNER BLKSIZE BLOCKSIZE BUFNO CCONNTIME CCTRANS CCXLATE
    CHKCONFIDENCE CHKPTINT CHKPTPREFIX CIPHERSUITE CLIENTERRCODES CONDDISP CTRLCONN DATACLASS
    DATAKEEPALIVE DATASETMODE DB2 DB2PLAN DBSUB DCBDSN DCONNTIME DEBUG DEBUGONSITE DEST
    DIRECTORY DIRECTORYMODE DSNTYPE DSWAITTIME DUMP DUMPONSITE EATTR EMAILADDRCHECK ENCODING
    EPSV4 EXTENSIONS EXTRATASKS FILETYPE FTPKEEPALIVE FTPLOGGING FWFRIENDLY INACTIVE ISPFSTATS
    JESENTRYLIMIT JESGETBYDSN JESINTERFACELEVEL JESLRECL JESOWNER JESPUTGETTO JESRECFM
    JESSTATUS KEYRING LISTLEVEL LISTSUBDIR LOGINMSG LRECL MBDATACONN MBREQUIRELASTEOL
    MBSENDEOL MGMTCLASS MIGRATEVOL MVSURLKEY NCP NETRCLEVEL PASSIVEDATACONN PASSIVEDATAPORTS
    PASSIVEIGNOREADDR PORTCOMMAND PORTCOMMANDIPADDR PORTCOMMANDPORT PRIMARY PROGRESS
    QUOTESOVERRIDE RDW READTAPEFORMAT RECFM REMOVEINBEOF REPLY226 RESTGET RETPD SBDATACONN
    SBSENDEOL SBSUB SBSUBCHAR SECONDARY SECURE_CTRLCONN SECURE_DATACONN SECURE_FTP
    SECURE_HOSTNAME SECURE_LOGIN SECURE_PASSWORD SECURE_PASSWORD_KERBEROS SECURE_PBSZ
    SECUREIMPLICITZOS SMF SMFAPPE SMFDEL SMFEXIT SMFJES SMFLOGN SMFREN SMFRETR SMFSQL SMFSTOR
    SPACETYPE SPREAD SQLCOL SSLV2 SSLV3 STARTDIRECTORY STORCLASS SUPPRESSIGNOREWARNINGS
    TAPEREADSTREAM TLSMECHANISM TLSPORT TLSRFCLEVEL TLSTIMEOUT TRACE TRAILINGBLANKS TRUNCATE
    UCOUNT UCSHOSTCS UCSSUB UCSTRUNC UMASK UNICODEFILESYSTEMBOM UNITNAME VCOUNT VOLUME
    WLMCLUSTERNAME WRAPRECORD WRTAPEFASTIO XLATE CHKPTFLUSH"""
)
ROLES = {"tcpipdata": TCPIP_DATA, "resolver": RESOLVER, "ftpdata": FTP_DATA}


@functools.cache
def known(r: str) -> frozenset[str]:
    """Every statement a file of this role may code: the table above and the product catalog
    (grammars/catalogs/tcpdata.yaml, ftpdata.yaml), which is the reference for what exists.
    The tables alone tell the roles apart; a resolver setup file may also code TCPIP.DATA
    statements."""
    out = set(ROLES[r]) | (TCPIP_DATA if r == "resolver" else set())
    c = catalog("ftpdata" if r == "ftpdata" else "tcpdata")
    for name, body in c.raw.items() if c is not None else ():  # plain data: start-up
        if r != "tcpipdata" or not str(body.get("context", "")).startswith("resolver"):
            out.add(name.split(" (")[0])  # "NOCACHE (SETUP)": the resolver's NOCACHE
    return frozenset(out)


def read(src: SourceFile) -> ReadResult:
    return line_units(src, (), trailing=";#")


def role(src: SourceFile, ops: list[str]) -> str:
    """tcpipdata, resolver or ftpdata: the table most of the keywords belong to."""
    score = {r: sum(1 for op in ops if op in words) for r, words in ROLES.items()}
    best = max(score.values(), default=0)
    name = PurePath(src.path).name.upper()
    if best == 0 or list(score.values()).count(best) > 1:
        if "FTP" in name:
            return "ftpdata"
        if "RESOL" in name or "SETUP" in name:
            return "resolver"
        return "tcpipdata"
    return max(score, key=lambda r: score[r])


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = []
    for unit, tree in parsed_units(rd.units, "tcpdata", "line", diags):
        statements.append(_statement(src.path, len(statements), unit, tree))
    return ParsedFile(src, "tcpdata", Statements(statements), rd, tuple(diags))


def _statement(path: str, index: int, unit: LogicalUnit, tree: Any) -> Statement:
    sm = unit.smap
    ch = [c for c in tree.children if c is not None]
    prefix = None
    if ch and getattr(ch[0], "type", "") == "PREFIX":
        prefix = ch.pop(0)
    head = ch.pop(0)
    op = str(head).rstrip("(").upper()
    operands = []
    for c in ch:
        if getattr(c, "type", "") == "RPAR":
            continue
        operands.append(_operand(c, sm))
    return Statement(
        path,
        "tcpdata",
        index,
        op,
        sm.span(0, len(unit.text)),
        label=str(prefix).rstrip(":").upper() if prefix is not None else None,
        label_span=sm.span(prefix.start_pos, prefix.end_pos - 1) if prefix is not None else None,
        op_span=sm.span(head.start_pos, head.end_pos - (1 if str(head).endswith("(") else 0)),
        operands=tuple(operands),
        kind="call" if str(head).endswith("(") else "statement",
    )


def _operand(c: Any, sm: SourceMap) -> Operand:
    if getattr(c, "data", None) == "paren":
        items = [i for i in c.children if getattr(i, "type", "") not in ("LPAR", "RPAR")]
        vals = tuple(_operand(i, sm).value for i in items)
        first, last = c.children[0], c.children[-1]
        span = sm.span(first.start_pos, last.end_pos)
        v = Value("list", "", span, vals)
        return Operand(None, v, span)
    text = str(c)
    kind = "string" if text[:1] in "'\"" else classify_atom(text)
    span = sm.span(c.start_pos, c.end_pos)
    return Operand(None, Value(kind, text, span), span)


_SNIFF_FIRST = words(
    """TCPIPJOBNAME DATASETPREFIX NSINTERADDR NAMESERVER RESOLVEVIA RESOLVERTIMEOUT DOMAINORIGIN
    HOSTNAME CHKPTINT BLKSIZE JESLRECL JESRECFM FILETYPE CONDDISP AUTORECALL GLOBALTCPIPDATA
    DEFAULTTCPIPDATA GLOBALIPNODES DEFAULTIPNODES"""
)


def _statement_line(h: Head) -> bool:
    """`KEYWORD value` (or `KEYWORD(value)` in a resolver setup file), the keyword one only
    these files code (a `SYSNAME:` prefix looked through)."""
    if h.a.endswith(":"):
        return h.b in _SNIFF_FIRST and h.c != ""
    return h.a in _SNIFF_FIRST and h.sep in (" ", "(")


@functools.cache
def _known() -> frozenset[str]:
    return known("tcpipdata") | known("resolver") | known("ftpdata")


def sniff(src: SourceFile) -> float:
    return sniff_keywords(src, _statement_line, _known, ("#",), (0.6, 0.08, 0.93), _SNIFF_FIRST)


# --------------------------------------------------------------------------- model
