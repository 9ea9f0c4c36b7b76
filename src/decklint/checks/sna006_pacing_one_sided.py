"""SNA006 checks that send and receive pacing windows are raised together, not one way only."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("SNA006")
def pacing_one_sided(ctx: Context) -> Iterator[Hit]:
    ratio = ctx.options["ratio"]
    for m in ctx.topo.of("mode"):
        send = m.get("pacing_secondary_send")
        recv = m.get("pacing_secondary_recv")
        psend = m.get("pacing_primary_send")
        vals = {
            k: a
            for k, a in (("SSNDPAC", send), ("SRCVPAC", recv), ("PSNDPAC", psend))
            if a.coded and isinstance(a.value, int) and a.value > 0
        }
        if len(vals) < 2:
            continue
        lo_k = min(vals, key=lambda k: vals[k].value)
        hi_k = max(vals, key=lambda k: vals[k].value)
        lo, hi = vals[lo_k], vals[hi_k]
        if hi.value > lo.value * ratio:
            yield Hit(
                m.path,
                lo.span or m.span,
                {"mode": m.name, "low": f"{lo_k}={lo.value}", "high": f"{hi_k}={hi.value}"},
                subject=m.id,
            )
