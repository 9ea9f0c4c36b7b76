"""NCP008 checks that RCVBUFC is within its token-ring adapter's maximum, the catalog's range
for the LINE's ADAPTER (grammars/catalogs/ncp.yaml, LINE RCVBUFC `cases:`)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.knowledge.facts import case_where
from decklint.lint.check import Context, Hit, check


@check("NCP008")
def rcvbufc_maximum(ctx: Context) -> Iterator[Hit]:
    for ln in ctx.topo.of("line"):
        rcv = ln.value("rcvbufc")
        adapter = str(ln.value("adapter") or "")
        found = case_where("ncp", "LINE", "RCVBUFC", {"ADAPTER": adapter}) if adapter else None
        if found is None or not isinstance(rcv, int):
            continue
        entry, case = found
        limit = int(case.range[1]) if case.range is not None else None
        if limit is None or rcv <= limit:
            continue
        assumed = entry.assumes("range")
        yield Hit(
            ln.path,
            ln.anchor("rcvbufc"),
            {
                "rcvbufc": rcv,
                "adapter": adapter,
                "limit": limit,
                "basis": f" ({case.note})" if assumed and case.note else "",
            },
            severity=Severity.WARNING if assumed else None,
            subject=ln.id,
        )
