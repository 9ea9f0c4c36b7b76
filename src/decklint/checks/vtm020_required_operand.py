"""VTM020 checks that a VTAM statement codes the operands VTAM needs to activate its resource
(the catalog's `required:`, read by `checks._required`)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._required import missing
from decklint.lint.check import Context, Hit, check


@check("VTM020")
def required_operand(ctx: Context) -> Iterator[Hit]:
    yield from missing(ctx, "vtam")
