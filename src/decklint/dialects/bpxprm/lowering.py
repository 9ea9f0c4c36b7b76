"""BPXPRMxx statements -> model entities: z/OS UNIX limits and file systems."""

from __future__ import annotations

from pathlib import PurePath

from decklint.core.entities import Attr
from decklint.core.ir import (
    Diagnostic,
    Statement,
    Value,
)
from decklint.core.lowering import Lowering, default
from decklint.dialects.bpxprm.reader import _SUFFIX, number, tables
from decklint.knowledge import member_facts as facts
from decklint.readers.base import (
    ParsedFile,
    unknown_name,
)


def _system(path: str) -> str:
    """The system whose members a file is: its folder's name, the folder above for a folder
    named after a library (SYSA/PARMLIB/BPXPRM00 is SYSA's; model/systems.py)."""
    from decklint.readers.base import library_folder

    folder = library_folder(PurePath(path).parent)
    return (folder.name or "BPX").upper()


def _number(v: Value) -> int | None:
    return number(v.text) if v.kind != "string" else None


def _value(v: Value) -> Attr:
    n = _number(v)
    return Attr(n if n is not None else v.text.strip("'").upper(), v.text, v.span)


def lower(pf: ParsedFile, low: Lowering) -> None:
    system = _system(pf.source.path)
    t = tables()
    for st in pf.statements:
        role = t.roles.get(st.op)
        if role is None:
            low.diag(unknown_name(st.op_span or st.span, f"BPXPRMxx statement {st.op}", t.top))
            continue
        if role == "resource":
            _group(st, low, system)
            continue
        value = st.operands[0].value if st.operands and st.operands[0].name is None else None
        if value is None:
            low.diag(Diagnostic("PRS001", st.op_span or st.span, f"{st.op} needs (value)"))
            continue
        fact = facts.value_fact(facts.product("bpxprm"), st.op)
        if fact is not None:
            _judge(fact, value, st.op, f"{st.op}({value.text})", low)
        low.add(
            "bpx_setting",
            st.op,
            st.span,
            {"value": _value(value), "limit": default(role == "limit"), "system": default(system)},
            scope=system,
        )


def _judge(fact: facts.Fact, v: Value, name: str, what: str, low: Lowering) -> None:
    """PRS003 for a value its catalog entry rejects, or a number larger than any member may
    code."""
    if v.kind == "list":
        return  # TAG(TEXT,1047), AUTOMOVE(INCLUDE,...): judged as a whole nowhere yet
    n = _number(v)
    numeric = fact.entry.kind in ("int", "size")
    why = facts.problem(fact, v.text, n if numeric else None)
    if why is None and numeric and n is not None:
        t = tables()
        top = t.multiplied if v.text[-1:].upper() in _SUFFIX else t.plain
        if n > top:
            why = f"larger than {top}, the most a BPXPRMxx value may be"
            low.diag(Diagnostic("PRS003", v.span, f"{what}: {why}"))
            return
    if why is not None:
        low.diag(facts.out_of_range(fact, v.span, what, why))


def _group(st: Statement, low: Lowering, system: str) -> None:
    cat = facts.product("bpxprm")
    known = tables().operands[st.op]
    attrs: dict[str, Attr] = {"system": default(system)}
    for o in st.operands:
        name = known.get(o.name or "")
        if name is None:
            what = o.name or o.value.text
            shown = sorted(set(known.values())) if o.name else ()
            low.diag(unknown_name(o.span, f"{st.op} operand {what}", shown))
            continue
        fact = facts.operand_fact(cat, st.op, name)
        if fact is not None and o.value.kind != "flag":
            _judge(fact, o.value, name, f"{st.op} {o.name}({o.value.text})", low)
        attrs[name.lower()] = (
            Attr(True, o.name, o.span) if o.value.kind == "flag" else _value(o.value)
        )
    kind = {"NETWORK": "bpx_network", "FILESYSTYPE": "bpx_filesystype"}.get(st.op, "bpx_resource")
    name = str(
        (attrs.get("domainname") or attrs.get("type") or attrs.get("name") or Attr(st.op)).value
    )
    if kind == "bpx_resource":
        attrs["statement"] = default(st.op)
    low.add(kind, name, st.span, {"name": Attr(name), **attrs}, scope=system)
    if st.op == "FILESYSTYPE" and "type" in attrs:
        low.define("bpx_pfs", str(attrs["type"].value), attrs["type"].span or st.span, system)
    if st.op in ("NETWORK", "SUBFILESYSTYPE") and "type" in attrs:
        t = attrs["type"]
        if t.span is not None and t.value in ("INET", "CINET"):
            low.reference(
                "bpx_pfs", str(t.value), t.span, f"{st.op} TYPE({t.value})", system, "BPX004"
            )
