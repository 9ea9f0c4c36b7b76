"""EZACICD: CICS Sockets configuration macros."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="ezacicd",
    module="decklint.dialects.ezacicd.spec",
    language="ezacicd",
    globs=("EZACICD*", "*.ezacicd", "EZACONFG*"),
    product="CICS Sockets",
    node=NodeRule("anchor", ("tcpip_stack",), "name", "main"),
    rank=None,
    catalog="ezacicd",
    assign="=",
    outline="flat",
    family="zos",
)
