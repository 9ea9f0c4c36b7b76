"""Shared lookups for the Python checks (registers no check)."""

from __future__ import annotations

from collections import defaultdict

from decklint.findings import Related
from decklint.model.entities import Entity
from decklint.model.topology import Topology
from decklint.source import Span


def links_of(topo: Topology, kind: str) -> list[Entity]:
    """The links of one kind (`path`, `dlc`, `cp`, `session`, `ip`, ...), indexed once per
    run: several checks each walked every link of the site for the few of their kind."""
    by_kind: dict[str, list[Entity]] = topo.memo("links.by_kind", lambda: _links_by_kind(topo))
    return by_kind.get(kind, [])


def _links_by_kind(topo: Topology) -> dict[str, list[Entity]]:
    out: dict[str, list[Entity]] = {}
    for lk in topo.of("link"):
        out.setdefault(str(lk.value("kind")), []).append(lk)
    return out


def related(e: Entity, field: str, message: str) -> Related:
    return Related(e.path, e.anchor(field), message)


def ring_lines(topo: Topology) -> list[Entity]:
    """NCP lines that carry a token-ring frame size (MAXTSL coded)."""
    return [ln for ln in topo.of("line") if isinstance(ln.value("maxtsl"), int)]


def smallest_frame(topo: Topology) -> Entity | None:
    lines = ring_lines(topo)
    return min(lines, key=lambda ln: ln.value("maxtsl")) if lines else None


def modes_named(topo: Topology, name: str) -> list[Entity]:
    """Every mode of that name, in model order (an index built once per run: a check asks
    for each mode of each application)."""
    by_name: dict[str, list[Entity]] = topo.memo("modes.by_name", lambda: _by_name(topo, "mode"))
    return by_name.get(name, [])


def _by_name(topo: Topology, kind: str) -> dict[str, list[Entity]]:
    out: dict[str, list[Entity]] = defaultdict(list)
    for e in topo.of(kind):
        out[e.name].append(e)
    return dict(out)


def end_station(pu: Entity) -> bool:
    """A PU that stands for a peripheral node: switched, or an NCP PU of type 2."""
    if pu.value("major") == "SWNET":
        return True
    return pu.value("major") == "NCP" and pu.value("putype") == 2 and pu.coded("putype")


class Frames:
    """The frame each mode's RUs travel in, computed once per run (see `for_mode`)."""

    def __init__(self, topo: Topology) -> None:
        self.topo = topo
        self.ring = smallest_frame(topo)
        self.header = topo.header_bytes
        self.by_node: dict[tuple[str, str], list[tuple[int, Entity, str]]] = {}
        for p in topo.of("dlc_profile"):
            self._add(("cm2", p.node), p.value("frame"), p, "frame")
        for f in topo.of("nsdos_frame"):
            self._add(("nsdos", f.node), f.value("frame"), f, "frame")
            self._add(("nsdos-dir", f.path.rsplit("/", 1)[0]), f.value("frame"), f, "frame")
        for ln in topo.of("line_desc"):
            self._add(("as400", ln.path), ln.value("maxframe"), ln, "maxframe")
        lines = {(ln.path, f"LINE {ln.name}"): ln for ln in topo.of("line")}
        for lk in links_of(topo, "dlc"):
            if lk.value("status") in ("matched", "half-open"):
                far = lines.get((str(lk.value("b_path")), str(lk.value("end_b"))))
                if far is not None:
                    self._add(("link", str(lk.value("node_a"))), far.value("maxtsl"), far, "maxtsl")

    def _add(self, key: tuple[str, str], frame: object, e: Entity, field: str) -> None:
        if isinstance(frame, int):
            self.by_node.setdefault(key, []).append((frame, e, field))

    def for_mode(self, mode: Entity) -> tuple[int, Entity, str, int, str] | None:
        """(frame, where it is defined, field, header, why) for a mode, or None.

        VTAM modes: the smallest MAXTSL of the NCP token-ring lines, with the network's
        header. Workstation modes (APPN, FID2, 9-byte header): the frame of their own node,
        declared for CM/2 (nodes:), TRMF for NS/DOS, the smallest line MAXFRAME for the AS/400,
        or the MAXTSL of the NCP line the node's DLC link reaches when that is smaller (the
        two ends of a link use the lesser frame).
        """
        if mode.value("default_ru_size") is True:
            return None  # the product sizes the RU to the frame
        if mode.dialect == "vtam":
            if self.ring is None:
                return None
            hdr, why = self.header
            return self.ring.value("maxtsl"), self.ring, "maxtsl", hdr, why
        keys = {
            "cm2": [("cm2", mode.node)],
            "nsdos": [("nsdos", mode.node), ("nsdos-dir", mode.path.rsplit("/", 1)[0])],
            "as400": [("as400", mode.path)],
        }.get(mode.dialect, [])
        if keys:
            keys.append(("link", self.topo.site.get(mode.path, "")))
        known = [c for k in keys for c in self.by_node.get(k, [])]
        if not known:
            return None
        frame, src, field = min(known, key=lambda c: c[0])
        return frame, src, field, 9, "APPN workstation (FID2 header)"


def node_frame(topo: Topology, node: str) -> tuple[int, Entity, str, str] | None:
    """The DLC frame a workstation node uses, with where it is set: CM/2's declared frame,
    NS/DOS TRMF, the smallest AS/400 controller or line MAXFRAME, an AIX DLC profile's."""
    files = {p for p, n in topo.site.items() if n == node}
    found: list[tuple[int, Entity, str, str]] = []
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
    return min(found, key=lambda f: f[0]) if found else None


def other_end(lk: Entity) -> tuple[str, Span] | None:
    """The file and position of a link's second end, when it has one."""
    path, line, col = lk.value("b_path"), lk.value("b_line"), lk.value("b_col")
    if not path or not isinstance(line, int) or not isinstance(col, int):
        return None
    return str(path), Span(line, col, line, col + 1)


Setting = tuple[int, Entity, str, str]


def node_windows(topo: Topology, node: str) -> tuple[Setting | None, Setting | None]:
    """A workstation node's DLC (send, receive) windows, with where each is set: CM/2's
    declared windows, NS/DOS TRLD MAXOUT/MAXIN, an AIX DLC profile's window counts."""
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
    ):
        for e in topo.of(kind):
            if e.path in files:
                add(send, e, s_field, s_label)
                add(recv, e, r_field, r_label)
    return (
        min(send, key=lambda s: s[0]) if send else None,
        min(recv, key=lambda s: s[0]) if recv else None,
    )


def described(s: Setting) -> str:
    """'TRMF 4100' or 'TRMF 256 (not coded, the default)'."""
    v, e, field, label = s
    a = e.get(field)
    return f"{label} {v}" + ("" if a.coded else " (not coded, the default)")
