"""PRS003 checks operand values against the product's catalog: the range, the value list and,
for a pacing byte, the reserved bits each entry gives (`knowledge/facts.judge`). A value outside
a confirmed fact is an error; one outside an assumed fact (`confidence: low`, `assumed:`) is
a warning that says the fact is assumed."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.core.ir import Operand, Statement
from decklint.knowledge import schema
from decklint.knowledge.catalog import START_OPTIONS, Catalog, OperandEntry, build
from decklint.knowledge.facts import Problem, Scope, judge
from decklint.lint.check import Context, Hit, check


@check("PRS003")
def value_out_of_range(ctx: Context) -> Iterator[Hit]:
    scopes: dict[str, Scope] = {}
    # (operand entry, kind, text) of the values found right: a value that is no list, of an
    # entry with no cases, is judged by those alone (decks code the same values again and
    # again). The entries live as long as their catalog, so their ids stay theirs here.
    fine: set[tuple[int, str, str]] = set()
    for st in ctx.topo.all_statements():
        if st.dialect == "cics":
            yield from _define(st)
            continue
        if st.dialect not in schema.BY_OPERATION:
            continue
        cat = schema.catalog_of(st.dialect)
        if st.kind == "item":  # a start list's option (VTAM)
            if cat is not None:
                yield from _start_option(cat, st)
            continue
        if st.kind != "statement":
            continue
        scope = scopes.get(st.path)
        if scope is None:
            scope = scopes[st.path] = Scope()
        scope.enter(st)
        entries = schema.judged_entries(st.dialect, st.op)
        if not entries:
            continue
        st_entry = cat.statement(st.op) if cat is not None else None
        judged = _catalog(cat, st.dialect)
        for o in st.operands:
            entry = entries.get(o.name or "")
            if entry is None:
                continue
            v = o.value
            key = None if entry.judged_cases or v.kind == "list" else (id(entry), v.kind, v.text)
            if key in fine:
                continue
            problem = judge(judged, st_entry, entry, o, st, scope)
            if problem is not None:
                yield _hit(st, o, problem)
            elif key is not None:
                fine.add(key)


def _start_option(cat: Catalog, st: Statement) -> Iterator[Hit]:
    options = cat.section_operands(START_OPTIONS)
    for o in st.operands:
        entry: OperandEntry | None = options.get(o.name or "")
        if entry is None:
            continue
        problem = judge(cat, None, entry, o)
        if problem is not None:
            yield _hit(st, o, problem)


def _define(st: Statement) -> Iterator[Hit]:
    """A CSD DEFINE's attributes, against the catalog's entry for its resource type (an
    attribute may be coded as its leading letters where only one attribute starts so)."""
    if st.op not in ("DEFINE", "ALTER") or not st.operands or not st.operands[0].name:
        return
    from decklint.dialects.cics.reader import resource_type

    cat = schema.catalog_of("cics")
    entry = cat.statement(resource_type(st.operands[0].name)) if cat is not None else None
    if cat is None or entry is None:
        return
    for o in st.operands[1:]:
        name = o.name or ""
        op = entry.operands.get(name)
        if op is None:
            hits = [e for n, e in entry.operands.items() if n.startswith(name)]
            op = hits[0] if name and len(hits) == 1 else None
        problem = judge(cat, entry, op, o) if op is not None else None
        if problem is not None:
            yield _hit(st, o, problem)


def _catalog(cat: Catalog | None, dialect: str) -> Catalog:
    """The catalog conditions are read from; a dialect still without one has no cases."""
    return cat if cat is not None else _no_catalog(dialect)


@functools.cache
def _no_catalog(dialect: str) -> Catalog:
    return build({"statements": {}, "product": dialect}, dialect)


def _hit(st: Statement, o: Operand, p: Problem) -> Hit:
    why = p.why
    if p.assumed:
        why += f" (assumed, not confirmed in the manual: {p.source})"
    name = o.name_text or o.name or ""
    # as the deck codes it: KEY=value, or a CSD attribute's KEY(value)
    coded = f"{name}({o.value.text})" if st.dialect == "cics" else f"{name}={o.value.text}"
    if p.value.span != o.value.span:
        coded += f" ({p.value.text})"  # the item of a list that is wrong
    return Hit(
        st.path,
        p.value.span,
        {"coded": coded, "why": why},
        severity=Severity.WARNING if p.assumed else None,
        dialect=st.dialect,
    )
