"""Character values of conditional assembly and where their characters were written.

A macro operand, a SETC value or a generated statement is a `Text`: the characters and the
`Piece`s that say which of them were copied from a physical place in the file. A value copied
from a call's operand keeps its pieces through SETC assignments, substrings and concatenation,
so that a generated statement maps each character of `RUSIZES=X'87F8'` that came from the call's
`RU=87F8` to that operand. Characters without a piece (the macro's own text, defaults, computed
values) map to an anchor: the operation field of the call in the file.

`unit` builds the reader's `LogicalUnit` for a generated statement from its `Text` (see
`decklint.core.source.SourceMap`: a segment longer in the logical text than its physical piece
clamps at the piece's end, which is how a default run maps onto the short operation field).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from decklint.core.ir import LogicalUnit
from decklint.core.source import SourceMap

# A value keeps at most this many pieces; past it the rest of its characters map to the anchor
# (a value built character by character in a loop would otherwise copy ever longer tuples).
MAX_PIECES = 64
_WORD = re.compile(r"[^ ,=()'.+*/-]+")


class Piece(NamedTuple):
    """Characters `[start, end)` of a value were written on `line` from column `col`;
    `width` physical columns hold them (fewer than `end - start`: the rest map to the last)."""

    start: int
    end: int
    line: int
    col: int
    width: int


class Anchor(NamedTuple):
    """Where a character without a piece maps: a physical field (the call's operation)."""

    line: int
    col: int
    width: int


class Text(NamedTuple):
    """A character value and the pieces of it that were copied from the file."""

    value: str
    pieces: tuple[Piece, ...] = ()


EMPTY = Text("")


def concat(parts: Iterable[Text]) -> Text:
    """The parts one after another, their pieces moved along."""
    values: list[str] = []
    pieces: list[Piece] = []
    off = 0
    for part in parts:
        values.append(part.value)
        for p in part.pieces:
            pieces.append(Piece(p.start + off, p.end + off, p.line, p.col, p.width))
        off += len(part.value)
    return Text("".join(values), _merged(pieces))


def cut(text: Text, start: int, end: int) -> Text:
    """The characters `[start, end)` of `text`, with the pieces that cover them."""
    start = max(start, 0)
    end = min(end, len(text.value))
    if end <= start:
        return EMPTY
    pieces: list[Piece] = []
    for p in text.pieces:
        lo, hi = max(p.start, start), min(p.end, end)
        if lo >= hi:
            continue
        skip = lo - p.start
        if skip < p.width:
            col, width = p.col + skip, max(min(p.width - skip, hi - lo), 1)
        else:  # the characters clamped onto the last column
            col, width = p.col + p.width - 1, 1
        pieces.append(Piece(lo - start, hi - start, p.line, col, width))
    return Text(text.value[start:end], tuple(pieces))


def repeat(text: Text, times: int) -> Text:
    """`times` copies of `text` (a duplication factor)."""
    if times <= 0:
        return EMPTY
    if not text.pieces:
        return Text(text.value * times)
    return concat([text] * times)


def same_length(text: Text, value: str) -> Text:
    """`value`, computed character for character from `text` (UPPER, LOWER): same pieces."""
    return Text(value, text.pieces)


def written(unit: LogicalUnit, start: int, end: int) -> tuple[Piece, ...]:
    """The pieces of `unit.text[start:end]` as the unit's map places them (offsets from
    `start`)."""
    sm = unit.smap
    out: list[Piece] = []
    starts = sm.starts
    last = len(starts) - 1
    for k in range(sm.first(start), last + 1):  # from the piece that holds `start`
        s = starts[k]
        if s >= end:
            break
        nxt = starts[k + 1] if k < last else len(unit.text)
        lo, hi = max(start, s), min(end, s + sm.lengths[k], nxt)
        if lo < hi:
            col = sm.cols[k]
            out.append(Piece(lo - start, hi - start, sm.lines[k], col + lo - s, hi - lo))
    return _merged(out)


def pinned(length: int, line: int, col: int, width: int) -> tuple[Piece, ...]:
    """A value of `length` characters all mapped onto one physical field."""
    if length <= 0:
        return ()
    return (Piece(0, length, line, col, max(min(width, length), 1)),)


def unit(text: Text, line: int, anchor: Anchor, lines: tuple[int, int]) -> LogicalUnit:
    """The reader's unit for a generated statement: each character maps to its piece when the
    piece lies on `lines` (the statement in the file that generated it), else to `anchor`.

    A statement whose first character would map after its last (a name taken from a later
    card, a value ending on the call's name field) loses those pieces: the span of the whole
    statement always runs forward."""
    value = text.value
    first, last = lines
    pieces = [p for p in text.pieces if first <= p.line <= last]
    if not pieces:
        return LogicalUnit(value, _smap(value, pieces, anchor), line, "statement", [])
    name_end = value.find(" ")
    later = [p for p in pieces if p.start >= name_end]
    sm = SourceMap()
    for choice in (pieces, later, later[:-1], []):
        sm = _smap(value, choice, anchor)
        span = sm.span(0, len(value))
        if (span.line, span.col) <= (span.end_line, span.end_col):
            break
    return LogicalUnit(value, sm, line, "statement", [])


def _smap(value: str, pieces: list[Piece], anchor: Anchor) -> SourceMap:
    sm = SourceMap()
    pos = 0
    for p in pieces:
        if p.start > pos:
            _anchored(sm, value, pos, p.start, anchor)
        sm.add(p.start, p.line, p.col, p.width)
        pos = p.end
    if pos < len(value):
        _anchored(sm, value, pos, len(value), anchor)
    return sm


def _anchored(sm: SourceMap, value: str, start: int, end: int, anchor: Anchor) -> None:
    """Characters without a piece: each word of them (`RUSIZES`, `X`, `87F8`) maps onto the
    whole anchor, so that a finding on any of them underlines the call's operation (a word
    shorter than the anchor: its last character on the anchor's last column). A separator
    (`,`, `=`, a quote, a blank) maps to the end of what comes before it."""
    line, col, width = anchor
    words = 0
    for m in _WORD.finditer(value, start, end):
        k, j = m.span()
        if not words and k > start and not sm.starts:
            sm.add(start, line, col, 1)  # the statement starts with a separator
        words += 1
        n = j - k
        if n >= width:
            sm.add(k, line, col, width)
        elif n > 1:
            sm.add(k, line, col, n - 1)
            sm.add(j - 1, line, col + width - 1, 1)
        else:  # one character: the anchor's last column when nothing but separators follow
            final = j == len(value) or _WORD.search(value, j) is None
            sm.add(k, line, col + width - 1 if final else col, 1)
    if not words:
        sm.add(start, line, col + width - 1 if end == len(value) else col, 1)


def _merged(pieces: list[Piece]) -> tuple[Piece, ...]:
    """Pieces with neighbours that continue each other joined; at most `MAX_PIECES`."""
    out: list[Piece] = []
    for p in pieces:
        if out:
            q = out[-1]
            if (
                q.end == p.start
                and q.line == p.line
                and q.width == q.end - q.start
                and q.col + q.width == p.col
            ):
                out[-1] = Piece(q.start, p.end, q.line, q.col, q.width + p.width)
                continue
        if len(out) == MAX_PIECES:
            break
        out.append(p)
    return tuple(out)
