"""Whether a formatted deck means what the deck meant: read and parsed before and after.

Two readings are compared. The card reader's (`cards.read_assembler`): every statement's
logical text (name, operation, operands joined across cards) and its remarks, and every
comment card, must be the same, except that a statement whose layout fault the formatter
undid (`statement.read_statement`) must read as it was meant. Then the dialect's own parse:
the same statements, operands (names, values, order) and macros. The dialect's parser sees
only the card reader's logical statements, so where they are the same (no fault undone) its
parse of the formatted deck would repeat that of the deck, and is not made; the deck's own
parse is the lint's (its cache) when the caller has it, else made here. The dialect must
read the deck with the card reader, as its spec declares (`DialectSpec.card_reading`), so a
deck some other reader reads (a DFHCSDUP input, a VTAM start list) is never laid out as a
card deck; and the formatted deck may hold no error the reader or the parser reports (a deck
that does not parse is left as it is).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from decklint import dialects
from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, ReadResult, Statement
from decklint.core.source import SourceFile
from decklint.fmt.deck import Proposal
from decklint.fmt.statement import Statement as Statement_
from decklint.readers.base import ParsedFile
from decklint.readers.cards import BLANKS_IN_PARENS, CONT_COL, TEXT_END, read_assembler
from decklint.readers.damage import needs_cleaning


def card_deck(before: SourceFile, dialect: str, proposal: Proposal) -> bool:
    """Whether the dialect reads the deck with the card reader as the formatter read it, as
    its spec declares (no parse: else the formatter leaves it alone, and has nothing to say
    about it)."""
    spec = dialects.get(dialect)
    if spec.card_reading is None:
        return False
    indent = spec.card_reading(before)
    if indent is None:
        return False
    if not indent.prefixes and not needs_cleaning(before.text):
        return True  # no indentation, nothing to clean: its reading is `proposal.read`
    return _read_by_cards(read_assembler(before, indent), proposal.read)


def check(
    old: Callable[[], ParsedFile],
    after: SourceFile,
    proposal: Proposal,
    deck: Sequence[str] | None = None,
) -> str:
    """Why `after` may not replace the deck (a phrase), or '' when it may; `old()`: the
    deck as its dialect parses it (asked only for what the card reader cannot tell); `deck`:
    its lines, when given the card reader reads again only the changed statements where
    that is the same as reading the whole deck again (`_hunks_read_alone`)."""
    if deck is not None and _hunks_read_alone(after, proposal, deck):
        read_errors: list[Diagnostic] = []  # the deck's reading had none, nor has any hunk
    else:
        read = read_assembler(after)
        why = _same_reading(proposal, read)
        if why:
            return why
        read_errors = _errors(read.diagnostics)
    before = old()
    clean = not _errors(before.diagnostics) and not read_errors
    if not proposal.repaired and clean:
        # the same logical statements, read by the same reader, parse the same: the parse
        # of `after` would repeat that of the deck
        return ""
    spec = dialects.get(before.dialect)
    alone = _only(after, proposal) if clean and not before.macros else None
    if alone is not None and all(s.kind == "statement" for s in before.statements):
        # Only the statements whose fault was undone read otherwise: they are parsed alone
        # (the deck's other cards blank, so that the lines stay), which a deck without macros
        # and conditional assembly parses as it parses them in the deck.
        new = spec.parse(alone)
        for d in _errors(new.diagnostics):
            return f"it does not parse (line {d.span.line}: {d.message})"
        undone = [s for s in before.statements if s.span.line in proposal.repaired]
        return _same_statements(undone, new.statements, proposal, (), new.macros)
    new = spec.parse(after)
    for d in _errors(new.diagnostics):
        return f"it does not parse (line {d.span.line}: {d.message})"
    return _same_statements(before.statements, new.statements, proposal, before.macros, new.macros)


def _hunks_read_alone(after: SourceFile, proposal: Proposal, deck: Sequence[str]) -> bool:
    """Whether the formatted deck reads as the deck (`deck`: its lines) did, found by reading
    only the changed statements' cards, each hunk alone (False: the whole deck must be read
    again).

    The card reader is lexical: a statement's reading depends on its own cards, the reader's
    state where it starts and, only when its last card asks for more operands without a mark
    in column 72, the card after it (a mark standing elsewhere, and then the whole deck's
    marks). So where the deck's reading found nothing to say (every statement ended on its
    last card, no mark stood outside column 72, nothing ran past column 71, no layout fault
    was undone), the deck needs no cleaning, and no statement of the deck or of a hunk ends
    asking for more (a comma, an expression in parentheses that may hold blanks, text in
    column 71), each hunk starts where the reader starts afresh, the cards outside the hunks
    read as the deck's own, and a hunk read alone to one statement as meant, with nothing
    the reader reports, is what the whole deck's reading would find there. The hunks are
    read in one reading, one after the other: each ends its statement on its last card, so
    the next starts afresh as it would alone; each must start a statement of its own."""
    if proposal.read.diagnostics or proposal.repaired or needs_cleaning(after.text):
        return False
    spans = {s.first: s for s in proposal.statements}
    units = {u.line: u for u in proposal.read.units}
    for u in proposal.read.units:
        last = max([u.end_line, *(r.line for r in u.remarks)])
        if last > len(deck) or _asks_for_more(u.text, deck[last - 1]):
            return False
        if u.line in spans and spans[u.line].last != last:
            return False
    cards: list[str] = []  # the hunks' cards one after the other: each read as if alone
    starts: list[int] = []
    meant: list[Statement_] = []
    for h in proposal.hunks:
        s = spans.get(h.first)
        if s is None or s.last != h.last or not h.lines or h.first not in units:
            return False  # a deck numbered again (one hunk), or no statement's own cards
        if _asks_for_more(s.text, h.lines[-1]):
            return False
        starts.append(len(cards) + 1)
        cards.extend(h.lines)
        meant.append(s)
    got = read_assembler(SourceFile.from_text(after.path, "\n".join(cards) + "\n"))
    if got.diagnostics or got.comments or [u.line for u in got.units] != starts:
        return False
    for u, s in zip(got.units, meant, strict=True):
        remarks = " ".join(n.text for n in s.remarks)
        if u.text != s.text or _words(_joined(u.remarks)) != _words(remarks):
            return False
    return True


def _asks_for_more(text: str, last_card: str) -> bool:
    """Whether a statement (its logical text, its last card) may end asking the reader for
    more operands: its operands end with a comma, its operation's operands may hold blanks
    in parentheses, or its last card has text in column 71 or 72."""
    op = text.split(" ", 2)[1] if text.count(" ") >= 1 else ""
    return (
        text.endswith(",")
        or op.upper() in BLANKS_IN_PARENS
        or bool(last_card[TEXT_END - 1 : CONT_COL].strip())
    )


def _only(after: SourceFile, proposal: Proposal) -> SourceFile | None:
    """The formatted deck with only the cards of the statements whose fault was undone (the
    others blank lines, which the reader skips); None when a hunk is not one statement's
    cards (a deck numbered again is one hunk)."""
    cards = {(s.first, s.last) for s in proposal.statements}
    if any((h.first, h.last) not in cards for h in proposal.hunks):
        return None
    lines = after.lines
    kept = [""] * len(lines)
    shift = 0  # lines the hunks before added (or removed)
    for h in proposal.hunks:
        if h.first in proposal.repaired:
            at = h.first - 1 + shift
            kept[at : at + len(h.lines)] = lines[at : at + len(h.lines)]
        shift += len(h.lines) - (h.last - h.first + 1)
    return SourceFile.from_text(after.path, "\n".join(kept) + "\n")


def _errors(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The reading and parsing problems that are not mere information."""
    return [d for d in diagnostics if d.code == "PRS001" and d.severity is not Severity.INFO]


