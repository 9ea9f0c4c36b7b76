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


def frame_for_mode(topo: Topology, mode: Entity) -> tuple[int, Entity, str, int, str] | None:
    """The frame a mode's RUs travel in: (frame, where it is defined, field, header, why).

    VTAM modes: the smallest MAXTSL of the NCP token-ring lines, with the network's header.
    Workstation modes (APPN, FID2, 9-byte header): the frame of their own node, declared for
    CM/2 (nodes:), TRMF for NS/DOS, the smallest line MAXFRAME for the AS/400.
    """
    if mode.value("default_ru_size") is True:
        return None  # the product sizes the RU to the frame
    if mode.dialect == "vtam":
        line = smallest_frame(topo)
        if line is None:
            return None
        hdr, why = topo.header_bytes
        return line.value("maxtsl"), line, "maxtsl", hdr, why
    candidates: list[tuple[int, Entity, str]] = []
    if mode.dialect == "cm2":
        candidates = [
            (p.value("frame"), p, "frame") for p in topo.of("dlc_profile") if p.node == mode.node
        ]
    elif mode.dialect == "nsdos":
        candidates = [
            (f.value("frame"), f, "frame")
            for f in topo.of("nsdos_frame")
            if f.node == mode.node or f.path.rsplit("/", 1)[0] == mode.path.rsplit("/", 1)[0]
        ]
    elif mode.dialect == "as400":
        candidates = [
            (ln.value("maxframe"), ln, "maxframe")
            for ln in topo.of("line_desc")
            if ln.path == mode.path
        ]
    known = [(f, e, fld) for f, e, fld in candidates if isinstance(f, int)]
    if not known:
        return None
    frame, src, field = min(known, key=lambda c: c[0])
    return frame, src, field, 9, "APPN workstation (FID2 header)"
