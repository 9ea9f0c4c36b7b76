"""NCP011 checks that peripheral token-ring lines code T2TIMER=(1,1,2) when their stations send
windows above 1."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("NCP011")
def t2timer_peripheral(ctx: Context) -> Iterator[Hit]:
    for ln in ctx.topo.of("line"):
        if not ln.value("peripheral") or ln.value("maxtsl") is None:
            continue
        a = ln.get("t2timer")
        if a.value is None:
            yield Hit(
                ln.path,
                ln.span,
                {
                    "how": f"no T2TIMER on LINE {ln.name} or BUILD: NCP acknowledges every "
                    "frame (window 1); code T2TIMER=(1,1,2) when the stations send windows "
                    "above 1"
                },
                subject=ln.id,
            )
            continue
        vals = a.value
        w = vals[2] if len(vals) > 2 else None
        t1 = vals[0] if vals else None
        if isinstance(w, (int, float)) and w > 2:
            yield Hit(
                ln.path,
                a.span or ln.span,
                {"how": f"T2TIMER window {w:g} acts as 2 on peripheral connections"},
                subject=ln.id,
            )
        if len(vals) < 3:
            yield Hit(
                ln.path,
                a.span or ln.span,
                {
                    "how": f"T2TIMER={a.raw} has no acknowledgement count; the APPC "
                    "tuning guide's figure reads (1,1.8), most likely (1,1,8): code (T1,T2,W)"
                },
                subject=ln.id,
            )
        elif isinstance(t1, (int, float)) and t1 > 0.2 and w == 1:
            yield Hit(
                ln.path,
                a.span or ln.span,
                {
                    "how": "stations with a send window of 1 wait for T1: use T1 below "
                    "0.2 s or omit T2TIMER"
                },
                subject=ln.id,
            )
