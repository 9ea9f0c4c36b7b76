"""NCP013 checks that MAXOUT is as large as the link type allows."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stations import end_station


@check("NCP013")
def maxout(ctx: Context) -> Iterator[Hit]:
    for pu in ctx.topo.of("pu"):
        if not end_station(pu):
            continue
        a = pu.get("maxout")
        v = a.value
        if a.coded and isinstance(v, int) and v < 7:
            yield Hit(
                pu.path, a.span or pu.span, {"pu": pu.name, "how": f"MAXOUT={v}"}, subject=pu.id
            )
        elif not a.coded and isinstance(v, int) and v < 7:
            # the default is the catalog's (the lowering's), and says where it is assumed
            note = f", {a.note}" if a.note else ""
            yield Hit(
                pu.path,
                pu.span,
                {"pu": pu.name, "how": f"MAXOUT is not coded (default {v}{note})"},
                severity=Severity.INFO,
                subject=pu.id,
            )
