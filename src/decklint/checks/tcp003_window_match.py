"""TCP003: see rules/tcp/TCP003-window-match.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._tcpip import defaulted_note, peers, rfc1323_of, stacks
from decklint.findings import Related
from decklint.lint.check import Context, Hit, check

_LIMIT = 65535


@check("TCP003")
def window_match(ctx: Context) -> Iterator[Hit]:
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
