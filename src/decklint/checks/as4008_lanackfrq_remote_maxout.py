"""AS4008 checks that, between two AS/400s on a LAN, each side's LANACKFRQ is at most the other
side's LANMAXOUT."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.topology import Topology
from decklint.model.views.links import links_of

# What *CALC means ("Getting the most from APPC", 'DLC pacing: LANMAXOUT and LANACKFRQ
# parameters'): LANACKFRQ 1, LANMAXOUT 2.
_CALC = {"lanackfrq": 1, "lanmaxout": 2}


def _count(c: Entity, field: str) -> int | None:
    v = c.value(field)
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    return _CALC[field] if str(v).upper() in ("*CALC", "NONE") else None


def _show(c: Entity, field: str) -> str:
    a = c.get(field)
    text = f"{field.upper()}({a.value})"
    return text if a.coded else f"{text} (not coded, the default)"


def pairs(topo: Topology) -> list[tuple[Entity, Entity]]:
    """(controller, partner controller): two AS/400s whose controllers' ADPTADR name each
    other's LAN line."""
    node = topo.site
    ctls = {(c.path, c.name): c for c in topo.of("controller")}
    toward: dict[str, list[Entity]] = {}  # node of the far line -> controllers toward it
    line_files = {ln.path for ln in topo.of("line_desc")}
    for lk in links_of(topo, "dlc"):
        if not str(lk.value("end_a")).startswith("controller "):
            continue
        c = ctls.get((lk.path, str(lk.value("end_a")).split(" ", 1)[1]))
        far = lk.value("b_path")
        if c is not None and far and far in line_files:
            toward.setdefault(node.get(str(far), str(far)), []).append(c)
    out = []
    for far_node, mine in toward.items():
        for c in mine:
            here = node.get(c.path, c.path)
            for partner in toward.get(here, []):
                if node.get(partner.path, partner.path) == far_node:
                    out.append((c, partner))
    return out


@check("AS4008")
def lanackfrq_remote_maxout(ctx: Context) -> Iterator[Hit]:
    for c, partner in pairs(ctx.topo):
        ack, out = _count(c, "lanackfrq"), _count(partner, "lanmaxout")
        if ack is None or out is None or ack <= out:
            continue
        yield Hit(
            c.path,
            c.anchor("lanackfrq"),
            {
                "what": f"controller {c.name}: {_show(c, 'lanackfrq')} waits for {ack} frames "
                f"before it acknowledges, but its partner's controller {partner.name} sends "
                f"only {out} ({_show(partner, 'lanmaxout')}) before it waits: every window "
                f"ends in a time-out; make LANACKFRQ at most {out}"
            },
            related=(
                Related(
                    partner.path,
                    partner.anchor("lanmaxout"),
                    f"{partner.name}: {_show(partner, 'lanmaxout')}",
                ),
            ),
            subject=c.id,
        )
