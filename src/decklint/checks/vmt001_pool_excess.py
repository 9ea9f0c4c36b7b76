"""VMT001 checks that VM TCP/IP buffer pools are not sized far above need before function level
310. Where the stack's function level is not known the finding is an information."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks

# "VM/ESA TCP/IP Performance Improvements", 'Storage Relief Measurements': pool -> (trimmed,
# excess) counts.
POOLS = {
    "ACBPOOLSIZE": (1000, 10000),
    "ADDRESSTRANSLATIONPOOLSIZE": (150, 1500),
    "CCBPOOLSIZE": (20, 500),
    "DATABUFFERPOOLSIZE": (150, 15000),
    "ENVELOPEPOOLSIZE": (300, 5000),
    "IPROUTEPOOLSIZE": (100, 300),
    "LARGEENVELOPEPOOLSIZE": (10, 500),
    "SCBPOOLSIZE": (20, 5000),
    "SKCBPOOLSIZE": (10, 5000),
    "SMALLDATABUFFERPOOLSIZE": (2500, 15000),
    "TCBPOOLSIZE": (2000, 10000),
    "TINYDATABUFFERPOOLSIZE": (20, 5000),
}


@check("VMT001")
def pool_excess(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        before = s.rel.since((310,)) if s.rel.family == "vm" else None
        if before is True:
            continue  # function level 310 removed the storage cost of excess buffers
        if before is False:
            why, severity = f" ({s.release}, before function level 310)", None
        else:  # the level is not known: it costs only before 310
            why = " (before function level 310; the stack's level is not known: declare it)"
            severity = Severity.INFO
        for p in s.of("tcpip_pool"):
            sizes = POOLS.get(p.name)
            count = p.value("count")
            if sizes is None or not isinstance(count, int) or count < sizes[1]:
                continue
            yield Hit(
                p.path,
                p.anchor("count"),
                {"name": p.name, "count": count, "trimmed": sizes[0], "why": why},
                severity=severity,
                subject=p.id,
                dialect="tcpip",
            )
