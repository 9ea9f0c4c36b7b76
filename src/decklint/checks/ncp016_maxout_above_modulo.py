"""NCP016: see rules/ncp/NCP016-maxout-above-modulo.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("NCP016")
def maxout_above_modulo(ctx: Context) -> Iterator[Hit]:
    # TODO: walk the model (ctx.topo.of("<kind>")) and yield a Hit per finding.
    yield from ()
