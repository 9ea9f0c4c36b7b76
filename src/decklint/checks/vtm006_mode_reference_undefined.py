"""VTM006 checks that each MODETAB names a mode table that exists and each DLOGMOD an entry of that
table."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("VTM006")
def mode_reference_undefined(ctx: Context) -> Iterator[Hit]:
    sym = ctx.topo.symbols
    for r in sym.references:
        if r.rule != "VTM006":
            continue
        if r.kind == "modetab":
            if not sym.defined("modetab", r.name):
                yield Hit(
                    r.path,
                    r.span,
                    {
                        "what": f"mode table {r.name}",
                        "usage": r.usage,
                        "why": "no MODETAB of that name is in the linted files",
                    },
                )
        elif r.kind == "logmode":
            if not sym.lookup("modetab", r.scope):
                continue  # table missing (reported above) or IBM's ISTINCLM, not linted
            if not sym.defined("logmode", r.name, r.scope):
                yield Hit(
                    r.path,
                    r.span,
                    {
                        "what": f"logon mode {r.name}",
                        "usage": r.usage,
                        "why": f"mode table {r.scope} has no entry of that name",
                    },
                )
