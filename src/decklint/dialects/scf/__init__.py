"""NonStop SCF command files and SCF output."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="scf",
    module="decklint.dialects.scf.spec",
    language="nonstop-scf",
    globs=("*.scf", "*.obey", "*.scfout"),
    product="NonStop",
    node=NodeRule("folder"),
    rank=4,
    catalog="scf",
    assign=None,
    outline="flat",
    family=None,
)
