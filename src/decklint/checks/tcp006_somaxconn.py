"""TCP006 checks that SOMAXCONN is 1024 or more.

An uncoded SOMAXCONN is judged against the default of the stack's release (10 before z/OS
V2R1, 1024 from it: `decklint.model.release`); where the release does not decide between
them, the finding names both and is an information. A coded value below the threshold says
how it stands to the release's default.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import defaulted_note, undecided
from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.lint import edits
from decklint.lint.check import Context, Hit, check
from decklint.model.tcpip import stack_default
from decklint.model.views.stacks import Stack, stacks


@check("TCP006")
def somaxconn(ctx: Context) -> Iterator[Hit]:
    low = int(ctx.options["min"])
    for s in stacks(ctx.topo):
        a = s.entity.get("somaxconn")
        if s.product != "zos" or not s.judged(a):
            continue  # a fragment, or an INCLUDE not seen: SOMAXCONN may be coded there
        path, span = s.where("somaxconn")
        if isinstance(a.value, int):
            if a.value >= low:
                continue
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
            continue
        c = stack_default("somaxconn", s.rel)
        small = [v for v in c.values() if isinstance(v, int) and v < low]
        if small:  # the release does not decide: some of the defaults it may be are small
            yield Hit(
                path,
                span,
                {"stack": s.name, "value": "", "note": undecided(c, "stack")},
                severity=None if len(small) == len(c.options) else Severity.INFO,
                subject=s.entity.id,
                dialect="tcpip",
            )


def _note(s: Stack, a: Attr) -> str:
    """How an uncoded value defaulted, or how a coded one stands to the release's default."""
    if not a.coded or not isinstance(a.value, int):
        return defaulted_note(a)
    c = stack_default("somaxconn", s.rel)
    if c.decided:
        rel = s.rel
        whose = f"the {rel.plain} default" if rel.known else f"the default for {rel.plain}"
        whose = whose if rel.said else "the default"
        if a.value == c.value:
            return f" (coded as {whose}, {c.value}: that is not the large value asked for)"
        return f" (coded below {whose}, {c.value})" if a.value < c.value else ""
    when = next((w for v, w in c.options if v == a.value), None)
    if when is not None:
        return f" (coded as the default {when}, {a.value}: that is not the large value asked for)"
    if all(isinstance(v, int) and a.value < v for v in c.values()):
        return f" (coded below the default, {c.said()})"
    return ""
