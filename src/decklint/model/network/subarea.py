"""A VTAM and the other SNA nodes it defines as peers:

* `cdrm`: a CDRM of another domain (CDRM major node) -> that VTAM: a linted one whose
  SSCPNAME it is, else an external node of that name;
* `adjsscp`: an adjacent SSCP of the adjacent SSCP table (ADJCDRM) -> that VTAM;
* `adjcp`: an adjacent control point (ADJCP major node) -> that APPN node;
* `route`: a subarea PATH statement's destination subarea (DESTSA) -> the node that has it
  (a VTAM's HOSTSA, an NCP's BUILD SUBAREA, or the SSCP a CDRM major node gives it);
* `ctc`: a channel-to-channel link station of a channel-attachment major node (PU PUTYPE=4
  or 5, TGN=n) -> the adjacent subarea the node's explicit routes reach over TG n.
A name the decks give a peer they do not define makes an external node (status `external`);
a subarea no deck gives any node, `unknown-peer`."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.model.network._sna import Hosts, hosts
from decklint.model.network.base import Linker, evidence


def _peer(links: Linker, h: Hosts, name: str, product: str, where: Entity) -> tuple[str, str]:
    """(node, status) of a peer SSCP or control point a deck names."""
    node = h.sscp.get(name)
    if node is not None:
        return node, "matched"
    if name in links.nodes:
        return name, "matched"
    return links.external(name, product, where), "external"


@evidence("cdrm", 90, "a CDRM of another domain: that VTAM, linted or external", symmetric=True)
def cdrms(links: Linker) -> None:
    h = hosts(links)
    own: dict[str, dict[str, Entity]] = defaultdict(dict)  # VTAM node -> its CDRMs by name
    for c in links.topo.of("cdrm"):
        own[links.node(c)][c.name] = c
    for c in links.topo.of("cdrm"):
        me = links.node(c)
        if h.sscp.get(c.name) == me or c.name == me:
            continue  # the VTAM's own SSCP
        peer, status = _peer(links, h, c.name, "VTAM", c)
        back = own.get(peer, {}).get(me)
        if status == "matched" and back is None and peer in h.vtams:
            status = "half-open"
        sa = c.value("subarea")
        links.add(
            "cdrm",
            f"{me}-{c.name}",
            c,
            "",
            status,
            "CDRM" + (f" SUBAREA={sa}" if sa is not None else ""),
            b=back,
            b_node=peer,
            end_b=f"VTAM {peer}",
            end_a=f"CDRM {c.name}",
            extra={
                "note": default(
                    f"{peer} defines no CDRM for {me}" if status == "half-open" else ""
                ),
                "subarea": default(sa),
            },
        )


@evidence("adjsscp", 91, "an adjacent SSCP of the adjacent SSCP table: that VTAM", symmetric=True)
def adjacent_sscps(links: Linker) -> None:
    h = hosts(links)
    seen: set[tuple[str, str]] = set()
    for a in links.topo.of("adjacent_sscp"):
        me = links.node(a)
        if (me, a.name) in seen or h.sscp.get(a.name) == me:
            continue
        seen.add((me, a.name))
        peer, status = _peer(links, h, a.name, "VTAM", a)
        links.add(
            "adjsscp",
            f"{me}-{a.name}",
            a,
            "",
            status,
            "ADJSSCP table ADJCDRM",
            b_node=peer,
            end_b=f"VTAM {peer}",
            end_a=f"ADJCDRM {a.name}",
        )


@evidence("adjcp", 92, "an adjacent control point (ADJCP): that APPN node", symmetric=True)
def adjacent_cps(links: Linker) -> None:
    h = hosts(links)
    cps = links.control_points()
    for a in links.topo.of("adjcp"):
        me = links.node(a)
        ws = cps.get(a.name)
        if ws is not None:
            peer, status = links.node(ws), "matched"
        else:
            peer, status = _peer(links, h, a.name, "APPN node", a)
        links.add(
            "adjcp",
            f"{me}-{a.name}",
            a,
            "",
            status,
            "ADJCP" + (f" NN={a.value('nn')}" if a.value("nn") else ""),
            b=ws,
            b_node=peer,
            end_b=f"CP {a.name}",
            end_a=f"ADJCP {a.name}",
        )


@evidence("route", 93, "a subarea PATH's destination subarea: the node that has it", symmetric=True)
def routes(links: Linker) -> None:
    h = hosts(links)
    for r in links.topo.of("subarea_route"):
        me = links.node(r)
        for sa in r.value("destsa") or ():
            found = [f for f in h.at(sa) if f[0] != me]
            if not found:
                if any(f[0] == me for f in h.at(sa)):
                    continue  # a route to itself
                links.add(
                    "route",
                    f"{me}-SA{sa}",
                    r,
                    "destsa",
                    "unknown-peer",
                    f"PATH DESTSA={sa}",
                    end_b=f"subarea {sa}",
                    end_a=f"PATH DESTSA={sa}",
                    extra={
                        "note": default(f"no linted node has subarea {sa}"),
                        "subarea": default(sa),
                    },
                )
                continue
            node, e, field = found[0]
            status = "matched" if node in links.nodes else "external"
            if status == "external":
                links.external(node, "VTAM", e)
            links.add(
                "route",
                f"{me}-{node}",
                r,
                "destsa",
                status,
                f"PATH DESTSA={sa}",
                b=e,
                b_attr=field,
                b_node=node,
                end_b=f"subarea {sa} ({node})",
                end_a=f"PATH DESTSA={sa}",
                extra={
                    "note": default(
                        "ambiguous: " + ", ".join(f[0] for f in found) if len(found) > 1 else ""
                    ),
                    "subarea": default(sa),
                },
            )


@evidence(
    "ctc",
    94,
    "a channel-to-channel link station (TGN): the subarea its routes reach",
    symmetric=True,
)
def channel_to_channel(links: Linker) -> None:
    h = hosts(links)
    adjacent: dict[tuple[str, int], set[int]] = defaultdict(set)  # (node, TGN) -> subareas
    for r in links.topo.of("subarea_route"):
        for _er, adj, tgn in r.value("routes") or ():
            adjacent[(links.node(r), tgn)].add(adj)
    for s in links.topo.of("subarea_station"):
        if s.value("major") != "CA" or str(s.value("lnctl") or "") not in ("CTCA", "MPC"):
            continue
        me = links.node(s)
        tgn = s.value("tgn") if isinstance(s.value("tgn"), int) else 1
        sas = adjacent.get((me, tgn), set())
        found = [f for sa in sorted(sas) for f in h.at(sa) if f[0] != me]
        how = f"PU {s.name} TGN={tgn} = PATH ER"
        if not found:
            links.add(
                "ctc",
                f"{me}-{s.name}",
                s,
                "tgn" if s.coded("tgn") else "",
                "unknown-peer",
                how,
                end_b=f"subarea {next(iter(sas))}" if len(sas) == 1 else "adjacent subarea",
                end_a=f"PU {s.name}",
                extra={
                    "note": default(
                        f"no explicit route uses TG {tgn}"
                        if not sas
                        else f"no linted node has subarea {', '.join(map(str, sorted(sas)))}"
                    )
                },
            )
            continue
        node, e, field = found[0]
        status = "matched" if node in links.nodes else "external"
        if status == "external":
            links.external(node, "VTAM", e)
        links.add(
            "ctc",
            f"{me}-{node}",
            s,
            "tgn" if s.coded("tgn") else "",
            status if len(found) == 1 else "ambiguous",
            how,
            b=e,
            b_attr=field,
            b_node=node,
            end_b=f"subarea {e.value(field)} ({node})",
            end_a=f"PU {s.name}",
            extra={
                "note": default(f"LINE {s.value('line')} ADDRESS={s.value('address')}"),
                # TGN=ANY takes the number the other end sends: nothing to agree on
                "agree": default(None if str(s.value("tgn")).upper() == "ANY" else tgn),
                "agree_what": default("TGN"),
            },
        )
