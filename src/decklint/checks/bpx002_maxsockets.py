"""BPX002 checks that the AF_INET NETWORK statement's MAXSOCKETS covers the planned Telnet and FTP
sessions."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.core.findings import Related, Severity
from decklint.core.source import Span
from decklint.knowledge import member_facts as facts
from decklint.lint.check import Context, Hit, check
from decklint.model.views.declared import declared

_HIGH = "set it high (one socket per Telnet and per FTP session)"


@check("BPX002")
def maxsockets(ctx: Context) -> Iterator[Hit]:
    cat = facts.product("bpxprm")
    fact = facts.operand_fact(cat, "NETWORK", "MAXSOCKETS")
    assert fact is not None, "the BPXPRMxx catalog lists NETWORK MAXSOCKETS"
    nodes = declared(ctx.topo)
    floor = int(ctx.options["min"])
    for n in ctx.topo.of("bpx_network"):
        if n.value("domainname") != "AF_INET":
            continue
        m = n.get("maxsockets")
        node = nodes.get(n.scope)
        release = node.value("release") if node is not None else None
        dflt = facts.default_at(fact, release, cat.releases)
        shown = facts.shown_default(fact, dflt)
        planned, parts = _planned(node)
        need = max(planned, floor)
        if not isinstance(m.value, int):
            what = f"MAXSOCKETS is not coded, so the default {shown} applies"
            if planned and isinstance(dflt, int) and dflt < planned:
                what += f", below the {planned} sockets of {' and '.join(parts)} sessions"
            yield _hit(n, n.span, f"{what}; {_HIGH}", node if planned else None)
            continue
        if m.value >= need:
            if not planned and isinstance(dflt, int) and m.value <= dflt:
                how = "as its default" if m.value == dflt else "below its default"
                also = ", the limit it has uncoded" if m.value == dflt else ""
                what = f"MAXSOCKETS({m.value}) is coded {how} {shown}{also}; {_HIGH}"
                yield _hit(n, m.span or n.span, what, None, Severity.INFO)
            continue
        if planned >= floor and node is not None:
            why = f"the system plans {' and '.join(parts)} sessions, one socket each"
        else:
            why = f"below the configured floor {floor}"
            node = None
        what = f"MAXSOCKETS({m.value}): {why}; raise it to {need} or more"
        yield _hit(n, m.span or n.span, what, node)


def _planned(node: Entity | None) -> tuple[int, list[str]]:
    """The sockets the sessions the configuration plans for the system need."""
    planned, parts = 0, []
    if node is not None:
        for f, what in (("telnet_sessions", "Telnet"), ("ftp_sessions", "FTP")):
            v = node.value(f)
            if isinstance(v, int):
                planned += v
                parts.append(f"{v} {what}")
    return planned, parts


def _hit(
    n: Entity, span: Span, what: str, node: Entity | None, severity: Severity | None = None
) -> Hit:
    related = (Related(node.path, node.span, f"nodes: {node.name}"),) if node is not None else ()
    return Hit(
        n.path,
        span,
        {"domain": "AF_INET", "what": what},
        related=related,
        severity=severity,
        subject=n.id,
        dialect="bpxprm",
    )
