"""SNA009 checks that a mode a CICS SESSIONS definition or an AS/400 device uses toward VTAM is
defined in the VTAM mode tables too."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.topology import Topology
from decklint.model.views.links import links_of


@check("SNA009")
def mode_not_propagated(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    if not topo.of("modetab"):
        return  # no mode table among the linted files: nothing to compare with
    tables = ", ".join(sorted(t.name for t in topo.of("modetab")))
    all_modes = {m.name for m in topo.of("mode")}
    vtam_modes = {m.name for m in topo.of("mode") if m.dialect == "vtam"}
    to_host = _devices_to_host(topo)
    for r in topo.symbols.references:
        if r.rule == "SNA009" and r.name not in all_modes:
            yield Hit(r.path, r.span, {"mode": r.name, "usage": r.usage, "tables": tables})
        elif r.kind == "as400_mode" and r.name not in vtam_modes:
            app = to_host.get((r.path, r.usage.rsplit(" ", 1)[-1]))
            if app is not None:
                usage = f"{r.usage}, whose remote location is the VTAM application {app}"
                yield Hit(r.path, r.span, {"mode": r.name, "usage": usage, "tables": tables})


def _devices_to_host(topo: Topology) -> dict[tuple[str, str], str]:
    """(file, AS/400 device) -> the VTAM application its RMTLOCNAME matched."""
    out: dict[tuple[str, str], str] = {}
    for lk in links_of(topo, "session"):
        end = str(lk.value("end_a"))
        if end.startswith("device ") and lk.value("status") == "matched":
            out[(lk.path, end.split(" ", 1)[1])] = str(lk.value("end_b")).split(" ", 1)[-1]
    return out
