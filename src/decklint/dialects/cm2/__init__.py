"""Communications Manager/2 node definition files (NDF)."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="cm2",
    module="decklint.dialects.cm2.spec",
    language="cm2-ndf",
    globs=("*.ndf",),
    product="CM/2",
    node=NodeRule("named"),
    rank=5,
    catalog="cm2",
    assign="(",
    outline="flat",
    family=None,
)
