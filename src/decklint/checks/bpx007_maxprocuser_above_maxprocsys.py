"""BPX007: see rules/bpx/BPX007-maxprocuser-above-maxprocsys.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("BPX007")
def maxprocuser_above_maxprocsys(ctx: Context) -> Iterator[Hit]:
    # TODO: walk the model (ctx.topo.of("<kind>")) and yield a Hit per finding.
    yield from ()
