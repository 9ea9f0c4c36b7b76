"""TCP003 checks that client and server TCP windows are equal, and that a window above 65535 has
RFC 1323 on both ends.

A stack's window is its TCPRCVBUFRSIZE, coded or the default of its release; where the
release does not decide the default, a mismatch that holds for only some of the values it may
be is an information that names them.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import defaulted_note, undecided
from decklint.core.findings import Related, Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.tcpip import stack_default
from decklint.model.views.links import links_of
from decklint.model.views.stacks import Stack, peers, rfc1323_of, stacks

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
        if not isinstance(wa, int) or not isinstance(wb, int):
            yield from _undecided_pair(a, b)
            continue
        if wa == wb:
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
            related=(
                Related(big_path, big_span, f"{big.name} TCPRCVBUFRSIZE {wl}"),
                Related(lk.path, lk.span, f"{a.name} routes to {b.name} ({lk.value('via')})"),
            ),
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
            yield from _undecided_peers(ctx, s)
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
                        f"to {_LIMIT}: turn RFC 1323 on at {off}, or code a window of "
                        f"{_LIMIT} or less"
                    },
                    related=rel,
                    subject=s.entity.id,
                    dialect="tcpip",
                )


def _windows(s: Stack) -> list[int]:
    """The windows a stack may use: its TCPRCVBUFRSIZE, or each default its release may take."""
    w = s.entity.value("tcprcvbufrsize")
    if isinstance(w, int):
        return [w]
    return [v for v in stack_default("tcprcvbufrsize", s.rel).values() if isinstance(v, int)]


def _undecided_pair(a: Stack, b: Stack) -> Iterator[Hit]:
    """Two routed stacks, one or both on a default their releases do not decide: an
    information where the windows differ for some of the releases, a warning where for all."""
    pairs = [(x, y) for x in _windows(a) for y in _windows(b)]
    differ = [p for p in pairs if p[0] != p[1]]
    if not differ:
        return
    s = a if not isinstance(a.entity.value("tcprcvbufrsize"), int) else b
    other = b if s is a else a
    path, span = s.where("tcprcvbufrsize")
    o_path, o_span = other.where("tcprcvbufrsize")
    c = stack_default("tcprcvbufrsize", s.rel)
    theirs = other.entity.value("tcprcvbufrsize")
    yield Hit(
        path,
        span,
        {
            "what": f"stack {s.name}: TCP window {undecided(c, 'stack')}; {other.name}, which "
            f"it routes to directly, uses {theirs if isinstance(theirs, int) else 'its default'}"
            "; make them equal (32768 or 65535)"
        },
        related=(Related(o_path, o_span, f"{other.name} TCPRCVBUFRSIZE"),),
        severity=None if len(differ) == len(pairs) else Severity.INFO,
        subject=s.entity.id,
        dialect="tcpip",
    )


def _undecided_peers(ctx: Context, s: Stack) -> Iterator[Hit]:
    """A stack on a TCPRCVBUFRSIZE default its release does not decide, and its declared
    peers' windows."""
    if s.product != "zos":
        return
    c = stack_default("tcprcvbufrsize", s.rel)
    ws = [v for v in c.values() if isinstance(v, int)]
    if not ws:
        return
    path, span = s.where("tcprcvbufrsize")
    for p in peers(ctx.topo, s):
        pw = p.value("tcp_window")
        if not isinstance(pw, int):
            continue
        differ = [w for w in ws if w != pw]
        if not differ:
            continue
        yield Hit(
            path,
            span,
            {
                "what": f"stack {s.name}: TCP window {undecided(c, 'stack')}; its peer "
                f"{p.name} uses {pw}; make them equal (32768 or 65535)"
            },
            related=(Related(p.path, p.anchor("tcp_window"), f"{p.name} tcp-window {pw}"),),
            severity=None if len(differ) == len(c.options) else Severity.INFO,
            subject=s.entity.id,
            dialect="tcpip",
        )
