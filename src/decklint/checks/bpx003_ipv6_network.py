"""BPX003 checks that a z/OS stack using IPv6 has an AF_INET6 NETWORK statement in BPXPRMxx."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("BPX003")
def ipv6_network(ctx: Context) -> Iterator[Hit]:
    networks = ctx.topo.of("bpx_network")
    if not networks or any(n.value("domainname") == "AF_INET6" for n in networks):
        return
    for link in ctx.topo.of("tcpip_link"):
        if str(link.value("type") or "").endswith("6"):
            yield Hit(
                link.path,
                link.anchor("type"),
                {"what": f"{link.value('statement')} {link.name} ({link.value('type')})"},
                subject=link.id,
                dialect="tcpip",
            )
