"""TCP028 checks that no home address is coded twice in one stack."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._unique import hits
from decklint.lint.check import Context, Hit, check
from decklint.model.unique import Claim, clashes, fact, scope_key


@check("TCP028")
def home_address_twice(ctx: Context) -> Iterator[Hit]:
    u = fact("tcpip", "HOME", "IP_ADDRESS")
    if u is None:
        return
    claims = []
    for e in ctx.topo.of("tcpip_home"):
        address = str(e.value("address") or "")
        if not address or "&" in address:
            continue
        link = str(e.value("link") or "")
        claims.append(
            Claim(
                scope_key(e, u.scope),
                address.lower(),
                e.path,
                e.span,
                f"link {link}" if link else "an interface",
                address,
                e.dialect,
                e.id,
            )
        )
    yield from hits(clashes(claims), u)
