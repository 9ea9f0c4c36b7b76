"""NSK009 checks that a NonStop TCP/IP process has at most 17 subnets: 4 Ethernet, 8 SNAP, 4 X.25
and 1 loopback."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import Obj, systems

TOTAL = 17
BY_TYPE = {"ETHERNET": 4, "SNAP": 8, "X25": 4, "LOOPBACK": 1}


@check("NSK009")
def subnets_per_process(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        by_process: dict[str, list[Obj]] = defaultdict(list)
        for sn in s.of("nsk_subnet"):
            if ".#" in sn.name:
                by_process[sn.name.split(".#")[0]].append(sn)
        for process, subnets in sorted(by_process.items()):
            ordered = sorted(subnets, key=lambda o: (o.entities[0].path, o.entities[0].span.line))
            yield from _over(process, ordered)


def _over(process: str, subnets: list[Obj]) -> Iterator[Hit]:
    counts: dict[str, int] = defaultdict(int)
    for i, sn in enumerate(subnets, 1):
        typ = str(sn.value("type") or "").upper()
        counts[typ] += 1
        what = ""
        if i == TOTAL + 1:
            what = f"{sn.name} is its subnet number {i}; a process takes at most {TOTAL}"
        elif typ in BY_TYPE and counts[typ] == BY_TYPE[typ] + 1:
            what = (
                f"{sn.name} is its {counts[typ]}th subnet of TYPE {typ}; a process takes at "
                f"most {BY_TYPE[typ]}"
            )
        if not what:
            continue
        e = sn.entities[0]
        yield Hit(
            e.path,
            e.span,
            {"process": process, "what": f"{what}, and the subsystem refuses the ADD past it"},
            subject=sn.id,
            dialect="scf",
        )
