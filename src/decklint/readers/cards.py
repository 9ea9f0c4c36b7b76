"""The 80-column card reader shared by VTAM, NCP (assembler-macro decks) and start lists.

Conventions implemented (z/OS CS SNA Resource Definition Reference, "Coding continuation
lines" and "Comments"; "Getting the most from APPC" quotes decks in this layout):

* columns 1-71 hold text, a non-blank column 72 continues the statement, columns 73-80
  (and anything beyond, in records longer than 80) are sequence data and never read;
* a continuation card leaves columns 1-15 blank and resumes exactly in column 16; text that
  starts in column 17 or later is remarks (VTAM ignores it), and we say so;
* the operand field ends at the first blank outside quotes; what follows is a remark, on the
  first card and on continuation cards alike;
* an operand split at column 71 is joined verbatim with the column-16 text of the next card
  (``PRIPROT=X'7`` + ``1'`` is ``PRIPROT=X'71'``), and so is a quoted string;
* ``*`` in column 1 and ``.*`` are comments, ``./`` cards are IEBUPDTE control statements;
* tabs are expanded to 8-column stops to find columns, spans still point at the real text;
* a deck damaged on its way from a web page, a PDF or an editor (indented, with markup or
  Unicode blanks, with its marks outside column 72) is read as it was meant and each kind of
  damage reported once (`damage.py`).

The logical text of a statement is ``label op operands`` with single blanks between the fields;
the SourceMap maps every character of each field back to its physical line and column.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence
from itertools import count

from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, LogicalUnit, ReadResult, Remark
from decklint.core.source import SourceFile, SourceMap, Span
from decklint.readers import skips
from decklint.readers.damage import (
    Indent,
    Scrub,
    clean,
    damage_pattern,
    indentation,
    indented_deck,
    indented_name,
    lone_mark,
    needs_cleaning,
    pushed_mark,
    reflowed_deck,
)

TEXT_END = 71  # last text column
CONT_COL = 72  # continuation column (1-based)
RESUME_COL = 16
_CARD = 80  # columns of a card

# Statements whose operand field, if it is not a lone comma, is really a remark.
NO_OPERAND_OPS = frozenset({"GENEND", "MODEEND", "EJECT", "MEND", "MACRO", "LTORG", "MODETAB"})


class _Card:
    """One physical line (or the piece of one a `<br>` ends) seen through the card layout."""

    __slots__ = ("cont", "full", "line", "map", "raw", "shift", "text")
    width = TEXT_END  # text columns: the continuation mark is in column width + 1

    def __init__(self, line: int, raw: str, shift: int = 0) -> None:
        self.line = line
        self.raw = raw
        # A deck shifted right: the card starts `shift` columns in (see `shifted_by`).
        self.shift = shift if shift and "\t" not in raw and not raw[:shift].strip() else 0
        self.map: list[int] | None = None
        if self.shift:
            full = raw[self.shift :]
        elif "\t" in raw:
            full, self.map = _expand(raw, range(len(raw)))
        else:
            full = raw
        self.full = full
        self.text = full[:TEXT_END]
        self.cont = bool(full[TEXT_END:CONT_COL].strip())

    @classmethod
    def seen(cls, line: int, raw: str, text: str, index: list[int] | None, cut: int) -> _Card:
        """A card read from `text` (the line cleaned of markup, `index` mapping each of its
        characters to `raw`) after the first `cut` characters of a page's indentation."""
        card = cls.__new__(cls)
        card.line = line
        card.raw = raw
        card.shift = 0
        idx = index[cut:] if index is not None else range(cut, len(text))
        full, card.map = _expand(text[cut:], idx)
        card.full = full
        card.text = full[:TEXT_END]
        card.cont = bool(full[TEXT_END:CONT_COL].strip())
        return card

    def col(self, index: int) -> int:
        """1-based physical column of expanded index `index`."""
        if self.map is None:
            return index + 1 + self.shift
        if index < len(self.map):
            return self.map[index] + 1
        return self.map[-1] + 2 if self.map else len(self.raw) + 1


