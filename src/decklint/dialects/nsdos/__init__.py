"""NS/DOS configuration and mode files."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="nsdos",
    module="decklint.dialects.nsdos.spec",
    language="nsdos",
    globs=("*.nsd", "CONFIG.NSD", "MODE.NSD"),
    product="NS/DOS",
    node=NodeRule("anchor", ("nsdos_link", "nsdos_frame"), "node"),
    rank=6,
    catalog="nsdos",
    assign="=",
    outline="flat",
    family=None,
)
