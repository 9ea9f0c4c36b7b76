"""TCP020 checks that a Telnet SCANINTERVAL is not longer than TIMEMARK.

A timer no block codes takes the default of the owner's release; where the release does not
decide it, the finding names each value and is an information unless every one is too long.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import undecided
from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import Stack
from decklint.model.views.telnet import NOT_HERE, effective_telnet, telnet_owners, timer_default


@check("TCP020")
def scaninterval_above_timemark(ctx: Context) -> Iterator[Hit]:
    for s in telnet_owners(ctx.topo):
        for b, eff in effective_telnet(s):
            scan, mark = eff["scaninterval"], eff["timemark"]
            if not (scan.coded or mark.coded):
                continue
            if scan is not b.get("scaninterval") and mark is not b.get("timemark"):
                continue  # both inherited: reported on TELNETGLOBALS
            scans, marks = _values(s, "scaninterval", scan), _values(s, "timemark", mark)
            pairs = [(x, y) for x in scans for y in marks]
            over = [(x, y) for x, y in pairs if x > y]
            if not over:
                continue
            where = scan.span if scan.coded and scan.span else b.span
            if len(pairs) == 1:
                x, y = pairs[0]
                what = (
                    f"SCANINTERVAL {x} is longer than TIMEMARK {y}; the server uses {y} for both, "
                    f"so code SCANINTERVAL {y} or less (the tuning tips pair SCANINTERVAL 1800 "
                    "with TIMEMARK 10800)"
                )
                facts = {"block": b.name, "what": what}
                yield Hit(b.path, where, facts, subject=b.id, dialect="tcpip")
                continue
            # SCANINTERVAL not coded, on a default the release does not decide (TIMEMARK's
            # never changed)
            whose = "Telnet server" if s.entity.kind == "tcpip_telnet_server" else "stack"
            y = marks[0]
            what = (
                f"SCANINTERVAL {undecided(timer_default(s, 'scaninterval'), whose)}; where it "
                f"is longer than TIMEMARK {y}, the server uses {y} for both"
            )
            yield Hit(
                b.path,
                where,
                {"block": b.name, "what": what},
                severity=None if len(over) == len(pairs) else Severity.INFO,
                subject=b.id,
                dialect="tcpip",
            )


def _values(s: Stack, field: str, a: Attr) -> list[int]:
    """The values a timer may be: coded or decided, else each default the release may take."""
    if isinstance(a.value, int):
        return [a.value]
    if a.coded or a is NOT_HERE:
        return []
    return [v for v in timer_default(s, field).values() if isinstance(v, int)]
