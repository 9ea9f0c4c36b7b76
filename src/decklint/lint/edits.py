"""Fixes the rules offer: edits of one operand's value, or an operand added to a statement.

Edits are found through the parsed statements, so they cover exactly the characters of the
value as written (a keyword's name and the surrounding layout are never touched). Whether a fix
is safe is the rule manifest's `fix: applicability:`; the runner stamps it.
"""

from __future__ import annotations

from decklint.core.findings import Applicability, Edit, Fix
from decklint.core.ir import LineIndex, Operand, Statement
from decklint.core.source import Span
from decklint.model.topology import Topology


def card_image(dialect: str | None) -> bool:
    """Whether the files of `dialect` are card images, whose columns an edit must keep."""
    from decklint import dialects

    return dialect in dialects.REGISTRY and dialects.get(dialect).card_image


def _statement_at(topo: Topology, path: str, span: Span) -> Statement | None:
    """The statement of `path` at `span`'s line (an index per file: a rule may offer a fix
    on most statements of a large deck)."""
    index: LineIndex = topo.memo(
        f"edits.lines:{path}", lambda: LineIndex(topo.statements.get(path, ()))
    )
    i = index.first_at(span.line)
    return None if i is None else index.statements[i]


def _operand_at(st: Statement, span: Span) -> Operand | None:
    for o in st.operands:
        if span in (o.span, o.value.span):
            return o
        if o.span.line == span.line and o.span.col <= span.col < o.span.end_col:
            return o
    return None


def set_value(topo: Topology, path: str, span: Span, new: str, title: str) -> Fix | None:
    """Replace the value of the operand at `span` (its keyword stays as written)."""
    st = _statement_at(topo, path, span)
    o = _operand_at(st, span) if st is not None else None
    if o is None or o.value.span.line != o.value.span.end_line:
        return None  # not found, or a value split across cards: shown, never applied
    if o.value.text == new:
        return None
    return Fix(title, (Edit(o.value.span, new),), Applicability.UNSAFE)


def add_operand(topo: Topology, path: str, span: Span, operand: str, title: str) -> Fix | None:
    """Append `operand` (e.g. "DELAY=0") to the statement at `span`."""
    st = _statement_at(topo, path, span)
    if st is None or not st.operands or not card_image(st.dialect):
        return None
    last = st.operands[-1]
    at = Span.point(last.span.end_line, last.span.end_col)
    return Fix(title, (Edit(at, "," + operand),), Applicability.UNSAFE)
