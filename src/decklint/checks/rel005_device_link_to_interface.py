"""REL005: before an upgrade, an OSA-Express QDIO or HiperSockets interface defined by DEVICE,
LINK and HOME, which IBM documents as one INTERFACE statement.

Only with a z/OS target release. The conversion is IBM's (z/OS Communications Server: IP
Configuration Guide, "Use the INTERFACE statement to configure IPv4 definitions for
OSA-Express QDIO", and "... for HiperSockets"), offered as an unsafe fix where DEVICE, LINK
and HOME sit in one member and the converted member, parsed again, makes the stack do what
it did (`decklint.dialects.tcpip.conversions`); where it cannot be made, the finding says why.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._release import converted, target
from decklint.core.findings import Citation
from decklint.dialects.tcpip import conversions as cv
from decklint.dialects.tcpip import meaning as mean
from decklint.knowledge.catalog import catalog
from decklint.lint.check import Context, Hit, check
from decklint.model import release as rel

GUIDE = "z/OS Communications Server: IP Configuration Guide"
SECTION = {
    "IPAQENET": "Use the INTERFACE statement to configure IPv4 definitions for OSA-Express QDIO",
    "IPAQIDIO": "Use the INTERFACE statement to configure IPv4 definitions for HiperSockets",
}


@check("REL005")
def device_link_to_interface(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    for path, node in sorted(topo.site.items()):
        if topo.dialects.get(path) != "tcpip" or rel.file_family(topo, path) != "zos":
            continue
        at = target(topo, node, "zos")
        if at is None:
            continue
        r = mean.read(topo.statements.get(path, ()))
        for name, dev in r.devices.items():
            if mean._w(dev, 1) != "MPCIPA":
                continue
            links = [(n, st) for n, st in r.links.items() if mean._w(st, 2) == name]
            kinds = {mean._w(st, 1) for _n, st in links}
            if not links or not kinds <= {"IPAQENET", "IPAQIDIO"}:
                continue
            ltype = min(kinds)
            cat = catalog("tcpip")  # read once a stack has a target: a card deck run never
            entry = cat.statement(f"INTERFACE {ltype}") if cat is not None else None
            operands = frozenset(entry.operands) if entry is not None else frozenset()
            fix, why = converted(
                topo, path, lambda text, sts, n=name, o=operands: cv.to_interface(text, sts, n, o)
            )
            link = links[0][0]
            homes = [mean._w(h, 0) for h in r.homes if mean._w(h, 1) == link]
            home = f" and HOME {homes[0]}" if homes else ""
            yield Hit(
                path,
                dev.operands[1].span,
                {
                    "what": f"DEVICE {name}, LINK {link}{home}",
                    "type": ltype,
                    "target": at.said,
                    "how": " (--fix --unsafe-fixes writes it)"
                    if fix
                    else f" (not converted here: {why})",
                },
                subject=f"z/OS:{node}",
                dialect="tcpip",
                fix=fix,
                citation=Citation(GUIDE, SECTION[ltype]),
            )
