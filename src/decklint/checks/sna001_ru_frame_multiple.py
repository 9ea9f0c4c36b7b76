"""SNA001: see rules/sna/SNA001-ru-frame-multiple.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._helpers import related, smallest_frame
from decklint.lint.check import Context, Hit, check
from decklint.model.sna import efficiency, encodable_sizes, encode_ru, segments


def suggest_ru(ru: int, frame: int, hdr: int) -> int:
    """The encodable RU near `ru` (within a factor of two) that fills frames best."""
    pool = [s for s in encodable_sizes() if ru // 2 <= s <= ru * 2 and 256 <= s <= 65536]
    return max(pool, key=lambda s: (round(efficiency(s, frame, hdr), 2), -abs(s - ru)), default=ru)


@check("SNA001")
def ru_frame_multiple(ctx: Context) -> Iterator[Hit]:
    line = smallest_frame(ctx.topo)
    if line is None:
        return
    frame = line.value("maxtsl")
    hdr, why = ctx.topo.header_bytes
    payload = frame - hdr
    for m in ctx.topo.of("mode"):
        ru = m.value("ru_max")
        if not isinstance(ru, int) or ru <= frame:
            continue
        eff = efficiency(ru, frame, hdr)
        if eff >= ctx.options["min_efficiency"]:
            continue
        better = suggest_ru(ru, frame, hdr)
        yield Hit(
            m.path,
            m.anchor("rusizes"),
            {
                "mode": m.name,
                "ru": ru,
                "frame": frame,
                "hdr": hdr,
                "why": why,
                "payload": payload,
                "segments": segments(ru, frame, hdr),
                "efficiency": f"{eff:.0%}",
                "better": better,
                "better_eff": f"{efficiency(better, frame, hdr):.0%}",
                "code": encode_ru(better) or "??",
            },
            related=(related(line, "maxtsl", f"MAXTSL of LINE {line.name}"),),
            subject=m.id,
        )
