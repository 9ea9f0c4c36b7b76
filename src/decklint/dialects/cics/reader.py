"""CICS DFHCSDUP input: DEFINE CONNECTION and DEFINE SESSIONS (and every other command, kept).

Tuning documents: Getting the most from APPC ("VTAM with CICS 3.3"). Record rules (CICS TS
"DFHCSDUP command syntax"): text in columns 1-71, ``*`` in column 1 is a comment, ``*`` in
column 72 continues a value in column 1 of the next record, a record that does not begin with a
command verb continues the previous command, keywords may be abbreviated and mixed case.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from decklint.core.findings import Severity
from decklint.core.ir import (
    Diagnostic,
    LogicalUnit,
    Operand,
    ReadResult,
    Remark,
    Statement,
    Statements,
    Value,
)
from decklint.core.source import SourceFile, SourceMap, Span
from decklint.dialects.base import AttributeTable
from decklint.readers import scan
from decklint.readers.base import (
    Head,
    ParsedFile,
    lark_parser,
    may_start,
    parse_unit,
    sniff_count,
)

if TYPE_CHECKING:
    from decklint.knowledge.catalog import StatementEntry

# Verbs with the minimum abbreviation (the upper-case part in the CICS documentation).
_VERBS = {
    "ADD": 2,
    "ALTER": 2,
    "APPEND": 2,
    "CHECK": 5,
    "COPY": 2,
    "DEFINE": 3,
    "DELETE": 3,
    "EXTRACT": 2,
    "INITIALIZE": 3,
    "LIST": 2,
    "MIGRATE": 2,
    "PROCESS": 3,
    "REMOVE": 3,
    "SCAN": 4,
    "SERVICE": 2,
    "UPGRADE": 2,
    "USERDEFINE": 2,
    "VERIFY": 3,
}
_WORD = re.compile(r"[A-Za-z]+")

# Attributes decklint models, for resolving abbreviations (shortest unique prefix).
ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "CONNECTION": (
        "CONNECTION",
        "GROUP",
        "DESCRIPTION",
        "NETNAME",
        "INDSYS",
        "ACCESSMETHOD",
        "PROTOCOL",
        "SINGLESESS",
        "DATASTREAM",
        "RECORDFORMAT",
        "QUEUELIMIT",
        "MAXQTIME",
        "AUTOCONNECT",
        "INSERVICE",
        "ATTACHSEC",
        "BINDPASSWORD",
        "BINDSECURITY",
        "USEDFLTUSER",
        "PSRECOVERY",
        "XLNACTION",
        "CONNTYPE",
        "REMOTESYSTEM",
        "REMOTENAME",
        "REMOTESYSNET",
    ),
    "SESSIONS": (
        "SESSIONS",
        "GROUP",
        "DESCRIPTION",
        "CONNECTION",
        "SESSNAME",
        "NETNAMEQ",
        "MODENAME",
        "PROTOCOL",
        "MAXIMUM",
        "RECEIVEPFX",
        "RECEIVECOUNT",
        "SENDPFX",
        "SENDCOUNT",
        "SENDSIZE",
        "RECEIVESIZE",
        "SESSPRIORITY",
        "AUTOCONNECT",
        "BUILDCHAIN",
        "USERAREALEN",
        "IOAREALEN",
        "RELREQ",
        "DISCREQ",
        "NEPCLASS",
        "RECOVOPTION",
        "RECOVNOTIFY",
        "USERID",
        "OPERID",
        "OPERPRIORITY",
        "OPERRSL",
        "OPERSECURITY",
        "PRESET",
        "PRESETUSERID",
        "PRESETSEC",
        "TRANSACTION",
    ),
}


def verb_of(word: str) -> str | None:
    w = word.upper()
    for verb, minimum in _VERBS.items():
        if len(w) >= minimum and verb.startswith(w):
            return verb
    return None


def canonical(resource: str, keyword: str) -> str:
    k = keyword.upper()
    names = ATTRIBUTES.get(resource)
    if not names or k in names:
        return k
    hits = [n for n in names if n.startswith(k)]
    return hits[0] if len(hits) == 1 else k


def attributes(st: Statement) -> AttributeTable | None:
    """The attributes a DEFINE of a known resource type may code (PRS002): decklint's own
    table with the catalog's; a type only the catalog knows is checked where its list is
    complete (closed and confirmed)."""
    if st.op != "DEFINE" or not st.operands:
        return None
    from decklint.knowledge.schema import closed_by_catalog

    rtype = resource_type(st.operands[0].name or "")
    own = ATTRIBUTES.get(rtype)
    closed_by = closed_by_catalog("cics", rtype)
    entry = _entry(rtype)
    if own is None and closed_by is None:
        return None
    listed = tuple(n for n in (entry.operands if entry else ()) if n not in (own or ()))
    return AttributeTable(
        f"DEFINE {rtype}", (*(own or ()), *listed), tuple(st.operands[1:]), closed_by
    )


def resource_type(word: str) -> str:
    """A DEFINE's resource type, its abbreviation (CONN for CONNECTION) spelt out."""
    from decklint.knowledge.catalog import catalog

    cat = catalog("cics")
    if cat is None or word in ATTRIBUTES or cat.statement(word) is not None:
        return word
    for name in cat.names():
        entry = cat.statement(name)
        least = len(entry.abbrev) - len(entry.abbrev.lstrip(_UPPER)) if entry else 0
        if least and len(word) >= least and name.startswith(word):
            return name
    return word


