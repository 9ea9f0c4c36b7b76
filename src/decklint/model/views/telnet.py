"""The Telnet timers that apply to each Telnet parameter block of a stack."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.entities import Attr, Entity
from decklint.core.lowering import default
from decklint.knowledge.catalog import catalog
from decklint.model.release import Choice, choice
from decklint.model.tcpip import defaulted
from decklint.model.topology import Topology
from decklint.model.views.stacks import Stack, stacks, telnet_servers

# The Telnet timers: field -> the catalog statement whose value it is (grammars/catalogs/
# tcpip.yaml; SCANINTERVAL's default changed between releases).
TELNET_TIMERS = {"timemark": "TIMEMARK", "scaninterval": "SCANINTERVAL", "inactive": "INACTIVE"}
TELNET_FIELDS = tuple(TELNET_TIMERS)
# A timer a block leaves to the blocks that inherit from it: judged there, not here.
NOT_HERE = default(None, "judged in the blocks that inherit it")


def timer_default(s: Stack, field: str) -> Choice:
    """What a Telnet timer no block codes is for the owner's release."""
    cat = catalog("tcpip")
    op = cat.operand(TELNET_TIMERS[field], "SECONDS") if cat is not None else None
    return choice(op, s.rel)


def telnet_defaults(s: Stack) -> dict[str, Attr]:
    """The Telnet timers' defaults for the owner's release (None where it does not decide)."""
    return {f: defaulted(timer_default(s, f)) for f in TELNET_FIELDS}


def telnet_owners(topo: Topology) -> list[Stack]:
    """What codes Telnet blocks: the stacks (a profile's own Telnet, before the TN3270E server
    ran in its own address space) and the TN3270E servers of their own."""
    return [*stacks(topo), *telnet_servers(topo)]


def effective_telnet(s: Stack) -> Iterator[tuple[Entity, dict[str, Attr]]]:
    """Each Telnet block with the timers that apply to it: its own, else TELNETGLOBALS',
    else the default of the owner's release (None, with a note, where the release does not
    decide it: `timer_default` names each value it may be). TELNETGLOBALS and PARMSGROUP
    blocks are judged on what they code when TELNETPARMS blocks (which inherit from them)
    exist: what they leave uncoded is `NOT_HERE`."""
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
                eff[f] = NOT_HERE
            else:
                eff[f] = dflt[f]
        yield b, eff