class _FlowCard(_Card):
    """A card of a re-flowed deck, whose marks stand alone in another column."""

    __slots__ = ("width",)

    def framed(self, width: int) -> _FlowCard:
        """The card with its text in columns 1-`width` and its mark in the next one."""
        self.width = width
        self.text = self.full[:width]
        self.cont = bool(self.full[width : width + 1].strip())
        self.cont = self.cont and lone_mark(self.full, 0) == width + 1
        return self


def _expand(text: str, index: range | list[int]) -> tuple[str, list[int]]:
    """`text` with tabs expanded to 8-column stops, and the raw index of each column."""
    if "\t" not in text:
        return text, list(index)
    exp: list[str] = []
    cmap: list[int] = []
    for ch, i in zip(text, index, strict=True):
        if ch == "\t":
            n = 8 - len(exp) % 8
            exp.extend(" " * n)
            cmap.extend([i] * n)
        else:
            exp.append(ch)
            cmap.append(i)
    return "".join(exp), cmap


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
    if not in_quote and depth < 0:  # the first blank ends most fields
        j = text.find(" ", start)
        if j < 0:
            j = len(text)
        quotes = text.count("'", start, j)
        # no quote (most fields), or quotes that pair up before it (X'13'): an even count,
        # none after an attribute's letter, so that each opens or closes a string
        if not quotes or (
            quotes % 2 == 0 and not _ATTRIBUTE_QUOTE.search(text, max(start - 1, 0), j)
        ):
            return j, False, -1
    return _walk_field(text, start, in_quote, depth)


def _walk_field(text: str, start: int, in_quote: bool, depth: int) -> tuple[int, bool, int]:
    """`_field_end` character by character: the quotes, blanks and parentheses in turn."""
    for m in _FIELD_CHARS.finditer(text, start):
        i = m.start()
        ch = text[i]
        if ch == "'":
            if in_quote or not is_attribute_quote(text, i):
                in_quote = not in_quote
        elif in_quote:
            pass
        elif ch == " ":
            if depth <= 0:
                return i, in_quote, depth
        elif depth >= 0 and ch == "(":
            depth += 1
        elif depth > 0 and ch == ")":
            depth -= 1
    return len(text), in_quote, depth


_FIELD_CHARS = re.compile(r"[' ()]")
# A quote that may be an attribute reference's (`is_attribute_quote`): one after its letter.
_ATTRIBUTE_QUOTE = re.compile(r"[LTKNISDOltknisdo]'")


_BLANKS = re.compile(r" *")


def _skip_blanks(text: str, i: int) -> int:
    m = _BLANKS.match(text, i)
    return m.end() if m is not None else i


class _Builder:
    __slots__ = (
        "cols",
        "comma",
        "depth",
        "expect_operands",
        "in_quote",
        "last_card",
        "lengths",
        "lines",
        "off",
        "operand_sep",
        "remarks",
        "start_line",
        "starts",
        "texts",
    )

    def __init__(self, start_line: int) -> None:
        self.start_line = start_line
        # the logical text in pieces, and its map as it grows: each piece of a card is a
        # segment (its offset, line, column and length); a separator maps to no column
        self.texts: list[str] = []
        self.off = 0
        self.starts: list[int] = []
        self.lines: list[int] = []
        self.cols: list[int] = []
        self.lengths: list[int] = []
        self.remarks: list[Remark] = []
        self.expect_operands = False
        self.in_quote = False
        self.depth = -1  # parentheses open in a `BLANKS_IN_PARENS` operand; -1: not counted
        self.last_card: _Card | None = None
        self.comma = 0  # the column of a comma that ends the first card's operands
        # the first card ended after the operation: a blank goes before the operands a
        # continuation card brings (the field separator the first card's blanks were)
        self.operand_sep = False

    def add(self, card: _Card, start: int, end: int) -> None:
        if end > start:
            col = start + 1 + card.shift if card.map is None else card.col(start)
            self.piece(card.text[start:end], card.line, col)

    def piece(self, text: str, line: int, col: int) -> None:
        """A piece of a card (never empty), from `col` of `line`."""
        n = len(text)
        self.texts.append(text)
        self.starts.append(self.off)
        self.lines.append(line)
        self.cols.append(col)
        self.lengths.append(n)
        self.off += n

    def sep(self) -> None:
        self.texts.append(" ")
        self.off += 1

    def remark(self, card: _Card, start: int) -> None:
        rest = card.text[start:]
        words = rest.lstrip(" ")
        if words:  # most cards have none: blanks up to the mark
            i = start + len(rest) - len(words)
            # only blanks end it: a no-break space the remark ends in is one of its characters
            self.remarks.append(Remark(card.line, card.col(i), words.rstrip(" ")))

    def unit(self) -> LogicalUnit:
        sm = SourceMap(self.starts, self.lines, self.cols, self.lengths)
        return LogicalUnit("".join(self.texts), sm, self.start_line, "statement", self.remarks)


