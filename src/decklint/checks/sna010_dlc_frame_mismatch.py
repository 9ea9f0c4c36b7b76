"""SNA010 checks that the two ends of a link use the same DLC frame size."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import described
from decklint.core.entities import Entity
from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.topology import Topology
from decklint.model.views.dlc import Setting, node_frame


@check("SNA010")
def dlc_frame_mismatch(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    seen: set[tuple[str, str]] = set()
    for lk in topo.of("link"):
        status = lk.value("status")
        if lk.value("kind") == "dlc" and status in ("matched", "half-open"):
            mine = node_frame(topo, str(lk.value("node_a")))
            line = _line_frame(topo, lk)
            ends = (mine, line)
            names = (str(lk.value("node_a")), f"{lk.value('node_b')} {lk.value('end_b')}")
        elif status == "declared":
            a, b = str(lk.value("node_a")), str(lk.value("node_b"))
            ends = (node_frame(topo, a), node_frame(topo, b))
            names = (a, b)
        else:
            continue
        here, there = ends
        if here is None or there is None or here[0] == there[0]:
            continue
        if here[0] < there[0] and status == "declared":
            here, there = there, here
            names = (names[1], names[0])
        key = (here[1].id, there[1].id)
        if key in seen:
            continue
        seen.add(key)
        yield Hit(
            here[1].path,
            here[1].anchor(here[2]),
            {"what": _what(names, here, there)},
            related=(
                Related(
                    there[1].path, there[1].anchor(there[2]), f"{names[1]}: {described(there)}"
                ),
            ),
            subject=here[1].id,
            dialect=here[1].dialect,
        )


def _what(names: tuple[str, str], here: Setting, there: Setting) -> str:
    low, high = sorted((here[0], there[0]))
    lower = names[0] if here[0] == low else names[1]
    return (
        f"{names[0]}: {described(here)}, but its partner {names[1]} has {described(there)}: "
        f"the link runs with {low}-byte frames and RUs sized for {high} are segmented; raise "
        f"{lower} to {high} if it can receive such frames, or size the link's RUs for {low}"
    )


def _line_frame(topo: Topology, lk: Entity) -> Setting | None:
    """The NCP line at the far end of a DLC link, with its MAXTSL."""
    for ln in topo.of("line"):
        if ln.path == lk.value("b_path") and f"LINE {ln.name}" == lk.value("end_b"):
            v = ln.value("maxtsl")
            if isinstance(v, int):
                return v, ln, "maxtsl", "MAXTSL"
    return None
