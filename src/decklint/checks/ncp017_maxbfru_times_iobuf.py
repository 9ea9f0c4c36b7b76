"""NCP017 checks that a HOST's MAXBFRU times the IOBUF buffer size of its VTAM is below 65535,
as the manual requires of the buffers VTAM reads an NCP's data into. NCP002 judges the same
MAXBFRU against the largest PIU and UNITSZ; a HOST reported here is left out there."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.core.entities import Entity
from decklint.core.findings import Related
from decklint.core.source import Span
from decklint.knowledge.catalog import catalog
from decklint.lint.check import Context, Hit, check
from decklint.model.topology import Topology
from decklint.model.views.links import links_of
from decklint.model.views.ncp import host_iobuf


def limit() -> int | None:
    """What MAXBFRU times the IOBUF size must stay below: the catalog's HOST MAXBFRU."""
    cat = catalog("ncp")
    entry = cat.operand("HOST", "MAXBFRU") if cat is not None else None
    return entry.product_below if entry is not None else None


def too_much(topo: Topology, host: Entity) -> tuple[int, int, Entity] | None:
    """(MAXBFRU, IOBUF size, start list) where their product is not below the limit."""
    maxbfru = host.value("maxbfru")
    if host.value("link_attached") or not isinstance(maxbfru, int) or not host.coded("maxbfru"):
        return None  # no channel: a link-attached NCP's HOST sets no channel read
    most = limit()
    iobuf = host_iobuf(topo, host)
    if most is None or iobuf is None or iobuf[0] <= 0 or maxbfru * iobuf[0] < most:
        return None
    return maxbfru, iobuf[0], iobuf[1]


@check("NCP017")
def maxbfru_times_iobuf(ctx: Context) -> Iterator[Hit]:
    for host in ctx.topo.of("ncp_host"):
        found = too_much(ctx.topo, host)
        if found is None:
            continue
        maxbfru, size, start = found
        yield Hit(
            host.path,
            host.anchor("maxbfru"),
            {
                "maxbfru": maxbfru,
                "size": size,
                "product": maxbfru * size,
                "most": ((limit() or 1) - 1) // size,
                "limit": limit(),
            },
            related=(
                related(start, "iobuf_size", f"IOBUF buffer size {size}"),
                *_ownership(ctx.topo, host, start),
            ),
            subject=host.id,
        )


def _ownership(topo: Topology, host: Entity, start: Entity) -> tuple[Related, ...]:
    """Where the decks say that the VTAM of the start list owns the HOST's NCP."""
    ncp, vtam = topo.site.get(host.path), topo.site.get(start.path)
    for lk in links_of(topo, "channel"):
        if lk.value("node_a") == ncp and lk.value("node_b") == vtam and lk.value("b_path"):
            line, col = int(lk.value("b_line")), int(lk.value("b_col") or 1)
            why = f"VTAM {vtam} owns NCP {ncp}: {str(lk.value('via')).split('; ', 1)[-1]}"
            return (Related(str(lk.value("b_path")), Span(line, col, line, col), why),)
    return ()
