"""TCP028: see rules/tcp/TCP028-home-address-twice.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("TCP028")
def home_address_twice(ctx: Context) -> Iterator[Hit]:
    # TODO: walk the model (ctx.topo.of("<kind>")) and yield a Hit per finding.
    yield from ()
