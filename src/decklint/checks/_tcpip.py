"""What the TCP/IP checks share: a stack's elements, its release, who runs on it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from decklint.model.entities import Attr, Entity
from decklint.model.lowering import default
from decklint.model.tcpip import vm_level, zos_level
from decklint.model.topology import Topology
from decklint.source import Span

# MTUs the seed recommends per medium (Ethernet also 1492 for IEEE 802.3 and OSA QDIO,
# 8992 for OSA QDIO jumbo frames; HiperSockets frames from the CHPID's maximum frame size).
MEDIUM_MTU: dict[str, tuple[int, ...]] = {
    "ethernet": (1500, 1492, 8992),
    "tokenring": (1500, 2000),
    "fddi": (4000, 4352),
    "ctc": (65527,),
    "hipersockets": (8192, 16384, 32768, 57344),
}
MEDIUM_NAMES = {
    "ethernet": "Ethernet",
    "tokenring": "token ring",
    "fddi": "FDDI",
    "ctc": "CTC",
    "hipersockets": "HiperSockets",
}
# The largest MTU a link type carries where it is fixed (LCS Ethernet, OSA QDIO, CTC, IQD).
TYPE_MAX_MTU: dict[str, int] = {
    "ETHERNET": 1500,
    "802.3": 1492,
    "ETHEROR802.3": 1492,
    "IPAQENET": 8992,
    "QDIOETHERNET": 8992,
    "CTC": 65527,
    "IPAQIDIO": 57344,
    "QDIOIP": 57344,
}
FTP_JOBS = ("FTP",)  # job names that start so are FTP servers (FTPD1, FTPSERVE, ...)
TELNET_JOBS = ("TN3270", "INTCLIEN", "TELNET", "TN")


@dataclass
class Stack:
    """One stack with its elements by kind."""

    entity: Entity
    parts: dict[str, list[Entity]] = field(default_factory=lambda: defaultdict(list))
    links: dict[str, Entity] | None = None  # by name, built on first use

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
        r = self.entity.value("release")
        return str(r) if r else None

    @property
    def main(self) -> bool:
        """A main profile is among the files (not only a member linted alone)."""
        return any(p.value("main") for p in self.of("tcpip_profile"))

    @property
    def judge_defaults(self) -> bool:
        """Whether an uncoded setting is really uncoded: a main profile whose INCLUDEs
        were all found (a member decklint did not see may code it)."""
        return self.main and not self.entity.value("unresolved_includes")

    def judged(self, a: Attr) -> bool:
        return a.coded or self.judge_defaults

    def zos(self) -> tuple[int, int] | None:
        return zos_level(self.release) if self.release else None

    def vm(self) -> int | None:
        return vm_level(self.release) if self.release else None

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
    return topo.memo("tcpip.stacks", lambda: _stacks(topo))  # type: ignore[no-any-return]


def _stacks(topo: Topology) -> list[Stack]:
    by_name: dict[str, Stack] = {}
    for e in topo.of("tcpip_stack"):
        by_name[e.name] = Stack(e)
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


def declared(topo: Topology) -> dict[str, Entity]:
    return {e.name: e for e in topo.of("declared_node")}


def defaulted_note(a: Attr) -> str:
    """' (not coded; default N, <why>)' for a defaulted setting, '' when coded."""
    if not a.defaulted:
        return ""
    return f" (not coded; the default {a.value} applies: {a.note})" if a.note else " (not coded)"


TELNET_FIELDS = ("timemark", "scaninterval", "inactive")


def telnet_defaults(s: Stack) -> dict[str, Attr]:
    """Telnet timer defaults: SCANINTERVAL was 120 s in the seed's releases, 1800 later."""
    level = s.zos() if s.product == "zos" else None
    new = level is not None and level >= (2, 1)
    note = f"z/OS {s.release}" if level is not None else "the seed's releases"
    return {
        "timemark": default(10800, note),
        "scaninterval": default(1800 if new else 120, note),
        "inactive": default(0, note),
    }


def effective_telnet(s: Stack) -> Iterator[tuple[Entity, dict[str, Attr]]]:
    """Each Telnet block with the timers that apply to it: its own, else TELNETGLOBALS',
    else the default. TELNETGLOBALS and PARMSGROUP blocks are judged on what they code when
    TELNETPARMS blocks (which inherit from them) exist."""
    blocks = s.of("telnet_params")
    dflt = telnet_defaults(s)
    glob = next((b for b in blocks if b.value("block") == "TELNETGLOBALS"), None)
    per_port = any(b.value("block") in ("TELNETPARMS",) for b in blocks)
    for b in blocks:
        kind = b.value("block")
        eff: dict[str, Attr] = {}
        for f in TELNET_FIELDS:
            own = b.get(f)
            if own.coded:
                eff[f] = own
            elif kind == "TELNETPARMS" and glob is not None and glob.get(f).coded:
                eff[f] = glob.get(f)
            elif kind == "PARMSGROUP" or (kind == "TELNETGLOBALS" and per_port):
                eff[f] = default(None)
            else:
                eff[f] = dflt[f]
        yield b, eff


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
