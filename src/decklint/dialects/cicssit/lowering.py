"""System initialization parameters -> one `cics_sit` entity a file: what the region's links
read (APPLID, SYSIDNT, GRPLIST, ISC, IRCSTRT, TCPIP, VTAM), each as coded or the catalog's
default; a value the catalog's entry rejects is reported (PRS003)."""

from __future__ import annotations

from decklint.core.entities import Attr
from decklint.core.ir import Operand, Value
from decklint.core.lowering import Lowering, default
from decklint.core.source import Span
from decklint.knowledge import member_facts as facts
from decklint.readers.base import ParsedFile

# The parameters the model reads, and the field each becomes.
_FIELDS = {
    "APPLID": "applid",
    "SYSIDNT": "sysidnt",
    "GRPLIST": "grplist",
    "GRNAME": "grname",
    "ISC": "isc",
    "IRCSTRT": "ircstrt",
    "TCPIP": "tcpip",
    "VTAM": "vtam",
}


def lower(pf: ParsedFile, low: Lowering) -> None:
    params: dict[str, Operand] = {}  # the last one coded wins, as CICS reads them
    for st in pf.statements:
        if st.op != "DFHSIT":
            continue
        for o in st.operands:
            if o.name:
                params[o.name.upper()] = o
    if not params:
        return
    cat = facts.product("cicssit")
    attrs: dict[str, Attr] = {}
    for key, field in _FIELDS.items():
        coded_as = params.get(key)
        fact = facts.operand_fact(cat, "DFHSIT", key)
        if coded_as is None:
            dflt = fact.entry.default if fact is not None else None
            why = f"{key} not coded" + (f"; the default is {dflt}" if dflt else "")
            attrs[field] = default(_default(key, dflt), why)
            continue
        if fact is not None:
            _judge(coded_as, fact, low)
        attrs[field] = _attr(key, coded_as)
    applid = params.get("APPLID")
    generic = applid.value.item(0) if applid is not None and applid.value.is_list else None
    both = applid is not None and applid.value.is_list and len(applid.value.items) > 1
    attrs["generic_applid"] = (
        Attr(generic.text.upper(), generic.text, generic.span)
        if both and generic is not None
        else default(None, "one APPLID: no XRF generic identifier")
    )
    name = str(attrs["applid"].value or "")
    first = pf.statements[0].span if pf.statements else Span(1, 1, 1, 1)
    low.add("cics_sit", name, first, {"name": Attr(name), **attrs})


def _default(key: str, dflt: object) -> object:
    if key == "GRPLIST" and dflt is not None:
        return (str(dflt),)
    return dflt


def _attr(key: str, o: Operand) -> Attr:
    v = o.value
    if key == "GRPLIST":
        items = v.items if v.is_list else (v,)
        names = tuple(i.text.upper() for i in items if i is not None and i.text)
        return Attr(names, v.text, v.span)
    if key == "APPLID" and v.is_list:  # (generic,specific): the specific one is the APPL's
        specific = v.item(len(v.items) - 1) or v.item(0)
        if specific is not None:
            return Attr(specific.text.upper(), v.text, specific.span)
    return Attr(v.text.upper().strip("'"), v.text, v.span)


def _judge(o: Operand, fact: facts.Fact, low: Lowering) -> None:
    """A coded value against its entry: a name longer than the entry allows, a value not
    one of its values, a number outside its range (PRS003)."""
    entry = fact.entry
    values: list[Value] = list(o.value.items) if o.value.is_list else [o.value]  # type: ignore[arg-type]
    for v in values:
        if v is None or not v.text or "&" in v.text:
            continue
        why = None
        most = entry.max_length
        if most is not None and entry.kind in ("name", "list") and len(v.text) > most:
            why = f"longer than {most} characters"
        elif entry.kind != "list":
            why = facts.problem(fact, v.text, v.as_int())
        if why is not None:
            low.diag(facts.out_of_range(fact, v.span, f"{o.name}={v.text}", why))
