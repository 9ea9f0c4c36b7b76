"""NCP009 checks that MAXTSL suits the line's token-ring adapter and ring speed."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.findings import Severity
from decklint.lint.check import Context, Hit, check


@check("NCP009")
def maxtsl_adapter(ctx: Context) -> Iterator[Hit]:
    for ln in ctx.topo.of("line"):
        tsl = ln.value("maxtsl")
        if not isinstance(tsl, int):
            continue
        adapter = str(ln.value("adapter") or "")
        speed = ln.value("trspeed")
        if adapter == "TIC1":
            if tsl > 1108:
                yield Hit(
                    ln.path,
                    ln.anchor("maxtsl"),
                    {"problem": f"MAXTSL={tsl} on a TIC1: never above 1108"},
                    severity=Severity.ERROR,
                    subject=ln.id,
                )
        elif adapter == "TIC2":
            want = 16000 if speed == 16 else 4060 if speed == 4 else None
            if want is None:
                continue
            if tsl != want:
                yield Hit(
                    ln.path,
                    ln.anchor("maxtsl"),
                    {"problem": f"MAXTSL={tsl} on a TIC2 at {speed} Mbit/s: use {want}"},
                    subject=ln.id,
                )
