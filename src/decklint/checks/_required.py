"""Operands a product needs coded for a resource to activate, as its catalog says
(`required:` on an operand entry): shared by VTM020 and NCP020.

A statement is judged where it sits (the VBUILD, GROUP, LINE and PU above it, as the lowering
walks them), and an operand counts as coded where a statement above sifts it down (the
entry's `sift:`). A file with a call of a macro decklint could not expand, or a COPY, is not
judged: what they generate may code the operand or change what the statements sit in."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from decklint.core.findings import Severity
from decklint.core.ir import Statement
from decklint.knowledge.catalog import Catalog, Condition, OperandEntry, Required, catalog
from decklint.knowledge.facts import Scope, holds
from decklint.lint.check import Context, Hit


def missing(ctx: Context, dialect: str) -> Iterator[Hit]:
    cat = catalog(dialect)
    if cat is None:
        return
    needs: dict[str, tuple[OperandEntry, ...]] = {}
    for stmts in ctx.topo.statements.values():
        if stmts and stmts[0].dialect == dialect and not _opaque(stmts):
            yield from _file(cat, stmts, needs)


def _opaque(stmts: Sequence[Statement]) -> bool:
    """Whether a macro call that was not expanded, or a COPY, may generate statements."""
    return any(st.kind == "call" or st.op == "COPY" for st in stmts)


def _file(
    cat: Catalog, stmts: Sequence[Statement], needs: dict[str, tuple[OperandEntry, ...]]
) -> Iterator[Hit]:
    """The operands missing in one file; `needs`: each statement's operands with a
    `required:`, found once per run (most statements have none among dozens of operands)."""
    scope = Scope()
    coded: set[tuple[str, str]] | None = None  # (statement, operand) the file codes
    for st in stmts:
        if st.kind != "statement":
            continue
        scope.enter(st)
        required = needs.get(st.op)
        if required is None:
            entry = cat.statement(st.op)
            ops = entry.operands.values() if entry is not None else ()
            required = needs[st.op] = tuple(op for op in ops if op.required is not None)
        if not required or any(_symbolic(o.name, o.value.text) for o in st.operands):
            continue
        for op in required:
            req = op.required
            assert req is not None
            if _coded(st, op, scope) or not _applies(cat, req, st, scope):
                continue
            if req.peers:
                if coded is None:
                    coded = {(s.op, o.name) for s in stmts for o in s.operands if o.name}
                if (st.op, op.name) not in coded:
                    continue
            yield _hit(cat, st, op, req)


def _symbolic(name: str | None, text: str) -> bool:
    """A positional operand that is a variable symbol (`&PARMS`): it may stand for any
    keyword operands, so nothing is missing for sure."""
    return name is None and text.startswith("&")


def _coded(st: Statement, op: OperandEntry, scope: Scope) -> bool:
    if st.keyword(op.name) is not None:
        return True
    return any(up.op in op.sift and up.keyword(op.name) for up in scope.above(st))


def _applies(cat: Catalog, req: Required, st: Statement, scope: Scope) -> bool:
    return all(_holds(cat, c, st, scope) for c in req.when) and not any(
        _holds(cat, c, st, scope) for c in req.unless
    )


def _holds(cat: Catalog, cond: Condition, st: Statement, scope: Scope) -> bool:
    if cond.values:
        return holds(cat, cond, st, scope)
    where = scope.enclosing(cond.statement) if cond.statement else st
    return where is not None and where.keyword(cond.operand) is not None


def _value(op: OperandEntry) -> str:
    """What to code for a required operand, as far as its catalog entry says."""
    if op.values and len(op.values) <= 8:
        return " (" + ", ".join(op.values) + ")" if len(op.values) > 1 else op.values[0]
    if op.range is not None:
        low, high = (int(x) if float(x).is_integer() else x for x in op.range)
        return f" ({low}-{high})"
    return " (its value)"


def _hit(cat: Catalog, st: Statement, op: OperandEntry, req: Required) -> Hit:
    where = f" where {' and '.join(c.text for c in req.when)}" if req.when else ""
    basis = " (a fact assumed, not confirmed in the manual)" if req.assumed else ""
    if req.peers:
        basis += f", as the deck's other {st.op} statements do"
    name = f"{st.op} {st.label}" if st.label else st.op
    return Hit(
        st.path,
        st.label_span or st.op_span or st.span,
        {
            "what": name,
            "operand": op.name,
            "why": f"{cat.product.upper()} needs it to activate the resource{where}{basis}; "
            f"code {op.name}={_value(op)}",
        },
        severity=Severity.INFO if req.assumed else None,
        dialect=st.dialect,
    )
