"""NCP020 checks that an NCP statement codes the operands NCP needs to generate and activate
its resource (the catalog's `required:`, read by `checks._required`)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._required import missing
from decklint.lint.check import Context, Hit, check


@check("NCP020")
def ncp_operand_missing(ctx: Context) -> Iterator[Hit]:
    yield from missing(ctx, "ncp")
