"""AS4003 checks that an AS/400 MAXFRAME is as large as the line allows and set alike on the line
(LIND) and the controller (CTLD)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check

# The largest MAXFRAME a token-ring line takes at each speed (research/spec-gaps.md 3.3; the
# example network of "Getting the most from APPC" ran 4060-byte frames on its 4 Mbit/s ring,
# Appendix A, Figure 7).
TRN_MAX = {"4M": 4060, "16M": 16393}


@check("AS4003")
def maxframe(ctx: Context) -> Iterator[Hit]:
    lines = {ln.name: ln for ln in ctx.topo.of("line_desc")}
    for ln in lines.values():
        want = TRN_MAX.get(str(ln.value("linespeed"))) if ln.value("type") == "TRN" else None
        frame = ln.value("maxframe")
        if want and isinstance(frame, int) and frame < want:
            yield Hit(
                ln.path,
                ln.anchor("maxframe"),
                {
                    "how": f"line {ln.name}: MAXFRAME({frame}) at {ln.value('linespeed')}; "
                    f"maximize it to {want} (and on its controllers)"
                },
                severity=Severity.WARNING,
                subject=ln.id,
            )
    for ctl in ctx.topo.of("controller"):
        frame = ctl.value("maxframe")
        line = lines.get(str(ctl.value("line") or ""))
        if line is None or not isinstance(frame, int):
            continue
        lf = line.value("maxframe")
        if isinstance(lf, int) and lf != frame:
            used = min(lf, frame)
            yield Hit(
                ctl.path,
                ctl.anchor("maxframe"),
                {
                    "how": f"controller {ctl.name}: MAXFRAME({frame}) but line {line.name} "
                    f"has MAXFRAME({lf}); the smaller, {used}, is used: change both"
                },
                related=(related(line, "maxframe", f"MAXFRAME of line {line.name}"),),
                subject=ctl.id,
            )
