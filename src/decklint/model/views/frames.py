"""The frame each SNA mode's RUs travel in: the NCP token-ring lines' smallest, or a
workstation node's own DLC frame."""

from __future__ import annotations

from decklint.core.entities import Entity
from decklint.model.topology import Topology
from decklint.model.views.links import links_of


def ring_lines(topo: Topology) -> list[Entity]:
    """NCP lines that carry a token-ring frame size (MAXTSL coded)."""
    return [ln for ln in topo.of("line") if isinstance(ln.value("maxtsl"), int)]


def smallest_frame(topo: Topology) -> Entity | None:
    lines = ring_lines(topo)
    return min(lines, key=lambda ln: ln.value("maxtsl")) if lines else None


class Frames:
    """The frame each mode's RUs travel in, indexed once by the check that asks (see `for_mode`)."""

    def __init__(self, topo: Topology) -> None:
        self.topo = topo
        self.ring = smallest_frame(topo)
        self.header = topo.header_bytes
        # the token-ring lines of the NCPs each VTAM owns (its ownership links), smallest first
        owned: dict[str, set[str]] = {}
        for kind in ("channel", "owner"):
            for lk in links_of(topo, kind):
                if lk.value("status") == "matched":
                    owned.setdefault(str(lk.value("node_b")), set()).add(str(lk.value("node_a")))
        self.rings: dict[str, Entity] = {}
        for vtam, ncps in owned.items():
            rings = [ln for ln in ring_lines(topo) if topo.site.get(ln.path) in ncps]
            if rings:
                self.rings[vtam] = min(rings, key=lambda ln: ln.value("maxtsl"))
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

        VTAM modes: the smallest MAXTSL of the token-ring lines of the NCPs the mode's VTAM
        owns (its ownership links), else of every linted NCP, with the network's header.
        Workstation modes (APPN, FID2, 9-byte header): the frame of their own node,
        declared for CM/2 (nodes:), TRMF for NS/DOS, the smallest line MAXFRAME for the AS/400,
        or the MAXTSL of the NCP line the node's DLC link reaches when that is smaller (the
        two ends of a link use the lesser frame).
        """
        if mode.value("default_ru_size") is True:
            return None  # the product sizes the RU to the frame
        if mode.dialect == "vtam":
            ring = self.rings.get(self.topo.site.get(mode.path, ""), self.ring)
            if ring is None:
                return None
            hdr, why = self.header
            return ring.value("maxtsl"), ring, "maxtsl", hdr, why
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
