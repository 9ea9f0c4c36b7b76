"""TCP018 checks that CICS Sockets NTASKS, NUMSOCK, BACKLOG and DPRTY suit the planned
connections."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.declared import declared


@check("TCP018")
def cics_sockets(ctx: Context) -> Iterator[Hit]:
    nodes = declared(ctx.topo)
    for c in ctx.topo.of("cics_sockets"):
        ntasks, dprty = c.value("ntasks"), c.value("dprty")
        node = nodes.get(c.name)
        peak = node.value("cics_peak_connections") if node is not None else None
        if isinstance(ntasks, int) and isinstance(peak, int) and ntasks <= peak:
            yield Hit(
                c.path,
                c.anchor("ntasks"),
                {
                    "what": f"CICS Sockets {c.name}: NTASKS {ntasks}"
                    + (" (the default)" if not c.coded("ntasks") else "")
                    + f" for a peak of {peak} connections; set it slightly higher than the "
                    "peak so the reusable subtasks are not exhausted"
                },
                related=(Related(node.path, node.anchor("cics_peak_connections"), "the peak"),)
                if node is not None
                else (),
                subject=c.id,
                dialect="ezacicd",
            )
        if isinstance(dprty, int) and dprty != 0:
            yield Hit(
                c.path,
                c.anchor("dprty"),
                {
                    "what": f"CICS Sockets {c.name}: DPRTY {dprty}; set it to 0 for better "
                    "response time"
                },
                subject=c.id,
                dialect="ezacicd",
            )
        for lst in ctx.topo.of("cics_listener"):
            if lst.value("applid") not in (c.name, None):
                continue
            numsock, backlog = lst.value("numsock"), lst.value("backlog")
            if isinstance(numsock, int) and isinstance(ntasks, int) and numsock <= ntasks:
                yield Hit(
                    lst.path,
                    lst.anchor("numsock"),
                    {
                        "what": f"listener {lst.value('tranid')} port {lst.value('port')}: NUMSOCK "
                        f"{numsock} is not above NTASKS {ntasks}; set it slightly higher"
                    },
                    subject=lst.id,
                    dialect="ezacicd",
                )
            if isinstance(backlog, int) and backlog < 40:
                yield Hit(
                    lst.path,
                    lst.anchor("backlog"),
                    {
                        "what": f"listener {lst.value('tranid')} port {lst.value('port')}: BACKLOG "
                        f"{backlog}"
                        + (" (the default)" if not lst.coded("backlog") else "")
                        + "; the tuning document recommends 40 queued connections"
                    },
                    subject=lst.id,
                    dialect="ezacicd",
                )
