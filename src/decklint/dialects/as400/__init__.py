"""AS/400 configuration commands (CL source)."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="as400",
    module="decklint.dialects.as400.spec",
    language="as400-cl",
    # `.cl` is no glob: OpenCL kernels are named so too; a CL program of that name is told by
    # its content (its PGM, DCL, MONMSG or configuration commands)
    globs=("*.clp", "*.clle", "*.cfgsrc"),
    product="AS/400",
    node=NodeRule("file"),
    rank=8,
    catalog="as400",
    assign="(",
    outline="flat",
    family=None,
)
