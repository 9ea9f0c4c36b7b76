"""SNA002 checks that an RU just below the frame size still fits the frame after the SNA header."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.knowledge.sna import encodable_at_most
from decklint.lint.check import Context, Hit, check
from decklint.model.views.frames import Frames


@check("SNA002")
def ru_just_above_frame(ctx: Context) -> Iterator[Hit]:
    frames = Frames(ctx.topo)
    for m in ctx.topo.of("mode"):
        ru = m.value("ru_max")
        found = frames.for_mode(m)
        if not isinstance(ru, int) or found is None:
            continue
        frame, src, field, hdr, why = found
        if not frame - hdr < ru <= frame:
            continue
        fit = encodable_at_most(frame - hdr)
        yield Hit(
            m.path,
            m.anchor("rusizes" if m.dialect == "vtam" else "ru_max"),
            {
                "mode": m.name,
                "ru": ru,
                "frame": frame,
                "hdr": hdr,
                "why": why,
                "fit": fit,
                "tail": ru - (frame - hdr),
            },
            related=(related(src, field, f"the frame: {field.upper()}={frame}"),),
            subject=m.id,
        )
