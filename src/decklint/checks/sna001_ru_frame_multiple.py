"""SNA001 checks that an RU larger than a frame is close to a whole multiple of the frame less the
SNA header."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.knowledge.sna import efficiency, encodable_sizes, encode_ru, segments
from decklint.lint.check import Context, Hit, check
from decklint.model.views.frames import Frames


def suggest_ru(ru: int, frame: int, hdr: int) -> int:
    """The encodable RU near `ru` (within a factor of two) that fills frames best."""
    pool = [s for s in encodable_sizes() if ru // 2 <= s <= ru * 2 and 256 <= s <= 65536]
    return max(pool, key=lambda s: (round(efficiency(s, frame, hdr), 2), -abs(s - ru)), default=ru)


@check("SNA001")
def ru_frame_multiple(ctx: Context) -> Iterator[Hit]:
    frames = Frames(ctx.topo)
    for m in ctx.topo.of("mode"):
        ru = m.value("ru_max")
        found = frames.for_mode(m)
        if not isinstance(ru, int) or found is None:
            continue
        frame, src, field, hdr, why = found
        if ru <= frame:
            continue
        eff = efficiency(ru, frame, hdr)
        if eff >= ctx.options["min_efficiency"]:
            continue
        better = suggest_ru(ru, frame, hdr)
        code = encode_ru(better)
        suggestion = (
            f"RUSIZES=X'{code}{code}' ({better} bytes)"
            if m.dialect == "vtam" and code
            else f"an RU of {better} bytes"
        )
        yield Hit(
            m.path,
            m.anchor("rusizes" if m.dialect == "vtam" else "ru_max"),
            {
                "mode": m.name,
                "ru": ru,
                "frame": frame,
                "hdr": hdr,
                "why": why,
                "payload": frame - hdr,
                "segments": segments(ru, frame, hdr),
                "efficiency": f"{eff:.0%}",
                "suggestion": suggestion,
                "better_eff": f"{efficiency(better, frame, hdr):.0%}",
            },
            related=(related(src, field, f"the frame: {field.upper()}={frame}"),),
            subject=m.id,
        )