def shifted_by(src: SourceFile, operations: Collection[str]) -> tuple[Indent, int]:
    """How a deck is indented, and the first line that shows it.

    The `Indent` is true when the deck as a whole is indented by a page layout (its named
    statements start a few columns in, so each name would be read as the operation); given
    to `read_assembler`, it also lets the reader find single named statements pushed right.
    See `damage.indentation`."""
    return indentation(src, operations)


def shifted_deck(indent: Indent | int, line: int) -> Diagnostic:
    """The one finding of an indented deck."""
    return indented_deck(_as_indent(indent), line)


def _as_indent(shift: Indent | int) -> Indent:
    if isinstance(shift, Indent):
        return shift
    return Indent(prefixes=(" " * shift,), deck=True) if shift > 0 else _PLAIN


_PLAIN = Indent()


def read_assembler(src: SourceFile, shift: Indent | int = 0) -> ReadResult:
    """Split an assembler-macro deck into logical statements.

    `shift` is how the deck is indented (see `shifted_by`; a number: the columns every line
    was shifted right). A deck damaged on its way from a page or an editor (`damage.py`) is
    read as it was meant, each kind of damage reported once."""
    indent = _as_indent(shift)
    dirty = skips.ALWAYS or needs_cleaning(src.text)
    out, marks, scrub = _read(src, indent, dirty, CONT_COL)
    mark = CONT_COL
    if marks or skips.ALWAYS:  # a mark outside column 72: pushed by an edit, or a re-flowed deck
        census = _mark_census(src, indent, dirty)
        proper = census.pop(CONT_COL, [])
        column, places = max(census.items(), key=lambda cp: len(cp[1]), default=(0, []))
        if len(places) > 1 and len(places) > len(proper):
            out, marks, scrub = _read(src, indent, dirty, column)
            out.diagnostics.append(reflowed_deck(column, places))
            mark = column
    for line, at, c, taken in marks:
        if taken and c not in (mark, CONT_COL):  # (column 72 is right, re-flowed or not)
            out.diagnostics.append(pushed_mark(line, at, c))
    if scrub.markup or scrub.blanks:
        out.diagnostics.extend(scrub.findings(_fields(out)))
    return out


def _fields(out: ReadResult) -> dict[int, tuple[int, int]]:
    """Line -> the first and the end column of the statement fields read on it."""
    fields: dict[int, tuple[int, int]] = {}
    for u in out.units:
        sm = u.smap
        for line, col, n in zip(sm.lines, sm.cols, sm.lengths, strict=True):
            lo, hi = fields.get(line, (col, col + n))
            fields[line] = (min(lo, col), max(hi, col + n))
    return fields


