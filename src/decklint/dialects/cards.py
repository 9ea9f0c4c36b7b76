"""The 80-column card reader shared by VTAM, NCP (assembler-macro decks) and start lists.

Conventions implemented (z/OS CS SNA Resource Definition Reference, "Coding continuation
lines" and "Comments"; seed 000 quotes decks in this layout):

* columns 1-71 hold text, a non-blank column 72 continues the statement, columns 73-80
  (and anything beyond, in records longer than 80) are sequence data and never read;
* a continuation card leaves columns 1-15 blank and resumes exactly in column 16; text that
  starts in column 17 or later is remarks (VTAM ignores it), and we say so;
* the operand field ends at the first blank outside quotes; what follows is a remark, on the
  first card and on continuation cards alike;
* an operand split at column 71 is joined verbatim with the column-16 text of the next card
  (``PRIPROT=X'7`` + ``1'`` is ``PRIPROT=X'71'``), and so is a quoted string;
* ``*`` in column 1 and ``.*`` are comments, ``./`` cards are IEBUPDTE control statements;
* tabs are expanded to 8-column stops to find columns, spans still point at the real text.

The logical text of a statement is ``label op operands`` with single blanks between the fields;
the SourceMap maps every character of each field back to its physical line and column.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from decklint.findings import Severity
from decklint.ir import Diagnostic, LogicalUnit, ReadResult, Remark
from decklint.source import SourceFile, SourceMap, Span

TEXT_END = 71  # last text column
CONT_COL = 72  # continuation column (1-based)
RESUME_COL = 16

# Statements whose operand field, if it is not a lone comma, is really a remark.
NO_OPERAND_OPS = frozenset({"GENEND", "MODEEND", "EJECT", "MEND", "MACRO", "LTORG", "MODETAB"})


_NAME = re.compile(r"[A-Za-z@#$][A-Za-z0-9@#$]{0,7}")


class _Card:
    """One physical line seen through the card layout."""

    __slots__ = ("cont", "line", "map", "raw", "shift", "text")

    def __init__(self, line: int, raw: str, shift: int = 0) -> None:
        self.line = line
        self.raw = raw
        # A deck shifted right: the card starts `shift` columns in (see `shifted_by`).
        self.shift = shift if shift and "\t" not in raw and not raw[:shift].strip() else 0
        self.map: list[int] | None = None
        if self.shift:
            full = raw[self.shift :]
        elif "\t" in raw:
            exp: list[str] = []
            cmap: list[int] = []
            for i, ch in enumerate(raw):
                if ch == "\t":
                    n = 8 - len(exp) % 8
                    exp.extend(" " * n)
                    cmap.extend([i] * n)
                else:
                    exp.append(ch)
                    cmap.append(i)
            full = "".join(exp)
            self.map = cmap
        else:
            full = raw
        self.text = full[:TEXT_END]
        c = full[TEXT_END : TEXT_END + 1]
        self.cont = bool(c.strip())

    def col(self, index: int) -> int:
        """1-based physical column of expanded index `index`."""
        if self.map is None:
            return index + 1 + self.shift
        if index < len(self.map):
            return self.map[index] + 1
        return len(self.raw) + 1


# Conditional-assembly instructions whose operands are expressions that may hold blanks
# inside parentheses: `AIF ('&X' EQ 'YES').OUT` (HLASM Language Reference, "Logical (SETB)
# expressions": blanks separate the operators of a logical expression in parentheses).
BLANKS_IN_PARENS = frozenset(
    {"AIF", "AIFB", "SETA", "SETB", "SETC", "SETAF", "SETCF", "AGO", "AGOB", "ACTR", "AREAD"}
)
# Attribute references: one of these letters and a quote before a symbol or a variable symbol
# (L'FIELD, T'&SYSLIST(0), K'&X) are no quoted string (HLASM Language Reference, "Data
# attributes").
_ATTRIBUTES = frozenset("LTKNISDOltknisdo")


def is_attribute_quote(text: str, i: int) -> bool:
    """Whether the quote at `i` is that of an attribute reference."""
    if i < 1 or text[i - 1] not in _ATTRIBUTES or i + 1 >= len(text):
        return False
    if i >= 2 and (text[i - 2].isalnum() or text[i - 2] in "@#$_&'"):
        return False  # part of a longer word: BT'..., or a quoted string's end
    nxt = text[i + 1]
    return nxt == "&" or nxt.isalpha() or nxt in "@#$_"


def _field_end(text: str, start: int, in_quote: bool, depth: int = -1) -> tuple[int, bool, int]:
    """End of the operand field starting at `start`: the first blank outside quotes (and,
    when `depth` is not -1, outside parentheses: `BLANKS_IN_PARENS`). Returns the end, whether
    a quote is still open, and the parenthesis depth reached (-1 when not counted)."""
    i = start
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "'":
            if in_quote or not is_attribute_quote(text, i):
                in_quote = not in_quote
        elif in_quote:
            pass
        elif ch == " ":
            if depth <= 0:
                break
        elif depth >= 0 and ch == "(":
            depth += 1
        elif depth > 0 and ch == ")":
            depth -= 1
        i += 1
    return i, in_quote, depth


def _skip_blanks(text: str, i: int) -> int:
    n = len(text)
    while i < n and text[i] == " ":
        i += 1
    return i


class _Builder:
    __slots__ = (
        "depth",
        "expect_operands",
        "in_quote",
        "last_card",
        "parts",
        "remarks",
        "start_line",
    )

    def __init__(self, start_line: int) -> None:
        self.start_line = start_line
        self.parts: list[tuple[str, int, int]] = []  # (text, line, col) or ("", 0, 0) = blank
        self.remarks: list[Remark] = []
        self.expect_operands = False
        self.in_quote = False
        self.depth = -1  # parentheses open in a `BLANKS_IN_PARENS` operand; -1: not counted
        self.last_card: _Card | None = None

    def add(self, card: _Card, start: int, end: int) -> None:
        if end > start:
            self.parts.append((card.text[start:end], card.line, card.col(start)))

    def sep(self) -> None:
        self.parts.append((" ", 0, 0))

    def remark(self, card: _Card, start: int) -> None:
        i = _skip_blanks(card.text, start)
        if i < len(card.text):
            self.remarks.append(Remark(card.line, card.col(i), card.text[i:].rstrip()))

    def unit(self) -> LogicalUnit:
        sm = SourceMap()
        chunks: list[str] = []
        off = 0
        for text, line, col in self.parts:
            if line:
                sm.add(off, line, col, len(text))
            chunks.append(text)
            off += len(text)
        return LogicalUnit("".join(chunks), sm, self.start_line, "statement", self.remarks)


def shifted_by(src: SourceFile, operations: Collection[str]) -> tuple[int, int]:
    """(columns, first line) when a deck was shifted right, else (0, 0).

    In a shifted deck the name field starts a few columns in, so a label is read as the
    operation and the operation as an operand: statements whose first word is no operation
    but whose second one is, and no name in column 1 anywhere."""
    leads: list[int] = []
    first = 0
    for lineno, raw in enumerate(src.lines[:400], 1):
        text = raw[:TEXT_END]
        if not text.strip() or text.lstrip().startswith(("*", ".*", "./")):
            continue
        if not text[0].isspace():
            return 0, 0  # a name in column 1: the deck has its layout
        words = text.split()
        lead = len(text) - len(text.lstrip(" "))
        if (
            len(words) >= 2
            and lead <= 8
            and words[0].upper() not in operations
            and words[1].upper() in operations
            and _NAME.fullmatch(words[0])
        ):
            leads.append(lead)
            first = first or lineno
    if len(leads) < 2:
        return 0, 0
    return min(leads), first


def shifted_deck(columns: int, line: int) -> Diagnostic:
    return Diagnostic(
        "PRS001",
        Span(line, 1, line, 1 + columns),
        f"the deck is shifted {columns} column{'s' if columns > 1 else ''} to the right: "
        "the name field starts in column 1, so the assembler reads each name as the "
        "operation; it was read as if shifted back",
    )


def read_assembler(src: SourceFile, shift: int = 0) -> ReadResult:
    """Split an assembler-macro deck into logical statements (`shift`: columns a shifted
    deck starts in, see `shifted_by`)."""
    out = ReadResult()
    cur: _Builder | None = None
    comment_cont = False

    def finish() -> None:
        nonlocal cur
        if cur is not None and cur.parts:
            out.units.append(cur.unit())
        cur = None

    for lineno, raw in enumerate(src.lines, 1):
        card = _Card(lineno, raw, shift)
        text = card.text
        _past_column_71(card, out)
        if comment_cont:
            out.comments.append(Remark(lineno, 1, text.rstrip()))
            comment_cont = _comment_continues(card)
            continue
        if cur is not None:
            _continuation(cur, card, out)
            if cur.last_card is None:  # the card was not a continuation after all
                finish()
            elif not card.cont:
                _end_statement(cur, out)
                finish()
                continue
            else:
                continue
        if not text.strip():
            continue
        if text.startswith("*") or text.startswith(".*"):
            out.comments.append(Remark(lineno, 1, text.rstrip()))
            comment_cont = _comment_continues(card)
            continue
        if text.startswith("./"):
            continue
        cur = _start(card, out)
        if not card.cont:
            _end_statement(cur, out)
            finish()
    if cur is not None:
        last = cur.last_card
        line = last.line if last else cur.start_line
        if not any(d.span.line == line for d in out.diagnostics):
            out.diagnostics.append(
                Diagnostic(
                    "PRS001",
                    Span.point(line, CONT_COL),
                    "the deck ends while column 72 announced a continuation card",
                )
            )
        finish()
    return out


_OPERAND_CHARS = frozenset("=,()'")


def _past_column_71(card: _Card, out: ReadResult) -> None:
    """Warn when operands run on past column 71 (a PC editor, not a sequence number).

    Columns 73-80 are never read; when they hold operand syntax, and column 71 runs straight
    into column 72, the statement was typed past the card and its end is lost.
    """
    raw = card.raw
    if len(raw) <= TEXT_END + 1 or card.map is not None:
        return
    tail = raw[TEXT_END + 1 : TEXT_END + 9]
    if raw[TEXT_END - 1] != " " and raw[TEXT_END] != " " and _OPERAND_CHARS & set(tail):
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                Span(card.line, CONT_COL, card.line, len(raw) + 1),
                "text runs past column 71: column 72 is read as a continuation mark and "
                "columns 73-80 are ignored, so the end of these operands is lost",
                Severity.WARNING,
            )
        )


def _comment_continues(card: _Card) -> bool:
    """A comment card continues only when its column-72 mark stands apart from the text.

    Comment lines typed on a PC often run past column 71; a character in column 72 that
    merely continues the words (column 71 not blank) is not a continuation mark.
    """
    return card.cont and card.text[TEXT_END - 1 : TEXT_END] in ("", " ")


def _start(card: _Card, out: ReadResult) -> _Builder:
    text = card.text
    b = _Builder(card.line)
    b.last_card = card
    i = 0
    if text[0] != " ":
        j = text.find(" ")
        j = len(text) if j < 0 else j
        b.add(card, 0, j)
        i = j
    i = _skip_blanks(text, i)
    j = text.find(" ", i)
    j = len(text) if j < 0 else j
    op = text[i:j].upper()
    b.sep()
    b.add(card, i, j)
    k = _skip_blanks(text, j)
    if k >= len(text):
        b.expect_operands = card.cont and op not in NO_OPERAND_OPS
        return b
    if op in NO_OPERAND_OPS and not text.startswith(",", k):
        b.remark(card, k)
        return b
    end, b.in_quote, b.depth = _field_end(text, k, False, 0 if op in BLANKS_IN_PARENS else -1)
    b.sep()
    b.add(card, k, end)
    b.remark(card, end)
    b.expect_operands = end >= TEXT_END or text[k:end].endswith(",") or b.in_quote or b.depth > 0
    field = text[k:end]
    if not card.cont and field.endswith(",") and field != "," and not b.in_quote:
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                Span(card.line, card.col(end - 1), card.line, card.col(end - 1) + 1),
                "the operands end with a comma but column 72 is blank: a continuation "
                "character in column 72 was expected",
            )
        )
    return b


def _continuation(b: _Builder, card: _Card, out: ReadResult) -> None:
    """Add a card that follows one with a non-blank column 72."""
    text = card.text
    head = text[: RESUME_COL - 1]
    if head.strip():
        first = len(head) - len(head.lstrip())
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                Span(card.line, card.col(first), card.line, card.col(first) + 1),
                f"continuation card expected (line {card.line - 1} has a continuation "
                "character in column 72), but columns 1-15 are not blank; a new statement "
                "starts here",
            )
        )
        b.last_card = None
        return
    b.last_card = card
    if not b.expect_operands:
        b.remark(card, 0)
        return
    if len(text) < RESUME_COL or text[RESUME_COL - 1] == " ":
        k = _skip_blanks(text, 0)
        if k < len(text):
            out.diagnostics.append(
                Diagnostic(
                    "PRS001",
                    Span(card.line, card.col(k), card.line, card.col(k) + 1),
                    f"continued operands must resume in column 16, not column {card.col(k)}; "
                    "VTAM and NCP read this card as remarks",
                    Severity.WARNING,
                )
            )
            b.remark(card, k)
        return
    start = RESUME_COL - 1
    end, b.in_quote, b.depth = _field_end(text, start, b.in_quote, b.depth)
    b.add(card, start, end)
    b.remark(card, end)
    piece = text[start:end]
    b.expect_operands = end >= TEXT_END or piece.endswith(",") or b.in_quote or b.depth > 0


def _end_statement(b: _Builder, out: ReadResult) -> None:
    if b.in_quote and b.last_card is not None:
        c = b.last_card
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                Span(c.line, 1, c.line, len(c.text.rstrip()) + 1),
                "a quoted value is not closed before the statement ends",
            )
        )


# --------------------------------------------------------------------------- start lists


def read_option_list(src: SourceFile) -> ReadResult:
    """Split a VTAM start or configuration list (ATCSTRxx, ATCCONxx) into items.

    Each record holds items separated by commas, starting in any column; the first blank
    outside quotes ends the data and starts a remark; column 72 is optional and ignored; an
    item is split across records only where its data runs through column 71.
    """
    out = ReadResult()
    pending: list[tuple[str, int, int]] = []
    pending_line = 0
    # Where the list ended: the last item of a record that has no comma after it. VTAM reads
    # no further, so an item after it is never seen (SNA Resource Definition Reference, "Start
    # option list" and "Configuration list": a comma follows every entry but the last).
    ended: tuple[int, int, str] | None = None
    ignored = 0

    def flush() -> None:
        nonlocal pending
        if pending:
            sm = SourceMap()
            off = 0
            for t, ln, c in pending:
                sm.add(off, ln, c, len(t))
                off += len(t)
            out.units.append(
                LogicalUnit("".join(t for t, _, _ in pending), sm, pending_line, "item")
            )
        pending = []

    for lineno, raw in enumerate(src.lines, 1):
        card = _Card(lineno, raw)
        text = card.text
        if not text.strip():
            continue
        if text.startswith("*") or text.startswith("./"):
            out.comments.append(Remark(lineno, 1, text.rstrip()))
            continue
        k = _skip_blanks(text, 0)
        end, _in_quote, _depth = _field_end(text, k, False)
        if ended is not None and end > k:
            ignored += 1
            if ignored == 1:
                out.diagnostics.append(_list_ended(ended, lineno, card.col(k)))
        rest = _skip_blanks(text, end)
        if rest < len(text):
            out.comments.append(Remark(lineno, card.col(rest), text[rest:].rstrip()))
        depth = 0
        q = False
        item_start = k
        for i in range(k, end):
            ch = text[i]
            if ch == "'":
                q = not q
            elif q:
                continue
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif ch == "," and depth <= 0:
                if not pending:
                    pending_line = lineno
                if i > item_start:
                    pending.append((text[item_start:i], lineno, card.col(item_start)))
                flush()
                item_start = i + 1
        if end > item_start:
            if not pending:
                pending_line = lineno
            pending.append((text[item_start:end], lineno, card.col(item_start)))
        if end < TEXT_END or text[k:end].endswith(","):
            flush()
        if end > k and end < TEXT_END and not text[k:end].endswith(",") and ended is None:
            ended = (lineno, card.col(end), text[item_start:end])
    flush()
    return out


def _list_ended(ended: tuple[int, int, str], line: int, col: int) -> Diagnostic:
    """The entry after a list's end: the one before it has no comma, so VTAM stops there."""
    at, end_col, item = ended
    return Diagnostic(
        "PRS001",
        Span(line, col, line, col),
        f"VTAM stops reading this list after {item} (line {at}), which has no comma after "
        f"it: this entry and those below it are ignored; put a comma after {item} at "
        f"column {end_col}",
        Severity.WARNING,
    )
