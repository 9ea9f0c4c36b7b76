"""EZACICD macros -> model entities: the CICS Sockets configuration."""

from __future__ import annotations

from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, Statement
from decklint.core.lowering import Lowering, attr_or_default, coded
from decklint.dialects.ezacicd.reader import MODELLED, types
from decklint.knowledge import member_facts as facts
from decklint.knowledge.catalog import Catalog, StatementEntry
from decklint.knowledge.schema import suggest
from decklint.readers.base import ParsedFile


def lower(pf: ParsedFile, low: Lowering) -> None:
    cat = facts.product("ezacicd")
    for st in pf.statements:
        if st.op != "EZACICD":
            continue
        t = st.keyword("TYPE")
        typ = t.value.text.upper() if t is not None else ""
        entry = cat.statement(typ) if typ else None
        if entry is None:
            low.diag(
                Diagnostic(
                    "PRS003" if t is not None else "PRS001",
                    t.value.span if t is not None else st.span,
                    f"EZACICD needs TYPE={'|'.join(types())}"
                    + (f", not {t.value.text}" if t is not None else ""),
                )
            )
            continue
        _operands(st, typ, entry, cat, low)
        fields = MODELLED.get(typ)
        if fields is not None:
            _lower(st, typ, fields, cat, low)


def _operands(st: Statement, typ: str, entry: StatementEntry, cat: Catalog, low: Lowering) -> None:
    """Each operand against the TYPE's catalog entry: an unknown one is information (the
    operand lists are not confirmed complete), a value its entry rejects PRS003."""
    for o in st.operands:
        if o.name is None or o.name == "TYPE" or o.name.startswith("&"):
            continue
        fact = facts.operand_fact(cat, typ, o.name)
        if fact is None:
            guess = suggest(o.name, [n for n in entry.operands if st.keyword(n) is None])
            hint = f"; did you mean {guess}?" if guess else "; it is kept but not modelled"
            low.diag(
                Diagnostic(
                    "PRS002",
                    o.span,
                    f"EZACICD TYPE={typ} operand {o.name_text or o.name} is not known{hint} "
                    f"(decklint's list of its operands is {facts.ASSUMED})",
                    Severity.INFO,
                )
            )
            continue
        numeric = fact.entry.kind == "int"
        why = facts.problem(fact, o.value.text, o.value.as_int() if numeric else None)
        if why is not None:
            low.diag(facts.out_of_range(fact, o.value.span, f"{o.name}={o.value.text}", why))


def _lower(st: Statement, typ: str, fields: tuple[str, ...], cat: Catalog, low: Lowering) -> None:
    attrs: dict[str, Attr] = {}
    for op in fields:
        fact = facts.operand_fact(cat, typ, op)
        dflt = fact.entry.default if fact is not None else None
        o = st.keyword(op)
        attrs[op.lower()] = (
            attr_or_default(o, dflt, "EZACICD default") if dflt is not None else coded(o)
        )
    applid = str(attrs["applid"].value or "CICS")
    if typ == "CICS":
        low.add("cics_sockets", applid, st.span, {"name": Attr(applid), **attrs})
    else:
        port = attrs["port"].value
        name = f"{applid}:{attrs['tranid'].value}:{port}"
        low.add(
            "cics_listener",
            name,
            st.span,
            {"name": Attr(name), **attrs},
        )