def _mark_census(src: SourceFile, indent: Indent, dirty: bool) -> dict[int, list[tuple[int, int]]]:
    """Where a deck's continuation marks stand: card column -> (line, physical column) of
    each. A card counts in column 72 when that column is not blank (as written, or else once
    cleaned of markup, as `_as_written` reads it); in another column when a mark stands alone
    there (`lone_mark`) and a continuation card follows."""
    lines = src.lines
    prefixes = (*indent.prefixes, "")
    scrub = Scrub()
    census: dict[int, list[tuple[int, int]]] = {}
    for lineno in range(1, len(lines) + 1):
        raw = lines[lineno - 1]
        text, index = clean(raw, lineno, scrub)[-1] if dirty else (raw, None)
        at = _marked_as_written(raw, prefixes) if text != raw and "\t" not in raw else 0
        if at:
            census.setdefault(CONT_COL, []).append((lineno, at))
            continue
        for p in dict.fromkeys(prefixes):
            if not text.startswith(p):
                continue
            c = len(p)
            card = (
                _Card(lineno, raw, c)
                if index is None and "\t" not in text
                else _Card.seen(lineno, raw, text, index, c)
            )
            if card.cont:
                census.setdefault(CONT_COL, []).append((lineno, card.col(TEXT_END)))
                break
            col = lone_mark(card.full, CONT_COL)
            if col and lineno < len(lines) and _resumes(lines[lineno], (p, *prefixes)):
                census.setdefault(col, []).append((lineno, card.col(col - 1)))
                break
    return census


def _marked_as_written(raw: str, prefixes: tuple[str, ...]) -> int:
    """The physical column of the mark a card holding markup has in column 72 as written,
    once one of the indentations is cut (not blank, not part of the markup, standing apart
    from the text before it); 0 when it has none."""
    for p in dict.fromkeys(prefixes):
        if raw.startswith(p):
            at = len(p) + TEXT_END
            if raw[at : at + 1].strip() and not raw[at - 1].strip() and not _in_markup(raw, at):
                return at + 1
    return 0


def _read(
    src: SourceFile, indent: Indent, dirty: bool, mark: int
) -> tuple[ReadResult, list[tuple[int, int, int, bool]], Scrub]:
    """One reading of the deck with its continuation marks in column `mark`: the result,
    the marks found standing alone in another column at the end of a card that should be
    continued ((line, physical column, card column, whether it was taken as the mark: see
    `_mark_elsewhere`), and what cleaning found."""
    out = ReadResult()
    cur: _Builder | None = None
    comment_cont = False
    marks: list[tuple[int, int, int, bool]] = []
    scrub = Scrub()
    lines = src.lines
    width = mark - 1

    def finish() -> None:
        nonlocal cur
        if cur is not None and cur.texts:
            out.units.append(cur.unit())
        cur = None

    def laid_out() -> Iterator[_Card]:
        """The cards of a deck that is indented, holds markup or has moved marks."""
        stmt = ""  # the indentation cut from the first card of the current statement
        for lineno, raw in enumerate(lines, 1):
            plain = not dirty or (
                raw.isascii() and "<" not in raw and "&" not in raw and not skips.ALWAYS
            )
            pieces = [(raw, None)] if plain else clean(raw, lineno, scrub)
            if len(pieces) == 1 and pieces[0][0] == raw:
                pieces = [(raw, None)]  # nothing to clean: the card as written (an `&` symbol)
            for text, index in pieces:
                if cur is not None or comment_cont:
                    cut = indent.named_lead(text) if indent.operations else 0
                    if not cut:
                        cut = _resume_cut(text, (stmt, *indent.prefixes, ""))
                else:
                    after = lines[lineno] if lineno < len(lines) else None
                    cut = _start_cut(text, indent, stmt, after)
                    if cut and not indent.deck and indent.named_lead(text) == cut:
                        at = (index[cut] if index is not None else cut) + 1
                        name = text[cut:].split(None, 1)[0]
                        out.diagnostics.append(indented_name(name, lineno, at))
                    stmt = text[:cut]
                if index is not None and len(pieces) == 1:
                    after = lines[lineno] if lineno < len(lines) else None
                    text, index, moved = _as_written(
                        lineno, raw, text, index, cut, width, cur, comment_cont, after
                    )
                    if moved is not None:
                        scrub.moved.append(moved)
                kind = _Card if mark == CONT_COL else _FlowCard
                if index is None and "\t" not in text:
                    card = kind(lineno, raw, cut)
                else:
                    card = kind.seen(lineno, raw, text, index, cut)
                yield card.framed(width) if isinstance(card, _FlowCard) else card

    if dirty or indent.deck or indent.lines or mark != CONT_COL:
        cards: Iterator[_Card] = laid_out()
    else:
        cards = map(_Card, count(1), lines)

    for card in cards:
        text = card.text
        full = card.full
        if len(full) > CONT_COL and full[TEXT_END - 1] != " " and full[TEXT_END] != " ":
            _past_column_71(card, out)  # columns 71 and 72 and more written: maybe past 71
        if comment_cont:
            out.comments.append(Remark(card.line, card.col(0), text.rstrip()))
            comment_cont = _comment_continues(card)
            continue
        if cur is not None:
            _continuation(cur, card, out)
            if cur.last_card is None:  # the card was not a continuation after all
                finish()
            elif not card.cont:
                if cur.expect_operands and _mark_elsewhere(card, lines, indent, marks, cur):
                    continue
                _end_statement(cur, out)
                finish()
                continue
            else:
                continue
        if not text.strip():
            continue
        if text.startswith("*") or text.startswith(".*"):
            out.comments.append(Remark(card.line, card.col(0), text.rstrip()))
            comment_cont = _comment_continues(card)
            continue
        if text.startswith("./"):
            continue
        cur = _start(card)
        if not card.cont:
            if cur.expect_operands and _mark_elsewhere(card, lines, indent, marks, cur):
                continue
            if cur.comma:
                out.diagnostics.append(_comma_without_mark(card, cur.comma, mark))
            _end_statement(cur, out)
            finish()
    if cur is not None:
        last = cur.last_card
        line = last.line if last else cur.start_line
        if not any(d.span.line == line for d in out.diagnostics):
            out.diagnostics.append(
                Diagnostic(
                    "PRS001",
                    Span.point(line, last.col(last.width) if last else mark),
                    f"the deck ends while column {mark} announced a continuation card",
                )
            )
        finish()
    return out, marks, scrub


