"""BPX002 checks that the AF_INET NETWORK statement's MAXSOCKETS covers the planned Telnet and FTP
sessions."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.declared import declared

# MAXSOCKETS when the NETWORK statement does not code it (z/OS MVS Initialization and Tuning
# Reference, BPXPRMxx NETWORK).
DEFAULT = 100


@check("BPX002")
def maxsockets(ctx: Context) -> Iterator[Hit]:
    nodes = declared(ctx.topo)
    floor = int(ctx.options["min"])
    for n in ctx.topo.of("bpx_network"):
        if n.value("domainname") != "AF_INET":
            continue
        m = n.get("maxsockets")
        node = nodes.get(n.scope)
        planned = 0
        parts = []
        if node is not None:
            for f, what in (("telnet_sessions", "Telnet"), ("ftp_sessions", "FTP")):
                v = node.value(f)
                if isinstance(v, int):
                    planned += v
                    parts.append(f"{v} {what}")
        if not isinstance(m.value, int):
            yield Hit(
                n.path,
                n.span,
                {
                    "domain": "AF_INET",
                    "what": f"MAXSOCKETS is not coded, so the default {DEFAULT} applies; "
                    "set it high (one socket per Telnet and per FTP session)",
                },
                subject=n.id,
                dialect="bpxprm",
            )
            continue
        need = max(planned, floor)
        if m.value >= need:
            if m.value <= DEFAULT:
                how = "as its default" if m.value == DEFAULT else "below its default"
                also = ", the limit it has uncoded" if m.value == DEFAULT else ""
                yield Hit(
                    n.path,
                    m.span or n.span,
                    {
                        "domain": "AF_INET",
                        "what": f"MAXSOCKETS({m.value}) is coded {how} {DEFAULT}{also}; set it "
                        "high (one socket per Telnet and per FTP session)",
                    },
                    subject=n.id,
                    dialect="bpxprm",
                )
            continue
        if planned >= floor and node is not None:
            why = f"the system plans {' and '.join(parts)} sessions, one socket each"
            rel: tuple[Related, ...] = (Related(node.path, node.span, f"nodes: {node.name}"),)
        else:
            why = f"below the configured floor {floor}"
            rel = ()
        yield Hit(
            n.path,
            m.span or n.span,
            {
                "domain": "AF_INET",
                "what": f"MAXSOCKETS({m.value}): {why}; raise it to {need} or more",
            },
            related=rel,
            subject=n.id,
            dialect="bpxprm",
        )
