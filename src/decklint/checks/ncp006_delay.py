"""NCP006 checks that DELAY is 0 wherever the deck codes it (PCCU, BUILD, or HOST on 3705-era
NCPs). A deck that codes it nowhere is reported only where the catalog does not give 0 as the
default of PCCU and BUILD DELAY (it does: not coding DELAY is coding 0)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.core.ir import Statement
from decklint.knowledge.facts import default_of
from decklint.lint import edits
from decklint.lint.check import Context, Hit, check

# what DELAY holds back on each statement that takes it (grammars/catalogs/ncp.yaml)
_HOLDS = {
    "PCCU": "holds data before it is sent to the NCP",
    "BUILD": "on BUILD holds inbound data in the NCP before it interrupts the host",
    "HOST": "on HOST (a 3705-era NCP's attention delay) holds inbound data in the NCP before "
    "it interrupts the host",
}


@check("NCP006")
def delay(ctx: Context) -> Iterator[Hit]:
    by_path: dict[str, list[Statement]] = {}
    for st in ctx.topo.all_statements():
        if st.dialect == "ncp" and st.op in _HOLDS:
            by_path.setdefault(st.path, []).append(st)
    for sts in by_path.values():
        coded = [st for st in sts if st.keyword("DELAY") is not None]
        for st in coded:
            yield from _judge(ctx, st)
        if coded:
            continue
        for st in sts:
            if st.op != "PCCU":
                continue
            held = [
                f"{op} DELAY {d.value}" + (f" ({d.note})" if d.note else "")
                for op in ("PCCU", "BUILD")
                if (d := default_of("ncp", op, "DELAY")).value != 0
            ]
            if held:  # a catalog whose default holds data back: not coding DELAY is not 0
                yield Hit(
                    st.path,
                    st.op_span or st.span,
                    {
                        "how": "DELAY is not coded on PCCU, BUILD or HOST, so the default "
                        + ", ".join(held)
                        + " applies"
                    },
                    dialect="ncp",
                    fix=edits.add_operand(ctx.topo, st.path, st.span, "DELAY=0", "code DELAY=0"),
                )


def _judge(ctx: Context, st: Statement) -> Iterator[Hit]:
    o = st.keyword("DELAY")
    if o is None:
        return
    v = o.value.as_number()
    if v is not None and v == 0:
        return
    how = _HOLDS[st.op]
    yield Hit(
        st.path,
        o.value.span,
        {"how": f"DELAY={o.value.text} {how}"},
        dialect="ncp",
        severity=None if v is not None else Severity.WARNING,
        fix=edits.set_value(ctx.topo, st.path, o.value.span, "0", "code DELAY=0"),
    )
