"""NCP generation decks."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

# The outline of a deck: statement -> (depth, symbol kind). A statement nests in the nearest
# statement before it of a smaller depth (ide/outline.py).
LEVELS = {
    "BUILD": (0, "major-node"),
    "PCCU": (1, "statement"),
    "HOST": (1, "statement"),
    "PATH": (1, "statement"),
    "GROUP": (1, "group"),
    "LINE": (2, "line"),
    "CLUSTER": (3, "pu"),
    "PU": (3, "pu"),
    "LU": (4, "lu"),
    "TERMINAL": (4, "lu"),
}

DIALECT = Dialect(
    name="ncp",
    module="decklint.dialects.ncp.spec",
    language="ncp",
    globs=("*.ncp", "*.ncpgen"),
    product="NCP",
    node=NodeRule("named"),
    rank=1,
    syntax=(
        "z/OS Communications Server: SNA Resource Definition Reference",
        "Rules for coding continued lines",
    ),
    catalog="ncp",
    assign="=",
    outline="nested",
    family="ncp",
    levels=LEVELS,
)
