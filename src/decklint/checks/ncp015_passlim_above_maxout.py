"""NCP015 checks that PASSLIM is at most MAXOUT, the top of its range."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check


@check("NCP015")
def passlim_above_maxout(ctx: Context) -> Iterator[Hit]:
    for pu in ctx.topo.of("pu"):
        p, m = pu.get("passlim"), pu.get("maxout")
        if not p.coded or pu.value("putype") in (4, 5):
            continue  # a subarea PU ignores PASSLIM (MAXOUT stands for it)
        if not isinstance(p.value, int) or not isinstance(m.value, int) or p.value <= m.value:
            continue
        maxout = f"MAXOUT={m.value}" if m.coded else f"MAXOUT is not coded (default {m.value})"
        yield Hit(
            pu.path,
            p.span or pu.span,
            {"pu": pu.name, "passlim": f"PASSLIM={p.raw or p.value}", "maxout": maxout},
            related=(Related(pu.path, m.span, "MAXOUT"),) if m.coded and m.span else (),
            subject=pu.id,
        )
