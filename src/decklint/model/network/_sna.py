"""What the SNA kinds of evidence share: the VTAMs of the site (their start lists, the systems
their decks sit in, the SSCP names they answer to), which node has which subarea, and how
switched PUs dial (their PATHs, XCA groups and media)."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.model.network.base import Linker
from decklint.model.systems import system_key


class Hosts:
    """The VTAMs and subareas of the site, indexed once per run."""

    def __init__(self, links: Linker) -> None:
        topo = links.topo
        self.links = links
        # a node whose decks are a VTAM's (or hold one: the configuration's `nodes: files:`)
        self.vtams = {
            n.name
            for n in topo.of("node")
            if "VTAM" in (n.value("products") or ()) and n.value("files")
        }
        self.by_system: dict[str, set[str]] = defaultdict(set)
        for path, node in links.site.items():
            if node in self.vtams and topo.dialects.get(path) == "vtam":
                self.by_system[system_key(path, topo)].add(node)
        self.start: dict[str, Entity] = {}  # VTAM node -> its start list
        for s in sorted(topo.of("vtam_start"), key=lambda e: e.path):
            node = links.node(s)
            if s.value("members") is None and node in self.vtams:
                self.start.setdefault(node, s)
        # SSCP name -> VTAM node: its SSCPNAME, else the node's own name
        self.sscp: dict[str, str] = {v: v for v in self.vtams}
        for node, s in self.start.items():
            if s.value("sscpname"):
                self.sscp[str(s.value("sscpname")).upper()] = node
        # subarea -> (node, what says it, field): VTAM HOSTSA, NCP BUILD SUBAREA, and the
        # SSCPs a CDRM major node names (another domain's, which may be no linted node)
        self.subarea: dict[int, list[tuple[str, Entity, str]]] = defaultdict(list)
        for node, s in self.start.items():
            if isinstance(s.value("hostsa"), int):
                self.subarea[s.value("hostsa")].append((node, s, "hostsa"))
        for n in topo.of("ncp"):
            if isinstance(n.value("subarea"), int):
                self.subarea[n.value("subarea")].append((links.node(n), n, "subarea"))
        for c in topo.of("cdrm"):
            sa = c.value("subarea")
            if isinstance(sa, int) and not any(
                e.kind == "vtam_start" for _n, e, _f in self.subarea[sa]
            ):
                owner = self.sscp.get(c.name, c.name)
                if not any(n == owner for n, _e, _f in self.subarea[sa]):
                    self.subarea[sa].append((owner, c, "subarea"))

    def of_system(self, path: str) -> set[str]:
        """The VTAMs whose decks sit in the system of `path`."""
        return self.by_system.get(system_key(path, self.links.topo), set())

    def at(self, subarea: int) -> list[tuple[str, Entity, str]]:
        """The nodes with a subarea: linted ones first."""
        found = self.subarea.get(subarea, [])
        return sorted(found, key=lambda f: f[0] not in self.links.nodes)


def hosts(links: Linker) -> Hosts:
    """The Hosts index of a run, built once."""
    return links.topo.memo("network.hosts", lambda: Hosts(links))  # type: ignore[no-any-return]


class Lan:
    """Switched PUs and the ways they dial: each PU's PATH statements, the XCA groups they
    name, and the medium of those groups' XCA major node (its PORT's MEDIUM: HPRIP for
    Enterprise Extender)."""

    def __init__(self, links: Linker) -> None:
        topo = links.topo
        self.links = links
        self.paths: dict[tuple[str, str], list[Entity]] = defaultdict(list)  # (file, PU)
        for p in topo.of("path"):
            self.paths[(p.path, str(p.value("pu") or ""))].append(p)
        ports: dict[str, Entity] = {}
        for p in topo.of("xca_port"):
            ports.setdefault(p.path, p)
        # XCA group name -> [(its node, its medium)]
        self.xca: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for g in topo.of("group"):
            port = ports.get(g.path)
            if port is not None:
                self.xca[g.name].append((links.node(g), str(port.value("medium") or "")))

    def medium(self, path: Entity) -> str | None:
        """The medium a PATH dials over: HPRIP where it names an Enterprise Extender partner
        (IPADDR, HOSTNAME), else its XCA group's (of its own node first); None for a group
        that is no XCA group (an NCP's) or none named."""
        if path.value("ipaddr") or path.value("hostname"):
            return "HPRIP"
        found = self.xca.get(str(path.value("grpnm") or ""), [])
        mine = [m for n, m in found if n == self.links.node(path)] or [m for _n, m in found]
        return mine[0] if len(set(mine)) == 1 else None

    def of(self, pu: Entity) -> list[Entity]:
        return self.paths.get((pu.path, pu.name), [])


def lan(links: Linker) -> Lan:
    """The Lan index of a run, built once."""
    return links.topo.memo("network.lan", lambda: Lan(links))  # type: ignore[no-any-return]
