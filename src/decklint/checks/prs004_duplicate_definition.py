"""PRS004 checks that no mode, mode table, resource name or CICS definition is defined twice."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.findings import Related
from decklint.lint.check import Context, Hit, check

_WHAT = {
    "modetab": "mode table",
    "logmode": "logon mode",
    "vtam_resource": "VTAM resource name",
    "cics_resource": "CICS definition",
    "tcpip_device": "TCP/IP device",
    "tcpip_link": "TCP/IP link or interface",
}


@check("PRS004")
def duplicate_definition(ctx: Context) -> Iterator[Hit]:
    for defs in ctx.topo.symbols.duplicates():
        first = defs[0]
        for d in defs[1:]:
            where = f" in {'stack ' if d.dialect == 'tcpip' else ''}{d.scope}" if d.scope else ""
            yield Hit(
                d.path,
                d.span,
                {
                    "what": _WHAT.get(d.kind, d.kind),
                    "name": d.name,
                    "where": where,
                    "first": f"{first.path}:{first.span.line}",
                },
                related=(Related(first.path, first.span, "first defined here"),),
                dialect=d.dialect,
            )
