"""AS/400 configuration commands (CL source)."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="as400",
    module="decklint.dialects.as400.spec",
    language="as400-cl",
    globs=("*.clp", "*.clle", "*.cl", "*.cfgsrc"),
    product="AS/400",
    node=NodeRule("file"),
    rank=8,
    catalog="as400",
    assign="(",
    outline="flat",
    family=None,
)
