"""CICS resource definitions (DFHCSDUP input)."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="cics",
    module="decklint.dialects.cics.spec",
    language="cics-csd",
    globs=("*.csd", "*.dfhcsdup", "*.csdup"),
    product="CICS",
    node=NodeRule("region"),
    rank=9,
    catalog="cics",
    assign="(",
    outline="groups",
    family="cics",
)
