"""What the configuration declares: a node's `peer:` (tcp-peer), a Multiprise LAN adapter's
`stacks:` (adapter), a CICS Sockets listener's APPLID naming a linted CICS region (its SIT's
APPLID) or a declared one (listener), and the links under `topology: links:` (their medium as
kind, status declared)."""

from __future__ import annotations

from decklint.core.entities import Attr, Entity
from decklint.core.lowering import default
from decklint.core.source import Span
from decklint.model.network.base import Linker, evidence


@evidence("tcp-peer", 60, "a node's declared peer: (configuration)")
def peers(links: Linker) -> None:
    for d in links.topo.of("declared_node"):
        peer = d.value("peer")
        if not peer:
            continue
        links.add(
            "tcp-peer",
            f"{d.name}-{peer}",
            d,
            "peer",
            "matched" if str(peer) in links.nodes else "unknown-peer",
            "declared peer",
            b_node=str(peer),
            end_b=f"node {peer}",
            extra={"tcp_window": d.get("tcp_window"), "mtu": d.get("mtu")},
        )


@evidence("adapter", 61, "a declared Multiprise LAN adapter's stacks: (configuration)")
def adapters(links: Linker) -> None:
    for d in links.topo.of("declared_node"):
        served = d.value("stacks")
        if not d.value("adapter") or not isinstance(served, (list, tuple)):
            continue
        for stack in map(str, served):
            links.add(
                "adapter",
                f"{d.name}-{stack}",
                d,
                "stacks",
                "matched" if stack in links.nodes else "unknown-peer",
                "declared adapter stacks",
                b_node=stack,
                end_b=f"stack {stack}",
            )


@evidence("listener", 62, "a CICS Sockets listener's APPLID: the CICS region with that APPLID")
def listeners(links: Linker) -> None:
    listening = links.topo.of("cics_listener")
    if not listening:
        return
    from decklint.model.network.cics import regions  # the CICS regions: only for a listener

    declared = {d.name for d in links.topo.of("declared_node")}
    rg = regions(links)
    for li in listening:
        applid = str(li.value("applid") or "").upper()
        region = rg.named(applid) if applid else None
        if region is not None:
            links.add(
                "listener",
                f"{li.name}-{applid}",
                li,
                "applid",
                "matched",
                "EZACICD APPLID = SIT APPLID",
                b=region[1],
                b_attr=region[2],
                b_node=region[0],
                end_b=f"CICS {region[0]}",
            )
        elif applid and applid in declared and applid in links.nodes:
            links.add(
                "listener",
                f"{li.name}-{applid}",
                li,
                "applid",
                "matched",
                "EZACICD APPLID = declared CICS region",
                b_node=applid,
                end_b=f"CICS {applid}",
            )


@evidence("declared", 99, "a link under topology: links: (configuration); its medium is its kind")
def declared_links(links: Linker) -> None:
    topo = links.topo
    for a, b, facts, path, line in topo.settings.links:
        have = (a in links.nodes) + (b in links.nodes)
        status = "declared" if have == 2 else "half-open" if have == 1 else "unknown-peer"
        fact = dict(facts)
        attrs = {
            "name": Attr(f"{a}-{b}"),
            "kind": default(str(fact.get("medium") or "declared")),
            "node_a": default(a),
            "node_b": default(b),
            "end_a": default(f"node {a}"),
            "end_b": default(f"node {b}"),
            "status": default(status),
            "via": default("topology: links"),
            "b_path": default(None),
            "b_line": default(None),
            "b_col": default(None),
            "frame": Attr(fact["frame"], str(fact["frame"]), Span(line, 1, line, 1))
            if "frame" in fact
            else default(None),
            "mtu": default(fact.get("mtu")),
            "send_window": default(fact.get("send-window")),
            "receive_window": default(fact.get("receive-window")),
            "bulk": default(fact.get("bulk")),
            "note": default(fact.get("note", "")),
        }
        e = Entity("link", f"{a}-{b}", path, "config", Span(line, 1, line, 1), a, attrs)
        topo.entities.append(e)
        topo._by_kind["link"].append(e)
