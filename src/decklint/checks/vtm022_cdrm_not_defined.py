"""VTM022 checks that a CDRSC's CDRM= names a CDRM of the linted files, where they hold a
CDRM major node at all (without one, the owner may be defined anywhere: nothing is said)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.knowledge.schema import suggest
from decklint.lint.check import Context, Hit, check


@check("VTM022")
def cdrm_not_defined(ctx: Context) -> Iterator[Hit]:
    sym = ctx.topo.symbols
    if not sym.has_kind("cdrm"):
        return
    for r in sym.unresolved("VTM022"):
        guess = suggest(r.name, sym.names("cdrm", r.scope))
        hint = f"; did you mean {guess}?" if guess else ""
        yield Hit(
            r.path,
            r.span,
            {"usage": r.usage, "name": r.name, "hint": hint},
            dialect=r.dialect,
        )
