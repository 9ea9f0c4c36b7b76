"""TCP020 checks that a Telnet SCANINTERVAL is not longer than TIMEMARK."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.telnet import effective_telnet, telnet_owners


@check("TCP020")
def scaninterval_above_timemark(ctx: Context) -> Iterator[Hit]:
    for s in telnet_owners(ctx.topo):
        for b, eff in effective_telnet(s):
            scan, mark = eff["scaninterval"], eff["timemark"]
            if not (isinstance(scan.value, int) and isinstance(mark.value, int)):
                continue
            if scan.value <= mark.value or not (scan.coded or mark.coded):
                continue
            if scan is not b.get("scaninterval") and mark is not b.get("timemark"):
                continue  # both inherited: reported on TELNETGLOBALS
            yield Hit(
                b.path,
                scan.span if scan.coded and scan.span else b.span,
                {"block": b.name, "scan": scan.value, "mark": mark.value},
                subject=b.id,
                dialect="tcpip",
            )
