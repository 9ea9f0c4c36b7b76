"""IVTPRM00: the CSM parameter member."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="ivtprm",
    module="decklint.dialects.ivtprm.spec",
    language="ivtprm",
    globs=("IVTPRM*", "*.ivtprm"),
    product="CSM",
    node=NodeRule("anchor", ("tcpip_stack",), "name", "main"),
    rank=None,
    catalog="ivtprm",
    assign="(",
    outline="flat",
    family="zos",
)
