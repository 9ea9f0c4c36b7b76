"""BPX005 checks that each stack's PORTRANGE reserves to OMVS the INADDRANYPORT range of a CINET
NETWORK statement (z/OS UNIX System Services Planning, "Specifying INADDRANYPORT and
INADDRANYCOUNT": with CINET, every transport provider is given the same range, for z/OS
Communications Server with PORTRANGE; IP Configuration Guide: PORTRANGE ... TCP OMVS and UDP
OMVS)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import PurePath

from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("BPX005")
def inaddrany_ports_reserved(ctx: Context) -> Iterator[Hit]:
    nets = [
        n
        for n in ctx.topo.of("bpx_network")
        if isinstance(n.value("inaddranyport"), int)
        and isinstance(n.value("inaddranycount"), int)
        and str(n.value("type") or "").upper() == "CINET"  # "These parameters only apply to CINET"
    ]
    if not nets:
        return
    for s in stacks(ctx.topo):
        if s.product != "zos" or not s.main:
            continue
        folder = str(PurePath(s.entity.path).parent)
        reserved = {
            (r.value("first"), r.value("count"), r.value("protocol"))
            for r in s.of("tcpip_portrange")
            if r.value("job") == "OMVS"
        }
        for n in nets:
            if str(PurePath(n.path).parent) != folder:
                continue  # another system's members
            port, count = n.value("inaddranyport"), n.value("inaddranycount")
            if {(port, count, "TCP"), (port, count, "UDP")} <= reserved:
                continue
            yield Hit(
                n.path,
                n.anchor("inaddranyport"),
                {
                    "domain": n.value("domainname"),
                    "port": port,
                    "count": count,
                    "last": port + count - 1,
                    "stack": s.name,
                },
                subject=n.id,
                dialect="bpxprm",
            )
