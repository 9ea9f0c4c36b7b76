"""TCP031 checks that an OSA-Express QDIO interface's port (INTERFACE PORTNAME, or an MPCIPA
DEVICE's name) is the PORTNAME of a linted TRLE, where QDIO TRLEs are linted for its system
(or its run has them and its system none of its own)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.knowledge.schema import suggest
from decklint.lint.check import Context, Hit, check
from decklint.model.systems import system_key
from decklint.model.views.links import links_of


@check("TCP031")
def interface_port_no_trle(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    ports: dict[str, set[str]] = {}
    for t in topo.of("trle"):
        if t.value("portname"):
            ports.setdefault(system_key(t.path, topo), set()).add(str(t.value("portname")))
    if not ports:
        return
    everywhere = {p for ps in ports.values() for p in ps}
    for lk in links_of(topo, "trl"):
        if lk.value("status") != "unknown-peer" or "MPCPTP" in str(lk.value("via")):
            continue
        known = ports.get(system_key(lk.path, topo)) or everywhere
        port = str(lk.value("port"))
        guess = suggest(port, sorted(known))
        yield Hit(
            lk.path,
            lk.span,
            {
                "what": f"{lk.value('via')} {port}",
                "known": ", ".join(sorted(known)),
                "code": f"code {guess}, the port name of the TRLE"
                if guess
                else "code the "
                "PORTNAME of the OSA's TRLE, or add the TRLE to the VTAM's TRL major node",
            },
            subject=lk.id,
            dialect="tcpip",
        )
