"""VTAM: VTAMLST definitions, logon mode tables and start/configuration lists.

Tuning documents: Getting the most from APPC ("VTAM tuning recommendations", "Matching
parameters across platforms", Appendix A). Card layout: see `cards.py` (column 72 continuation,
column 16 resume, 73-80 sequence). Start lists (ATCSTRxx/ATCCONxx) are item lists, read by
`cards.read_option_list`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from decklint.core.source import SourceFile
from decklint.knowledge.keywords import words
from decklint.knowledge.schema import statement_names
from decklint.readers.assembler.reader import card_indent, parse_assembler, parse_option_list
from decklint.readers.base import ParsedFile, deck_member, line_heads
from decklint.readers.damage import Indent

_LIST_NAME = re.compile(r"ATC(STR|CON)[A-Z0-9@#$]{2}", re.IGNORECASE)
# The definition statements a VTAM deck or table codes (grammars/catalogs/vtam.yaml; a test
# checks each is there): evidence when written as VTAM writes them, a name in column 1 (or a
# few columns in: a shifted deck) or none, the operation, then a keyword operand (on the
# same card or the continuation card). GROUP and LINE are left out: an NCP generation codes
# them as well, and a file of nothing else tells neither.
_SNIFF_OPS = words(
    """ADJCP APPL APPNCOS ASLENT CDRM CDRSC COS GWPATH LBUILD LINEROW LOCAL LOGCHAR LU MDLENT
    MODEENT NETSRVR NETWORK NEXTCP NODEROW PATH PORT PU TGP TRLE USSCMD USSMSG USSPARM USSTAB
    VBUILD"""
)
# USS tables and logon interpret tables (SNA Resource Definition Reference, "USS definition
# table" and "Logon interpret table"): assembled into VTAMLIB and named by USSTAB= and LOGTAB=.
# A statement of one makes the file VTAM's at once (sniff), and lowers to its table.
_TABLE_OPS = frozenset({"USSTAB", "USSCMD", "USSPARM", "USSMSG", "USSEND"}) | frozenset(
    {"INTAB", "LOGCHAR", "ENDINTAB"}
)

# The patterns only sniffing reads (and the editors' detectors, `decklint.inputs.signs`) are
# compiled when first used: a deck whose name tells its dialect is never sniffed.


@functools.cache
def _statement() -> re.Pattern[str]:
    return re.compile(
        r"^(?: {0,8}[^\s*]\S{0,62})?[ \t]+([A-Z]{2,8})"
        r"(?:[ \t]+|[ \t]*\n[ \t]+)([A-Z][A-Z0-9]{0,15})=",
        re.IGNORECASE | re.MULTILINE,
    )


# A configuration list (ATCCONxx): member names, a comma after each on a line but the last
# one of the list, then a '-' continuation, a /* */ remark, or a remark after a blank (the
# blank ends the items: `NETLIST,           NETVIEW`, `APPLTSO,     *  TSO` in column 56; the
# names repeat lazily, so a word after a comma and a blank is such a remark). No text is such
# lines only.
_NAME = r"[A-Z@#$][A-Z0-9@#$]{0,7}"


@functools.cache
def _config_line() -> re.Pattern[str]:
    return re.compile(
        rf"[ \t]*{_NAME}(?:[ \t]*,[ \t]*{_NAME})*?[ \t]*(,?)"
        r"(?:[ \t]*-|[ \t]*/\*.*\*/|[ \t]+[^ \t].*)?[ \t]*"
    )


_NAME_LIST = rf"{_NAME}(?:,{_NAME})+"
_START_OPTIONS = frozenset(
    [
        "SSCPID",
        "SSCPNAME",
        "NETID",
        "HOSTSA",
        "HOSTPU",
        "NODETYPE",
        "CONFIG",
        "IOBUF",
        "CRPLBUF",
        "MAXSUBA",
        "NOPROMPT",
        "CONNTYPE",
        "SUPP",
        "LPBUF",
        "SFBUF",
        "APBUF",
    ]
)


# A start list's own options, given a value: with one of the options above, a start list.
@functools.cache
def _start_values() -> re.Pattern[str]:
    return re.compile(r"(SSCPID|SSCPNAME|IOBUF)\s*=", re.IGNORECASE)


_START_OPTION = (
    r"^[ \t]*(SSCPID|SSCPNAME|NETID|HOSTSA|HOSTPU|NODETYPE|CONFIG|IOBUF|CRPLBUF|MAXSUBA|"
    r"NOPROMPT|CONNTYPE|SUPP|LPBUF|SFBUF|APBUF)\b"
)


def _first_significant(src: SourceFile) -> str:
    for ln in src.lines:
        t = ln[:71]
        if t.strip() and not t.startswith(("*", ".*", "./")):
            return t
    return ""


def is_option_list(src: SourceFile) -> bool:
    """A start/config list has items, not statements: its name says so (ATCSTRxx, ATCCONxx,
    as a file or as a member: `SYS1.VTAMLST(ATCCON00)`, a member cut out of a job), or its
    first token is an item: an option (`SSCPID=01,`), or member names and commas
    (`APTSO,APTELNET,LCL3270A`: a one-record configuration list needs no comma at its end)."""
    name = deck_member(src.path)
    if _LIST_NAME.fullmatch(name):
        return True
    first = _first_significant(src).strip()
    if not first:
        return False
    token = first.split()[0]
    if "=" in token or token.endswith(",") or re.fullmatch(_NAME_LIST, token):
        return True
    if "," in token and all(re.fullmatch(_NAME, t, re.IGNORECASE) for t in token.split(",")):
        return True
    one_word = len(first.split()) == 1
    return one_word and bool(re.match(_START_OPTION, first, re.IGNORECASE | re.MULTILINE))


def _config_list(src: SourceFile) -> bool:
    """A configuration list: every line but comments is member names, every line of it but
    the last ends with a comma (or a continuation mark after a blank: `_marked`), and there
    are two names at least."""
    lines = [
        ln[:71].rstrip()
        for ln in src.lines[:400]
        if ln[:71].strip() and not ln.lstrip().startswith(("*", "/*", ".*"))
    ]
    if not lines or len(src.lines) > 400:
        return False
    config_line = _config_line()
    for n, ln in enumerate(lines):
        m = config_line.fullmatch(ln)
        last = n == len(lines) - 1
        if m is None or (bool(m.group(1)) == last and (last or not _marked(ln))):
            return False  # a comma missing before the end of the list, or one after it
    return len(lines) > 1 or "," in lines[0]


def _marked(line: str) -> bool:
    """A list's line that ends, after a blank, in a continuation mark alone (`A3270   *`): its
    comma left out, VTAM reads no further (PRS001 says so), but the file is a list."""
    return len(line) > 2 and line[-1] in "*X+-" and line[-2] in " \t"


def _catalogued(op: str, key: str) -> bool:
    """Whether the catalog lists `key` as an operand of `op` (read only for a deck not in
    upper case: the parse reads the catalog anyway, detection seldom needs it)."""
    from decklint.knowledge.catalog import operand_names

    return key.upper() in operand_names("vtam", op)


def _line_matches(pattern: re.Pattern[str], text: str, lines: list[str]) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)` for a pattern that starts with `^` (MULTILINE): tried at the
    start of each of `lines` (`text` joined from them) that no match before took in, where
    a search would try it at every character, at a few times the cost."""
    at = taken = 0
    match = pattern.match
    for ln in lines:
        if at >= taken:
            m = match(text, at)
            if m is not None:
                yield m
                taken = m.end()
        at += len(ln) + 1


