"""A card-deck statement as the formatter sees it: name, operation, operands and remarks.

Built from the card reader's logical unit (`cards.read_assembler`), so it holds the operands as
the reader joined them across cards, each with the card it started on, and each remark with
its card. Two card-layout faults the reader reports are read as their author meant them
(z/OS Communications Server SNA Resource Definition Reference, "Coding continuation lines"):

* operands continued in column 17 or later (the reader takes them for remarks and warns):
  when the card's first field looks like operands (a keyword operand, or an operand followed
  by a comma), it is an operand field;
* operands typed past column 71 (the reader stops at column 71 and warns): the text from
  column 72 to the first blank is the rest of the operand field.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, LogicalUnit
from decklint.core.source import Span
from decklint.readers.cards import (
    CONT_COL,
    RESUME_COL,
    TEXT_END,
    is_attribute_quote,
    looks_like_operands,
)
from decklint.readers.damage import Scrub, clean, damage_pattern


class Piece(NamedTuple):
    """An operand, or a sublist's item, as written (its comma included) and the line of the
    card it starts on."""

    text: str
    line: int


class Note(NamedTuple):
    """A remark, the line of the card it stands on and the column it starts in."""

    line: int
    col: int
    text: str


@dataclass(frozen=True)
class Statement:
    """One statement: where it is, its fields, and its operands and remarks card by card."""

    first: int  # its first line (1-based)
    last: int  # its last line
    label: str
    op: str
    op_col: int  # the column its operation starts in
    operand_col: int  # the column its first-card operands start in (0: none there)
    operands: tuple[Piece, ...]
    remarks: tuple[Note, ...]
    repaired: bool  # a layout fault was read as meant (its reading differs from the reader's)
    overruns: frozenset[int] = frozenset()  # cards whose operands ran past column 71

    @property
    def overrun(self) -> bool:
        """Whether its last card's operands ran past column 71 (so its column 72 is no mark)."""
        return self.last in self.overruns

    @property
    def text(self) -> str:
        """The logical text the card reader makes of the statement laid out correctly."""
        head = f"{self.label} {self.op}"
        field = "".join(p.text for p in self.operands)
        return f"{head} {field}" if field else head


_QUOTE_OR_COMMA = re.compile(r"[',]")


def split_operands(field: str) -> list[tuple[int, int]]:
    """(start, end) of each piece of an operand field a card may end after: split after each
    comma outside quotes (a sublist may be continued after one of its commas too), the comma
    kept with the piece before it."""
    out: list[tuple[int, int]] = []
    start = 0
    if "'" not in field:  # no quote: every comma ends a piece
        at = field.find(",")
        while at >= 0:
            out.append((start, at + 1))
            start = at + 1
            at = field.find(",", start)
        if start < len(field):
            out.append((start, len(field)))
        return out
    quoted = False
    for m in _QUOTE_OR_COMMA.finditer(field):
        i = m.start()
        if field[i] == "'":
            if quoted or not is_attribute_quote(field, i):
                quoted = not quoted
        elif not quoted:
            out.append((start, i + 1))
            start = i + 1
    if start < len(field):
        out.append((start, len(field)))
    return out


