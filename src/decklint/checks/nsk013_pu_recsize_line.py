"""NSK013 checks that a SNAX line's RECSIZE leaves room for its PUs' RECSIZE (2 bytes, 4 on
Ethernet)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import Obj, systems

LINE_DEFAULT = 268  # SDLC, X.25 and token ring (Ethernet: 1500), RECSIZE (LINE Objects) 14-49


def _ethernet(line: Obj) -> bool:
    return str(line.value("type") or "").replace(" ", "") in ("(58,6)", "58,6")


@check("NSK013")
def pu_recsize_line(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        lines = {ln.name: ln for ln in s.of("nsk_line")}
        for pu in s.of("nsk_pu"):
            line = lines.get(str(pu.value("line") or ""))
            size = pu.value("recsize")
            if line is None or not isinstance(size, int) or not pu.get("recsize").coded:
                continue
            ether = _ethernet(line)
            room = 4 if ether else 2
            frame = line.value("recsize")
            coded = isinstance(frame, int)
            frame = frame if isinstance(frame, int) else (1500 if ether else LINE_DEFAULT)
            if frame >= size + room:
                continue
            said = "" if coded else " (not coded, the default)"
            path, span = pu.where("recsize")
            yield Hit(
                path,
                span,
                {
                    "pu": pu.name,
                    "what": f"RECSIZE {size} does not fit LINE {line.name}'s frame: its RECSIZE "
                    f"is {frame}{said}, and a PIU of {size} bytes needs {size + room} with the "
                    f"frame's {room}-byte header; raise the line's RECSIZE to {size + room} or "
                    f"lower the PU's to {frame - room}",
                },
                subject=pu.id,
                dialect="scf",
            )
