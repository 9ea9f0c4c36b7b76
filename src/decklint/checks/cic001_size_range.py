"""CIC001 checks that CICS SENDSIZE and RECEIVESIZE are within 1-30720."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("CIC001")
def size_range(ctx: Context) -> Iterator[Hit]:
    for s in ctx.topo.of("sessions"):
        for field, op in (("sendsize", "SENDSIZE"), ("receivesize", "RECEIVESIZE")):
            a = s.get(field)
            if not a.coded:
                continue
            if not isinstance(a.value, int) or not 1 <= a.value <= 30720:
                yield Hit(
                    s.path,
                    a.span or s.span,
                    {"operand": op, "value": a.raw, "sessions": s.name},
                    subject=s.id,
                )
