"""The fast path for the common statement: a hand-written scanner that reads what most cards
are, `NAME OP KEY=VALUE,...` with plain values, without Lark, into the same IR Lark's parse
gives (statements, operands, values, sublists and every span equal), and declines the rest.

The scanner sees the card reader's logical text (`cards.read_assembler`: continuations
joined, remarks and sequence numbers gone). It lexes exactly as the grammar's basic lexer
does (`grammars/common.lark`: the same terminals, tried in the same order), then reads the
tokens by the grammar's rules for the shapes it knows. Anything else it hands back to Lark
(`None`): a sublist within a sublist, a character no terminal takes (a tab), a token where
the grammar has no place for it, blanks after the operands. Lark then parses the statement,
and reports it when it does not parse, in the words it always has. When in doubt it
declines: a statement read differently here than by Lark would be a wrong finding.

DFHCSDUP commands (`command`: a verb, keywords and their values in parentheses) are read the
same way, into the verb and keyword tokens the CICS reader takes from Lark's tree. The TCP/IP
profiles need no parse, only their words: their reader finds them as the profile grammar's
lexer does (`decklint.dialects.tcpip.reader.tokens`), and asks `enabled()` too.

`lark_only()` turns the fast path off, for the tests that hold both paths to the same IR.
"""

import functools
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from decklint.core.ir import LogicalUnit, Operand, Statement, Value, classify_atom
from decklint.core.source import SourceMap, Span

_ON = [True]


def enabled() -> bool:
    """Whether the fast path is on (it is, but within `lark_only()`)."""
    return _ON[0]


@contextmanager
def lark_only() -> Iterator[None]:
    """Every statement parsed by Lark while inside: the reference the fast path is held to."""
    was = _ON[0]
    _ON[0] = False
    try:
        yield
    finally:
        _ON[0] = was


# common.lark's terminals, in the order its basic lexer tries them: QUOTED (priority 2)
# first, then WORD, the punctuation and the blanks, which are disjoint. Any other character
# (a tab, a newline, a quote no quote closes) is one no terminal takes, where Lark fails:
# the last alternative takes it, so the tokens cover the text end to end and each one's
# offset is the sum of the lengths before it.
_TOKEN = re.compile(r"[A-Za-z]?'(?:[^']|'')*'|[^\s,()=']+|[,()=]| +|.", re.S)
_PUNCT = frozenset(",()= ")  # a token starting so is punctuation or blanks, never a value


class _Decline(Exception):
    """The statement is not one the scanner reads: Lark parses it."""


# A character no terminal takes: any blank but the space (a quote no quote closes is told by
# its token, a lone "'").
_STRAY = re.compile(r"[^\S ]")

# A record made as its class makes it, without the Python-level `__new__` a NamedTuple's
# class runs (a Span, Value or Operand a few times an operand: the field values in order, the
# defaults written out; tests/test_fast_path.py compares them with Lark's).
_NEW = tuple.__new__

_KINDS: dict[str, str] = {}  # classify_atom's answers: a deck repeats its values


def _kind(tok: str) -> str:
    kind = _KINDS.get(tok)
    if kind is None:
        kind = classify_atom(tok)
        if len(_KINDS) < 4096 and len(tok) <= 64:  # bounded: a server lives long
            _KINDS[tok] = kind
    return kind


Spanner = Callable[[int, int], Span]
# the spans of an operand, (start, end), and of its value, (mid, end), at once
PairSpanner = Callable[[int, int, int], tuple[Span, Span]]