def _as_written(
    line: int,
    raw: str,
    text: str,
    index: list[int],
    cut: int,
    width: int,
    cur: _Builder | None,
    comment_cont: bool,
    after: str | None,
) -> tuple[str, list[int], Diagnostic | None]:
    """A card with markup or Unicode blanks (`text`: `raw` cleaned, `index` the raw index of
    each of its characters, `cut` the page's indentation), read in the columns it was
    written in, unless cleaning is what puts it in its columns; and the finding to give when
    markup outside its fields moved its continuation mark (VTAM reads the card as written).

    A page or an editor that wraps an operand in tags either keeps the deck's columns (the
    tags take room in the text, the mark stays in column 72) or pushes what follows them to
    the right. So only the statement fields (name, operation, operands, as the reader would
    read them on this card; nothing on a comment card) are cleaned, and padded to the room
    they took as written, so that the remark, the mark and the sequence field keep their
    columns and their characters (`&amp;` and `<b>` in a remark are the remark's: VTAM
    ignores them there). The card is read cleaned whole instead when cleaning puts a mark in
    the mark column that was not there as written (the tags pushed it right), takes away
    words that ran into it when no continuation card follows (`after`: the next line), or
    when the indentation itself was damaged."""
    if "\t" in raw or (cut and index[cut - 1] != cut - 1):
        return text, index, None
    fields = cut + _fields_on(text[cut:], width, cur, comment_cont)
    end = index[fields] if fields < len(text) else len(raw)
    written = text[:fields].ljust(end) + raw[end:]
    pad = index[fields - 1] if fields else 0
    at = index[:fields] + [pad] * (end - fields) + list(range(end, len(raw)))
    cleaned = text[cut:]
    mine = written[cut:]
    # a mark in the mark column once cleaned: standing apart from the text before it
    mark_cleaned = cleaned[width : width + 1].strip() and not cleaned[width - 1 : width].strip()
    mark_written = mine[width : width + 1].strip()
    fields_clean = text[:fields] == raw[:end]  # the markup is in the remark only
    said = fields_clean and fields > cut  # a statement's card (a comment's runs on as it may)
    if mark_written and _in_markup(raw, cut + width):
        return text, index, None  # markup in the mark column (a <br> ending the line)
    pushed = len(mine.rstrip()) > _CARD or lone_mark(mine, 0) > width + 1
    if mark_cleaned and not mark_written and pushed:  # cleaning puts the mark back
        at_mark = index[cut + width] + 1
        return text, index, _markup_moved_mark(line, raw, at_mark, width + 1) if said else None
    if not (mark_cleaned or mark_written) and lone_mark(cleaned, 0) and not lone_mark(mine, 0):
        return text, index, None  # pushed right by the tags and by an edit: cleaning finds it
    if (
        mark_written
        and not mark_cleaned
        and mine[width - 1 : width].strip()
        and not (after is not None and _resumes(after, (text[:cut], "")))
    ):  # the tags pushed the remark's words into the mark column: no card continues it
        col = cut + width + 1
        return text, index, _markup_moved_words(line, raw, col, width + 1) if said else None
    return written, at, None


