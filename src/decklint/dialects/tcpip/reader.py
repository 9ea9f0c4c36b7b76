"""z/OS and VM TCP/IP profiles: PROFILE.TCPIP, OBEYFILE data sets, TN3270E profiles, z/VM
PROFILE TCPIP and the MVS TCP/IP V3 profile that shares its pool statements.

Tuning documents: TCP/IP for z/OS: Performance Tuning Tips and Capacity Planning (z/OS) and
VM/ESA TCP/IP Performance Improvements (VM). Syntax: grammars/tcpip.lark (words and quoted
strings); the statement structure comes from the keyword tables of `tcpip_keywords`: a statement
runs until the next statement keyword, blocks run until their END keyword, END-less lists (HOME,
PORT, GATEWAY, TRANSLATE) hold one entry per line. A missing END is reported where the block
began, and the reader recovers at the next top-level statement that starts a line (or, for
free-text blocks, at the end of file). The model is built by `tcpip_lower`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from decklint.core.ir import (
    Diagnostic,
    Operand,
    ReadResult,
    Remark,
    Statement,
    Statements,
    Value,
    is_whole_number,
)
from decklint.core.source import SourceFile, Span
from decklint.dialects.tcpip import keywords as kw
from decklint.knowledge.keywords import words
from decklint.readers import scan
from decklint.readers.base import Head, ParsedFile, lark_parser, line_heads, may_start_with

if TYPE_CHECKING:
    pass

_SIZE = re.compile(r"[0-9]+[KkMm]\Z")
_PLACEHOLDER = re.compile(r"<[^<>\s]+>\Z")


def placeholder(text: str) -> str:
    """The message for an unfilled placeholder, as vendor instructions write them."""
    return (
        f"{text} is an unfilled placeholder (instructions write the value to put there so): "
        "replace it with the real value; the stack would reject the statement"
    )


_SEQ = re.compile(r"[0-9]{8}\Z")


def blank(src: SourceFile, out: ReadResult) -> str:
    """The file's text with `;` comments blanked (offsets kept); comments recorded, and a
    word written against its `;` reported (the stack wants a blank before a comment)."""
    lines = list(src.lines)
    seq = _sequence_numbers(lines)
    for i, line in enumerate(lines):
        if seq and len(line) >= 80:
            line = line[:72] + " " * (len(line) - 72)
            lines[i] = line
        cut = _comment_at(line)
        if cut is None:
            continue
        out.comments.append(Remark(i + 1, cut + 1, line[cut:].rstrip()))
        if cut > 0 and not line[cut - 1].isspace():
            word = line[:cut].split()[-1]
            out.diagnostics.append(
                Diagnostic(
                    "TCP025",
                    Span(i + 1, cut + 1, i + 1, cut + 2),
                    f"no blank between {word!r} and the ';' of its comment: the profile "
                    "syntax wants one, so the stack may not see where the word ends; put a "
                    "blank before the ';'",
                )
            )
        lines[i] = line[:cut] + " " * (len(line) - cut)
    if seq:
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                Span(1, 73, 1, 81),
                "columns 73-80 hold sequence numbers, which a TCP/IP profile does not allow "
                "(the stack reads them as parameters); decklint ignored them",
            )
        )
    return "\n".join(lines)


def _sequence_numbers(lines: list[str]) -> bool:
    long = [ln for ln in lines if len(ln.rstrip()) > 72]
    return len(long) >= 3 and all(_SEQ.match(ln[72:80]) for ln in long)


def comment_at(line: str) -> int | None:
    """Where a line's `;` comment starts (outside quotes), or None."""
    return _comment_at(line)


def _comment_at(line: str) -> int | None:
    i = 0
    while True:
        j = line.find(";", i)
        q = line.find("'", i)
        if j < 0:
            return None
        if 0 <= q < j:
            close = line.find("'", q + 1)
            if close < 0:
                return j
            i = close + 1
            continue
        return j


# --------------------------------------------------------------------------- statements


@dataclass(slots=True)
class _Tok:
    text: str
    up: str
    span: Span
    first: bool  # the first word of its line

    @property
    def line(self) -> int:
        return self.span.line


@dataclass
class _Open:
    """A statement, list entry or block entry being collected."""

    op: str
    kind: str  # statement | block | entry | end
    label: str | None
    head: _Tok | None
    toks: list[_Tok] = field(default_factory=list)
    max_args: int | None = None


@dataclass
class _Block:
    name: str
    end: str
    layout: str
    head: _Tok
    split_end: _Tok | None = None  # `END AUTOLOG` inside it: the end written as two words


