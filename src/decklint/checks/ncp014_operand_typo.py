"""NCP014: see rules/ncp/NCP014-operand-typo.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.dialects.schema import statement_schema, suggest
from decklint.lint.check import Context, Hit, check


@check("NCP014")
def operand_typo(ctx: Context) -> Iterator[Hit]:
    for st in ctx.topo.all_statements():
        if st.dialect != "ncp":
            continue
        schema = statement_schema("ncp", st.op)
        if schema is None:
            continue
        for o in st.operands:
            if o.name is None or o.name in schema.operands:
                continue
            guess = suggest(o.name, [n for n in schema.operands if st.keyword(n) is None])
            if guess:
                yield Hit(
                    st.path,
                    o.span,
                    {"operand": o.name_text or o.name, "op": st.op, "guess": guess},
                    dialect="ncp",
                )