def _markup_moved_mark(line: int, raw: str, col: int, mark: int) -> Diagnostic:
    return Diagnostic(
        "PRS001",
        Span(line, col, line, col + 1),
        f"HTML markup in the remark of this card ({_forms(raw)}) pushes its continuation "
        f"mark to column {col}: VTAM and the assembler read column {mark} only, so the "
        "statement would end on this card and the next card be rejected; it was read "
        "without the markup",
    )


def _markup_moved_words(line: int, raw: str, col: int, mark: int) -> Diagnostic:
    return Diagnostic(
        "PRS001",
        Span(line, col, line, col + 1),
        f"HTML markup in the remark of this card ({_forms(raw)}) pushes its words into "
        f"column {mark}, where VTAM and the assembler read a continuation mark, so the "
        "card after it would be taken for this statement's; it was read without the markup",
    )


def _forms(raw: str) -> str:
    forms = list(dict.fromkeys(m.group(0) for m in damage_pattern().finditer(raw)))
    shown = [f if f.isprintable() and f.strip() else f"U+{ord(f[0]):04X}" for f in forms]
    return ", ".join(shown[:5]) + (" ..." if len(shown) > 5 else "")


def _in_markup(raw: str, i: int) -> bool:
    """Whether raw column `i` (0-based) is part of a piece of markup or a Unicode blank."""
    return any(m.start() <= i < m.end() for m in damage_pattern().finditer(raw))


def _fields_on(text: str, width: int, cur: _Builder | None, comment_cont: bool) -> int:
    """Where the statement fields of a card (`text`, from its column 1) end, as the reader
    reads them with the statement `cur` under way: after the operands (the first blank
    outside quotes), the operation when the operands are a remark, columns 1-15 of a
    continuation card that brings none; 0 on a comment card."""
    t = text[:width]
    if comment_cont:
        return 0
    if cur is not None and not t[: RESUME_COL - 1].strip():
        if not cur.expect_operands or t[RESUME_COL - 1 : RESUME_COL] in ("", " "):
            return min(RESUME_COL - 1, len(t))
        return _field_end(t, RESUME_COL - 1, cur.in_quote, cur.depth)[0]
    if not t.strip() or t.startswith(("*", ".*", "./")):
        return 0
    j = 0 if t[0] == " " else _blank_or_end(t, 0)  # the name field
    i = _skip_blanks(t, j)
    j = _blank_or_end(t, i)
    op = t[i:j].upper()
    k = _skip_blanks(t, j)
    if k >= len(t) or (op in NO_OPERAND_OPS and not t.startswith(",", k)):
        return j
    return _field_end(t, k, False, 0 if op in BLANKS_IN_PARENS else -1)[0]


def _blank_or_end(t: str, i: int) -> int:
    j = t.find(" ", i)
    return len(t) if j < 0 else j