def _same_reading(proposal: Proposal, after: ReadResult) -> str:
    by_line = {s.first: s for s in proposal.statements}
    before = proposal.read
    if len(before.units) != len(after.units):
        return (
            f"the card reader would find {len(after.units)} statements in it instead of "
            f"{len(before.units)}"
        )
    for u, v in zip(before.units, after.units, strict=True):
        s = by_line.get(u.line)
        meant = s.text if s is not None else u.text
        if v.text != meant:
            return f"the statement at line {u.line} would read differently"
        old_remarks = " ".join(n.text for n in s.remarks) if s else _joined(u.remarks)
        if _words(old_remarks) != _words(_joined(v.remarks)):
            return f"the remarks of the statement at line {u.line} would change"
    if [c.text for c in before.comments] != [c.text for c in after.comments]:
        return "its comment cards would change"
    return ""


def _joined(remarks: Sequence[object]) -> str:
    return " ".join(getattr(r, "text", "") for r in remarks)


def _words(text: str) -> list[str]:
    """The words of remarks: what blanks separate (a no-break space is a character of a
    word: `str.split` would take it for a blank, and miss its loss)."""
    return [w for w in text.split(" ") if w]


def _read_by_cards(parsed: ReadResult, cards: ReadResult) -> bool:
    """Whether the dialect's reading is the card reader's (the same statements, each mapped
    to the same columns)."""
    if len(parsed.units) != len(cards.units):
        return False
    return all(
        a.kind == b.kind
        and a.text == b.text
        and (a.smap.starts, a.smap.lines, a.smap.cols) == (b.smap.starts, b.smap.lines, b.smap.cols)
        for a, b in zip(parsed.units, cards.units, strict=True)
    )


def _key(st: Statement, full: bool) -> tuple[object, ...]:
    head = (st.kind, st.label, st.op)
    if not full:
        return head
    return (*head, tuple((o.name, o.value.kind, o.value.text) for o in st.operands))


def _same_statements(
    old: Sequence[Statement],
    new: Sequence[Statement],
    proposal: Proposal,
    old_macros: Sequence[tuple[str, object]],
    new_macros: Sequence[tuple[str, object]],
) -> str:
    if [m for m, _ in old_macros] != [m for m, _ in new_macros]:
        return "its macro definitions would read differently"
    if len(old) != len(new):
        return f"it would parse to {len(new)} statements instead of {len(old)}"
    for a, b in zip(old, new, strict=True):
        full = a.span.line not in proposal.repaired
        if _key(a, full) != _key(b, full):
            return f"the statement at line {a.span.line} would parse differently"
    return ""
