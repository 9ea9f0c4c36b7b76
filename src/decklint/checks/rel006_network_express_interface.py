"""REL006: the temporary Network Express form of an interface (INTERFACE ... DEFINE IPAQENET or
IPAQENET6 with DEVNUM), whose final form on an IBM z17 is DEFINE EQENET or EQENET6.

Only with a z/OS target release that has EQENET (z/OS V2R5 with the Network Express APARs, in
the catalog's `since:`). IBM's migration (Washington Systems Center, z/OS Communications
Server use of Network Express Feature: Migration): a z17 starts the temporary form as an
EQENET, ignoring PORTNAME and the parameters of IPAQENET only, so the final form, which
leaves them out, means the same there; it is offered as an unsafe fix, checked so.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from decklint.checks._release import cited, converted, target
from decklint.dialects.tcpip import conversions as cv
from decklint.dialects.tcpip import meaning as mean
from decklint.knowledge.catalog import catalog
from decklint.lint.check import Context, Hit, check
from decklint.model import release as rel


@check("REL006")
def network_express_interface(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    for path, node in sorted(topo.site.items()):
        if topo.dialects.get(path) != "tcpip" or rel.file_family(topo, path) != "zos":
            continue
        at = target(topo, node, "zos")
        first = _first_release() if at is not None else None
        if at is None or first is None or at.level < first[0]:
            continue
        statements = list(topo.statements.get(path, ()))
        for i, st in enumerate(statements):
            words = mean._words(st)
            if st.op != "INTERFACE" or len(words) < 3 or "DEVNUM" not in words:
                continue
            if words[1] != "DEFINE" or words[2] not in ("IPAQENET", "IPAQENET6"):
                continue
            final = words[2].replace("IPAQ", "EQ")
            dropped = sorted(
                {w for w in words[3:] if w in mean.IPAQENET_ONLY} - {"WORKLOADQ", "NOWORKLOADQ"}
            )
            fix, why = converted(topo, path, lambda text, sts, i=i: cv.to_eqenet(text, sts, i))
            yield Hit(
                path,
                st.operands[2].span,
                {
                    "name": words[0],
                    "type": words[2],
                    "final": final,
                    "dropped": ", ".join(dropped) or "nothing",
                    "target": at.said,
                    "how": " (--fix --unsafe-fixes writes it)"
                    if fix
                    else f" (not converted here: {why})",
                },
                subject=f"z/OS:{node}",
                dialect="tcpip",
                fix=fix,
                citation=cited(first[1]),
            )


@functools.cache
def _first_release() -> tuple[rel.Level, str] | None:
    """The first release with EQENET (the catalog's `since:`), and the manual section of the
    migration the finding cites (that of IPAQENET's DEVNUM)."""
    cat = catalog("tcpip")
    eq = cat.statement("INTERFACE EQENET") if cat is not None else None
    since = eq.since_fact if eq is not None else None
    first = rel.zos_level(since.release) if since is not None else None
    if cat is None or eq is None or first is None:
        return None
    devnum = cat.operand("INTERFACE IPAQENET", "DEVNUM")
    return first, devnum.source if devnum is not None else eq.source