def _start_cut(text: str, indent: Indent, stmt: str, after: str | None = None) -> int:
    """Characters of a page's indentation to cut from a card that starts a statement
    (`after`: the line after it, if any)."""
    if text[:1] not in (" ", "\t"):
        return 0
    if indent.operations:
        lead = indent.named_lead(text)
        if lead:
            return lead
    elif indent.prefixes:  # a deck shifted by a number of columns: every card it starts
        return len(indent.prefixes[0]) if _cuts(text, indent.prefixes[0]) else 0
    if not indent.deck:
        return 0
    ws = len(text) - len(text.lstrip(" \t"))
    if text[ws : ws + 1] == "*":  # a comment pushed right with the deck
        return ws
    words = text[ws:].split(None, 1)
    if (
        words
        and words[0].upper() not in indent.operations
        and any(len(p) == ws and _cuts(text, p) for p in (stmt, *indent.prefixes))
    ):
        return ws  # a name the deck's indentation pushed right (APPC&SYSCLONE., TCPE*)
    # An unnamed statement: the indentation that puts a mark in column 72 (one standing
    # apart from the text, or one a continuation card follows), else that of the statement
    # before it; the operation stays out of column 1 either way.
    cuts = [
        p for p in dict.fromkeys((stmt, *indent.prefixes, "")) if len(p) < ws and _cuts(text, p)
    ]
    for p in cuts:
        cols = _columns(text, p)
        if cols[TEXT_END:CONT_COL].strip() and (
            not cols[TEXT_END - 1 : TEXT_END].strip()
            or (after is not None and _resumes(after, (p, *indent.prefixes)))
        ):
            return len(p)
    return len(cuts[0]) if cuts else 0


def _cuts(text: str, prefix: str) -> bool:
    return text.startswith(prefix) and (prefix != " " * len(prefix) or "\t" not in text)


def _columns(text: str, prefix: str) -> str:
    """The card's columns once `prefix` is cut (tabs expanded)."""
    rest = text[len(prefix) :]
    return rest.expandtabs(8) if "\t" in rest else rest


def _resume_cut(text: str, prefixes: tuple[str, ...]) -> int:
    """Characters to cut from a card that continues a statement: the first indentation that
    puts its text in column 16 with columns 1-15 blank, else the statement's own."""
    for p in dict.fromkeys(prefixes):
        if text.startswith(p) and _resumes_after(text, p):
            return len(p)
    return len(prefixes[0]) if text.startswith(prefixes[0]) else 0


def _resumes_after(text: str, prefix: str) -> bool:
    rest = _columns(text, prefix)
    return not rest[: RESUME_COL - 1].strip() and bool(rest[RESUME_COL - 1 : RESUME_COL].strip())


def _resumes_late(text: str, prefix: str) -> bool:
    """Whether a card continues operands in column 17 or later: columns 1-16 blank, and
    its first field looks like operands (`looks_like_operands`)."""
    rest = _columns(text, prefix)[:TEXT_END]
    if rest[:RESUME_COL].strip():
        return False
    words = rest.split(None, 1)
    return bool(words) and looks_like_operands(words[0])


_NAME_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ@#$&")
_NAME_CHARS = _NAME_START | frozenset("0123456789_.")


def looks_like_operands(field: str) -> bool:
    """A field that is operands rather than words of a remark: a keyword operand
    (NAME=...), or an operand followed by a comma."""
    head = field.split("=", 1)[0].upper()
    keyword = "=" in field and bool(head) and head[0] in _NAME_START and set(head) <= _NAME_CHARS
    return keyword or (field.endswith(",") and len(field) > 1)


# How far left of its column a mark standing alone may stand and still be taken for the mark
# (one an edit pulled left: right of it, any column to 80 is taken).
MAX_PULL = 6


def _mark_elsewhere(
    card: _Card,
    lines: Sequence[str],
    indent: Indent,
    marks: list[tuple[int, int, int, bool]],
    b: _Builder,
) -> bool:
    """Whether a card whose operands ask for more but whose mark column is blank has its
    mark in another column: a character alone at the end of the card, with a continuation
    card after it (in column 16, or later when it holds operands: two faults at once). Noted
    in `marks`; a mark right of the mark column, or a few columns left of it, is taken as the
    mark (returns True, and noted as taken); one further left only counts towards a
    re-flowed deck."""
    c = lone_mark(card.full, card.width + 1)
    if not c or card.line >= len(lines):
        return False
    own = card.raw[: card.shift] if card.map is None else ""
    if not _resumes(lines[card.line], (own, *indent.prefixes, "")):
        return False
    pulled = card.width == TEXT_END and c >= CONT_COL - MAX_PULL  # (not in a re-flowed deck)
    taken = c > card.width + 1 or pulled
    marks.append((card.line, card.col(c - 1), c, taken))
    if not taken:
        return False
    card.cont = True
    last = b.remarks[-1] if b.remarks else None
    if (
        c <= card.width
        and last is not None
        and last.line == card.line
        and last.text.endswith(card.full[c - 1])
    ):
        words = last.text[:-1].rstrip(" ")  # the mark, read in the text columns as a remark
        b.remarks[-1:] = [Remark(last.line, last.col, words)] if words else []
    return True


