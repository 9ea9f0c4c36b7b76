"""PRS006 checks that every mode table and CICS connection is referred to by something in the
linted files."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check

_WHAT = {"modetab": "mode table", "cics_connection": "CICS CONNECTION"}


@check("PRS006")
def unused_definition(ctx: Context) -> Iterator[Hit]:
    referred = ctx.topo.symbols.referred_kinds()
    for d in ctx.topo.symbols.unused():
        if d.kind not in referred:
            continue  # nothing in the linted files refers to this kind at all
        yield Hit(
            d.path, d.span, {"what": _WHAT.get(d.kind, d.kind), "name": d.name}, dialect=d.dialect
        )
