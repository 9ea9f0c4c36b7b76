"""How a deck lays its cards out, and a statement laid out that way.

The card layout (z/OS Communications Server SNA Resource Definition Reference, "Format of
definition statements" and "Coding continuation lines"): the name in column 1, the operands
of a continuation card from column 16, the continuation mark in column 72, text in columns
1-71, columns 73-80 for sequence data. Everything else (the operation's column, where the
first card's operands start, how many operands a card holds, where remarks stand, the mark's
character, the sequence numbers' step) is the deck's own habit, found by `Habits.of` as the
most common choice among its statements, unless the configuration (`Settings`) says.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from decklint.fmt.statement import Note, Piece, Statement
from decklint.readers.cards import CONT_COL, RESUME_COL, TEXT_END
from decklint.readers.damage import lone_mark

PER_CARD = ("keep", "one", "several")
T = TypeVar("T")
SEQUENCE = re.compile(r"(\D*)(\d+)\Z")
_CARD = 80


@dataclass(frozen=True)
class Settings:
    """What `format:` in the configuration asks (None: the deck's own habit)."""

    operation_column: int | None = None
    operands_per_card: str = "keep"  # keep: as each statement has them; one; several
    renumber: bool = False
    # free-format files (`fmt.free`): untouched unless one of these is given
    block_indent: int | None = None  # blank columns per level inside a block
    statements_per_line: str = "keep"  # keep, or one: a statement's own line for each


class Sequence_(NamedTuple):
    """The pattern of a deck's sequence numbers: PREFIX + number, `width` columns wide."""

    prefix: str
    start: int
    step: int
    width: int

    def field(self, n: int) -> str:
        digits = self.width - len(self.prefix)
        return f"{self.prefix}{self.start + n * self.step:0{digits}d}"[-self.width :]


@dataclass(frozen=True)
class Habits:
    op_col: int
    one_per_card: bool
    mark: str
    remark_col: int
    width: int  # the length every card is padded to (80), or 0: trailing blanks dropped
    numbers: Sequence_ | None

    @classmethod
    def of(
        cls, statements: Sequence[Statement], lines: Sequence[str], renumber: bool = True
    ) -> Habits:
        """The deck's habits; its sequence-number pattern only when `renumber` asks for it
        (nothing else reads it)."""
        ops = Counter(s.op_col for s in statements if s.label or s.op_col > 1)
        per_card: Counter[int] = Counter()  # operands a continuation card holds: cards
        marks: Counter[str] = Counter()
        remarks: Counter[int] = Counter()
        for s in statements:  # counted in the statements' order: the first habit wins ties
            first = s.first
            on: dict[int, int] = {}
            for p in s.operands:
                if p.line > first:
                    on[p.line] = on.get(p.line, 0) + 1
            for n in on.values():
                per_card[n] += 1
            for c in _marks(s, lines):
                marks[c] += 1
            own = _own_column(remark_columns(s), s.remarks[0].col if len(s.remarks) == 1 else 0)
            if own:  # a statement votes once, for the column its remarks stand in
                remarks[own] += 1
        cards = [ln for ln in lines if ln.strip()]
        padded = Counter(len(ln) for ln in cards if len(ln) >= CONT_COL and ln.endswith(" "))
        several = sum(v for k, v in per_card.items() if k > 1)
        return cls(
            op_col=_most(ops, 10),
            one_per_card=several * 10 < sum(per_card.values()) if per_card else True,
            mark=_most(marks, "X"),
            remark_col=_aligned(remarks, 0),
            width=_most(padded, 0) if padded.total() * 2 > len(cards) else 0,
            numbers=_numbers(lines, len(cards)) if renumber else None,
        )


def _aligned(columns: Counter[int], default: int) -> int:
    """The column remarks are aligned in: the most common one, when two or more stand in it;
    else `default` (0: each remark stays in its own column)."""
    col, n = columns.most_common(1)[0] if columns else (0, 0)
    return col if n >= 2 else default


def _own_column(columns: list[int], default: int) -> int:
    """`_aligned` for one statement's remark columns (most often one, or all the same: then
    without counting)."""
    if len(columns) < 2:
        return default
    if columns.count(columns[0]) == len(columns):
        return columns[0]
    return _aligned(Counter(columns), default)


def _marks(s: Statement, lines: Sequence[str]) -> list[str]:
    """The continuation marks of the statement's cards as written in column 72."""
    over = s.overruns
    marks = [
        ln[TEXT_END:CONT_COL].strip()
        for at, ln in enumerate(lines[s.first - 1 : s.last - 1], s.first)
        if not over or at not in over
    ]
    return [c for c in marks if c]


def remark_columns(s: Statement) -> list[int]:
    """The column each remark of the statement starts in."""
    return [n.col for n in s.remarks]


def _most(counts: Counter[T], default: T) -> T:
    """The most common value; the first seen among equals (so a deck keeps its first habit)."""
    return counts.most_common(1)[0][0] if counts else default


def _first_most(values: list[T], default: T) -> T:
    """`_most` of the values counted (most often all the same: then without counting)."""
    if not values:
        return default
    if values.count(values[0]) == len(values):
        return values[0]
    return _most(Counter(values), default)


def _numbers(lines: Sequence[str], cards: int) -> Sequence_ | None:
    """The deck's sequence-number pattern, when most of its `cards` (lines not blank) carry
    one."""
    found: list[tuple[str, int, int]] = []
    for ln in lines:
        if len(ln) <= CONT_COL:
            continue
        seq = ln[CONT_COL:].strip()
        m = SEQUENCE.match(seq)
        if m is not None:
            found.append((m.group(1), int(m.group(2)), len(seq)))
    if len(found) < 2 or len(found) * 2 < cards:
        return None
    steps = Counter(b[1] - a[1] for a, b in itertools.pairwise(found) if b[1] > a[1])
    step = _most(steps, 10)
    prefix = _most(Counter(f[0] for f in found), "")
    width = _most(Counter(f[2] for f in found), 8)
    return Sequence_(prefix, found[0][1], step, width)


def sequence_field(line: str) -> str:
    """Columns 73-80 of a card as written, and anything after them (after a mark an edit
    pushed right, what follows the mark)."""
    if len(line) <= CONT_COL or " " not in line[TEXT_END:].rstrip():
        return line[CONT_COL:]  # no blank from column 72 on: no mark stands alone past it
    col = lone_mark(line, CONT_COL)
    if col > CONT_COL:
        return line[col:].strip()
    last = line.rsplit(None, 1)[-1]
    if len(line.rstrip()) > _CARD and len(last) == 9 and last[1:].isdigit():
        return last[1:]  # a mark and the sequence field pushed past column 80 (by markup)
    return line[CONT_COL:]


def lay_out(
    s: Statement, habits: Habits, settings: Settings, lines: Sequence[str]
) -> list[str] | None:
    """The statement's cards in columns 1-72 (the sequence field is the caller's), or None
    when they cannot hold it: a remark that does not fit beside its operands. The operation
    goes to the deck's column unless that costs a card; the first card's operands keep their
    column where the operation leaves room; remarks stand in the column most of the
    statement's own stand in, else the deck's."""
    target = settings.operation_column or habits.op_col
    groups = _groups(s, settings, habits)
    cards = _cards(s, habits, groups, target)
    if target != s.op_col:
        own = _cards(s, habits, groups, s.op_col)
        if len(own) < len(cards):
            cards = own  # moving the operation would push operands onto another card
    mark = _first_most(_marks(s, lines), habits.mark)
    remark_col = _own_column(remark_columns(s), habits.remark_col)
    out: list[str] = []
    for i, (text, notes) in enumerate(cards):
        if len(text) > TEXT_END:
            return None
        if notes:
            remark = " ".join(n.text for n in notes)
            col = _remark_column(len(text) + 2, len(remark), (remark_col, notes[0].col))
            if col == 0:
                return None
            text = text.ljust(col - 1) + remark
        if i < len(cards) - 1:
            text = text.ljust(TEXT_END) + mark
        out.append(text)
    return out


def _cards(
    s: Statement, habits: Habits, groups: list[tuple[list[Piece], list[Note]]], op_col: int
) -> list[tuple[str, list[Note]]]:
    """The statement's cards (text without mark, and the remarks beside it) with its
    operation in column `op_col`, the operands and remarks of each card in `groups`."""
    head = s.label.ljust(op_col - 1) if len(s.label) < op_col - 1 else s.label + " "
    head += s.op
    cards: list[tuple[str, list[Note]]] = []
    first_ops, first_notes = groups[0]
    if first_ops:
        at = max(s.operand_col, len(head) + 2)
        cards.extend(_fill(head.ljust(at - 1), first_ops, first_notes, habits.one_per_card))
    else:
        cards.append((head, first_notes))
    for ops, notes in groups[1:]:
        cards.extend(_fill(" " * (RESUME_COL - 1), ops, notes, habits.one_per_card))
    return cards


def _whole(pieces: list[Piece]) -> list[Piece]:
    """The pieces joined into whole operands: a sublist's items with their operand."""
    out: list[Piece] = []
    depth = 0
    for p in pieces:
        if depth > 0:
            out[-1] = Piece(out[-1].text + p.text, out[-1].line)
        else:
            out.append(p)
        text = re.sub(r"'[^']*'", "", p.text)
        depth += text.count("(") - text.count(")")
    return out


def _remark_column(least: int, length: int, wanted: tuple[int, ...]) -> int:
    """The column a remark of `length` starts in, at `least` or right of it and ending by
    column 71: the first of the `wanted` columns that can hold it (the statement's column,
    then its own), else the nearest to them; 0 when there is no room."""
    for col in wanted:
        if col >= least and col - 1 + length <= TEXT_END:
            return col
    col = min(max(least, wanted[-1]), TEXT_END - length + 1)
    return col if col >= least else 0


def _groups(
    s: Statement, settings: Settings, habits: Habits
) -> list[tuple[list[Piece], list[Note]]]:
    """The operands each card holds, with the remarks beside them: the first card's, then
    one group for each continuation card (as written, or as `operands-per-card` says)."""
    lines = sorted({p.line for p in s.operands} | {n.line for n in s.remarks} | {s.first})
    by_line: dict[int, tuple[list[Piece], list[Note]]] = {ln: ([], []) for ln in lines}
    for p in s.operands:
        by_line[p.line][0].append(p)
    on_line: dict[int, list[Note]] = {}
    for n in s.remarks:
        on_line.setdefault(n.line, []).append(n)
    owner = s.first
    for ln in lines:
        if by_line[ln][0] or ln == s.first:
            owner = ln
        by_line[owner][1].extend(on_line.get(ln, ()))
    groups = [v for ln, v in by_line.items() if v[0] or ln == s.first]
    if settings.operands_per_card == "keep":
        return groups
    ops = [p for g, _ in groups for p in g]
    notes = [n for _, ns in groups for n in ns]
    if any(ns for _, ns in groups[1:]) or not groups[0][0]:
        return groups  # remarks stand beside their operands: the cards stay as they are
    if settings.operands_per_card == "one":
        ops = _whole(ops)
        return [([ops[0]], notes), *(([p], []) for p in ops[1:])]
    return [(ops, notes)]


def _fill(
    lead: str, ops: list[Piece], notes: list[Note], one: bool
) -> list[tuple[str, list[Note]]]:
    """Cards starting with `lead` (a first card's name and operation, or the blanks before
    column 16) holding `ops`: together while they fit in column 71, and those that do not on
    the cards after it (one on each when the deck puts one on each card), the remarks on the
    first. An operand longer than a card is split at column 71: the reader joins it again
    with the next card's column 16."""
    out: list[tuple[str, list[Note]]] = []
    text = lead
    placed = 0
    for p in ops:
        if placed and (len(text) + len(p.text) > TEXT_END or (one and out)):
            out.append((text, []))
            text, placed = " " * (RESUME_COL - 1), 0
        text += p.text
        placed += 1
        while len(text) > TEXT_END:
            out.append((text[:TEXT_END], []))
            text = " " * (RESUME_COL - 1) + text[TEXT_END:]
    out.append((text, []))
    if notes:
        out[0] = (out[0][0], notes)
    return out
