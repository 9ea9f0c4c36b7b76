"""Damaged card decks: what web pages, PDFs and editors do to a deck, found once and undone.

Decks copied from a web page, a PDF or a PC editor reach users damaged in a few ways, each of
which would make VTAM, NCP generation or the assembler reject or misread every statement it
touches. The card reader (`cards.py`) finds each class, reports it once (per deck, or per
statement for a one-off) and reads the deck as it was meant; positions still point at the
real text.

* HTML markup left in the text (`<U>`, `</U>`, `<B>`, `<br>`, `&amp;`, `&nbsp;`): tags are
  dropped, entities read as their character, a `<br>` inside a line ends the card there;
* Unicode blanks where blanks belong (U+00A0 no-break space, U+2000-U+200A, U+202F, U+3000):
  read as blanks; zero-width ones (U+200B, U+2060, U+FEFF) are dropped;
* the deck indented by a page layout (`Indent`): the name field must start in column 1 and
  continued operands in column 16, so an indented name is read as the operation;
* continuation marks outside column 72: one mark pushed right by an edit, or every mark of a
  re-flowed deck in one other column.

The card layout these classes break: z/OS Communications Server SNA Resource Definition
Reference, "Format of definition statements" (a name starts in column 1; name and statement
fit in columns 1-70) and "Coding continuation lines"; SNA Network Implementation Guide,
"Coding concepts" (the continuation character in column 72, continued operands in column 16).
Errors in a VTAMLST member are reported when the major node is activated (SNA Network
Implementation Guide, "Errors in the VTAMLST definition file").
"""

import functools
import re
from collections import Counter
from collections.abc import Collection
from typing import NamedTuple

from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic
from decklint.core.source import SourceFile, Span
from decklint.readers import skips

