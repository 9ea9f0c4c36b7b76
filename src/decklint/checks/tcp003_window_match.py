"""TCP003 checks that client and server TCP windows are equal, and that a window above 65535 has
RFC 1323 on both ends."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import defaulted_note
from decklint.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.links import links_of
from decklint.model.views.stacks import peers, rfc1323_of, stacks

_LIMIT = 65535


@check("TCP003")
def window_match(ctx: Context) -> Iterator[Hit]:
    yield from _declared_peers(ctx)
    yield from _routed_stacks(ctx)


def _routed_stacks(ctx: Context) -> Iterator[Hit]:
    """Two linted z/OS stacks joined by a route (one's first hop is the other's HOME): the
    windows at both ends, reported at the smaller one."""
    by_name = {s.name: s for s in stacks(ctx.topo) if s.product == "zos"}
    seen: set[tuple[str, str]] = set()
    for lk in links_of(ctx.topo, "ip"):
        a, b = by_name.get(str(lk.value("node_a"))), by_name.get(str(lk.value("node_b")))
        if a is None or b is None or a is b:
            continue
        pair = (min(a.name, b.name), max(a.name, b.name))
        if pair in seen:
            continue
        seen.add(pair)
        wa, wb = a.entity.value("tcprcvbufrsize"), b.entity.value("tcprcvbufrsize")
        if not isinstance(wa, int) or not isinstance(wb, int) or wa == wb:
            continue
        small, big = (a, b) if wa < wb else (b, a)
        ws, wl = min(wa, wb), max(wa, wb)
        path, span = small.where("tcprcvbufrsize")
        big_path, big_span = big.where("tcprcvbufrsize")
        note = defaulted_note(small.entity.get("tcprcvbufrsize"))
        yield Hit(
            path,
            span,
            {
                "what": f"stack {small.name}: TCP window {ws}{note} but {big.name}, which it "
                f"routes to directly, uses {wl}; make them equal (32768 or 65535)"
            },
            related=(Related(big_path, big_span, f"{big.name} TCPRCVBUFRSIZE {wl}"),),
            subject=small.entity.id,
            dialect="tcpip",
        )


def _declared_peers(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        if s.product != "zos":
            continue
        a = s.entity.get("tcprcvbufrsize")
        w = a.value
        if not isinstance(w, int):
            continue
        path, span = s.where("tcprcvbufrsize")
        mine = rfc1323_of(ctx.topo, s)
        for p in peers(ctx.topo, s):
            pw = p.value("tcp_window")
            if not isinstance(pw, int):
                continue
            rel = (Related(p.path, p.anchor("tcp_window"), f"{p.name} tcp-window {pw}"),)
            if pw != w:
                yield Hit(
                    path,
                    span,
                    {
                        "what": f"stack {s.name}: TCP window {w}{defaulted_note(a)} but its "
                        f"peer {p.name} uses {pw}; make them equal (32768 or 65535)"
                    },
                    related=rel,
                    subject=s.entity.id,
                    dialect="tcpip",
                )
            theirs = p.value("rfc1323")
            if max(w, pw) > _LIMIT and (theirs is False or not mine):
                off = p.name if theirs is False else s.name
                yield Hit(
                    path,
                    span,
                    {
                        "what": f"stack {s.name} and {p.name}: a window of {max(w, pw)} needs "
                        f"RFC 1323 on both ends and {off} has it off, so the window is cut "
                        f"to {_LIMIT}"
                    },
                    related=rel,
                    subject=s.entity.id,
                    dialect="tcpip",
                )
