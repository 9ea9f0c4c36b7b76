"""CICS system initialization parameters: SIT overrides (a DFHSIP step's SYSIN, its DFH$SIPn
member) and the DFHSIT macro."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="cicssit",
    module="decklint.dialects.cicssit.spec",
    language="cics-sit",
    globs=("DFH$SIP*", "DFHSIT??", "*.sit"),
    product="CICS",
    node=NodeRule("region"),
    rank=None,
    syntax=(
        "CICS Transaction Server for z/OS: System Definition Guide",
        "Rules for coding CICS system initialization parameters in the SYSIN data set",
    ),
    catalog="cicssit",
    assign="=",
    outline="flat",
    family="cics",
)