def _resumes(raw: str, prefixes: tuple[str, ...]) -> bool:
    """Whether a line reads as a continuation card (columns 1-15 blank, text in column 16,
    or operands from a later column) once one of the indentations is cut."""
    text = raw.replace("\xa0", " ")
    return any(
        text.startswith(p) and (_resumes_after(text, p) or _resumes_late(text, p))
        for p in dict.fromkeys(prefixes)
    )


def _comma_without_mark(card: _Card, col: int, mark: int) -> Diagnostic:
    return Diagnostic(
        "PRS001",
        Span(card.line, col, card.line, col + 1),
        f"the operands end with a comma but column {mark} is blank: a continuation "
        f"character in column {mark} was expected",
    )


_OPERAND_CHARS = frozenset("=,()'")


def _past_column_71(card: _Card, out: ReadResult) -> None:
    """Warn when operands run on past column 71 (a PC editor, not a sequence number).

    Columns 73-80 are never read; when they hold operand syntax, and column 71 runs straight
    into column 72, the statement was typed past the card and its end is lost.
    """
    full = card.full
    if len(full) <= TEXT_END + 1 or card.map is not None:
        return
    tail = full[TEXT_END + 1 : TEXT_END + 9]
    if (
        full[TEXT_END - 1] != " "
        and full[TEXT_END] != " "
        and _OPERAND_CHARS & set(tail)
        and card.width == TEXT_END
    ):
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                Span(card.line, card.col(TEXT_END), card.line, card.col(len(full) - 1) + 1),
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
    return card.cont and card.text[card.width - 1 : card.width] in ("", " ")


def _start(card: _Card) -> _Builder:
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
        b.operand_sep = b.expect_operands
        return b
    if op in NO_OPERAND_OPS and not text.startswith(",", k):
        b.remark(card, k)
        return b
    end, b.in_quote, b.depth = _field_end(text, k, False, 0 if op in BLANKS_IN_PARENS else -1)
    b.sep()
    b.add(card, k, end)
    b.remark(card, end)
    field = text[k:end]
    comma = field.endswith(",")
    b.expect_operands = end >= card.width or comma or b.in_quote or b.depth > 0
    if comma and field != "," and not b.in_quote:
        b.comma = card.col(end - 1)
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
                f"character in column {card.width + 1}), but columns 1-15 are not blank; a "
                "new statement starts here",
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
    end = -1
    if not b.in_quote and b.depth < 0:  # the common card: the first blank ends its operands
        end = text.find(" ", start)
        if end < 0:
            end = len(text)
        if text.find("'", start, end) >= 0:
            end = -1
    if end < 0:
        end, b.in_quote, b.depth = _field_end(text, start, b.in_quote, b.depth)
    if b.operand_sep:
        b.sep()
        b.operand_sep = False
    # the piece is not empty (the card's column 16 is not blank): added as `add` adds it
    col = start + 1 + card.shift if card.map is None else card.col(start)
    b.piece(text[start:end], card.line, col)
    b.remark(card, end)
    b.expect_operands = end >= card.width or text[end - 1] == "," or b.in_quote or b.depth > 0


def _end_statement(b: _Builder, out: ReadResult) -> None:
    if b.in_quote and b.last_card is not None:
        c = b.last_card
        end = len(c.text.rstrip())
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                Span(c.line, c.col(0), c.line, c.col(max(end - 1, 0)) + 1),
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