def field_end(text: str) -> int:
    """Where an operand field starting at text[0] ends: the first blank outside quotes."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == "'":
            if quoted or not is_attribute_quote(text, i):
                quoted = not quoted
        elif ch == " " and not quoted:
            return i
    return len(text)


def read_statement(
    unit: LogicalUnit, lines: Sequence[str], faults: dict[int, list[Diagnostic]]
) -> Statement | None:
    """The statement the reader read as `unit`, or None when its layout is not one the
    formatter can lay out again (no operation, a card it cannot place). `faults`: the
    reader's findings by line."""
    text = unit.text
    if text.startswith(" "):
        label, rest = "", text[1:]
    else:
        label, _, rest = text.partition(" ")
    op, _, field = rest.partition(" ")
    if not op or unit.kind != "statement":
        return None
    sm = unit.smap
    op_off = len(label) + 1
    op_line, op_col = sm.pos(op_off)
    if op_line != unit.line:
        return None
    field_off = op_off + len(op) + 1
    chunks: list[tuple[str, int]] = []  # the operand field as copied from each card
    for line, col, end in sm.pieces(field_off, len(text)):
        chunks.append((lines[line - 1][col - 1 : end - 1], line))
    if "".join([c for c, _ in chunks]) != field:
        return None  # the reader's columns are not the line's (a tab, markup, a shifted deck)
    operand_col = 0
    if chunks and chunks[0][1] == unit.line:
        operand_col = sm.pos(field_off)[1]
    notes: list[Note] = []
    repaired = False
    for r in unit.remarks:
        written = remark_as_written(lines[r.line - 1], r.col, r.text)
        if written is None:
            return None  # a remark read otherwise than written: its cards stay as they are
        r = r._replace(text=written)
        told = faults.get(r.line)
        if told and any(_resumed_late(f, r.line, r.col, unit.line) for f in told):
            end = field_end(r.text)
            if looks_like_operands(r.text[:end]) and not any(ln == r.line for _, ln in chunks):
                chunks.append((r.text[:end], r.line))
                chunks.sort(key=lambda c: c[1])  # stable: a card's own chunks keep their order
                repaired = True
                rest_text = r.text[end:].strip(" ")
                if rest_text:
                    notes.append(Note(r.line, r.col + r.text.index(rest_text, end), rest_text))
                continue
        notes.append(Note(r.line, r.col, r.text))
    last = max([unit.end_line, *(n.line for n in notes), *(ln for _, ln in chunks)])
    overruns: set[int] = set()
    for line in range(unit.line, last + 1) if faults else ():
        if line in faults and any(_past_71(f, line) for f in faults[line]):
            overruns.add(line)
            tail = lines[line - 1][TEXT_END:]
            end = field_end(tail)
            at = max((i for i, (_, ln) in enumerate(chunks) if ln == line), default=-1)
            if at < 0:
                return None
            chunks.insert(at + 1, (tail[:end], line))
            repaired = True
            rest_text = tail[end:].strip(" ")
            if rest_text and not rest_text.isdigit():
                notes.append(Note(line, TEXT_END + 1 + tail.index(rest_text, end), rest_text))
    st = Statement(
        unit.line,
        last,
        label,
        op,
        op_col,
        operand_col,
        tuple(_pieces(chunks)),
        tuple(notes),
        repaired,
        frozenset(overruns),
    )
    if not repaired and st.text != text:
        return None  # operands the reader joined otherwise (the first card holds none)
    return st


def remark_as_written(line: str, col: int, text: str) -> str | None:
    """A remark's characters as written on its card (`text`: as the reader read it, from
    column `col`): where the reader read it without markup (`&amp;`, `<b>`, a no-break
    space: markup that had pushed the card's mark out of its column), the same words with
    their markup, which the formatter keeps byte for byte; None when they cannot be told."""
    tail = line[col - 1 :]
    if tail.startswith(text):
        end = len(text)
    else:
        pieces = clean(tail, 0, Scrub())
        if len(pieces) != 1 or not text or not pieces[0][0].startswith(text):
            return None
        end = pieces[0][1][len(text) - 1] + 1
    while end < len(tail) and (tail[end] in "<&" or not tail[end].isascii()):
        m = damage_pattern().match(tail, end)
        if m is None:
            break
        end = m.end()  # a closing tag or a Unicode blank right after the last word: its own
    return tail[:end]


def _pieces(chunks: list[tuple[str, int]]) -> list[Piece]:
    """The operands of the field the chunks make, each with the line it starts on."""
    if len(chunks) == 1:  # one card: every piece starts on it
        field, line = chunks[0]
        return [Piece(field[s:e], line) for s, e in split_operands(field)]
    field = "".join([c for c, _ in chunks])
    ends = list(itertools.accumulate(len(c) for c, _ in chunks))  # where each chunk ends
    out: list[Piece] = []
    at = 0  # the chunk the piece starts in: the pieces come in order
    for s, e in split_operands(field):
        while ends[at] <= s:
            at += 1
        out.append(Piece(field[s:e], chunks[at][1]))
    return out


def _resumed_late(fault: Diagnostic, line: int, col: int, first: int) -> bool:
    """The reader's warning that operands continued on card `line` start in column `col`,
    past column 16: a warning at exactly that place on a continuation card."""
    s = fault.span
    return (
        line != first
        and fault.severity is Severity.WARNING
        and (s.line, s.col) == (line, col)
        and col > RESUME_COL
    )


def _past_71(fault: Diagnostic, line: int) -> bool:
    """The reader's warning that the operands of card `line` run on past column 71."""
    s: Span = fault.span
    return fault.severity is Severity.WARNING and (s.line, s.col) == (line, CONT_COL)
