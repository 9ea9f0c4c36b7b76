"""TCP029: see rules/tcp/TCP029-telnet-statement-twice.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("TCP029")
def telnet_statement_twice(ctx: Context) -> Iterator[Hit]:
    # TODO: walk the model (ctx.topo.of("<kind>")) and yield a Hit per finding.
    yield from ()