class _Splitter:
    def __init__(self, path: str) -> None:
        self.path = path
        self.top = kw.top_level()
        self.nest = kw.nested()
        self.out: list[Statement] = []
        self.diags: list[Diagnostic] = []
        self.blocks: list[_Block] = []
        self.cur: _Open | None = None
        self.list_name: str | None = None
        self.prev: _Tok | None = None

    # ---- output
    def close(self) -> None:
        o, self.cur = self.cur, None
        if o is None:
            return
        first = o.head or o.toks[0]
        last = o.toks[-1] if o.toks else first
        span = Span(first.span.line, first.span.col, last.span.end_line, last.span.end_col)
        new = tuple.__new__  # as Operand(...) and Value(...) build them, for every word
        operands = tuple(
            new(Operand, (None, new(Value, (_kind(t.text), t.text, t.span, ())), t.span, ""))
            for t in o.toks
        )
        self.out.append(
            Statement(
                self.path,
                "tcpip",
                len(self.out),
                o.op,
                span,
                label=o.label,
                op_span=o.head.span if o.head else None,
                operands=operands,
                kind=o.kind,
            )
        )

    def diag(self, t: _Tok, message: str) -> None:
        self.diags.append(Diagnostic("PRS001", t.span, message))

    def _unclosed(self, b: _Block, before: _Tok | None) -> None:
        where = (
            f"before {before.text} on line {before.line}"
            if before is not None
            else "by the end of the file"
        )
        self.diag(
            b.head,
            f"{b.head.text} (line {b.head.line}) is not closed with {b.end} {where}; "
            + (
                "decklint closed it there"
                if before is not None
                else "everything after it was read as part of the block"
            )
            + (
                f" (line {b.split_end.line} writes {b.split_end.text} {b.head.text}: "
                f"the end is one word, {b.end})"
                if b.split_end is not None
                else ""
            ),
        )

    # ---- input
    def feed(self, t: _Tok) -> None:
        prev, self.prev = self.prev, t
        if _PLACEHOLDER.match(t.text):
            self.diag(t, placeholder(t.text))
        if self.blocks:
            b = self.blocks[-1]
            if prev is not None and prev.up == "END" and prev.line == t.line and t.up == b.name:
                b.split_end = b.split_end or prev
            if self._in_block(t):
                return
        self._top(t)

    def finish(self) -> None:
        self.close()
        for b in self.blocks:
            self._unclosed(b, None)
        self.blocks.clear()

    def _open_block(self, t: _Tok, k: kw.Keyword) -> None:
        self.close()
        self.list_name = None
        label = self.blocks[-1].name if self.blocks else None
        self.blocks.append(_Block(k.name, k.end, k.layout, t))
        self.cur = _Open(k.name, "block", label, t)

    def _end(self, t: _Tok, k: kw.Keyword) -> bool:
        for i in range(len(self.blocks) - 1, -1, -1):
            if self.blocks[i].name == k.end:
                self.close()
                for inner in self.blocks[i + 1 :]:
                    self._unclosed(inner, t)
                del self.blocks[i:]
                self.cur = _Open(k.name, "end", k.end, t)
                self.close()
                return True
        return False

    def _in_block(self, t: _Tok) -> bool:
        b = self.blocks[-1]
        up = t.up
        k = self.nest.get(up) or self.top.get(up)
        if k is not None and k.form == "end":
            if self._end(t, k):
                return True
            if b.layout != "text":
                self.close()
                self.diag(t, f"{t.text} closes {k.end}, which is not open here")
                return True
        if b.layout == "text":
            self._entry_word(t, b)
            return True
        nk = self.nest.get(up)
        if nk is not None and nk.form == "block" and nk.name in kw.block_nested(b.name):
            self._open_block(t, nk)
            return True
        if b.layout == "keyword":
            entry = kw.block_entries(b.name).get(up)
            if entry is not None:
                self.close()
                self.cur = _Open(entry, "entry", b.name, t)
                return True
        if t.first:
            tk = self.top.get(up)
            if tk is not None and not self._scoped(up):
                if tk.name == "ITRACE":
                    self.diag(
                        t,
                        f"ITRACE is not allowed inside {b.name}: code it before the block",
                    )
                else:
                    self.close()
                    for blk in self.blocks:
                        self._unclosed(blk, t)
                    self.blocks.clear()
                    return False
        self._entry_word(t, b)
        return True

    def _action(self, t: _Tok) -> bool:
        """Whether a statement keyword is the action of the INTERFACE statement before it
        (`INTERFACE name DELETE`), not a statement of its own (DELETE)."""
        o = self.cur
        return (
            o is not None
            and o.op == "INTERFACE"
            and o.head is not None
            and len(o.toks) == 1
            and t.up in _INTERFACE_ACTIONS
        )

    def _scoped(self, up: str) -> bool:
        return any(
            up in kw.block_entries(b.name) or up in kw.block_nested(b.name) for b in self.blocks
        )

    def _entry_word(self, t: _Tok, b: _Block) -> None:
        closed = kw.entries_closed(b.name)
        if self.cur is not None and (not t.first or (closed and self.cur.kind == "entry")):
            self.cur.toks.append(t)
            return
        self.close()
        if b.layout == "keyword":
            self.cur = _Open(t.up, "entry", b.name, t)
        else:
            self.cur = _Open(b.name, "entry", b.name, None, [t])

    def _top(self, t: _Tok) -> None:
        k = self.top.get(t.up)
        if k is not None and not self._action(t):
            self.close()
            self.list_name = None
            if k.form == "end":
                self.diag(t, f"{t.text} closes {k.end}, which is not open")
            elif k.form == "block":
                self._open_block(t, k)
            elif k.form == "list":
                self.list_name = k.name
                self.cur = _Open(k.name, "statement", None, t)
                self.close()
            else:
                self.cur = _Open(k.name, "statement", None, t, max_args=k.max_args)
            return
        if self.list_name is not None:
            if self.cur is None or t.first:
                self.close()
                self.cur = _Open(self.list_name, "entry", self.list_name, None, [t])
            else:
                self.cur.toks.append(t)
            return
        o = self.cur
        full = o is not None and o.max_args is not None and len(o.toks) >= o.max_args
        if o is None or o.kind != "statement" or (t.first and (full or _stray(o, t))):
            self.close()
            self.cur = _Open(t.up, "statement", None, t)
            return
        if full and o.head is not None:
            self.diag(
                t,
                f"{t.text} after the operand of {o.op} (column {t.span.col}) is not a "
                f"parameter: {o.op} takes {o.max_args} value; decklint ignored it",
            )
            return
        o.toks.append(t)


