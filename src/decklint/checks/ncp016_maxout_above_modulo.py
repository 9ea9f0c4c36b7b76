"""NCP016 checks that MAXOUT is at most 7 on a modulo-8 link."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check


@check("NCP016")
def maxout_above_modulo(ctx: Context) -> Iterator[Hit]:
    for pu in ctx.topo.of("pu"):
        m, mod = pu.get("maxout"), pu.get("modulo")
        if not m.coded or not mod.coded or str(mod.value) != "8":
            continue
        if not isinstance(m.value, int) or m.value <= 7:
            continue
        yield Hit(
            pu.path,
            m.span or pu.span,
            {"pu": pu.name, "maxout": f"MAXOUT={m.raw or m.value}"},
            related=(Related(pu.path, mod.span, "MODULO=8"),) if mod.span else (),
            subject=pu.id,
        )
