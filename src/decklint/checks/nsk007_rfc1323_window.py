"""NSK007 checks that a NonStop TCP/IP process with a window above 65535 has RFC1323-ENABLE ON."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import systems

_LIMIT = 65535


@check("NSK007")
def rfc1323_window(ctx: Context) -> Iterator[Hit]:
    declared = list(ctx.topo.of("declared_node"))
    for s in systems(ctx.topo):
        partners = [
            n
            for n in declared
            if n.value("peer") in (s.name, *(o.name for o in s.of("nsk_process")))
        ]
        for p in s.of("nsk_process"):
            if p.value("role") != "tcpip":
                continue
            spaces = {
                f: p.value(f)
                for f in ("tcprecvspace", "tcpsendspace")
                if isinstance(p.value(f), int) and p.value(f) > _LIMIT
            }
            if not spaces:
                continue
            field, size = max(spaces.items(), key=lambda kv: kv[1])
            if p.value("rfc1323") is False:
                path, span = p.where("rfc1323")
                yield Hit(
                    path,
                    span,
                    {
                        "process": p.name,
                        "what": f"{field.upper()} {size} with RFC1323-ENABLE OFF: the window "
                        f"stays at {_LIMIT}; turn RFC1323-ENABLE ON or lower the space",
                    },
                    subject=p.id,
                    dialect="scf",
                )
                continue
            for n in partners:
                if n.value("rfc1323") is False:
                    path, span = p.where(field)
                    yield Hit(
                        path,
                        span,
                        {
                            "process": p.name,
                            "what": f"{field.upper()} {size}, but partner {n.name} has RFC 1323 "
                            f"off, so windows stay at {_LIMIT} on those connections; turn RFC "
                            f"1323 on at {n.name}, or lower {field.upper()} to {_LIMIT}",
                        },
                        subject=p.id,
                        dialect="scf",
                    )
