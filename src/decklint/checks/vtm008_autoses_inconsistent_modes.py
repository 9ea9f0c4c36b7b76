"""VTM008 checks that the modes AUTOSES or AUTOCONNECT(ALL) binds at once are defined
consistently."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.core.entities import Entity
from decklint.lint.check import Context, Hit, check
from decklint.model.views.modes import modes_named


def _inconsistent(ctx: Context, name: str) -> list[str]:
    sizes = {(m.value("ru_secondary"), m.value("ru_primary")) for m in modes_named(ctx.topo, name)}
    sizes.discard((None, None))
    return sorted(f"({a},{b})" for a, b in sizes) if len(sizes) > 1 else []


@check("VTM008")
def autoses_inconsistent_modes(ctx: Context) -> Iterator[Hit]:
    by_table: dict[str, list[Entity]] = defaultdict(list)  # mode table -> its modes
    for m in ctx.topo.of("mode"):
        by_table[m.scope].append(m)
    for app in ctx.topo.of("application"):
        auto = app.value("autoses")
        if not isinstance(auto, int) or auto <= 0:
            continue
        for m in by_table.get(app.value("modetab"), []):
            diff = _inconsistent(ctx, m.name)
            if diff:
                yield Hit(
                    app.path,
                    app.anchor("autoses"),
                    {
                        "who": f"APPL {app.name} AUTOSES={auto}",
                        "mode": m.name,
                        "sizes": ", ".join(diff),
                    },
                    related=(related(m, "rusizes", f"mode {m.name} in {m.scope}"),),
                    subject=app.id,
                )
    for s in ctx.topo.of("sessions"):
        if s.value("autoconnect") != "ALL":
            continue
        name = s.value("modename")
        diff = _inconsistent(ctx, name) if name else []
        if diff:
            yield Hit(
                s.path,
                s.anchor("autoconnect"),
                {
                    "who": f"SESSIONS {s.name} AUTOCONNECT(ALL)",
                    "mode": name,
                    "sizes": ", ".join(diff),
                },
                subject=s.id,
            )
