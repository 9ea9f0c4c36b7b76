"""SNA002: see rules/sna/SNA002-ru-just-above-frame.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._helpers import related, smallest_frame
from decklint.lint.check import Context, Hit, check
from decklint.model.sna import encodable_at_most


@check("SNA002")
def ru_just_above_frame(ctx: Context) -> Iterator[Hit]:
    line = smallest_frame(ctx.topo)
    if line is None:
        return
    frame = line.value("maxtsl")
    hdr, why = ctx.topo.header_bytes
    for m in ctx.topo.of("mode"):
        ru = m.value("ru_max")
        if not isinstance(ru, int) or not frame - hdr < ru <= frame:
            continue
        fit = encodable_at_most(frame - hdr)
        yield Hit(
            m.path,
            m.anchor("rusizes"),
            {
                "mode": m.name,
                "ru": ru,
                "frame": frame,
                "hdr": hdr,
                "why": why,
                "fit": fit,
                "tail": ru - (frame - hdr),
            },
            related=(related(line, "maxtsl", f"MAXTSL of LINE {line.name}"),),
            subject=m.id,
        )
