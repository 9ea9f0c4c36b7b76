"""TCP007 checks that the Telnet timers are TIMEMARK 10800, SCANINTERVAL 1800 and INACTIVE 5400,
without DISABLESGA."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.findings import Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.views.telnet import effective_telnet, telnet_owners

# parameter -> (recommendation, "low" when a smaller value costs more, "zero" when 0 does)
_WANT = {"timemark": (10800, "low"), "scaninterval": (1800, "low"), "inactive": (5400, "zero")}


@check("TCP007")
def telnet_timers(ctx: Context) -> Iterator[Hit]:
    exact = bool(ctx.options["exact"])
    for s in telnet_owners(ctx.topo):
        for b, eff in effective_telnet(s):
            for field, (want, costly) in _WANT.items():
                a = eff[field]
                v = a.value
                if not isinstance(v, int) or v == want:
                    continue
                bad = exact or (v < want if costly == "low" else v == 0)
                if not bad:
                    continue
                where = "" if a.coded else f" (not coded: the default in {a.note})"
                if a.coded and a.span is not None and a is not b.get(field):
                    continue  # inherited from TELNETGLOBALS: reported there
                yield Hit(
                    b.path,
                    a.span if a.coded and a.span is not None else b.span,
                    {
                        "block": b.name,
                        "what": f"{field.upper()} {a.raw or v}{where}; the seed recommends "
                        f"{want}" + (" (0 never drops an idle terminal)" if v == 0 else ""),
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
