"""SNA009: see rules/sna/SNA009-mode-not-propagated.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("SNA009")
def mode_not_propagated(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    if not topo.of("modetab"):
        return  # no mode table among the linted files: nothing to compare with
    all_modes = {m.name for m in topo.of("mode")}
    for r in topo.symbols.references:
        if r.rule != "SNA009":
            continue
        if r.name in all_modes:
            continue
        tables = ", ".join(sorted(t.name for t in topo.of("modetab")))
        yield Hit(r.path, r.span, {"mode": r.name, "usage": r.usage, "tables": tables})
