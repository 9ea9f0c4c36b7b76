"""AS4005 checks that AS/400 LANMAXOUT and LANACKFRQ are *CALC, or 4 and 2 on a link dedicated to
bulk transfer."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check


@check("AS4005")
def lan_window(ctx: Context) -> Iterator[Hit]:
    for ctl in ctx.topo.of("controller"):
        out, ack = ctl.value("lanmaxout"), ctl.value("lanackfrq")
        if out == "*CALC" and ack == "*CALC":
            continue
        pair = (ack, out)
        anchor = ctl.anchor("lanmaxout") if ctl.coded("lanmaxout") else ctl.anchor("lanackfrq")
        if pair == (2, 4):
            yield Hit(
                ctl.path,
                anchor,
                {
                    "how": f"controller {ctl.name}: LANACKFRQ 2 and LANMAXOUT 4 suit only a "
                    "link dedicated to bulk transfer; return to *CALC if they do not help"
                },
                severity=Severity.INFO,
                subject=ctl.id,
            )
        elif pair in ((1, 2), ("*CALC", 2), (1, "*CALC")):
            yield Hit(
                ctl.path,
                anchor,
                {
                    "how": f"controller {ctl.name}: LANACKFRQ 1 and LANMAXOUT 2 equal *CALC; "
                    "they are the cure for adapters of unequal capability that time out"
                },
                severity=Severity.INFO,
                subject=ctl.id,
            )
        else:
            yield Hit(
                ctl.path,
                anchor,
                {
                    "how": f"controller {ctl.name}: LANACKFRQ {ack} and LANMAXOUT {out}; use "
                    "*CALC unless the link is dedicated to bulk transfer (then 2 and 4)"
                },
                subject=ctl.id,
            )
