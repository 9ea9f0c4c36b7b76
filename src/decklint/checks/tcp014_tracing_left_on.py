"""TCP014 checks for tracing left on in a TCP/IP profile (ITRACE ON, PKTTRACE, VM TRACE and
MORETRACE)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.lint.check import Context, Hit, check

# Statements that turn one trace on or off: a later one of the family decides.
_FAMILY = {"TRACE": "VM", "MORETRACE": "VM", "TRACEONLY": "VM", "NOTRACE": "VM", "LESSTRACE": "VM"}


@check("TCP014")
def tracing_left_on(ctx: Context) -> Iterator[Hit]:
    last: dict[tuple[str, str, str], Entity] = {}
    for t in ctx.topo.of("tcpip_trace"):
        key = (t.scope, t.path, _FAMILY.get(t.name, t.name))
        prev = last.get(key)
        if prev is None or int(t.value("index")) > int(prev.value("index")):
            last[key] = t
    for t in last.values():
        if t.value("on"):
            yield Hit(t.path, t.anchor("on"), {"statement": t.name}, dialect="tcpip")
