"""PRS002: see rules/prs/PRS002-unknown-name.yaml. A statement of a dialect judged by its
operation is looked up in the product's catalog (`schema.statement_schema`); a CSD DEFINE's
attributes through its dialect's `attributes` hook."""

from __future__ import annotations

from collections.abc import Iterator

from decklint import dialects
from decklint.core.findings import Severity
from decklint.core.ir import Operand, Statement
from decklint.dialects.base import AttributeTable
from decklint.knowledge.schema import (
    BY_OPERATION,
    Rejecter,
    closed_by_catalog,
    known_operands,
    statement_names,
    statement_schema,
    suggest,
)
from decklint.lint.check import Context, Hit, check


@check("PRS002")
def unknown_name(ctx: Context) -> Iterator[Hit]:
    for st in ctx.topo.all_statements():
        if st.dialect in dialects.REGISTRY:
            hook = dialects.get(st.dialect).attributes  # loaded already: its file was linted
            if hook is not None:
                table_of = hook(st)
                if table_of is not None:
                    yield from _attributes(st, table_of)
                continue
        if st.dialect not in BY_OPERATION or st.kind != "statement":
            continue
        schema = statement_schema(st.dialect, st.op)
        if schema is None:
            if ctx.topo.symbols.lookup("macro", st.op):
                continue  # uses a MACRO defined in the deck: reported once with the MACRO
            guess = suggest(st.op, list(statement_names(st.dialect)))
            yield Hit(
                st.path,
                st.op_span or st.span,
                {
                    "what": f"statement {st.op}",
                    "state": "not known",
                    "hint": f"; did you mean {guess}?"
                    if guess
                    else "; it is kept but not modelled",
                },
                severity=Severity.ERROR if guess else None,
                dialect=st.dialect,
            )
            continue
        rejecter = closed_by_catalog(st.dialect, st.op)
        for o in st.operands:
            if o.name is None or o.name in schema.operands:
                continue
            guess = suggest(o.name, [n for n in schema.operands if st.keyword(n) is None])
            if guess and st.dialect == "ncp":
                continue  # NCP014 reports NCP operand typos
            what = f"operand {o.name_text or o.name} on {st.op}"
            if rejecter is not None and not o.name.startswith("&"):
                yield _rejected(st, o, what, rejecter, guess)
                continue
            if guess is None and (not schema.closed or o.name in known_operands(st.dialect)):
                continue
            yield _unknown(st, o, what, guess)


def _attributes(st: Statement, table: AttributeTable) -> Iterator[Hit]:
    for o in table.operands:
        if o.name is None or o.name in table.known:
            continue
        spelt_out = [n for n in table.known if n.startswith(o.name)]
        if len(spelt_out) == 1:
            continue  # an abbreviation (DFHCSDUP takes the keyword's leading letters)
        guess = suggest(o.name, [n for n in table.known if st.keyword(n) is None])
        what = f"attribute {o.name_text or o.name} of {table.what}"
        if table.closed_by is not None and not spelt_out:
            yield _rejected(st, o, what, table.closed_by, guess)
        else:
            yield _unknown(st, o, what, guess)


def _unknown(st: Statement, o: Operand, what: str, guess: str | None) -> Hit:
    """An unknown name: an error with a suggestion when it is a near miss, else info."""
    return Hit(
        st.path,
        o.span,
        {"what": what, "state": "not known", "hint": f"; did you mean {guess}?" if guess else ""},
        severity=Severity.ERROR if guess else None,
        dialect=st.dialect,
    )


def _rejected(st: Statement, o: Operand, what: str, by: Rejecter, guess: str | None) -> Hit:
    """An operand a closed catalog entry does not list: the product rejects it, an error."""
    return Hit(
        st.path,
        o.span,
        {
            "what": what,
            "state": f"not accepted by {by.product} (catalog: {by.reference})",
            "hint": f"; did you mean {guess}?"
            if guess
            else "; remove it, or code it on the statement that takes it",
        },
        severity=Severity.ERROR,
        dialect=st.dialect,
    )