_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _entry(rtype: str) -> StatementEntry | None:
    from decklint.knowledge.catalog import catalog

    cat = catalog("cics")
    return None if cat is None or not rtype else cat.statement(rtype)


def read(src: SourceFile) -> ReadResult:
    out = ReadResult()
    parts: list[tuple[str, int, int]] = []
    start_line = 0
    joining = False  # previous record had "*" in column 72

    def flush() -> None:
        nonlocal parts
        if parts:
            sm = SourceMap()
            off = 0
            chunks = []
            for t, ln, c in parts:
                if ln:
                    sm.add(off, ln, c, len(t))
                chunks.append(t)
                off += len(t)
            out.units.append(LogicalUnit("".join(chunks), sm, start_line, "command"))
        parts = []

    verb = ""  # the command being read
    for lineno, raw in enumerate(src.lines, 1):
        text = raw[:71].rstrip()
        cont = len(raw) > 71 and raw[71] == "*"
        past = _past_column_71(raw, cont)
        if past:
            out.diagnostics.append(
                Diagnostic(
                    "PRS001",
                    Span(lineno, 72, lineno, 72 + len(past)),
                    "text runs past column 71: DFHCSDUP reads columns 1-71 only (column 72 "
                    f"is its continuation column), so {past!r} is lost; continue on the next "
                    "line instead (read here as meant)",
                    Severity.WARNING,
                )
            )
            text = raw[: 71 + len(past)].rstrip()
        if joining:
            parts.append((raw[:71] if cont else text, lineno, 1))
            joining = cont
            continue
        if not text.strip():
            continue
        if text.startswith("*"):
            out.comments.append(Remark(lineno, 1, text))
            continue
        lead = len(text) - len(text.lstrip())
        m = _WORD.match(text, lead)
        starts = m is not None and _starts_command(text, m, verb)
        if starts and m is not None:
            flush()
            start_line = lineno
            verb = verb_of(m.group(0)) or ""
        elif not parts:
            start_line = lineno
        else:
            parts.append((" ", 0, 0))
        body = raw[:71] if cont else text
        parts.append((body[lead:], lineno, lead + 1))
        joining = cont
    flush()
    return out


def _past_column_71(raw: str, cont: bool) -> str:
    """The end of a value that runs past column 71 into the columns DFHCSDUP does not read
    (a parenthesis there, as a tool that writes 72 columns leaves it): "" when none does."""
    if cont or len(raw) < 72 or raw[70] == " ":
        return ""
    tail = raw[71:80].rstrip()
    if tail[1:].strip().isdigit():
        tail = tail[:1]  # a sequence number in columns 73-80
    end = tail.find(" ")
    tail = tail if end < 0 else tail[:end]
    return tail if tail and set(tail) & set("()") else ""


# Attributes DFHCSDUP writes as a bare word that are also command verbs: REMOVE is DELETE's
# option ("DELETE GROUP(G) REMOVE"); a word followed by "(" is an attribute, never a verb
# (FILE's ADD(YES) and DELETE(NO), ADD's LIST(L)): a command verb is followed by a blank
# and its operands (CICS TS "DFHCSDUP commands").
_OPTION_WORDS = {"DELETE": frozenset({"REMOVE", "ALL"})}


def _starts_command(text: str, m: re.Match[str], current: str) -> bool:
    """Whether the record's first word is a command verb that starts a new command."""
    word = m.group(0)
    verb = verb_of(word)
    if verb is None:
        return False
    rest = text[m.end() :]
    if rest[:1].isalnum() or rest.lstrip().startswith("("):
        return False  # a longer word, or an attribute: ADD(YES), DELETE (NO)
    # DELETE's REMOVE on a record of its own is the option, not the command
    return bool(rest.strip()) or word.upper() not in _OPTION_WORDS.get(current, ())


# A value a sample leaves for its user to fill: `<DB2SSID>`, `@CICS_PREFIX@` (no name or
# data set name of a CSD holds "<", or "_" between "@"s).
_PLACEHOLDER = re.compile(r"<[A-Za-z][^<>()\s]*>|@[A-Za-z0-9]*_[A-Za-z0-9_]*@")