_VALUE = re.compile(r"[0-9&'.(]|[0-9]+[KkMm]\Z")


def _stray(o: _Open, t: _Tok) -> bool:
    """Whether a word that starts a line ends a keyword statement (TCPCONFIG ...) rather than
    continuing it: it is neither one of its parameters nor a value, and the parameter before
    it does not take free words (SMCR's sub-options, say). It then starts a statement of its
    own, which decklint reports as unknown, not as a parameter of the one before."""
    table = kw.params(o.op)
    if not table or t.up in table or _VALUE.match(t.text):
        return False
    last = next((table[x.up] for x in reversed(o.toks) if x.up in table), None)
    return last is None or last.kind != "any"


_KINDS: dict[str, str] = {}  # a profile repeats its words: each one's kind, found once


def _kind(text: str) -> str:
    kind = _KINDS.get(text)
    if kind is None:
        if is_whole_number(text):
            kind = "int"
        elif text.startswith("'"):
            kind = "string"
        elif text.startswith("&"):
            kind = "symbol"
        else:
            kind = "word"
        if len(_KINDS) < 4096 and len(text) <= 64:  # bounded: a server lives long
            _KINDS[text] = kind
    return kind


# grammars/tcpip.lark's terminals in the order its lexer tries them (QUOTED has priority),
# each with what lies before it, which the lexer ignores (blanks and the EOF mark): the pairs
# cover a line up to its last word, so a word's column is the length of all before it (and
# no match object is made for every word).
_WORDS = re.compile(r"([\s\x1a]*)('[^'\n]*'|[^\s\x1a]+)")


def tokens(body: str) -> list[_Tok]:
    """The file's words and quoted strings, as the grammar's lexer finds them: its terminals
    matched line by line (within `scan.lark_only()`, by the lexer itself). A word never spans
    a line, so its span comes from the token's own line and column."""
    out: list[_Tok] = []
    if not scan.enabled():
        last_line = 0
        for tok in lark_parser("tcpip", ("start",)).lex(body):
            line, col, text = tok.line, tok.column, str(tok)
            span = Span(line, col, line, col + len(text))
            out.append(_Tok(text, text.upper(), span, line != last_line))
            last_line = line
        return out
    append = out.append
    new = tuple.__new__  # as Span(...) builds it, for every word
    pairs = _WORDS.findall
    for line, physical in enumerate(body.split("\n"), 1):
        first = True
        end = 1  # the column after the last word
        for before, text in pairs(physical):
            col = end + len(before)
            end = col + len(text)
            append(_Tok(text, text.upper(), new(Span, (line, col, line, end)), first))
            first = False
    return out


