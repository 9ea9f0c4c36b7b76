"""TCP022 checks for DELAYACKS on a PORT or ROUTE that a TCPCONFIG NODELAYACKS overrides."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP022")
def nodelayacks_overrides(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        a = s.entity.get("delayacks")
        if a.value != "NODELAYACKS" or not a.coded or a.span is None:
            continue
        path, span = s.where("delayacks")
        for e in (*s.of("tcpip_port"), *s.of("tcpip_route")):
            if e.value("delayacks") != "DELAYACKS":
                continue
            what = (
                f"PORT {e.name}"
                if e.kind == "tcpip_port"
                else f"{e.value('source')} {e.value('destination')}"
            )
            yield Hit(
                e.path,
                e.anchor("delayacks"),
                {"what": what, "line": span.line},
                related=(Related(path, span, "TCPCONFIG NODELAYACKS"),),
                subject=e.id,
                dialect="tcpip",
            )
