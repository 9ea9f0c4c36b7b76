"""VTM007 checks that an APPC application and the PUs that connect to it use the same mode
table."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stations import end_station as _end_station


@check("VTM007")
def appl_pu_mode_table(ctx: Context) -> Iterator[Hit]:
    apps = [
        a for a in ctx.topo.of("application") if a.value("appc") == "YES" and a.coded("modetab")
    ]
    tables = {a.value("modetab") for a in apps}
    if len(tables) != 1:
        return  # no APPC application, or several with their own tables: nothing to pair
    (table,) = tables
    app = apps[0]
    for pu in ctx.topo.of("pu"):
        if not _end_station(pu) or pu.value("major") == "MODEL":
            continue  # a model PU's MODETAB sifts to no LU: its LUs are models of their own
        mt = pu.get("modetab")
        if mt.value != table:
            yield Hit(
                pu.path,
                pu.anchor("modetab"),
                {
                    "pu": pu.name,
                    "table": mt.value if mt.coded else f"{mt.value} (not coded)",
                    "app": app.name,
                    "app_table": table,
                },
                related=(related(app, "modetab", f"MODETAB of APPL {app.name}"),),
                subject=pu.id,
            )