def parse(src: SourceFile) -> ParsedFile:
    rd = ReadResult()
    body = blank(src, rd)
    sp = _Splitter(src.path)
    for t in tokens(body):
        sp.feed(t)
    sp.finish()
    return ParsedFile(src, "tcpip", Statements(sp.out), rd, (*rd.diagnostics, *sp.diags))


# Statements only a TCP/IP profile codes (a test checks each is a top-level statement of the
# catalog): one of them, in a file that reads as a profile from its first statement, tells.
_SNIFF_FIRST = kw.POOLS_SET | words(
    """TCPCONFIG UDPCONFIG IPCONFIG IPCONFIG6 GLOBALCONFIG BEGINROUTES ENDROUTES SOMAXCONN
    TELNETPARMS TELNETGLOBALS BEGINVTAM VIPADYNAMIC INTERNALCLIENTPARMS AUTOLOG ENDAUTOLOG
    PRIMARYINTERFACE ASSORTEDPARMS ENDOBEY PORTRANGE SMFCONFIG NETMONITOR SACONFIG
    BSDROUTINGPARMS"""
)
_DEVICE_TYPES = words(
    """MPCIPA CLAW CTC LCS IPAQENET IPAQIDIO OSD QDIOETHERNET IBMTR ETHERNET ETHEROR802.3
    VIRTUAL MPCPTP CDLC IP"""
)
# What an INTERFACE statement does: DEFINE, DELETE, ADDADDR, ... (IP Configuration Reference,
# INTERFACE statement): `INTERFACE name DELETE` is no other product's.
_INTERFACE_ACTIONS = words("DEFINE DELETE ADDADDR DELADDR ADDTARGET DELTARGET")
_IPV4 = re.compile(r"\d+\.\d+\.\d+\.\d+")
_DATA_SET = re.compile(r"(?://)?'?[A-Z@#$][A-Z0-9@#$-]{0,7}(?:\.[A-Z@#$][A-Z0-9@#$-]{0,7})+'?")


# The keywords a line `_statement` or `_interface_then_action` accepts starts with
# (`may_start_with`).
_SNIFF_KEYWORDS = _SNIFF_FIRST | {"DEVICE", "LINK", "INTERFACE", "INCLUDE", "HOME"}


def _statement(h: Head) -> bool:
    """A statement only a profile codes, in the shape a profile writes it."""
    a, b, c = h.a, h.b, h.c
    if h.sep in ("=", "("):
        return False  # `KEY=value`, `KEY(value)`: another format's
    return (
        a in _SNIFF_FIRST
        or (a in ("DEVICE", "LINK") and c in _DEVICE_TYPES)
        or (a == "INTERFACE" and c in _INTERFACE_ACTIONS)
        or (a == "INCLUDE" and bool(_DATA_SET.fullmatch(b)))
        or (a == "HOME" and bool(_IPV4.match(b)))
    )


def _interface_then_action(h: Head, following: Head | None) -> bool:
    """`INTERFACE name` alone on its line, its action (DEFINE, DELETE, ...) starting the next
    line that has a word: the form IBM's profile samples write an interface in."""
    return (
        h.a == "INTERFACE"
        and h.sep == " "
        and not h.c
        and following is not None
        and following.a in _INTERFACE_ACTIONS
    )


def sniff(src: SourceFile) -> float:
    """A profile: statements only a profile codes, three or more of its own keywords
    (TCPCONFIG, BEGINROUTES, ...); or fewer, or only statements other products share a
    keyword with (INCLUDE, HOME, DEVICE, INTERFACE), in a file whose first statement is a
    statement of the profile catalog (a one-statement member such as `IPCONFIG6`, an
    obeyfile of INTERFACE statements). An INTERFACE tells by its action (DEFINE, DELETE, ...)
    beside its name or first on the next line, as IBM's samples write it. In a profile a
    statement runs to the next statement keyword, so a file that starts with one is
    statements of the catalog throughout; a text or another product's configuration that
    names a profile statement does not start so."""
    if not may_start_with(src, 800, _SNIFF_KEYWORDS):
        return 0.0
    heads = line_heads(src)
    n = own = 0
    for i, h in enumerate(heads):
        after = heads[i + 1] if i + 1 < len(heads) else None
        if _statement(h) or _interface_then_action(h, after):
            n += 1
            own += h.a in _SNIFF_FIRST
    if n == 0:
        return 0.0
    if own < 3 and not (heads and heads[0].a in kw.top_level()):
        return 0.0
    return min(0.7 + 0.08 * n, 0.96)
