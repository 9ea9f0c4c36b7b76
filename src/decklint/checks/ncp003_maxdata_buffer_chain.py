"""NCP003 checks that MAXDATA > UNITSZ x MAXBFRU > the largest PIU holds, for each HOST."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.ncp import largest_frame, lines_by_path
from decklint.model.views.stations import stations_of


@check("NCP003")
def maxdata_buffer_chain(ctx: Context) -> Iterator[Hit]:
    lines = lines_by_path(ctx.topo)
    stations = stations_of(ctx.topo)
    for n in ctx.topo.of("ncp_host"):
        unitsz, maxbfru = n.value("unitsz"), n.value("maxbfru")
        if not isinstance(unitsz, int) or not isinstance(maxbfru, int):
            continue
        chain = unitsz * maxbfru
        maxdata = n.value("pccu_maxdata")
        piu, src, field = largest_frame(n, lines, stations)
        # MAXDATA only has to clear the buffers to let every PIU through: when the deck shows
        # its largest PIU, fits MAXDATA and the buffers, smaller MAXDATA truncates nothing
        fits = piu is not None and isinstance(maxdata, int) and piu <= maxdata and piu < chain
        if isinstance(maxdata, int) and not maxdata > chain and not fits:
            yield Hit(
                n.path,
                n.anchor("pccu_maxdata"),
                {"rel": f"MAXDATA {maxdata} is not above UNITSZ x MAXBFRU = {chain}"},
                related=(related(n, "maxbfru", "MAXBFRU"),),
                subject=n.id,
            )
        if piu is not None and src is not None and not chain > piu:
            yield Hit(
                n.path,
                n.anchor("maxbfru"),
                {
                    "rel": f"UNITSZ x MAXBFRU = {unitsz} x {maxbfru} = {chain} is not above "
                    f"the largest PIU, {piu} bytes"
                },
                related=(related(src, field, f"{field.upper()}={piu}"),),
                subject=n.id,
            )