def sniff(src: SourceFile) -> float:
    """Positive evidence only: a definition statement written as VTAM writes them (upper
    case, or in any case with an operand its catalog entry lists: `local foo=bar` in a
    script is none), a start list's options, or a configuration list."""
    cut = [ln[:71] for ln in src.lines[:400]]
    head = "\n".join(cut)
    score = 0.0
    for m in _line_matches(_statement(), head, cut):
        op, key = m.group(1), m.group(2)
        if op.upper() not in _SNIFF_OPS:
            continue
        if not (op.isupper() and key.isupper()) and not _catalogued(op, key):
            continue
        if op.upper() in _TABLE_OPS:
            return 0.95
        score = 0.8
    heads = line_heads(src, 400)
    if any(h.a in _START_OPTIONS for h in heads) and _start_values().search(head):
        score = max(score, 0.9)
    if score < 0.6 and "," in head and _config_list(src):
        score = 0.6
    return score


def parse(src: SourceFile) -> ParsedFile:
    if is_option_list(src):
        return parse_option_list(src, "vtam", "vtam")
    return parse_assembler(src, "vtam", "vtam", statement_names("vtam"))


def card_reading(src: SourceFile) -> Indent | None:
    """How `parse` reads the deck with the card reader; None for a start or configuration
    list (read item by item)."""
    if is_option_list(src):
        return None
    return card_indent(src, statement_names("vtam"))


# --------------------------------------------------------------------------- lowering
