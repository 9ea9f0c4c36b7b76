"""TCP006 checks that SOMAXCONN is 1024 or more."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import defaulted_note
from decklint.fix import edits
from decklint.lint.check import Context, Hit, check
from decklint.model.entities import Attr
from decklint.model.tcpip import ZOS_DEFAULTS
from decklint.model.views.stacks import Stack, stacks


@check("TCP006")
def somaxconn(ctx: Context) -> Iterator[Hit]:
    low = int(ctx.options["min"])
    for s in stacks(ctx.topo):
        a = s.entity.get("somaxconn")
        if s.product != "zos" or not isinstance(a.value, int) or a.value >= low:
            continue
        if not s.judged(a):
            continue  # a fragment, or an INCLUDE not seen: SOMAXCONN may be coded there
        path, span = s.where("somaxconn")
        yield Hit(
            path,
            span,
            {"stack": s.name, "value": a.raw or a.value, "note": _note(s, a)},
            subject=s.entity.id,
            dialect="tcpip",
            fix=edits.set_value(ctx.topo, path, span, str(low), f"code SOMAXCONN {low}")
            if a.span is not None
            else None,
        )


def _note(s: Stack, a: Attr) -> str:
    """How an uncoded value defaulted, or how a coded one stands to the release's default."""
    if not a.coded or not isinstance(a.value, int):
        return defaulted_note(a)
    old, later = ZOS_DEFAULTS["somaxconn"]
    level = s.zos()
    dflt = later if level is not None and level >= (2, 1) else old
    whose = f"the z/OS {s.release} default" if s.release else "the default of the seed's releases"
    if a.value == dflt:
        return f" (coded as {whose}, {dflt}: that is not the large value asked for)"
    if a.value < dflt:
        return f" (coded below {whose}, {dflt})"
    return ""
