"""BPXPRMxx: z/OS UNIX parameters."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="bpxprm",
    module="decklint.dialects.bpxprm.spec",
    language="bpxprm",
    globs=("BPXPRM*", "*.bpxprm"),
    product="z/OS UNIX",
    node=NodeRule("system", field="OMVS"),
    rank=None,
    syntax=("z/OS MVS Initialization and Tuning Reference", "Syntax rules for BPXPRMxx"),
    catalog="bpxprm",
    assign="(",
    outline="flat",
    family="zos",
)
