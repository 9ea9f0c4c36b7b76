"""A workstation node's DLC frame and windows, with where each is set."""

from __future__ import annotations

from decklint.core.entities import Entity
from decklint.model.topology import Topology

Setting = tuple[int, Entity, str, str]  # (value, where it is set, field, what the deck calls it)


def node_frame(topo: Topology, node: str) -> Setting | None:
    """The DLC frame a workstation node uses, with where it is set: CM/2's declared frame,
    NS/DOS TRMF, the smallest AS/400 controller or line MAXFRAME, an AIX DLC profile's, a
    NonStop SNAX line's RECSIZE."""
    files = {p for p, n in topo.site.items() if n == node}
    found: list[Setting] = []
    for p in topo.of("dlc_profile"):
        if p.name == node and isinstance(p.value("frame"), int):
            found.append((p.value("frame"), p, "frame", "declared DLC frame"))
    for f in topo.of("nsdos_frame"):
        if f.path in files and isinstance(f.value("frame"), int):
            found.append((f.value("frame"), f, "frame", "TRMF"))
    for kind in ("controller", "line_desc"):
        for c in topo.of(kind):
            if c.path in files and isinstance(c.value("maxframe"), int):
                found.append((c.value("maxframe"), c, "maxframe", "MAXFRAME"))
    for d in topo.of("aix_dlc"):
        if d.path in files and isinstance(d.value("frame"), int):
            found.append((d.value("frame"), d, "frame", "DLC frame"))
    for ln in topo.of("nsk_line"):  # a NonStop SNAX line: the data bytes of its frames
        if ln.path in files and ln.coded("recsize") and isinstance(ln.value("recsize"), int):
            found.append((ln.value("recsize"), ln, "recsize", "SNAX LINE RECSIZE"))
    return min(found, key=lambda f: f[0]) if found else None


def node_windows(topo: Topology, node: str) -> tuple[Setting | None, Setting | None]:
    """A workstation node's DLC (send, receive) windows, with where each is set: CM/2's
    declared windows, NS/DOS TRLD MAXOUT/MAXIN, an AIX DLC profile's window counts, a NonStop
    SNAX PU's LNMAXOUT/LNMAXIN."""
    files = {p for p, n in topo.site.items() if n == node}
    send: list[Setting] = []
    recv: list[Setting] = []

    def add(into: list[Setting], e: Entity, field: str, label: str) -> None:
        v = e.value(field)
        if isinstance(v, int) and not isinstance(v, bool):
            into.append((v, e, field, label))

    for p in topo.of("dlc_profile"):
        if p.name == node:
            add(send, p, "send_window", "declared send window")
            add(recv, p, "receive_window", "declared receive window")
    for kind, s_field, r_field, s_label, r_label in (
        ("nsdos_link", "maxout", "maxin", "TRLD MAXOUT", "TRLD MAXIN"),
        ("aix_dlc", "send_window", "receive_window", "transmit window", "receive window"),
        ("nsk_pu", "lnmaxout", "lnmaxin", "SNAX PU LNMAXOUT", "SNAX PU LNMAXIN"),
    ):
        for e in topo.of(kind):
            if e.path in files:
                add(send, e, s_field, s_label)
                add(recv, e, r_field, r_label)
    return (
        min(send, key=lambda s: s[0]) if send else None,
        min(recv, key=lambda s: s[0]) if recv else None,
    )
