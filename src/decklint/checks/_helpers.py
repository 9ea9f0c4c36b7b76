"""Shared lookups for the Python checks (registers no check)."""

from __future__ import annotations

from decklint.findings import Related
from decklint.model.build import Topology
from decklint.model.entities import Entity


def related(e: Entity, field: str, message: str) -> Related:
    return Related(e.path, e.anchor(field), message)


def ring_lines(topo: Topology) -> list[Entity]:
    """NCP lines that carry a token-ring frame size (MAXTSL coded)."""
    return [ln for ln in topo.of("line") if isinstance(ln.value("maxtsl"), int)]


def smallest_frame(topo: Topology) -> Entity | None:
    lines = ring_lines(topo)
    return min(lines, key=lambda ln: ln.value("maxtsl")) if lines else None


def modes_named(topo: Topology, name: str) -> list[Entity]:
    return [m for m in topo.of("mode") if m.name == name]


def end_station(pu: Entity) -> bool:
    """A PU that stands for a peripheral node: switched, or an NCP PU of type 2."""
    if pu.value("major") == "SWNET":
        return True
    return pu.value("major") == "NCP" and pu.value("putype") == 2 and pu.get("putype").coded


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

    def _add(self, key: tuple[str, str], frame: object, e: Entity, field: str) -> None:
        if isinstance(frame, int):
            self.by_node.setdefault(key, []).append((frame, e, field))

    def for_mode(self, mode: Entity) -> tuple[int, Entity, str, int, str] | None:
        """(frame, where it is defined, field, header, why) for a mode, or None.

        VTAM modes: the smallest MAXTSL of the NCP token-ring lines, with the network's
        header. Workstation modes (APPN, FID2, 9-byte header): the frame of their own node,
        declared for CM/2 (nodes:), TRMF for NS/DOS, the smallest line MAXFRAME for the AS/400.
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
        known = [c for k in keys for c in self.by_node.get(k, [])]
        if not known:
            return None
        frame, src, field = min(known, key=lambda c: c[0])
        return frame, src, field, 9, "APPN workstation (FID2 header)"
