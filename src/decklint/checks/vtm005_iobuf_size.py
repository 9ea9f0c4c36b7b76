"""VTM005 checks that the IOBUF buffer size is 4000 and equal to the NCP's UNITSZ.

An NCP owned by several hosts codes one HOST per host: a VTAM is compared with the HOST whose
SUBAREA is its HOSTSA, else with every HOST, and is reported only when none matches.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.lint.check import Context, Hit, check
from decklint.model.entities import Entity


@check("VTM005")
def iobuf_size(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["size"]
    ncps: dict[tuple[str, str], list[Entity]] = {}
    for h in ctx.topo.of("ncp_host"):
        if isinstance(h.value("unitsz"), int):
            ncps.setdefault((h.path, h.value("ncp")), []).append(h)
    for s in ctx.topo.of("vtam_start"):
        a = s.get("iobuf_size")
        size = a.value
        if a.span is None:
            continue
        if size != want:
            yield Hit(
                s.path,
                a.span,
                {"problem": f"IOBUF buffer size is {size}, not {want}"},
                subject=s.id,
            )
        for (_path, ncp), hosts in ncps.items():
            own = [
                h for h in hosts if h.coded("subarea") and h.value("subarea") == s.value("hostsa")
            ]
            hosts = own or hosts
            if any(h.value("unitsz") == size for h in hosts):
                continue
            h = hosts[0]
            yield Hit(
                s.path,
                a.span,
                {
                    "problem": f"IOBUF buffer size {size} differs from UNITSZ="
                    f"{h.value('unitsz')} of NCP {ncp}"
                },
                related=(related(h, "unitsz", f"UNITSZ of NCP {ncp}"),),
                subject=s.id,
            )
