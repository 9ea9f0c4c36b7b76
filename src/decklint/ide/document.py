"""The document an editor shows, read as the linter reads a file, and what is at a position.

The editor's text may be newer than the last lint result, so each feature reads the document
itself: the dialect is detected (or given), the text parsed and lowered as the file phase
does, and the statement, operand and value under the cursor found by their spans.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from decklint import dialects
from decklint.core.ir import Operand, Statement, Value
from decklint.core.lowering import Lowering
from decklint.core.settings import Settings
from decklint.core.source import SourceFile, Span
from decklint.inputs.discover import detect
from decklint.pipeline.filephase import node_for
from decklint.readers.base import ParsedFile


@dataclass(frozen=True)
class Document:
    """One editor document: its dialect (None when none is recognised), its parse and its
    lowering (None when the dialect could not read it)."""

    path: str
    source: SourceFile
    dialect: str | None
    parsed: ParsedFile | None
    lowering: Lowering | None

    @property
    def statements(self) -> Sequence[Statement]:
        return self.parsed.statements if self.parsed is not None else ()

    def line(self, n: int) -> str:
        return self.source.line_text(n)

    def statement_at(self, line: int, col: int) -> Statement | None:
        """The innermost statement whose span holds the position."""
        best: Statement | None = None
        for st in self.statements:
            if inside(st.span, line, col) and (best is None or _size(st.span) <= _size(best.span)):
                best = st
        return best

    def spot(self, line: int, col: int) -> Spot | None:
        """What is at a position: a statement's label, its name, an operand's keyword or
        value (the innermost list item), or None between statements."""
        st = self.statement_at(line, col)
        if st is None:
            return None
        if st.label_span is not None and inside(st.label_span, line, col):
            return Spot(st, "label", st.label_span)
        if st.op_span is not None and inside(st.op_span, line, col):
            return Spot(st, "op", st.op_span)
        for i, o in enumerate(st.operands):
            name = keyword_span(o)
            if name is not None and inside(name, line, col):
                return Spot(st, "name", name, o, None, i)
            if o.value.kind != "empty" and inside(o.value.span, line, col):
                v = innermost(o.value, line, col)
                return Spot(st, "value", v.span, o, v, i)
        return None


class Spot(NamedTuple):
    """The part of a statement under the cursor."""

    statement: Statement
    part: str  # "label" | "op" | "name" (an operand's keyword) | "value"
    span: Span
    operand: Operand | None = None
    value: Value | None = None  # the value or list item under the cursor
    position: int = -1  # the operand's index among the statement's operands


def inside(span: Span, line: int, col: int) -> bool:
    """Whether a position is in a span, its end included (a cursor just after a word is on
    it)."""
    return (span.line, span.col) <= (line, col) <= (span.end_line, span.end_col)


def _size(span: Span) -> tuple[int, int]:
    return (span.end_line - span.line, span.end_col - span.col)


def keyword_span(o: Operand) -> Span | None:
    """Where an operand's keyword is written (`KEY` of `KEY=value`), None for a positional."""
    if o.name is None:
        return None
    width = len(o.name_text or o.name)
    return Span(o.span.line, o.span.col, o.span.line, o.span.col + width)


def innermost(v: Value, line: int, col: int) -> Value:
    """The list item (at any depth) of a value that holds the position, else the value."""
    for item in v.items:
        if item is not None and item.kind != "empty" and inside(item.span, line, col):
            return innermost(item, line, col)
    return v


def open_document(path: str, text: str, dialect: str | None = None) -> Document:
    """The document read as the linter reads a file; never raises (a dialect that fails on
    the text gives a document without statements)."""
    return _opened(path, text, dialect)


@functools.lru_cache(maxsize=8)
def _opened(path: str, text: str, dialect: str | None) -> Document:
    src = SourceFile.from_text(path, text)
    try:
        name = detect(src, dialect).dialect
    except Exception:  # a broken sniffer must not break the editor
        name = None
    if name is None or name not in dialects.REGISTRY:
        return Document(path, src, None, None, None)
    try:
        spec = dialects.get(name)
        pf = spec.parse(src)
    except Exception:  # a bug of ours must not break the editor
        return Document(path, src, name, None, None)
    try:
        low = Lowering(path, name, node_for(path, name), Settings())
        spec.lower(pf, low)
    except Exception:  # the statements still serve the outline, hover and completion
        return Document(path, src, name, pf, None)
    return Document(path, src, name, pf, low)
