"""SNA013 checks that no two nodes of one network have one subarea: a VTAM's HOSTSA, an
NCP's BUILD SUBAREA, and the subarea a CDRM major node gives another domain's SSCP.

Two NCP generations of one controller (the same PCCU CUADDR, or the same RNAME) may share a
subarea: only one of them is loaded at a time. Two NCPs that no configuration list activates
together are reported as a warning, since they may be such generations kept under another
channel address; everything else is an error."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.core.findings import Related, Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.topology import Topology


class _Claim:
    def __init__(self, node: str, e: Entity, field: str, what: str, netid: object) -> None:
        self.node, self.e, self.field, self.what = node, e, field, what
        self.netid = str(netid).upper() if netid else ""


@check("SNA013")
def subarea_twice(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    by_sa: dict[int, list[_Claim]] = defaultdict(list)
    for c in _claims(topo):
        sa = c.e.value(c.field)
        if isinstance(sa, int):
            by_sa[sa].append(c)
    active = {e.name for e in topo.of("config_entry")}
    pccus: dict[str, set[str]] = defaultdict(set)
    for p in topo.of("pccu"):
        ids = {f"CUADDR {p.value('cuaddr')}"} if p.value("cuaddr") else set()
        ids |= {f"RNAME {r}" for r in p.value("rname") or ()}
        pccus[str(p.value("ncp"))] |= ids
    for sa, claims in sorted(by_sa.items()):
        claims.sort(key=lambda c: (c.e.path, c.e.span.line))
        for i, later in enumerate(claims):
            first = next(
                (c for c in claims[:i] if c.node != later.node and _same_net(c, later)), None
            )
            if first is None:
                continue
            severity: Severity | None = None
            if later.e.kind == first.e.kind == "ncp":
                if pccus[first.e.name] & pccus[later.e.name]:
                    continue  # generations of one controller
                if not (first.e.name in active and later.e.name in active):
                    severity = Severity.WARNING
            yield Hit(
                later.e.path,
                later.e.anchor(later.field),
                {
                    "sa": sa,
                    "later": later.what,
                    "first": first.what,
                    "where": f"{first.e.path}:{first.e.anchor(first.field).line}",
                },
                related=(Related(first.e.path, first.e.anchor(first.field), first.what),),
                severity=severity,
                subject=later.e.id,
                dialect=later.e.dialect,
            )


def _same_net(a: _Claim, b: _Claim) -> bool:
    return not a.netid or not b.netid or a.netid == b.netid


def _claims(topo: Topology) -> list[_Claim]:
    out = []
    sscp: dict[str, str] = {}
    for s in topo.of("vtam_start"):
        if s.value("members") is None and s.coded("hostsa"):
            node = topo.site.get(s.path, s.node)
            sscp[str(s.value("sscpname") or node).upper()] = node
            out.append(_Claim(node, s, "hostsa", f"HOSTSA of VTAM {node}", s.value("netid")))
    for n in topo.of("ncp"):
        if n.coded("subarea"):
            out.append(_Claim(topo.site.get(n.path, n.name), n, "subarea", f"NCP {n.name}", None))
    for c in topo.of("cdrm"):
        if c.coded("subarea") and c.name not in sscp:
            what = f"CDRM {c.name} (another domain's SSCP)"
            out.append(_Claim(f"cdrm:{c.name}", c, "subarea", what, c.value("netid")))
    return out
