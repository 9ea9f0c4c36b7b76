"""NCP021 checks that a link-attached NCP's PCCU RNAME names a link station of a linted NCP
(an INNODE, or a PU of type 4) whose SUBAREA is the remote NCP's own, where the NCPs that could
define it are linted (a channel-attached NCP with subarea link stations)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.knowledge.schema import suggest
from decklint.lint.check import Context, Hit, check
from decklint.model.views.links import links_of


@check("NCP021")
def rname_no_station(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    stations = sorted({s.name for s in topo.of("subarea_station") if s.value("major") == "NCP"})
    if not stations:
        return  # no NCP that could define the station is linted: nothing to judge against
    pccus = {(p.path, p.span.line): p for p in topo.of("pccu")}
    for lk in links_of(topo, "inn"):
        status = lk.value("status")
        if status == "unknown-peer" and str(lk.value("end_a")).startswith("NCP "):
            p = pccus.get((lk.path, lk.span.line))
            name = str(lk.value("end_b")).removeprefix("link station ")
            guess = suggest(name, stations)
            code = f"code RNAME={guess}" if guess else "code RNAME as that station's label"
            yield Hit(
                lk.path,
                lk.span,
                {
                    "ncp": lk.value("node_a"),
                    "what": f"RNAME names {name}, a link station no linted NCP defines",
                    "code": code,
                },
                subject=p.id if p is not None else lk.id,
                dialect="ncp",
            )
        elif status == "half-open" and "BUILD SUBAREA is" in str(lk.value("note")):
            remote = str(lk.value("node_b"))
            yield Hit(
                lk.path,
                lk.span,
                {
                    "ncp": remote,
                    "what": f"{lk.value('end_a')} is the station NCP {remote}'s RNAME names, but "
                    f"{lk.value('note')}",
                    "code": f"code the station's SUBAREA as {remote}'s BUILD SUBAREA",
                },
                subject=lk.id,
                dialect="ncp",
            )
