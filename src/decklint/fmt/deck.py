"""Formatting one card deck: its statements laid out again, the rest of its lines kept.

`format_deck` reads the deck with the card reader (`cards.read_assembler`), lays out each
statement as the deck's habits and the settings say (`layout`), and keeps comment cards, blank
lines and IEBUPDTE control cards as they are. A statement the formatter cannot lay out (a card
it cannot place, a remark that does not fit) keeps its cards. The result is only a proposal:
`meaning.check` decides whether it may replace the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from decklint.core.ir import Diagnostic, ReadResult
from decklint.core.source import SourceFile
from decklint.fmt.layout import SEQUENCE, Habits, Settings, lay_out, sequence_field
from decklint.fmt.statement import Statement, read_statement
from decklint.readers.cards import CONT_COL, read_assembler


@dataclass(frozen=True)
class Hunk:
    """Lines `first`..`last` (1-based, inclusive) of a deck, replaced by `lines`."""

    first: int
    last: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Proposal:
    """A deck's lines laid out again: the changes, and what the formatter read."""

    hunks: tuple[Hunk, ...]
    read: ReadResult
    statements: tuple[Statement, ...]  # those laid out again (changed or not)
    repaired: frozenset[int]  # first lines of statements whose layout faults were undone


def read_deck(src: SourceFile) -> tuple[ReadResult, list[Statement]]:
    """The card reader's reading of a deck, and its statements as the formatter sees them
    (those it cannot lay out again left out)."""
    read = read_assembler(src)
    faults: dict[int, list[Diagnostic]] = {}
    for d in read.diagnostics:
        faults.setdefault(d.span.line, []).append(d)
    lines = tuple(src.lines)  # indexed often: the tuple itself, not its view
    out = []
    for unit in read.units:
        st = read_statement(unit, lines, faults)
        if st is not None:
            out.append(st)
    return read, out


def format_deck(src: SourceFile, settings: Settings) -> Proposal:
    """The deck laid out again, as hunks of changed lines."""
    read, statements = read_deck(src)
    lines = tuple(src.lines)
    habits = Habits.of(statements, lines, settings.renumber)
    hunks: list[Hunk] = []
    repaired: set[int] = set()
    taken = 0  # the last line a statement before took
    laid: list[Statement] = []
    for s in statements:
        if s.first <= taken or s.last > len(lines):
            continue
        if _continued(lines[s.last - 1]) and not s.overrun:
            continue  # the reader's statement does not end where its cards end
        cards = lay_out(s, habits, settings, lines)
        if cards is None:
            continue
        laid.append(s)
        old = lines[s.first - 1 : s.last]
        new = _with_sequence(
            cards, old, habits, [i in s.overruns for i in range(s.first, s.last + 1)]
        )
        taken = s.last
        if [c.rstrip() for c in new] != [c.rstrip() for c in old]:
            hunks.append(Hunk(s.first, s.last, tuple(new)))
            if s.repaired:
                repaired.add(s.first)
    if settings.renumber and habits.numbers is not None:
        hunks = _renumbered(lines, hunks, habits)
    return Proposal(tuple(hunks), read, tuple(laid), frozenset(repaired))


def apply(lines: Sequence[str], hunks: Sequence[Hunk]) -> list[str]:
    """The lines with the hunks (in order, not overlapping) applied."""
    out: list[str] = []
    at = 1
    for h in hunks:
        out.extend(lines[at - 1 : h.first - 1])
        out.extend(h.lines)
        at = h.last + 1
    out.extend(lines[at - 1 :])
    return out


def _continued(line: str) -> bool:
    return bool(line[CONT_COL - 1 : CONT_COL].strip())


def _with_sequence(
    cards: list[str], old: Sequence[str], habits: Habits, overrun: Sequence[bool]
) -> list[str]:
    """The cards with the old cards' columns 73-80 in turn (a card added gets none, and so
    does one whose columns 73-80 held operands), padded as the deck pads its cards."""
    out = []
    width = habits.width
    if old and len(old[0]) >= CONT_COL and old[0].endswith(" "):
        width = len(old[0])  # the statement's cards are padded: as its first was
    for i, card in enumerate(cards):
        seq = sequence_field(old[i]) if i < len(old) and not overrun[i] else ""
        if seq.strip():
            card = card.ljust(CONT_COL) + seq.rstrip()
        out.append(card.ljust(width) if width else card.rstrip(" "))
    return out


def _renumbered(lines: Sequence[str], hunks: list[Hunk], habits: Habits) -> list[Hunk]:
    """Every card numbered in the deck's pattern (blank lines, and cards whose columns 73-80
    hold something else than a number, keep theirs)."""
    numbers = habits.numbers
    assert numbers is not None
    new = apply(lines, hunks)
    out: list[str] = []
    n = 0
    for ln in new:
        seq = ln[CONT_COL:].strip()
        if not ln.strip() or (seq and not SEQUENCE.match(seq)):
            out.append(ln)  # a blank line, or columns 73-80 holding something else
            continue
        field = numbers.field(n)
        n += 1
        card = ln[:CONT_COL].ljust(CONT_COL) + field
        out.append(card.ljust(habits.width) if habits.width else card)
    if out == list(lines):
        return []
    return [Hunk(1, len(lines), tuple(out))]
