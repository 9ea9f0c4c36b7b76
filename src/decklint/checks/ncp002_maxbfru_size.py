"""NCP002 checks that MAXBFRU is the largest PIU divided by UNITSZ, rounded up."""

from __future__ import annotations

import math
from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.checks.ncp017_maxbfru_times_iobuf import too_much
from decklint.lint.check import Context, Hit, check
from decklint.model.views.ncp import largest_frame, lines_by_path
from decklint.model.views.stations import stations_of


@check("NCP002")
def maxbfru_size(ctx: Context) -> Iterator[Hit]:
    lines = lines_by_path(ctx.topo)
    stations = stations_of(ctx.topo)
    for n in ctx.topo.of("ncp_host"):
        if n.value("link_attached"):
            continue  # no channel: VTAM's buffers for its data are the local NCP's HOST's
        if too_much(ctx.topo, n) is not None:
            continue  # MAXBFRU times IOBUF is over the manual's limit: NCP017's, said once
        unitsz, maxbfru = n.value("unitsz"), n.value("maxbfru")
        if not isinstance(unitsz, int) or not isinstance(maxbfru, int) or unitsz <= 0:
            continue
        piu, src, field = largest_frame(n, lines, stations)
        if piu is None or src is None:
            continue
        best = math.ceil(piu / unitsz)
        if maxbfru < best or maxbfru > best + ctx.options["slack"]:
            what = "too few to hold it" if maxbfru < best else "buffers wasted while NCP waits"
            yield Hit(
                n.path,
                n.anchor("maxbfru"),
                {"maxbfru": maxbfru, "best": best, "piu": piu, "unitsz": unitsz, "what": what},
                related=(related(src, field, f"largest frame: {field.upper()}={piu}"),),
                subject=n.id,
            )
