"""NSK012 checks that a SNAX PU's LNT2 is below its LNT1."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import systems


@check("NSK012")
def lnt2_below_lnt1(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        for pu in s.of("nsk_pu"):
            t1, t2 = pu.value("lnt1"), pu.value("lnt2")
            if not isinstance(t1, int | float) or not isinstance(t2, int | float) or t2 < t1:
                continue
            where = "lnt2" if pu.get("lnt2").coded else "lnt1"
            path, span = pu.where(where)
            yield Hit(
                path,
                span,
                {"pu": pu.name, "lnt1": t1, "lnt2": t2},
                subject=pu.id,
                dialect="scf",
            )