# Tags a page wraps deck text in (a variable underlined, a keyword in bold, a line break)
# and the entities an HTML export writes for characters of the deck. Only these: a deck's
# own `<` (in a quoted message) or `&` (a symbol, &SYSCLONE.) is left alone.
_TAGS = "u|b|i|em|strong|tt|code|pre|kbd|samp|var|span|font|p|div|sup|sub|a|br"
_ENTITIES = {"amp": "&", "nbsp": " ", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
# Blanks that are not X'40' once the deck is on the host (U+00A0 becomes X'41' in EBCDIC).
_UBLANKS = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
_UBLANKS += "\u202f\u205f\u3000"
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
_MARKUP = rf"<(/?)({_TAGS})\b[^<>\n]*>|&(amp|nbsp|lt|gt|quot|apos|#[0-9]{{1,5}}|#x[0-9a-f]{{1,4}});"


# The patterns are compiled when first needed: a clean deck (most) needs none of the markup
# ones, and compiling them all was a visible share of a small run's start-up.
@functools.cache
def _damage_re() -> re.Pattern[str]:
    return re.compile(rf"{_MARKUP}|([{_UBLANKS}{_ZERO_WIDTH}])", re.IGNORECASE)


def damage_pattern() -> re.Pattern[str]:
    """What cleaning takes away or replaces: markup, entities, Unicode blanks."""
    return _damage_re()


@functools.cache
def _markup_re() -> re.Pattern[str]:
    return re.compile(_MARKUP, re.IGNORECASE)


@functools.cache
def _ublank_re() -> re.Pattern[str]:
    return re.compile(f"[{_UBLANKS}{_ZERO_WIDTH}]")


def needs_cleaning(text: str) -> bool:
    """Whether a deck holds markup or Unicode blanks (a whole-text check, fast on clean decks)."""
    if ("<" in text or "&" in text) and _markup_re().search(text):
        return True
    return not text.isascii() and _ublank_re().search(text) is not None


class Scrub:
    """What cleaning found in a deck: each piece of markup and each Unicode blank, as
    (line, column, end column, form as written or U+00A0)."""

    markup: list[tuple[int, int, int, str]]
    blanks: list[tuple[int, int, int, str]]
    # cards whose remark's markup moved their continuation mark (read without it): the error
    # to give for them, first
    moved: list[Diagnostic]

    def __init__(
        self,
        markup: list[tuple[int, int, int, str]] | None = None,
        blanks: list[tuple[int, int, int, str]] | None = None,
        moved: list[Diagnostic] | None = None,
    ) -> None:
        self.markup = [] if markup is None else markup
        self.blanks = [] if blanks is None else blanks
        self.moved = [] if moved is None else moved

    def findings(self, fields: dict[int, tuple[int, int]]) -> list[Diagnostic]:
        """One finding per kind: an error where it lies among a statement's fields
        (`fields`: line -> first and end column of the fields read on it), else, when it is
        only in comments and remarks, which the products ignore, an info; unless it moved a
        card's continuation mark there, which the products do not ignore: an error there."""
        out: list[Diagnostic] = []
        moved = self.moved
        for found, what in ((self.markup, "markup"), (self.blanks, "blanks")):
            if not found:
                continue
            if moved and not any(_among(o, fields) for o in found):
                out.append(moved[0])  # said once, under the first kind found
                moved = []
                continue
            forms = list(dict.fromkeys(f for _l, _c, _e, f in found))
            said = ", ".join(forms[:5]) + (" ..." if len(forms) > 5 else "")
            inside = [o for o in found if _among(o, fields)]
            line, col, end, _f = (inside or found)[0]
            span = Span(line, col, line, end)
            if inside:
                out.append(Diagnostic("PRS001", span, _in_fields(what, said)))
            else:
                out.append(Diagnostic("PRS001", span, _in_remarks(what, said), Severity.INFO))
        return out


def _among(o: tuple[int, int, int, str], fields: dict[int, tuple[int, int]]) -> bool:
    line, col, end, _f = o
    span = fields.get(line)
    return span is not None and col <= span[1] and end >= span[0]


def _in_fields(what: str, said: str) -> str:
    if what == "markup":
        return (
            f"the deck holds HTML markup left from a web page ({said}): VTAM and the "
            "assembler would take it for part of the statement and reject every statement "
            "that holds it; the deck was read without the tags, each entity as the character "
            "it stands for"
        )
    return (
        f"the deck holds Unicode blanks ({said}) where blanks belong: on the host they are "
        "not the blank X'40', so VTAM and the assembler do not see the end of a name or of "
        "the operands there and reject the statement; they were read as blanks"
    )


def _in_remarks(what: str, said: str) -> str:
    kind = "HTML markup left from a web page" if what == "markup" else "Unicode blanks"
    return (
        f"the comments and remarks of this deck hold {kind} ({said}): VTAM and the "
        "assembler ignore them there, but a deck copied from a page may be damaged elsewhere "
        "too"
    )


Piece = tuple[str, list[int]]  # cleaned text and the raw index of each of its characters


def clean(raw: str, line: int, scrub: Scrub) -> list[Piece]:
    """A line without markup and Unicode blanks, as one piece per card (a `<br>` with text
    after it ends a card), each character mapped to its index in `raw`."""
    pieces: list[Piece] = []
    chars: list[str] = []
    index: list[int] = []
    i = 0
    for m in _damage_re().finditer(raw):
        s, e = m.start(), m.end()
        chars.append(raw[i:s])
        index.extend(range(i, s))
        i = e
        tag, entity, blank = m.group(2), m.group(3), m.group(4)
        if blank is not None:
            scrub.blanks.append((line, s + 1, e + 1, f"U+{ord(blank):04X}"))
            if blank in _UBLANKS:
                chars.append(" ")
                index.append(s)
            continue
        form = m.group(0) if len(m.group(0)) <= 12 else m.group(0)[:10] + "..>"
        scrub.markup.append((line, s + 1, e + 1, form))
        if entity is not None:
            chars.append(_entity(entity))
            index.append(s)
        elif tag.lower() == "br" and raw[e:].strip():
            pieces.append(("".join(chars), index))
            chars, index = [], []
    chars.append(raw[i:])
    index.extend(range(i, len(raw)))
    pieces.append(("".join(chars), index))
    return pieces


def _entity(name: str) -> str:
    low = name.lower()
    if low in _ENTITIES:
        return _ENTITIES[low]
    code = int(low[2:], 16) if low.startswith("#x") else int(low[1:])
    ch = chr(code) if 0 < code < 0x110000 and not 0xD800 <= code <= 0xDFFF else "?"
    return " " if ch in _UBLANKS else ch


# --------------------------------------------------------------------------- indentation

# A named statement pushed right: blanks or tabs, a name, blanks, a word that ends the field.
_NAMED_TEXT = r"([ \t]{1,8})([A-Za-z@#$][A-Za-z0-9@#$]{0,7})[ \t]+([A-Za-z@#$][A-Za-z0-9@#$]*)"


@functools.cache
def _named() -> re.Pattern[str]:
    """Compiled when first used: a start list is read without it."""
    return re.compile(_NAMED_TEXT + r"(?=[ \t]|$)")


# The same at the start of any line of a text, by the character that ends lines: a literal
# first, which the regular expression engine finds fast (a `^` with MULTILINE, or a class
# of line ends, tries every position and takes four times as long).
@functools.cache
def _named_line(sep: str) -> re.Pattern[str]:
    return re.compile(re.escape(sep) + _NAMED_TEXT + r"(?=[ \t\r\n]|$)")


@functools.cache
def _name_in_column_1(sep: str) -> re.Pattern[str]:
    return re.compile(re.escape(sep) + "[A-Za-z@#$]")


class Indent(NamedTuple):
    """How a deck is indented, for the card reader.

    `operations` are the dialect's statements (a line whose first word is none of them and
    whose second word is one is a named statement pushed right); `prefixes` the page
    indentations its named statements carry, most frequent first; `deck` whether the deck as a
    whole is indented, else `lines` are the single named statements pushed right, each
    reported on its own. True when the deck is indented."""

    operations: frozenset[str] = frozenset()
    prefixes: tuple[str, ...] = ()
    deck: bool = False
    lines: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return self.deck

    def named_lead(self, text: str) -> int:
        """Characters before the name of a named statement pushed right, else 0."""
        m = _named().match(text)
        return self._lead(m) if m is not None else 0

    def _lead(self, m: re.Match[str]) -> int:
        if _width(m.group(1)) > 8:
            return 0
        if m.group(2).upper() in self.operations or m.group(3).upper() not in self.operations:
            return 0
        return len(m.group(1))

    def describe(self) -> str:
        """Where the names start, in words: 'each name starts after 3 blanks', 'names start
        after a tab on some lines, after 4 blanks on others'."""
        words = [_words(p) for p in self.prefixes[:3]]
        if len(words) == 1:
            return f"each name starts after {words[0]}"
        return "names start after " + " on some lines, after ".join(words) + " on others"


def _width(ws: str) -> int:
    return len(ws.expandtabs(8))


def _words(prefix: str) -> str:
    if "\t" not in prefix:
        return f"{len(prefix)} blank{'s' if len(prefix) > 1 else ''}"
    tabs, blanks = prefix.count("\t"), prefix.count(" ")
    said = "a tab" if tabs == 1 else f"{tabs} tabs"
    return said + (f" and {blanks} blank{'s' if blanks > 1 else ''}" if blanks else "")


def indentation(src: SourceFile, operations: Collection[str]) -> tuple[Indent, int]:
    """How the deck is indented, and the first line that shows it (0 when nothing is).

    The deck is indented when named statements start a few columns in (the name would be
    read as the operation, the operation as an operand) and they are no rare exception among
    names in column 1: two or more and at least a quarter of the named statements, or the
    only ones there are. Else each such statement is one of `Indent.lines`."""
    ops = frozenset(o.upper() for o in operations)
    probe = Indent(ops)
    text = src.text
    if skips.ALWAYS or needs_cleaning(text):
        scrub = Scrub()
        text = "\n".join(clean(raw, n, scrub)[0][0] for n, raw in enumerate(src.lines, 1))
    sep = "\n" if "\n" in text else "\r"
    found: dict[int, str] = {}
    first = _named().match(text)
    if first is not None and probe._lead(first):
        found[1] = first.group(1)
    line, at = 1, 0
    for m in _named_line(sep).finditer(text):
        lead = probe._lead(m)
        if lead:
            line += text.count(sep, at, m.start() + 1)
            at = m.start() + 1
            found[line] = m.group(1)
    if not found:
        return probe, 0
    col1 = len(_name_in_column_1(sep).findall(text)) + (1 if re.match("[A-Za-z@#$]", text) else 0)
    count = len(found)
    deck = (count >= 2 and count * 4 >= count + col1) or col1 == 0
    prefixes = tuple(p for p, _n in Counter(found.values()).most_common())
    lines = () if deck else tuple(sorted(found))
    return Indent(ops, prefixes, deck, lines), min(found)


def indented_deck(indent: Indent, line: int) -> Diagnostic:
    prefix = indent.prefixes[0] if indent.prefixes else " "
    what = (
        f"shifted {len(prefix)} column{'s' if len(prefix) > 1 else ''} to the right "
        f"({indent.describe()})"
        if len(indent.prefixes) == 1 and "\t" not in prefix
        else f"indented ({indent.describe()})"
    )
    return Diagnostic(
        "PRS001",
        Span(line, 1, line, 1 + len(prefix)),
        f"the deck is {what}, as a web page or an editor lays a deck out: a name starts in "
        "column 1 and continued operands in column 16, so VTAM and the assembler would read "
        "each name as the operation and reject the deck; it was read without the indentation",
    )


def indented_name(name: str, line: int, col: int) -> Diagnostic:
    return Diagnostic(
        "PRS001",
        Span(line, col, line, col + len(name)),
        f"the name {name} starts in column {col}, not column 1: VTAM and the assembler read "
        f"a statement without a name in column 1 as having none, so {name} would be taken "
        "for the operation; it was read as a name",
    )


# --------------------------------------------------------------------------- marks

_SEQUENCE_COL = 73  # the sequence field's first column


def lone_mark(full: str, mark: int) -> int:
    """The column of a continuation mark standing alone at the end of a card outside column
    `mark`: one character other than a digit, after a blank, in columns 60-80, alone or
    with the sequence field (8 characters) pushed along right after it, or before the
    sequence field in columns 73-80 (a mark pulled left). Else 0."""
    s = full.rstrip()
    j = s.rfind(" ")
    last = s[j + 1 :]
    if j == _SEQUENCE_COL - 2 and len(last) <= 8 and any(c.isdigit() for c in last):
        s = s[: j + 1].rstrip()  # the sequence field in its columns: the mark is before it
        j = s.rfind(" ")
        last = s[j + 1 :]
    if len(last) == 9 and any(c.isdigit() for c in last[1:]):  # the sequence field after it
        last = last[0]
    if len(last) != 1 or last.isdigit() or not 59 <= j + 1 <= 79 or j + 2 == mark:
        return 0
    return j + 2


def pushed_mark(line: int, at: int, col: int) -> Diagnostic:
    """A mark pushed to column `col` of its card (physical column `at`)."""
    return Diagnostic(
        "PRS001",
        Span(line, at, line, at + 1),
        f"the continuation mark is in column {col}: column 72 expected; VTAM and the "
        "assembler read column 72 only, so the statement would end on this card and the "
        "next card would be taken for a new statement, rejected when the deck is activated "
        "or assembled; it was read as continued",
    )


def reflowed_deck(col: int, places: list[tuple[int, int]]) -> Diagnostic:
    """`places`: (line, physical column) of each mark found in column `col` of its card."""
    lines = [line for line, _c in places]
    shown = ", ".join(str(n) for n in lines[:4]) + (" ..." if len(lines) > 4 else "")
    line, at = places[0]
    return Diagnostic(
        "PRS001",
        Span(line, at, line, at + 1),
        f"the continuation marks of this deck are in column {col}, not column 72 "
        f"({len(lines)} cards: lines {shown}): the deck was re-flowed; VTAM and the "
        "assembler read column 72 only, so each of these statements would end on its first "
        "card and the cards after it be rejected; the deck was read with its marks in "
        f"column {col}",
    )
