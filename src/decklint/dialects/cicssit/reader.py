"""CICS system initialization parameters: the SIT overrides of a DFHSIP step's SYSIN data set
(or the member it names, IBM's DFH$SIPn), and the DFHSIT macro that assembles a SIT.

Syntax: CICS TS System Definition Guide, "Rules for coding CICS system initialization
parameters in the SYSIN data set": NAME=value parameters, a comma between two on one record
and optionally after the last; an asterisk in column 1 makes a comment, and so does whatever
follows the parameters after a blank (sequence numbers too: CICS reads all 80 columns, so
they are remarks after a blank); a parameter of several operands continues on the next record
when split just after a comma (CICS joins the pieces without the blanks between); GMTEXT's
text runs to column 80 and on from column 1; `.END` ends the parameters (what follows is not
read). The DFHSIT macro is assembler (grammars/cicssit.lark). Each record's parameters are one
statement, `DFHSIT` as its operation, the parameters its keyword operands: the macro's form.
"""

from __future__ import annotations

import re

from decklint.core.ir import (
    Diagnostic,
    Operand,
    ReadResult,
    Remark,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.core.source import SourceFile, Span
from decklint.readers.assembler.reader import parse_units
from decklint.readers.base import Head, ParsedFile, line_heads, may_hold
from decklint.readers.cards import read_assembler

_MACRO = re.compile(r"^(?:\S*\s+)?DFHSIT\s+TYPE=", re.IGNORECASE | re.MULTILINE)
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9$#@]*")
# Parameters no other product's KEY=value file codes: one of them on its own record tells a
# SIT override file (with the other records NAME=value too).
_SNIFF_FIRST = frozenset({"APPLID", "GRPLIST", "SYSIDNT", "GRNAME", "IRCSTRT", "AKPFREQ"})
# Control keywords a SYSIN data set may hold beside the parameters.
_CONTROL = frozenset({"SYSIN", "SI", "CONSOLE", "CN"})


def _macro(src: SourceFile) -> bool:
    if not may_hold(src, ("DFHSIT",)):  # what _MACRO spells, in any case
        return False
    return bool(_MACRO.search("\n".join(ln[:71] for ln in src.lines[:600])))


def parse(src: SourceFile) -> ParsedFile:
    if _macro(src):
        return parse_units(src, read_assembler(src), "cicssit", "cicssit")
    return _Overrides(src).parse()


class _Piece:
    """Text joined from records, with the line and column of each of its characters."""

    def __init__(self) -> None:
        self.text = ""
        self.at: list[tuple[int, int]] = []

    def add(self, text: str, line: int, col: int) -> None:
        self.text += text
        self.at.extend((line, col + k) for k in range(len(text)))

    def span(self, start: int, end: int) -> Span:
        (l1, c1), (l2, c2) = self.at[start], self.at[max(end - 1, start)]
        return Span(l1, c1, l2, c2 + 1)


class _Overrides:
    """The SYSIN form: records of NAME=value parameters (see the module's notes)."""

    def __init__(self, src: SourceFile) -> None:
        self.src = src
        self.lines = src.lines
        self.read = ReadResult()
        self.out: list[Statement] = []
        self.diags: list[Diagnostic] = []

    def parse(self) -> ParsedFile:
        i = 0
        ended = False
        while i < len(self.lines):
            line = self.lines[i].rstrip("\r")
            n = i + 1
            i += 1
            if ended or line.startswith("*") or not line.strip():
                if line.strip():
                    self.read.comments.append(Remark(n, 1, line))
                continue
            if line.strip().upper().startswith(".END"):
                ended = True
                continue
            i = self._record(n, line, i)
        src = self.src
        return ParsedFile(
            src, "cicssit", Statements(self.out), self.read, (*self.read.diagnostics, *self.diags)
        )

    def _record(self, n: int, text: str, nxt: int) -> int:
        """The parameters of the record on line `n` (and the records a split operand runs
        on to); the index of the next record to read."""
        pos = len(text) - len(text.lstrip())
        ops: list[Operand] = []
        while pos < len(text):
            m = _NAME.match(text, pos)
            if m is None:
                self._bad(n, pos, text, "a parameter NAME=value")
                return nxt
            name, start = m.group().upper(), pos
            pos = m.end()
            if pos >= len(text) or text[pos] != "=":
                if name in _CONTROL and (pos >= len(text) or text[pos] in ", "):
                    pos += 1 if pos < len(text) and text[pos] == "," else 0
                    if pos >= len(text) or text[pos] == " ":
                        break
                    continue
                self._bad(n, pos, text, f"'=' after {m.group()} (NAME=value)")
                return nxt
            piece, pos, n_end, nxt = self._value(n, text, pos + 1, nxt)
            value = _value(piece)
            ops.append(
                Operand(
                    name,
                    value,
                    Span(n, start + 1, value.span.end_line, value.span.end_col),
                    m.group(),
                )
            )
            if n_end != n:  # the value ran on: the rest of its last record follows it
                n, text = n_end, self.lines[n_end - 1].rstrip("\r")
            if pos < len(text) and text[pos] == ",":
                pos += 1
            if pos >= len(text) or text[pos] in " \t":
                rest = text[pos:].strip()
                if rest:
                    self.read.comments.append(
                        Remark(n, len(text) - len(text[pos:].lstrip()) + 1, rest)
                    )
                break
        if ops:
            first, last = ops[0].span, ops[-1].span
            self.out.append(
                Statement(
                    self.src.path,
                    "cicssit",
                    len(self.out),
                    "DFHSIT",
                    Span(first.line, first.col, last.end_line, last.end_col),
                    operands=tuple(ops),
                )
            )
        return nxt

    def _value(self, n: int, text: str, pos: int, nxt: int) -> tuple[_Piece, int, int, int]:
        """A parameter's value from `pos` of line `n`: up to a comma or blank outside quotes
        and parentheses; a value split after a comma inside parentheses runs on to the next
        record (from its first non-blank), a quoted text not closed on its record runs on
        from column 1 of the next (GMTEXT's).
        Returns the value, where it ended, the line it ended on and the next record."""
        piece = _Piece()
        depth = 0
        quoted = False
        while True:
            start = pos
            while pos < len(text):
                c = text[pos]
                if quoted:
                    if c == "'":
                        if pos + 1 < len(text) and text[pos + 1] == "'":
                            pos += 2
                            continue
                        quoted = False
                elif c == "'":
                    quoted = True
                elif c == "(":
                    depth += 1
                elif c == ")":
                    depth = max(depth - 1, 0)
                elif c in " \t" or (depth == 0 and c == ","):
                    break  # a blank ends a value; a comma, one not inside parentheses
                pos += 1
            piece.add(text[start:pos], n, start + 1)
            runs_on = quoted or (depth > 0 and text[start:pos].endswith(","))
            if not runs_on or nxt >= len(self.lines):
                if quoted or depth > 0:
                    self._bad(
                        n, pos, text, "the end of this value (a quote or parenthesis is open)"
                    )
                return piece, pos, n, nxt
            n, text = nxt + 1, self.lines[nxt].rstrip("\r")
            nxt += 1
            pos = 0 if quoted else len(text) - len(text.lstrip())

    def _bad(self, n: int, pos: int, text: str, expected: str) -> None:
        col = min(pos, max(len(text) - 1, 0)) + 1
        self.diags.append(
            Diagnostic(
                "PRS001",
                Span(n, col, n, col + 1),
                f"expected {expected}; CICS would stop at this record (PARMERR)",
            )
        )


def _value(piece: _Piece) -> Value:
    """A parameter's value: a word, number or quoted text, or a parenthesised list."""
    text = piece.text
    if not text:
        return Value("empty", "", piece.span(0, 0) if piece.at else Span(1, 1, 1, 1))
    span = piece.span(0, len(text))
    if text.startswith("(") and text.endswith(")"):
        items: list[Value | None] = []
        depth, start = 0, 1
        quoted = False
        for k in range(1, len(text)):
            c = text[k]
            if c == "'":
                quoted = not quoted
            elif quoted:
                continue
            elif c == "(":
                depth += 1
            elif c == ")" and depth:
                depth -= 1
            elif (c == "," and depth == 0) or k == len(text) - 1:
                item = text[start:k]
                items.append(
                    Value(classify_atom(item), item, piece.span(start, k)) if item else None
                )
                start = k + 1
        return Value("list", text, span, tuple(items))
    return Value(classify_atom(text), text, span)


def _parameter(h: Head) -> bool:
    """A record that starts with a parameter no other KEY=value file codes (APPLID=...)."""
    return h.sep == "=" and h.a in _SNIFF_FIRST


def sniff(src: SourceFile) -> float:
    """A DFHSIT macro; or SIT overrides: a record that starts with a parameter only CICS
    codes (APPLID=, GRPLIST=, SYSIDNT=, ...), and the other records NAME=value too (`.END`,
    comments and the records a split value runs on to aside)."""
    if _macro(src):
        return 0.96
    heads = line_heads(src, 400)
    strong = sum(1 for h in heads if _parameter(h))
    if strong == 0:
        return 0.0
    lines = [h for h in heads if not h.a.startswith("*")]
    pairs = sum(1 for h in lines if h.sep == "=" or h.a == ".END")
    if pairs * 5 < len(lines) * 4:  # a fifth of the records continue values at most
        return 0.0
    return min(0.8 + 0.05 * strong, 0.95)
