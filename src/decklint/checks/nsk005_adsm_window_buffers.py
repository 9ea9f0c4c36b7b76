"""NSK005 checks that the NonStop ADSM client uses TCPWINDOWSIZE 31 and TCPBUFFSIZE 31."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import PurePath

from decklint.lint.check import Context, Hit, check


@check("NSK005")
def adsm_window_buffers(ctx: Context) -> Iterator[Hit]:
    nonstop_folders = {
        str(PurePath(e.path).parent)
        for kind in ("nsk_process", "nsk_line", "nsk_port")
        for e in ctx.topo.of(kind)
    }
    declared = {e.name for e in ctx.topo.of("declared_node") if e.value("product") == "nonstop"}
    want = {"tcpwindowsize": int(ctx.options["window"]), "tcpbuffsize": int(ctx.options["buffer"])}
    for o in ctx.topo.of("tsm_options"):
        p = PurePath(o.path)
        on_nonstop = (
            p.name.upper().startswith("DSMSYS")
            or str(p.parent) in nonstop_folders
            or p.parent.name.upper() in declared
        )
        if not on_nonstop:
            continue
        for field, target in want.items():
            a = o.get(field)
            if a.value == target:
                continue
            yield Hit(
                o.path,
                a.span if a.coded and a.span is not None else o.span,
                {
                    "option": field.upper(),
                    "value": a.raw if a.coded else "",
                    "note": "" if a.coded else "not coded (the client default applies)",
                    "want": target,
                },
                subject=o.id,
                dialect="tsm",
            )
