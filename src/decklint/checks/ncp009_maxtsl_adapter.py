"""NCP009 checks that MAXTSL suits the line's token-ring adapter and ring speed: within a
TIC1's maximum (the catalog's LINE MAXTSL range for ADAPTER=TIC1), and on a TIC2 the frame
size the ring speed allows (the rule's recommendation, in its options)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.knowledge.facts import case_where
from decklint.lint.check import Context, Hit, check


@check("NCP009")
def maxtsl_adapter(ctx: Context) -> Iterator[Hit]:
    for ln in ctx.topo.of("line"):
        tsl = ln.value("maxtsl")
        if not isinstance(tsl, int):
            continue
        adapter = str(ln.value("adapter") or "")
        speed = ln.value("trspeed")
        found = case_where("ncp", "LINE", "MAXTSL", {"ADAPTER": adapter}) if adapter else None
        rng = found[1].range if found is not None else None
        if found is not None and rng is not None:
            entry, case = found
            limit = int(rng[1])
            if tsl > limit:
                assumed = entry.assumes("range")
                basis = f" ({case.note})" if assumed and case.note else ""
                yield Hit(
                    ln.path,
                    ln.anchor("maxtsl"),
                    {
                        "problem": f"MAXTSL={tsl} on a {adapter}: never above {limit}{basis}; "
                        f"code MAXTSL={limit} or less"
                    },
                    severity=Severity.WARNING if assumed else Severity.ERROR,
                    subject=ln.id,
                )
        elif adapter == "TIC2":
            want = (
                ctx.options["tic2_16"]
                if speed == 16
                else ctx.options["tic2_4"]
                if speed == 4
                else None
            )
            if want is None:
                continue
            if tsl != want:
                yield Hit(
                    ln.path,
                    ln.anchor("maxtsl"),
                    {"problem": f"MAXTSL={tsl} on a TIC2 at {speed} Mbit/s: use {want}"},
                    subject=ln.id,
                )
