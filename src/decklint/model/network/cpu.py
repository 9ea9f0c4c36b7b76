"""NonStop CPUs: on one system, each requester -> the TCP/IP stack, and each stack -> the
line (controller), in its CPU; half-open when they are in different CPUs."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.model.network.base import Linker, evidence


@evidence("cpu", 70, "NonStop requester, TCP/IP stack and line in one CPU")
def infer(links: Linker) -> None:
    by_scope: dict[str, dict[str, list[Entity]]] = defaultdict(lambda: defaultdict(list))
    for kind in ("nsk_process", "nsk_line"):
        for e in links.topo.of(kind):
            by_scope[e.scope][kind].append(e)
    for parts in by_scope.values():
        procs = _merged(parts["nsk_process"], "primary_cpu")
        lines = _merged(parts["nsk_line"], "cpu")
        stacks = [p for p in procs.values() if p.value("role") == "tcpip"]
        for p in procs.values():
            if p.value("role") != "requester":
                continue
            _cpu_link(links, p, "primary_cpu", stacks, "primary_cpu", "TCP/IP stack")
        for s in stacks:
            _cpu_link(links, s, "primary_cpu", list(lines.values()), "cpu", "line")


def _cpu_link(
    links: Linker, a: Entity, a_field: str, targets: list[Entity], t_field: str, what: str
) -> None:
    cpu = a.value(a_field)
    if not isinstance(cpu, int):
        return
    known = [t for t in targets if isinstance(t.value(t_field), int)]
    same = [t for t in known if t.value(t_field) == cpu]
    b = same[0] if same else (known[0] if known else None)
    status = "matched" if same else "half-open" if known else "unknown-peer"
    links.add(
        "cpu",
        f"{a.name}-{b.name if b else what}",
        a,
        a_field,
        status,
        f"CPU {cpu}" + ("" if same else f"; {what} in CPU {b.value(t_field)}" if b else ""),
        b=b,
        b_attr=t_field if b is not None else "",
        end_b=f"{what} {b.name}" if b else what,
    )


def _merged(entities: list[Entity], cpu_field: str) -> dict[str, Entity]:
    """One entity per NonStop object name: the one that knows its CPU, else the first."""
    out: dict[str, Entity] = {}
    for e in entities:
        have = out.get(e.name)
        if have is None or (
            not isinstance(have.value(cpu_field), int) and isinstance(e.value(cpu_field), int)
        ):
            out[e.name] = e
    return out
