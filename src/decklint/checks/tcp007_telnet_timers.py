"""TCP007 checks that the Telnet timers are TIMEMARK 10800, SCANINTERVAL 1800 and INACTIVE 5400,
without DISABLESGA.

A timer no block codes is judged against the default of the owner's release; where the release
does not decide it (SCANINTERVAL was 120 in the tuning document's releases and is 1800 in
z/OS V2R1), the finding names each value and is an information.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import undecided
from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import Stack
from decklint.model.views.telnet import NOT_HERE, effective_telnet, telnet_owners, timer_default

# parameter -> (recommendation, "low" when a smaller value costs more, "zero" when 0 does)
_WANT = {"timemark": (10800, "low"), "scaninterval": (1800, "low"), "inactive": (5400, "zero")}
_WHO = "the z/OS TCP/IP Performance Tuning Tips recommend"


@check("TCP007")
def telnet_timers(ctx: Context) -> Iterator[Hit]:
    exact = bool(ctx.options["exact"])
    for s in telnet_owners(ctx.topo):
        for b, eff in effective_telnet(s):
            for field, (want, costly) in _WANT.items():
                a = eff[field]
                v = a.value

                def bad(x: int, want: int = want, costly: str = costly) -> bool:
                    return x != want and (exact or (x < want if costly == "low" else x == 0))

                if v is None and not a.coded and a is not NOT_HERE:
                    yield from _undecided(s, b, field, want, bad)
                    continue
                if not isinstance(v, int) or not bad(v):
                    continue
                where = "" if a.coded else f" (not coded: the default{_in(a.note)})"
                if a.coded and a.span is not None and a is not b.get(field):
                    continue  # inherited from TELNETGLOBALS: reported there
                yield Hit(
                    b.path,
                    a.span if a.coded and a.span is not None else b.span,
                    {
                        "block": b.name,
                        "what": f"{field.upper()} {a.raw or v}{where}; {_WHO} {want}"
                        + (" (0 never drops an idle terminal)" if v == 0 else "")
                        + f": code {field.upper()} {want}",
                    },
                    subject=b.id,
                    dialect="tcpip",
                )
            d = b.get("disablesga")
            if d.coded and d.span is not None:
                yield Hit(
                    b.path,
                    d.span,
                    {
                        "block": b.name,
                        "what": "DISABLESGA makes full-duplex line-mode connections carry GO "
                        "AHEAD; leave it out (suppressing GO AHEAD is the default)",
                    },
                    severity=Severity.WARNING,
                    subject=b.id,
                    dialect="tcpip",
                )


def _in(note: str) -> str:
    return f" in {note}" if note else ""


def _undecided(s: Stack, b, field: str, want: int, bad) -> Iterator[Hit]:  # type: ignore[no-untyped-def]
    """A timer whose default the owner's release does not decide: an information naming the
    values it may be, where some of them cost more than the recommendation."""
    c = timer_default(s, field)
    costly = [x for x in c.values() if isinstance(x, int) and bad(x)]
    if not costly:
        return
    whose = "Telnet server" if s.entity.kind == "tcpip_telnet_server" else "stack"
    yield Hit(
        b.path,
        b.span,
        {"block": b.name, "what": f"{field.upper()} {undecided(c, whose)}; {_WHO} {want}"},
        severity=None if len(costly) == len(c.options) else Severity.INFO,
        subject=b.id,
        dialect="tcpip",
    )
