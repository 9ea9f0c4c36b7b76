"""NCP014 checks for NCP operands that are near misses of ones NCP knows (MAXBUFRU for MAXBFRU)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Applicability, Edit, Fix
from decklint.core.ir import Operand
from decklint.core.source import Span
from decklint.knowledge.schema import statement_schema, suggest
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
                    fix=_rename(o, guess),
                )


def _rename(o: Operand, guess: str) -> Fix | None:
    """The keyword spelt as the one operand it is closest to (`NAME=` ends on the first card)."""
    written = o.name_text or o.name or ""
    at = o.span
    if not written or o.value.span.line != at.line or o.value.span.col != at.col + len(written) + 1:
        return None  # the keyword does not sit whole before '=' on one card
    span = Span(at.line, at.col, at.line, at.col + len(written))
    return Fix(f"spell it {guess}", (Edit(span, guess),), Applicability.SAFE)
