"""CIC002 checks that CICS SENDSIZE and RECEIVESIZE hold the RU of the session's mode."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.lint.check import Context, Hit, check
from decklint.model.sna import CICS_MAX_SIZE
from decklint.model.views.modes import modes_named


@check("CIC002")
def size_below_ru(ctx: Context) -> Iterator[Hit]:
    for s in ctx.topo.of("sessions"):
        name = s.value("modename")
        if not name:
            continue
        for m in modes_named(ctx.topo, name):
            # RUSIZES: left = what the secondary (CICS's partner) sends -> CICS receives.
            for field, op, ru_field in (
                ("receivesize", "RECEIVESIZE", "ru_secondary"),
                ("sendsize", "SENDSIZE", "ru_primary"),
            ):
                ru = m.value(ru_field)
                size = s.value(field)
                if not isinstance(ru, int) or not isinstance(size, int):
                    continue
                need = min(ru, CICS_MAX_SIZE)
                if size < need:
                    yield Hit(
                        s.path,
                        s.anchor(field),
                        {
                            "operand": op,
                            "size": size,
                            "mode": name,
                            "table": m.scope,
                            "ru": ru,
                            "need": need,
                            "how": "" if s.get(field).coded else " (not coded; CICS default)",
                        },
                        related=(related(m, "rusizes", f"RUSIZES of {name} in {m.scope}"),),
                        subject=s.id,
                    )