def _spanners(smap: SourceMap) -> tuple[Spanner, PairSpanner]:
    """`smap.span`, for a plain map as a local function with `SourceMap.pos`'s arithmetic
    (the scanner asks for a few spans an operand; tests/test_fast_path.py holds the two
    equal), a range within one piece of a card (nearly every one) found with one look for
    that piece instead of two; a map of another kind (a macro's expansion) answers itself.
    And the spans of a keyword operand and its value, which end together, found with one
    look where both lie within one piece."""
    starts, lines, cols, lengths = smap.starts, smap.lines, smap.cols, smap.lengths
    if type(smap) is not SourceMap or not starts:
        whole = smap.span
        return whole, lambda start, mid, end: (whole(start, end), whole(mid, end))
    last = len(starts) - 1

    def span(start: int, end: int) -> Span:
        i = bisect_right(starts, start) - 1
        if i < 0:
            line, col = lines[0], cols[0]
        else:
            at, n = starts[i], lengths[i]
            d = start - at
            line, col = lines[i], cols[i] + (d if d <= n else n)
            if start < end <= at + n and (i == last or starts[i + 1] >= end):
                return _NEW(Span, (line, col, line, col + end - start))  # within the piece
        if end <= start:
            return _NEW(Span, (line, col, line, col))
        i = bisect_right(starts, end - 1) - 1
        if i < 0:
            return _NEW(Span, (line, col, lines[0], cols[0]))
        d = end - starts[i]
        return _NEW(Span, (line, col, lines[i], cols[i] + (d if d <= lengths[i] else lengths[i])))

    def pair(start: int, mid: int, end: int) -> tuple[Span, Span]:
        # start <= mid < end: when `end` is within the piece that holds `start` (and no later
        # piece starts before it), the three offsets are that piece's, its columns in turn
        i = bisect_right(starts, start) - 1
        if i >= 0 and mid < end:
            at = starts[i]
            if end - at <= lengths[i] and (i == last or starts[i + 1] >= end):
                line, base = lines[i], cols[i] - at
                stop = base + end
                return (
                    _NEW(Span, (line, base + start, line, stop)),
                    _NEW(Span, (line, base + mid, line, stop)),
                )
        return span(start, end), span(mid, end)

    return span, pair


def statement(unit: LogicalUnit, path: str, dialect: str, index: int) -> Statement | None:
    """The unit read as common.lark's `statement` (`operand` for a start-list item), as
    `assembler.reader.parse_statement` builds it from Lark's tree; None where Lark must read it."""
    if not _ON[0]:
        return None
    text = unit.text
    if _STRAY.search(text):
        return None
    toks = _TOKEN.findall(text)
    if "'" in toks:
        return None  # a quote no quote closes
    span, pair = _spanners(unit.smap)
    whole = span(0, len(text))
    try:
        if unit.kind == "item":
            items, _pos, _k = _operands(toks, 0, 0, text, span, pair, whole)
            if len(items) != 1:
                return None
            return Statement(path, dialect, index, "ITEM", whole, operands=items, kind="item")
        return _statement(toks, text, span, pair, whole, path, dialect, index)
    except _Decline:
        return None


def _statement(
    toks: list[str],
    text: str,
    span: Spanner,
    pair: PairSpanner,
    whole: Span,
    path: str,
    dialect: str,
    index: int,
) -> Statement | None:
    """`statement: [label] _WS opcode [_WS operands]`."""
    n = len(toks)
    label = label_span = None
    k = pos = 0
    if n and toks[0][0] not in _PUNCT:
        label = toks[0]
        if "'" in label:
            return None  # a quoted label: Lark's to report
        label_span = span(0, len(label))
        k, pos = 1, len(label)
    if k + 1 >= n or toks[k][0] != " " or toks[k + 1][0] in _PUNCT:
        return None
    op = toks[k + 1]
    if "'" in op:
        return None
    op_start = pos + len(toks[k])
    op_end = op_start + len(op)
    k, pos = k + 2, op_end
    operands: tuple[Operand, ...] = ()
    if k < n:
        if toks[k][0] != " " or k + 1 >= n:
            return None  # blanks with nothing after them: Lark's to read
        operands, pos, k = _operands(toks, k + 1, pos + len(toks[k]), text, span, pair, whole)
    op_span = span(op_start, op_end)
    # as Statement(...) builds it: the fields in their order, the default kind written out
    fields = (path, dialect, index, op.upper(), whole, label, label_span, op_span, operands)
    return _NEW(Statement, (*fields, "statement"))


