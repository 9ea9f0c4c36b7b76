"""AIX SNA: network options, SNA Services/6000 and SNA Server/6000 profiles, CS/AIX records."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="aix",
    module="decklint.dialects.aix.spec",
    language="aix-sna",
    globs=("*.no", "*.smit", "*.snaprof", "sna_node.cfg"),
    product="AIX",
    node=NodeRule("named"),  # a [define_node]'s CP name, else the file's name
    rank=7,
    catalog="aix",
    assign=None,
    outline="flat",
    family=None,
)
