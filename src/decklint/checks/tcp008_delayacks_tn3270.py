"""TCP008 checks that a stack with a TN3270E server keeps TCPCONFIG DELAYACKS."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP008")
def delayacks_tn3270(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        a = s.entity.get("delayacks")
        telnet = s.telnet()
        if a.value != "NODELAYACKS" or telnet is None:
            continue
        path, span = s.where("delayacks")
        yield Hit(
            path,
            span,
            {"stack": s.name, "value": a.value, "telnet": telnet.name},
            subject=s.entity.id,
            dialect="tcpip",
        )