def _operands(
    toks: list[str],
    k: int,
    pos: int,
    text: str,
    span: Spanner,
    pair: PairSpanner,
    whole: Span,
) -> tuple[tuple[Operand, ...], int, int]:
    """`operands: operand ("," operand)*` from token `k` (at offset `pos`) to the end, with
    `operand: WORD EQ [value] -> keyword | [value] -> positional`, `?value: atom | sublist`;
    the sublists' values are atoms (a sublist within one is Lark's)."""
    n = len(toks)
    out: list[Operand] = []
    while True:
        tok = toks[k] if k < n else ","
        if k + 1 < n and toks[k + 1] == "=" and tok[0] not in _PUNCT and "'" not in tok:
            name, start = tok, pos  # keyword: a WORD and '='
            pos += len(tok) + 1
            k += 2
            tok = toks[k] if k < n else ","
            if tok == "," or tok == ")":
                value = _NEW(Value, ("empty", "", span(pos, pos), ()))
                out.append(_NEW(Operand, (name.upper(), value, span(start, pos), name)))
            elif tok[0] not in _PUNCT:  # an atom, the common value
                end = pos + len(tok)
                operand_span, value_span = pair(start, pos, end)
                value = _NEW(Value, (_kind(tok), tok, value_span, ()))
                out.append(_NEW(Operand, (name.upper(), value, operand_span, name)))
                pos, k = end, k + 1
            else:
                value, pos, k = _value(toks, k, pos, text, span)
                out.append(_NEW(Operand, (name.upper(), value, span(start, pos), name)))
        elif tok == "," or tok == ")":
            out.append(_NEW(Operand, (None, _NEW(Value, ("empty", "", whole, ())), whole, "")))
        else:
            value, pos, k = _value(toks, k, pos, text, span)
            out.append(_NEW(Operand, (None, value, value.span, "")))
        if k >= n:
            return tuple(out), pos, k
        if toks[k] != ",":
            raise _Decline  # a token the grammar has no place for: Lark's to report
        k += 1
        pos += 1


def _value(toks: list[str], k: int, pos: int, text: str, span: Spanner) -> tuple[Value, int, int]:
    """An atom or a sublist of atoms at token `k`, with the offset and token after it."""
    tok = toks[k]
    if tok[0] not in _PUNCT:
        end = pos + len(tok)
        return _NEW(Value, (_kind(tok), tok, span(pos, end), ())), end, k + 1
    if tok != "(":
        raise _Decline  # '=' or a blank where a value would be
    lpar = pos
    pos += 1
    k += 1
    n = len(toks)
    items: list[Value | None] = []
    while True:
        tok = toks[k] if k < n else ""
        if tok == "," or tok == ")":
            items.append(None)
        elif tok and tok[0] not in _PUNCT:
            end = pos + len(tok)
            items.append(_NEW(Value, (_kind(tok), tok, span(pos, end), ())))
            pos, k = end, k + 1
            tok = toks[k] if k < n else ""
        else:
            raise _Decline  # a sublist within the sublist, or not closed
        if tok == ",":
            pos, k = pos + 1, k + 1
            continue
        if tok == ")":
            pos, k = pos + 1, k + 1
            value = _NEW(Value, ("list", text[lpar:pos], span(lpar, pos), tuple(items)))
            return value, pos, k
        raise _Decline


# --------------------------------------------------------------------------- commands


class Word(NamedTuple):
    """A token of a keyword command: its text and where it starts and ends in the unit."""

    text: str
    start: int
    end: int


Command = tuple[Word, list[tuple[Word, Word | None]]]  # the verb; each keyword and its value


# grammars/cics.lark's terminals (NAME, PVALUE, the blanks it ignores: their first characters
# tell them apart), then any other character, where its lexer fails.
@functools.cache
def _command() -> re.Pattern[str]:
    """Compiled when first used: only CICS decks have commands."""
    return re.compile(r"([A-Za-z][A-Za-z0-9_#@$]*)|(\((?:[^()]|\([^()]*\))*\))|[ \t]+|(.)", re.S)


def command(text: str) -> Command | None:
    """A DFHCSDUP command (`command: NAME item*`, `item: NAME [PVALUE]`) read as Lark's
    parse of grammars/cics.lark reads it: its verb, and each keyword with its value in
    parentheses (None where it has none); None where Lark must read it (a character no
    terminal takes, parentheses nested deeper than the value's two levels, a value with no
    keyword before it)."""
    if not _ON[0]:
        return None
    verb: Word | None = None
    items: list[tuple[Word, Word | None]] = []
    for m in _command().finditer(text):
        kind = m.lastindex
        if kind is None:
            continue  # blanks
        if kind == 1:
            word = Word(m.group(1), m.start(), m.end())
            if verb is None:
                verb = word
            else:
                items.append((word, None))
        elif kind == 2 and items and items[-1][1] is None:
            items[-1] = (items[-1][0], Word(m.group(2), m.start(), m.end()))
        else:
            return None
    return None if verb is None else (verb, items)
