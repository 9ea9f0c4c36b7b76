"""PRS005: see rules/prs/PRS005-undefined-reference.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check

_WHAT = {"cics_connection": "CICS CONNECTION"}


@check("PRS005")
def undefined_reference(ctx: Context) -> Iterator[Hit]:
    for r in ctx.topo.symbols.unresolved("PRS005"):
        yield Hit(
            r.path,
            r.span,
            {"what": _WHAT.get(r.kind, r.kind), "name": r.name, "usage": r.usage},
            dialect=r.dialect,
        )
