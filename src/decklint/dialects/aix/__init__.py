"""AIX SNA Server profiles and network options."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="aix",
    module="decklint.dialects.aix.spec",
    language="aix-sna",
    globs=("*.no", "*.smit", "*.snaprof"),
    product="AIX",
    node=NodeRule("file"),
    rank=7,
    catalog="aix",
    assign=None,
    outline="flat",
    family=None,
)
