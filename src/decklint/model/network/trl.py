"""A TCP/IP stack's OSA-Express QDIO interface and the VTAM TRLE that defines its port
(`trl`): an INTERFACE ... PORTNAME (IPAQENET, IPAQENET6) or an MPCIPA DEVICE, whose name is
the port name, against the TRLE whose PORTNAME it is; an MPCPTP DEVICE against the TRLE of its
name. A TRLE of the stack's own system first: LPARs that share an OSA port give it one name in
each of their TRLEs (SNA Resource Definition Reference, TRL major node, PORTNAME)."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.model.network._sna import hosts
from decklint.model.network.base import Linker, evidence
from decklint.model.systems import system_key

_QDIO = frozenset({"IPAQENET", "IPAQENET6"})
_MPC = frozenset({"MPCPTP", "MPCPTP6"})


def port_ends(links: Linker) -> list[tuple[Entity, str, str, str]]:
    """Each stack-side end: (the INTERFACE or DEVICE, its field, the port or TRLE name, how)."""
    out: list[tuple[Entity, str, str, str]] = []
    for lk in links.topo.of("tcpip_link"):
        if (
            lk.value("statement") == "INTERFACE"
            and lk.value("type") in _QDIO
            and lk.value("portname")
        ):
            out.append((lk, "portname", str(lk.value("portname")).upper(), "INTERFACE PORTNAME"))
    for d in links.topo.of("tcpip_device"):
        if d.value("type") == "MPCIPA":
            out.append((d, "", d.name, "MPCIPA DEVICE name = PORTNAME"))
        elif d.value("type") in _MPC:
            out.append((d, "", d.name, "MPCPTP DEVICE name = TRLE"))
    return out


@evidence("trl", 100, "a stack's QDIO INTERFACE PORTNAME or MPC DEVICE: the TRLE of that port")
def infer(links: Linker) -> None:
    topo = links.topo
    ports: dict[str, list[Entity]] = defaultdict(list)
    names: dict[str, list[Entity]] = defaultdict(list)
    for t in topo.of("trle"):
        if t.value("portname"):
            ports[str(t.value("portname"))].append(t)
        names[t.name].append(t)
    h = hosts(links)
    for end, field, key, how in port_ends(links):
        by_name = how.startswith("MPCPTP")
        found = (names if by_name else ports).get(key, [])
        mine = [t for t in found if system_key(t.path, topo) == system_key(end.path, topo)]
        pick = mine or found
        trle = pick[0] if len(pick) == 1 else None
        if trle is not None:
            status, note = "matched", "" if mine else "the TRLE is in another folder's decks"
        elif pick:
            status, note = "ambiguous", f"{len(pick)} TRLEs"
        else:
            status = "unknown-peer"
            note = f"no linted TRLE has PORTNAME {key}" if names else "no TRL major node linted"
            if by_name:
                note = f"no linted TRLE is named {key}" if names else "no TRL major node linted"
        vtams = h.of_system(end.path)
        node_b = (
            links.node(trle) if trle is not None else next(iter(vtams)) if len(vtams) == 1 else ""
        )
        links.add(
            "trl",
            f"{links.node(end)}-{end.name}-{key}",
            end,
            field,
            status,
            how,
            b=trle,
            b_attr="" if by_name or trle is None else "portname",
            b_node=node_b,
            end_b=f"TRLE {trle.name}"
            if trle is not None
            else f"TRLE {'' if by_name else 'PORTNAME='}{key}",
            end_a=f"{'INTERFACE' if end.kind == 'tcpip_link' else 'DEVICE'} {end.name}",
            extra={"note": default(note), "port": default(key)},
        )
