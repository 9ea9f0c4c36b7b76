"""NCP004 checks that BFRS on BUILD is 240, the largest NCP buffer."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("NCP004")
def bfrs(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["bfrs"]
    for st in ctx.topo.all_statements():
        if st.dialect != "ncp":
            continue
        o = st.keyword("BFRS")
        if o is None:
            continue
        if st.op in ("PCCU", "HOST"):
            yield Hit(
                st.path,
                o.span,
                {
                    "problem": f"BFRS is coded on {st.op}, where NCP does not read it (NCP takes "
                    f"BFRS from the BUILD statement); remove it here and code BFRS={want} on "
                    "BUILD"
                },
                dialect="ncp",
            )
        v = o.value.as_int()
        if st.op == "BUILD" and v is not None and v != want:
            yield Hit(
                st.path,
                o.value.span,
                {"problem": f"BFRS={v}: use {want}, the largest NCP buffer"},
                dialect="ncp",
            )