def _command(parser: Any, unit: LogicalUnit) -> scan.Command | Diagnostic:
    """A command's verb and keywords: by the fast path (`scan.command`), else by Lark's
    parse of grammars/cics.lark (a PRS001 where it does not parse)."""
    fast = scan.command(unit.text)
    if fast is not None:
        return fast
    tree = parse_unit(parser(), unit)
    if isinstance(tree, Diagnostic):
        return tree

    def word(tok: Any) -> scan.Word:
        return scan.Word(str(tok), tok.start_pos, tok.end_pos)

    items = [(word(it.children[0]), it.children[1]) for it in tree.children[1:]]
    return word(tree.children[0]), [(n, None if v is None else word(v)) for n, v in items]


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)

    def parser() -> Any:
        return lark_parser("cics", ("command",))

    statements: list[Statement] = []
    diags: list[Diagnostic] = list(rd.diagnostics)
    for unit in rd.units:
        found = _command(parser, unit)
        if isinstance(found, Diagnostic):
            diags.append(found)
            continue
        sm = unit.smap
        verb_tok, items = found
        verb = verb_of(verb_tok.text)
        if verb is None:
            diags.append(
                Diagnostic(
                    "PRS001",
                    sm.span(verb_tok.start, verb_tok.end),
                    f"{verb_tok.text} is not a DFHCSDUP command (DEFINE, ALTER, ADD, ...)",
                )
            )
            continue
        operands = []
        resource = ""
        for i, (name_tok, val_tok) in enumerate(items):
            key = name_tok.text.upper()
            if i == 0:
                resource = key
            key = canonical(resource, key)
            if val_tok is None:
                val = Value("empty", "", sm.span(name_tok.end, name_tok.end))
                end = name_tok.end
            else:
                inner = val_tok.text[1:-1]
                s0 = val_tok.start + 1
                val = Value("string", inner, sm.span(s0, s0 + len(inner)))
                end = val_tok.end
                hole = _PLACEHOLDER.search(inner)
                if hole is not None:
                    at = s0 + hole.start()
                    diags.append(
                        Diagnostic(
                            "PRS001",
                            sm.span(at, at + len(hole.group(0))),
                            f"{hole.group(0)} is an unfilled placeholder (instructions write "
                            "the value to put there so): replace it with the real value; "
                            "DFHCSDUP would reject the command",
                        )
                    )
            operands.append(Operand(key, val, sm.span(name_tok.start, end), name_tok.text))
        statements.append(
            Statement(
                src.path,
                "cics",
                len(statements),
                verb,
                sm.span(0, len(unit.text)),
                op_span=sm.span(verb_tok.start, verb_tok.end),
                operands=tuple(operands),
                kind="command",
            )
        )
    return ParsedFile(src, "cics", Statements(statements), rd, tuple(diags))


_SNIFF = re.compile(
    r"^[ \t]*(DEFINE|DEF|ALTER|ADD|REMOVE|DELETE)\s+(ATOMSERVICE|BUNDLE|CONNECTION|CORBASERVER|"
    r"DB2CONN|DB2ENTRY|DB2TRAN|DJAR|DOCTEMPLATE|ENQMODEL|FILE|GROUP|IPCONN|JOURNALMODEL|"
    r"JVMSERVER|LIBRARY|LSRPOOL|MAPSET|MQCONN|MQMONITOR|PARTITIONSET|PARTNER|PIPELINE|"
    r"PROCESSTYPE|PROFILE|PROGRAM|REQUESTMODEL|SESSIONS|TCPIPSERVICE|TDQUEUE|TERMINAL|"
    r"TRANCLASS|TRANSACTION|TSMODEL|TYPETERM|URIMAP|WEBSERVICE)\s*"
    # the resource's name, then the end of the line or the next attribute or word (Python's
    # `def group(*choices):` is no command); matched rather than looked ahead at, as Emacs
    # reads the pattern too: matches are counted, each from a line's start
    r"\([ \t]*[A-Z0-9@#$][^()\s,]*[ \t]*\)(?:[ \t]*$|[ \t]+[A-Z0-9])",
    re.IGNORECASE | re.MULTILINE,
)


# The verbs _SNIFF starts a line with, a blank after them: the first word of the line as
# `line_heads` reads it (in upper case).
_SNIFF_VERBS = frozenset({"DEFINE", "DEF", "ALTER", "ADD", "REMOVE", "DELETE"})


def _verb_first(h: Head) -> bool:
    return h.a in _SNIFF_VERBS


def sniff(src: SourceFile) -> float:
    if not may_start(src, 400, _verb_first):
        return 0.0  # _SNIFF matches at none of the lines it reads
    return sniff_count(src, _SNIFF, 400, 0.6, 0.1, 0.95)
