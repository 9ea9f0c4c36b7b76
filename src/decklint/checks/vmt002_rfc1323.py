"""VMT002 checks that a VM stack's windows above 64 KB have RFC 1323 on both ends."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import peers, rfc1323_of, stacks

_LIMIT = 65535


@check("VMT002")
def rfc1323(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        if s.product != "vm":
            continue
        on = rfc1323_of(ctx.topo, s)
        path, span = s.where("rfc1323")
        if not on:
            for p in s.of("tcpip_pool"):
                size = p.value("size")
                if p.name == "DATABUFFERPOOLSIZE" and isinstance(size, int) and size > _LIMIT:
                    yield Hit(
                        p.path,
                        p.anchor("size"),
                        {
                            "stack": s.name,
                            "what": f"data buffers of {size} bytes with NORFC1323: windows "
                            f"stay at {_LIMIT} per round trip; remove NORFC1323 or use "
                            "smaller buffers",
                        },
                        related=(Related(path, span, "NORFC1323"),),
                        dialect="tcpip",
                    )
        for p in peers(ctx.topo, s):
            pw = p.value("tcp_window")
            if not isinstance(pw, int) or pw <= _LIMIT:
                continue
            if on and p.value("rfc1323") is not False:
                continue
            off = s.name if not on else p.name
            yield Hit(
                path,
                span,
                {
                    "stack": s.name,
                    "what": f"peer {p.name} uses a {pw}-byte window, which needs RFC 1323 on "
                    f"both ends; {off} has it off, so {_LIMIT} is the most in flight",
                },
                related=(Related(p.path, p.anchor("tcp_window"), f"{p.name} tcp-window"),),
                dialect="tcpip",
            )
