"""PRS005: see rules/prs/PRS005-undefined-reference.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.symbols import CLOSED_WORLD

_WHAT = {"cics_connection": "CICS CONNECTION", "group": "NCP or XCA group"}


@check("PRS005")
def undefined_reference(ctx: Context) -> Iterator[Hit]:
    sym = ctx.topo.symbols
    for r in sym.unresolved("PRS005"):
        if r.kind not in CLOSED_WORLD and not sym.has_kind(r.kind):
            continue  # no definition of this kind is among the linted files: cannot judge
        yield Hit(
            r.path,
            r.span,
            {"what": _WHAT.get(r.kind, r.kind), "name": r.name, "usage": r.usage},
            dialect=r.dialect,
        )
