"""SNA004 checks that bulk-transfer modes use a class of service with MEDIUM or LOW transmission
priority."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("SNA004")
def bulk_cos_priority(ctx: Context) -> Iterator[Hit]:
    high = set(ctx.options["high_priority"])
    for m in ctx.topo.of("mode"):
        if not m.value("bulk"):
            continue
        for field, op in (("appncos", "APPNCOS"), ("cos", "COS")):
            a = m.get(field)
            if a.coded and a.value in high:
                yield Hit(
                    m.path,
                    a.span or m.span,
                    {"mode": m.name, "operand": op, "cos": a.value},
                    subject=m.id,
                )
