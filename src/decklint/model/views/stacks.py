"""TCP/IP stacks with their elements, their release, who runs on them and who they talk to."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from decklint.core.entities import Attr, Entity
from decklint.core.source import Span
from decklint.model.release import Release, release_of, unknown
from decklint.model.tcpip import release_family
from decklint.model.topology import Topology
from decklint.model.views.declared import declared

FTP_JOBS = ("FTP",)  # job names that start so are FTP servers (FTPD1, FTPSERVE, ...)
TELNET_JOBS = ("TN3270", "INTCLIEN", "TELNET", "TN")


@dataclass
class Stack:
    """One stack with its elements by kind."""

    entity: Entity
    parts: dict[str, list[Entity]] = field(default_factory=lambda: defaultdict(list))
    links: dict[str, Entity] | None = None  # by name, built on first use
    rel: Release = field(default_factory=lambda: unknown("zos"))  # its node's release

    @property
    def name(self) -> str:
        return self.entity.name

    def of(self, kind: str) -> list[Entity]:
        return self.parts.get(kind, [])

    @property
    def product(self) -> str:
        return str(self.entity.value("product") or "zos")

    @property
    def release(self) -> str | None:
        """Its release as a user reads it ('z/OS V1R13 (declared)'), None when not known."""
        return self.rel.said or None

    @property
    def main(self) -> bool:
        """A main profile is among the files (not only a member linted alone)."""
        return any(p.value("main") for p in self.of("tcpip_profile"))

    @property
    def judge_defaults(self) -> bool:
        """Whether an uncoded setting is really uncoded: the stack is complete (a main
        profile whose INCLUDEs were all found, among files that make a whole stack; see
        `decklint.model.tcpip`): a member decklint did not see may code it, a snippet
        leaves it to the rest of the profile."""
        return bool(self.entity.value("complete"))

    def judged(self, a: Attr) -> bool:
        return a.coded or self.judge_defaults

    def where(self, field_name: str) -> tuple[str, Span]:
        """(path, span) for a finding about a stack setting: where it is coded, else the
        stack's main profile."""
        a = self.entity.get(field_name)
        if a.span is not None:
            return stack_path(self, a), a.span
        return self.entity.path, self.entity.span

    def ftp_server(self) -> Entity | None:
        """A PORT 21 reservation or an AUTOLOG entry of an FTP server job."""
        for p in self.of("tcpip_port"):
            job = str(p.value("job") or "")
            if p.value("port") == 21 and job not in ("*", "RESERVED", "OMVS", ""):
                return p
        for a in self.of("tcpip_autolog"):
            if str(a.value("job") or a.name).startswith(FTP_JOBS):
                return a
        return None

    def telnet(self) -> Entity | None:
        """A Telnet parameter block, or a port reserved to a Telnet server job."""
        blocks = self.of("telnet_params")
        if blocks:
            return blocks[0]
        for p in self.of("tcpip_port"):
            if str(p.value("job") or "").startswith(TELNET_JOBS):
                return p
        return None


def stacks(topo: Topology) -> list[Stack]:
    """Every TCP/IP stack with its elements (built once per run)."""
    return topo.memo("tcpip.stacks", lambda: _stacks(topo, "tcpip_stack"))  # type: ignore[no-any-return]


def telnet_servers(topo: Topology) -> list[Stack]:
    """Every TN3270E server of its own (a profile of Telnet blocks only), with its elements,
    as a `Stack` of them: no stack, so no stack-wide rule sees it."""
    return topo.memo(  # type: ignore[no-any-return]
        "tcpip.telnet_servers", lambda: _stacks(topo, "tcpip_telnet_server")
    )


def _stacks(topo: Topology, kind: str) -> list[Stack]:
    by_name: dict[str, Stack] = {}
    for e in topo.of(kind):
        family = release_family(str(e.value("product") or "zos"))
        by_name[e.name] = Stack(e, rel=release_of(topo, e.name, family))
    if not by_name:
        return []
    for path, dialect in topo.dialects.items():  # a stack's elements are its profiles'
        if dialect != "tcpip":
            continue
        for e in topo.entities_of(path):
            s = by_name.get(e.scope)
            if s is not None:
                s.parts[e.kind].append(e)
    return list(by_name.values())


def link_of(s: Stack, e: Entity) -> Entity | None:
    """The LINK or INTERFACE an element (route, HOME) names, in its stack."""
    if s.links is None:
        s.links = {}
        for link in s.of("tcpip_link"):
            s.links.setdefault(link.name, link)
    return s.links.get(str(e.value("link")))


def stack_path(s: Stack, a: Attr) -> str:
    """The file a stack setting was coded in."""
    for p in s.of("tcpip_profile"):
        for v in p.attrs.values():
            if v is a:
                return p.path
    return s.entity.path


def peers(topo: Topology, s: Stack) -> list[Entity]:
    """Declared nodes at the other end of a stack's connections: those naming the stack as
    their peer, and the one the stack's own declaration names."""
    nodes = declared(topo)
    out = [n for n in nodes.values() if n.value("peer") == s.name]
    own = nodes.get(s.name)
    if own is not None and own.value("peer") in nodes:
        out.append(nodes[str(own.value("peer"))])
    return out


def rfc1323_of(topo: Topology, s: Stack) -> bool:
    """A stack's window scaling: VM NORFC1323 turns it off, a declaration may say so."""
    own = declared(topo).get(s.name)
    if own is not None and isinstance(own.value("rfc1323"), bool):
        return bool(own.value("rfc1323"))
    return s.entity.value("rfc1323") is not False
