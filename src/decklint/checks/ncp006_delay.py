"""NCP006 checks that DELAY on PCCU is coded as 0."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.findings import Severity
from decklint.fix import edits
from decklint.lint.check import Context, Hit, check


@check("NCP006")
def delay(ctx: Context) -> Iterator[Hit]:
    for st in ctx.topo.all_statements():
        if st.dialect != "ncp" or st.op != "PCCU":
            continue
        o = st.keyword("DELAY")
        if o is None:
            yield Hit(
                st.path,
                st.op_span or st.span,
                {
                    "how": "DELAY is not coded on PCCU: the seed's baseline left it at the "
                    "default and its tuned lab codes DELAY=0 explicitly"
                },
                dialect="ncp",
                fix=edits.add_operand(ctx.topo, st.path, st.span, "DELAY=0", "code DELAY=0"),
            )
            continue
        v = o.value.as_number()
        if v is None or v != 0:
            yield Hit(
                st.path,
                o.value.span,
                {"how": f"DELAY={o.value.text} holds data before it is sent to the NCP"},
                dialect="ncp",
                severity=None if v is not None else Severity.WARNING,
                fix=edits.set_value(ctx.topo, st.path, o.value.span, "0", "code DELAY=0"),
            )
