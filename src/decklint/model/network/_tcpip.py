"""What the z/OS kinds of evidence share: the TCP/IP stacks of the site by name and system."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.model.network.base import Linker
from decklint.model.systems import system_key


class Stacks:
    """The linted stacks, by job name and by system."""

    def __init__(self, links: Linker) -> None:
        self.links = links
        topo = links.topo
        self.by_name: dict[str, list[Entity]] = defaultdict(list)
        self.by_system: dict[str, list[Entity]] = defaultdict(list)
        for s in topo.of("tcpip_stack"):
            self.by_name[s.name.split("/", 1)[0]].append(s)
            self.by_system[system_key(s.path, topo)].append(s)

    def named(self, name: str, near: str) -> Entity | None:
        """The stack of a job name: the one in the system of `near`, else the only one."""
        found = self.by_name.get(name.upper(), [])
        key = system_key(near, self.links.topo)
        mine = [s for s in found if system_key(s.path, self.links.topo) == key]
        pick = mine or found
        return pick[0] if len(pick) == 1 else None

    def of_system(self, path: str) -> list[Entity]:
        return self.by_system.get(system_key(path, self.links.topo), [])


def stacks(links: Linker) -> Stacks:
    return links.topo.memo("network.stacks", lambda: Stacks(links))  # type: ignore[no-any-return]


def inet(links: Linker, path: str) -> tuple[str | None, list[Entity]]:
    """The z/OS UNIX socket file system of the system of `path` as its BPXPRMxx members
    say: ("INET" or "CINET" or None, the SUBFILESYSTYPE statements naming its stacks)."""
    topo = links.topo
    key = system_key(path, topo)
    kind: str | None = None
    named: list[Entity] = []
    for f in topo.of("bpx_filesystype"):
        if system_key(f.path, topo) == key and f.value("type") in ("INET", "CINET"):
            kind = "CINET" if "CINET" in (kind, f.value("type")) else "INET"
    for r in topo.of("bpx_resource"):
        if r.value("statement") == "SUBFILESYSTYPE" and system_key(r.path, topo) == key:
            named.append(r)
    return kind, named
