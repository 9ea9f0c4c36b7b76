"""VTM024 notes an OSA-Express QDIO TRLE whose PORTNAME no linted stack uses, where a stack of
its system is linted (or the stack that uses one of its VTAM's other ports)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.systems import system_key
from decklint.model.views.links import links_of


@check("VTM024")
def trle_port_unused(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    used: set[tuple[str, int]] = set()
    using_vtams: set[str] = set()
    for lk in links_of(topo, "trl"):
        if lk.value("status") == "matched" and lk.value("b_path"):
            used.add((str(lk.value("b_path")), int(lk.value("b_line"))))
            using_vtams.add(str(lk.value("node_b")))
    stacked = {system_key(s.path, topo) for s in topo.of("tcpip_stack")}
    for t in topo.of("trle"):
        port = t.value("portname")
        if not port or str(t.value("mpclevel") or "") != "QDIO":
            continue
        if (t.path, t.anchor("portname").line) in used:
            continue
        vtam = topo.site.get(t.path, "")
        if system_key(t.path, topo) not in stacked and vtam not in using_vtams:
            continue  # no stack that could use it is linted
        yield Hit(
            t.path,
            t.anchor("portname"),
            {"trle": t.name, "port": port},
            subject=t.id,
            dialect="vtam",
        )
