"""The Telnet timers that apply to each Telnet parameter block of a stack."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.model.entities import Attr, Entity
from decklint.model.lowering import default
from decklint.model.topology import Topology
from decklint.model.views.stacks import Stack, stacks, telnet_servers

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


def telnet_owners(topo: Topology) -> list[Stack]:
    """What codes Telnet blocks: the stacks (a profile's own Telnet, before the TN3270E server
    ran in its own address space) and the TN3270E servers of their own."""
    return [*stacks(topo), *telnet_servers(topo)]


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
