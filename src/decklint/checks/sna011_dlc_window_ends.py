"""SNA011 checks that at each end of a link the receiver's DLC window is at least the sender's (2
both ways between CM/2 and NS/DOS)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import described
from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.network.base import mac
from decklint.model.topology import Topology
from decklint.model.views.dlc import Setting, node_windows
from decklint.model.views.links import links_of


@check("SNA011")
def dlc_window_ends(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    yield from _host_to_station(topo)
    yield from _declared(topo)


def _host_to_station(topo: Topology) -> Iterator[Hit]:
    """A switched PU's MAXOUT (what the host side sends) against the receive window of the
    workstation whose control point it names."""
    pus = {(pu.path, f"pu {pu.name}"): pu for pu in topo.of("pu")}
    toward_host = _host_facing_receive_windows(topo)
    for lk in links_of(topo, "cp"):
        if lk.value("status") != "matched":
            continue
        pu = pus.get((lk.path, str(lk.value("end_a"))))
        if pu is None or not isinstance(pu.value("maxout"), int):
            continue
        station = str(lk.value("node_b"))
        recv = toward_host.get(station) or node_windows(topo, station)[1]
        m = pu.value("maxout")
        if recv is None or recv[0] >= m:
            continue
        coded = "" if pu.coded("maxout") else " (not coded, the default)"
        yield Hit(
            pu.path,
            pu.anchor("maxout"),
            {
                "what": f"PU {pu.name} may send {m} frames (MAXOUT={m}{coded}) before it "
                f"asks for an acknowledgement, but {station} receives {described(recv)}: the "
                f"window is {recv[0]}; raise {station}'s receive window to {m}, or lower "
                "MAXOUT to match"
            },
            related=(
                Related(recv[1].path, recv[1].anchor(recv[2]), f"{station}: {described(recv)}"),
            ),
            subject=pu.id,
            dialect=pu.dialect,
        )


def _host_facing_receive_windows(topo: Topology) -> dict[str, Setting]:
    """An NS/DOS station's receive window on the TRLD toward an NCP line (LOCADD), by node:
    its TRLDs toward other workstations may rightly differ."""
    locadds = {mac(ln.value("locadd")) for ln in topo.of("line")} - {None}
    out: dict[str, Setting] = {}
    for t in topo.of("nsdos_link"):
        v = t.value("maxin")
        if mac(t.value("destination")) in locadds and isinstance(v, int):
            node = topo.site.get(t.path, t.node)
            if node not in out or v < out[node][0]:
                out[node] = (v, t, "maxin", "TRLD MAXIN")
    return out


def _declared(topo: Topology) -> Iterator[Hit]:
    """Declared links between two workstations: 2 at both ends between CM/2 and NS/DOS
    (unless the node declares its partner, which CM2004 and NSD004 then check), else each
    direction's send window against the receiver's receive window."""
    products = {n.name: str(n.value("family")) for n in topo.of("node")}
    partners = {p.name: p.value("partner") for p in topo.of("dlc_profile")}
    seen: set[tuple[str, str]] = set()
    for lk in topo.of("link"):
        if lk.value("status") != "declared":
            continue
        a, b = str(lk.value("node_a")), str(lk.value("node_b"))
        windows = {a: node_windows(topo, a), b: node_windows(topo, b)}
        if {products.get(a), products.get(b)} == {"cm2", "nsdos"}:
            for who in (a, b):
                other = "NS/DOS" if products.get(who) == "cm2" else "CM/2"
                for s in windows[who]:
                    if s is None or s[0] == 2 or partners.get(who) is not None:
                        continue
                    if (s[1].id, s[2]) in seen:
                        continue
                    seen.add((s[1].id, s[2]))
                    yield _hit(
                        s,
                        f"{who}: {described(s)} on its link to the {other} node "
                        f"{b if who == a else a}; a window of 2 at both ends is optimal "
                        "between CM/2 and NS/DOS: set it to 2",
                    )
            continue
        for sender, receiver in ((a, b), (b, a)):
            send, recv = windows[sender][0], windows[receiver][1]
            if send is None or recv is None or recv[0] >= send[0]:
                continue
            yield _hit(
                send,
                f"{sender} sends {described(send)} but {receiver} receives "
                f"{described(recv)}: the window is {recv[0]}; make them equal",
                Related(recv[1].path, recv[1].anchor(recv[2]), f"{receiver}: {described(recv)}"),
            )


def _hit(s: Setting, what: str, other: Related | None = None) -> Hit:
    _v, e, field, _label = s
    return Hit(
        e.path,
        e.anchor(field),
        {"what": what},
        related=(other,) if other is not None else (),
        subject=e.id,
        dialect=e.dialect,
    )
