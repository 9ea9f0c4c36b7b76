"""NonStop systems, each with its objects (processes, lines, ports, subnets, SNAX PUs) merged across
the files that describe it."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from decklint.core.entities import MISSING, Attr, Entity
from decklint.core.source import Span
from decklint.model.topology import Topology


@dataclass
class Obj:
    """One object (process, line, port, subnet) as all the files of its system describe it:
    a coded value wins over a default, a later file over an earlier one."""

    kind: str
    name: str
    entities: list[Entity] = field(default_factory=list)

    def get(self, f: str) -> Attr:
        for e in reversed(self.entities):
            a = e.get(f)
            if a.coded:
                return a
        return self.entities[-1].get(f) if self.entities else MISSING

    def value(self, f: str) -> Any:
        return self.get(f).value

    def where(self, f: str) -> tuple[str, Span]:
        for e in reversed(self.entities):
            a = e.get(f)
            if a.coded and a.span is not None:
                return e.path, a.span
        e = self.entities[0]
        return e.path, e.span

    @property
    def id(self) -> str:
        return self.entities[0].id


@dataclass
class System:
    name: str
    objects: dict[str, dict[str, Obj]] = field(default_factory=lambda: defaultdict(dict))
    declared: Entity | None = None

    def of(self, kind: str) -> list[Obj]:
        return list(self.objects.get(kind, {}).values())

    def bulk_lines(self) -> set[str]:
        """Lines declared for bulk transfer, and the lines of the declared bulk ports."""
        d = self.declared
        if d is None:
            return set()
        lines = set(d.value("bulk_lines") or ())
        lines |= {p.split(".#")[0] for p in d.value("bulk_ports") or () if ".#" in p}
        return lines

    def bulk_ports(self) -> set[str]:
        d = self.declared
        return set(d.value("bulk_ports") or ()) if d is not None else set()


def systems(topo: Topology) -> list[System]:
    """Every NonStop system with its objects merged (built once per run)."""
    return topo.memo("nsk.systems", lambda: _systems(topo))  # type: ignore[no-any-return]


def _systems(topo: Topology) -> list[System]:
    by: dict[str, System] = {}
    for k in ("nsk_process", "nsk_line", "nsk_port", "nsk_subnet", "nsk_pu"):
        for e in sorted(topo.of(k), key=lambda x: x.path):
            s = by.setdefault(e.scope, System(e.scope))
            o = s.objects[k].setdefault(e.name, Obj(k, e.name))
            o.entities.append(e)
    declared = {e.name: e for e in topo.of("declared_node")}
    for s in by.values():
        names = {s.name}
        for objs in s.objects.values():
            for o in objs.values():
                names.add(str(o.value("system") or ""))
        s.declared = next((declared[n] for n in sorted(names) if n in declared), None)
    return list(by.values())
