"""The keyword tables of the TCP/IP profile dialect (z/OS, VM, MVS TCP/IP V3).

A profile has no continuation character: a statement runs until the next statement keyword,
so the reader needs every keyword, scoped to the block it may appear in. The tables are text
a systems programmer can correct without reading the reader:

* a keyword is written as the syntax diagrams write it, the shortest accepted abbreviation in
  capitals and the rest in lower case (``BEGINRoutes`` accepts BEGINR ... BEGINROUTES);
* statements: ``NAME form [args]`` where form is ``stmt`` (positional or keyword arguments,
  ``stmt/1`` when it takes at most one argument), ``list`` (END-less list: one entry per
  line until the next statement, such as HOME and PORT) or ``block END layout`` with layout
  ``keyword`` (entries start with the block's keywords or a new line), ``lines`` (one entry
  per line) or ``text`` (free text, only the END keyword ends it);
* parameters: ``NAME`` (a flag) or ``NAME:kind`` or ``NAME:kind:lo-hi``; kinds: int, size
  (n, nK or nM), word, int2 (two numbers), any (every word up to the next parameter).

Sources: research/spec-tcpip-other.md 1-2 and spec-gaps.md 5 ([V] and [R] rows); ranges only
where a document gives them.

The product catalog (grammars/catalogs/tcpip.yaml, read through `decklint.knowledge.catalog`)
is the reference for which statements and parameters exist on z/OS, VM and MVS TCP/IP V3:
what these tables lack is added from it when they are first read (`_from_catalog`), a
top-level statement as ``stmt`` (``stmt/1`` when its syntax is one value), a Telnet or
BEGINVTAM statement as an entry of the blocks its context names, a TCPCONFIG-like parameter
as a flag or a value. The tables keep what the catalog cannot say: a statement's form (list,
block and its layout) and where the reader recovers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from decklint.knowledge.catalog import catalog
from decklint.knowledge.keywords import abbreviations as _index
from decklint.knowledge.keywords import spelled as _split

STATEMENTS = """
ARPAGE stmt/1
ATMARPSV stmt
ATMLIS stmt
ATMPVC stmt
AUTOLOG block ENDAUTOLOG lines
BEGINRoutes block ENDRoutes keyword
BEGINVTAM block ENDVTAM keyword
BSDROUTINGparms block ENDBSDROUTINGparms lines
DEFADDRTABLE stmt
DELETE stmt
DEVice stmt
GATEWAY list
GLOBALCONFig stmt
HOME list
INCLUDE stmt/1
INTERFACE stmt
IPCONFig stmt
IPCONFIG6 stmt
IPSEC block ENDIPSEC lines
ITRACE stmt
LINK stmt
NETACCESS block ENDNETACCESS lines
NETMONITOR stmt
PARMSGROUP block ENDPARMSGROUP keyword
PKTTRACE stmt
PORT list
PORTRange list
PRIMARYINTERFACE stmt/1
SACONFIG stmt
SMFCONFIG stmt
SMFPARMS stmt
SOMAXCONN stmt/1
SRCIP block ENDSRCIP lines
START stmt/1
STOP stmt/1
TCPCONFig stmt
TELNETGLOBALS block ENDTELNETGLOBALS keyword
TELNETPARMS block ENDTELNETPARMS keyword
TRANSLATE list
UDPCONFig stmt
VIPADYNamic block ENDVIPADYNamic keyword
ACBPOOLSIZE stmt/1
ADDRESSTRANSLATIONPOOLSIZE stmt/1
ASSORTEDPARMS block ENDASSORTEDPARMS lines
CCBPOOLSIZE stmt/1
DATABUFFERLIMITS stmt
DATABUFFERPOOLSIZE stmt
ENVELOPEPOOLSIZE stmt/1
FILE stmt
FOREIGNIPCONLIMIT stmt/1
INFORM block ENDINFORM lines
INTERNALCLIENTPARMS block ENDINTERNALCLIENTPARMS keyword
IPROUTEPOOLSIZE stmt/1
KEEPALIVEOPTIONS block ENDKEEPALIVEOPTIONS lines
LARGEENVELOPEPOOLSIZE stmt
LESSTRACE stmt
MORETRACE stmt
NOSCREEN stmt
NOTRACE stmt
OBEY block ENDOBEY lines
PENDINGCONNECTIONLIMIT stmt/1
PERMIT stmt
RCBPOOLSIZE stmt/1
RESTRICT stmt
SCBPOOLSIZE stmt/1
SCREEN stmt
SKCBPOOLSIZE stmt/1
SMALLDATABUFFERPOOLSIZE stmt
SSLLIMITS stmt
SSLSERVERID stmt
SYSCONTACT block ENDSYSCONTACT text
SYSLOCATION block ENDSYSLOCATION text
TCBPOOLSIZE stmt/1
TIMESTAMP stmt
TINYDATABUFFERPOOLSIZE stmt/1
TRACE stmt
TRACEONLY stmt
UCBPOOLSIZE stmt/1
VSWITCH stmt
"""

# Blocks that open inside other blocks (Telnet mapping and parameter groups).
NESTED = """
DEFAULTLUS ENDDEFAULTLUS lines
DEFAULTLUSSPEC ENDDEFAULTLUSSPEC lines
DEFAULTPRT ENDDEFAULTPRT lines
DEFAULTPRTSPEC ENDDEFAULTPRTSPEC lines
LUGROUP ENDLUGROUP lines
PRTGROUP ENDPRTGROUP lines
APPLGROUP ENDAPPLGROUP lines
HNGROUP ENDHNGROUP lines
IPGROUP ENDIPGROUP lines
USERGROUP ENDUSERGROUP lines
LINKGROUP ENDLINKGROUP lines
DESTIPGROUP ENDDESTIPGROUP lines
PARMSGROUP ENDPARMSGROUP keyword
ENCRYPTION ENDENCRYPTION lines
WLMCLUSTERNAME ENDWLMCLUSTERNAME lines
CRLLDAPSERVER ENDCRLLDAPSERVER lines
"""

_TELNET = (
    "PORT SECUREPORT TTLSPORT TIMEMARK SCANINTERVAL INACTIVE PRTINACTIVE KEEPINACTIVE "
    "PROFILEINACTIVE DISABLESGA CHECKCLIENTCONN NOCHECKCLIENTCONN LUSESSIONPEND "
    "NOLUSESSIONPEND MSG07 NOMSG07 TELNETDEVICE CODEPAGE SMFINIT SMFTERM TCPIPJOBNAME DEBUG "
    "KEYRING CONNTYPE SSLTIMEOUT CLIENTAUTH TN3270E NOTN3270E SIMCLIENTLU SINGLEATTN SNAEXT "
    "NOSNAEXT MAXRECEIVE MAXREQSESS MAXVTAMSENDQ MAXRUCHAIN SECURECONNECTION TLSLABEL "
    "CONNECTEXIT TN3270EEXIT CCSTERMNAME ASYNCHRONOUSINPUT EOJTIMEOUT LDEVRANGE IGNOREEAUDATA "
    "TKOSPECLU TKOSPECLURECON DROPASSOCPRINTER KEEPLU LUDEFAULTTYPE OLDSOLICITOR "
    "FULLDATATRACE RESTRICTAPPL ALLOWAPPL NACUSERID EXPRESSLOGON NOEXPRESSLOGON "
    "BINARYLINEMODE NOBINARYLINEMODE"
)
_VTAM = (
    "PORT ALLOWAPPL RESTRICTAPPL LINEMODEAPPL DEFAULTAPPL PRTDEFAULTAPPL USSTCP INTERPTCP "
    "LUMAP PRTMAP PARMSMAP MAPPINGTYPE TELNETDEVICE MSG10 DEBUG"
)
# Entry keywords of each keyword block: a keyword starts an entry wherever it stands. In a
# "closed" block every entry starts with one of them, so a line that starts with another word
# continues the entry before it; in the others it is a parameter decklint does not know.
BLOCK_ENTRIES: dict[str, str] = {
    "BEGINROUTES": "closed ROUTE ROUTE6",
    "VIPADYNAMIC": "closed VIPADEFINE VIPABACKUP VIPADELETE VIPARANGE VIPADISTRIBUTE VIPAROUTE "
    "VIPASMPARMS",
    "TELNETGLOBALS": _TELNET,
    "TELNETPARMS": _TELNET,
    "PARMSGROUP": _TELNET,
    "INTERNALCLIENTPARMS": _TELNET,
    "BEGINVTAM": _VTAM,
}
# Nested blocks each block may open.
BLOCK_NESTED: dict[str, str] = {
    "BEGINVTAM": "DEFAULTLUS DEFAULTLUSSPEC DEFAULTPRT DEFAULTPRTSPEC LUGROUP PRTGROUP "
    "APPLGROUP HNGROUP IPGROUP USERGROUP LINKGROUP DESTIPGROUP PARMSGROUP",
    "TELNETPARMS": "ENCRYPTION CRLLDAPSERVER WLMCLUSTERNAME",
    "TELNETGLOBALS": "ENCRYPTION CRLLDAPSERVER WLMCLUSTERNAME",
    "PARMSGROUP": "ENCRYPTION",
}

# Parameters of the keyword statements, for the model and for unknown-parameter findings.
PARAMS: dict[str, str] = {
    "TCPCONFIG": "TCPSENDBfrsize:size TCPRCVBufrsize:size TCPMAXRCVBufrsize:size "
    "TCPMAXSENDBufrsize:size DELAYAcks NODELAYAcks AUTODELAYAcks FINWait2time:int "
    "FINWAIT2:int TIMEWAITInterval:int TCPTIMEStamp NOTCPTIMEStamp RESTRICTLowports "
    "UNRESTRICTLowports SENDGarbage:word INTERVAL:int KEEPALIVEPROBEINTERVAL:int "
    "KEEPALIVEPROBES:int MAXIMUMRETRANSMITTIME:int RETRANSMITATTEMPTS:int FRRTHRESHOLD:int "
    "NAGLE NONAGLE QUEUEDRTT:int SELECTIVEACK NOSELECTIVEACK TTLS NOTTLS "
    "CONNECTINITINTERVAL:int:100-3000 CONNECTTIMEOUT:int:5-190 "
    "EPHEMERALPORTS:int2:1024-65535 TCPQUEUESIZE:any MAXSEGMENTSIZE:int",
    "UDPCONFIG": "UDPSENDBfrsize:size UDPRCVBufrsize:size UDPQUEUELimit NOUDPQUEUELimit "
    "UDPCHKsum NOUDPCHKsum RESTRICTLowports UNRESTRICTLowports EPHEMERALPORTS:int2:1024-65535",
    "IPCONFIG": "ARPTO:int CHECKSUMOFFLOAD NOCHECKSUMOFFLOAD CLAWUSEDOUBLENOP DATAGRAMFWD "
    "NODATAGRAMFWD FWDMULTIPATH NOFWDMULTIPATH PERPACKET DYNAMICXCF:any NODYNAMICXCF "
    "IGNOREREDIRECT ACCEPTREDIRECT IQDIOROUTING NOIQDIOROUTING QDIOPRIORITY:int "
    "PATHMTUDISCOVERY NOPATHMTUDISCOVERY SYSPLEXROUTING NOSYSPLEXROUTING VARSUBNETTING "
    "NOVARSUBNETTING MULTIPATH:any NOMULTIPATH SOURCEVIPA NOSOURCEVIPA TTL:int "
    "REASSEMBLYTIMEOUT:int FORMAT:word STOPONCLAWERROR NOSTOPONCLAWERROR DEVRETRYDURATION:int "
    "SEGMENTATIONOFFLOAD NOSEGMENTATIONOFFLOAD IGNOREREDIRECT DATAGRAMFWD",
    "IPCONFIG6": "DATAGRAMFWD NODATAGRAMFWD DYNAMICXCF:any NODYNAMICXCF HOPLIMIT:int "
    "ICMPERRORLIMIT:int IGNOREROUTERHOPLIMIT NOIGNOREROUTERHOPLIMIT MULTIPATH:any NOMULTIPATH "
    "SOURCEVIPA NOSOURCEVIPA TEMPADDRS:any NOTEMPADDRS CHECKSUMOFFLOAD NOCHECKSUMOFFLOAD",
    "GLOBALCONFIG": "ECSALimit:size POOLLimit:size TCPIPSTATISTICS NOTCPIPSTATISTICS "
    "SYSPLEXMONITOR:any XCFGRPID:int MAXRECS:int SEGMENTATIONOFFLOAD NOSEGMENTATIONOFFLOAD "
    "IQDMULTIWRITE NOIQDMULTIWRITE ZIIP:any WLMPRIORITYQ:any NOWLMPRIORITYQ SMCD:any "
    "NOSMCD SMCR:any NOSMCR ZERT NOZERT AUTOIQDX:any NOAUTOIQDX EXPLICITBINDPORTRANGE:int2 "
    "ADJUSTDVIPAMSS:word SYSPLEXWLMPOLL:int IQDVLANID:int SMCGLOBAL:any",
}
# Positional statements' argument counts for the reader (stmt/1 above) and value ranges.
RANGES: dict[str, tuple[int, int]] = {"SOMAXCONN": (1, 2147483647)}
TELNET_RANGES: dict[str, tuple[int, int]] = {
    "TIMEMARK": (1, 99999999),
    "SCANINTERVAL": (1, 99999999),
    "INACTIVE": (0, 99999999),
    "PRTINACTIVE": (0, 99999999),
    "KEEPINACTIVE": (0, 99999999),
    "PROFILEINACTIVE": (0, 99999999),
}
POOLS = (
    "ACBPOOLSIZE",
    "ADDRESSTRANSLATIONPOOLSIZE",
    "CCBPOOLSIZE",
    "DATABUFFERPOOLSIZE",
    "ENVELOPEPOOLSIZE",
    "IPROUTEPOOLSIZE",
    "LARGEENVELOPEPOOLSIZE",
    "RCBPOOLSIZE",
    "SCBPOOLSIZE",
    "SKCBPOOLSIZE",
    "SMALLDATABUFFERPOOLSIZE",
    "TCBPOOLSIZE",
    "TINYDATABUFFERPOOLSIZE",
    "UCBPOOLSIZE",
)

POOLS_SET = frozenset(POOLS)


@dataclass(frozen=True)
class Keyword:
    name: str
    form: str  # stmt | list | block | end
    end: str = ""  # a block's END keyword; an END keyword's block
    layout: str = ""  # keyword | lines | text (blocks)
    max_args: int | None = None


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # flag | int | size | word | int2 | any
    lo: int | None = None
    hi: int | None = None


@cache
def top_level() -> dict[str, Keyword]:
    """Spelling -> statement or END keyword at top level (and as a block's recovery point)."""
    entries: list[tuple[str, int, object]] = []
    for line in STATEMENTS.strip().splitlines():
        spelled, form, *rest = line.split()
        name, shortest = _split(spelled)
        if form.startswith("stmt"):
            max_args = int(form.split("/")[1]) if "/" in form else None
            entries.append((name, shortest, Keyword(name, "stmt", max_args=max_args)))
        elif form == "list":
            entries.append((name, shortest, Keyword(name, "list")))
        else:
            end_name, end_short = _split(rest[0])
            entries.append((name, shortest, Keyword(name, "block", end_name, rest[1])))
            entries.append((end_name, end_short, Keyword(end_name, "end", name)))
    have = {e[0] for e in entries}
    for name, max_args in _from_catalog().top:
        if name not in have:
            entries.append((name, len(name), Keyword(name, "stmt", max_args=max_args)))
    return {k: v for k, v in _index(entries).items() if isinstance(v, Keyword)}


@dataclass(frozen=True)
class _Catalogued:
    """What the catalog adds to the tables."""

    top: tuple[tuple[str, int | None], ...]  # top-level statements and their argument count
    entries: dict[str, tuple[str, ...]]  # block -> entry keywords
    params: dict[str, tuple[str, ...]]  # keyword statement -> parameters (PARAMS' notation)


_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@#$.")  # TLSV1.2
_CONTEXT_BLOCKS = {
    "TELNETGLOBALS": "TELNETGLOBALS",
    "TELNETPARMS": "TELNETPARMS",
    "PARMSGROUP": "PARMSGROUP",
    "BEGINVTAM": "BEGINVTAM",
    "INTERNALCLIENTPARMS": "INTERNALCLIENTPARMS",
}


@cache
def _from_catalog() -> _Catalogued:
    cat = catalog("tcpip")
    if cat is None:
        return _Catalogued((), {}, {})
    top: list[tuple[str, int | None]] = []
    entries: dict[str, list[str]] = {}
    for name, body in cat.raw.items():  # plain data: building every entry costs start-up
        if not set(name) <= _WORD:
            continue  # a qualified key ("DEVICE MPCIPA", "device_type logmode")
        ctx = str(body.get("context", "")).upper()
        if "TOP LEVEL" in ctx:
            ops = list((body.get("operands") or {}).values())
            one = bool(body.get("closed")) and len(ops) == 1 and ops[0].get("kind") != "enum"
            top.append((name, 1 if one else None))
        for word, block in _CONTEXT_BLOCKS.items():
            if word in ctx:
                entries.setdefault(block, []).append(name)
    bare = cat.operand("DEVICE_TYPE LOGMODE", "DEVICE_TYPE")  # V3: "3278-2 SNX32702" lines
    if bare is not None:
        entries.setdefault("BEGINVTAM", []).extend(bare.values)
    params: dict[str, tuple[str, ...]] = {}
    for statement in PARAMS:
        entry = cat.statement(statement)
        if entry is None:
            continue
        specs = []
        for op in entry.operands.values():
            if not set(op.name) <= _WORD:
                continue
            if op.kind == "enum" and op.values == (op.name,):
                specs.append(op.name)
            elif op.kind in ("int", "size"):
                specs.append(f"{op.name}:{op.kind}")
            else:
                specs.append(f"{op.name}:any")
        params[statement] = tuple(specs)
    return _Catalogued(tuple(top), {k: tuple(v) for k, v in entries.items()}, params)


@cache
def nested() -> dict[str, Keyword]:
    """Spelling -> nested block or its END keyword."""
    entries: list[tuple[str, int, object]] = []
    for line in NESTED.strip().splitlines():
        spelled, end, layout = line.split()
        name, shortest = _split(spelled)
        end_name, end_short = _split(end)
        entries.append((name, shortest, Keyword(name, "block", end_name, layout)))
        entries.append((end_name, end_short, Keyword(end_name, "end", name)))
    return {k: v for k, v in _index(entries).items() if isinstance(v, Keyword)}


@cache
def block_entries(block: str) -> dict[str, str]:
    """Spelling -> entry keyword of a keyword block."""
    words = BLOCK_ENTRIES.get(block, "").removeprefix("closed ").split()
    have = {_split(w)[0] for w in words}
    words += [w for w in _from_catalog().entries.get(block, ()) if w not in have]
    idx = _index([(*_split(w), _split(w)[0]) for w in words])
    return {k: str(v) for k, v in idx.items()}


def entries_closed(block: str) -> bool:
    return BLOCK_ENTRIES.get(block, "").startswith("closed ")


@cache
def block_nested(block: str) -> frozenset[str]:
    return frozenset(BLOCK_NESTED.get(block, "").split())


@cache
def params(statement: str) -> dict[str, Param]:
    """Spelling -> parameter of a keyword statement (TCPCONFIG, ...)."""
    entries: list[tuple[str, int, object]] = []
    specs = PARAMS.get(statement, "").split()
    have = {_split(p.split(":")[0])[0] for p in specs}
    specs += [p for p in _from_catalog().params.get(statement, ()) if p.split(":")[0] not in have]
    for spec in specs:
        parts = spec.split(":")
        name, shortest = _split(parts[0])
        kind = parts[1] if len(parts) > 1 else "flag"
        lo = hi = None
        if len(parts) > 2:
            a, b = parts[2].split("-")
            lo, hi = int(a), int(b)
        entries.append((name, shortest, Param(name, kind, lo, hi)))
    return {k: v for k, v in _index(entries).items() if isinstance(v, Param)}


def canonical_params(statement: str) -> list[str]:
    return sorted({p.name for p in params(statement).values()})
