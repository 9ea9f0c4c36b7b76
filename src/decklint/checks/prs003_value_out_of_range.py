"""PRS003 checks that operand values are within the range the product documents."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.dialects.schema import statement_schema
from decklint.lint.check import Context, Hit, check


def _fmt(x: float | None) -> str:
    return "" if x is None else str(int(x)) if float(x).is_integer() else str(x)


@check("PRS003")
def value_out_of_range(ctx: Context) -> Iterator[Hit]:
    for st in ctx.topo.all_statements():
        if st.kind != "statement":
            continue  # a start or configuration list's items: no statement to look up
        schema = statement_schema(st.dialect, st.op)
        if schema is None:
            continue
        for o in st.operands:
            spec = schema.operands.get(o.name or "")
            if spec is None or spec.lo is None or spec.hi is None:
                continue
            v = o.value.as_number()
            if spec.kind == "pace" and o.value.kind == "hex" and v is not None and v <= 0xFF:
                continue  # the BIND byte as IBM's own tables code it (X'81': window 1, staged)
            if spec.kind == "int" and o.value.kind == "decimal":
                v = None
            if v is None:
                if spec.kind == "int" and o.value.kind in ("decimal", "word"):
                    yield Hit(
                        st.path,
                        o.value.span,
                        {
                            "operand": o.name,
                            "value": o.value.text,
                            "why": "must be a whole number from "
                            f"{_fmt(spec.lo)} to {_fmt(spec.hi)}",
                        },
                        dialect=st.dialect,
                    )
                continue
            if not spec.lo <= v <= spec.hi:
                yield Hit(
                    st.path,
                    o.value.span,
                    {
                        "operand": o.name,
                        "value": o.value.text,
                        "why": f"outside the allowed range {_fmt(spec.lo)}-{_fmt(spec.hi)}",
                    },
                    dialect=st.dialect,
                )
