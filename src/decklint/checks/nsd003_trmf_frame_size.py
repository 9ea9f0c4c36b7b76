"""NSD003 checks that the NS/DOS TRMF frame size is at least the configured minimum."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check


@check("NSD003")
def frame_size(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["min_frame"]
    for f in ctx.topo.of("nsdos_frame"):
        frame = f.value("frame")
        if not isinstance(frame, int):
            continue
        how = (
            f"TRMF {frame}"
            if f.coded("frame")
            else f"TRMF is not coded; the default {frame} applies"
        )
        if frame < want:
            yield Hit(
                f.path,
                f.anchor("frame"),
                {
                    "how": f"{how}: maximize the frame size (at least {want}) and let the "
                    "partner receive such frames"
                },
                subject=f.id,
            )
        if frame > 2048:
            yield Hit(
                f.path,
                f.anchor("frame"),
                {
                    "how": f"TRMF {frame}: NS/DOS 1.0 on token ring caps I-frames at 2048 "
                    "unless PTF IC06030 is applied"
                },
                severity=Severity.INFO,
                subject=f.id,
            )
