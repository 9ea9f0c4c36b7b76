"""VTAM definitions: major nodes, mode and USS tables, start and configuration lists."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

# The outline of a deck: statement -> (depth, symbol kind). A statement nests in the nearest
# statement before it of a smaller depth (ide/outline.py).
LEVELS = {
    "VBUILD": (0, "major-node"),
    "MODETAB": (0, "mode-table"),
    "COSTAB": (0, "statement"),
    "MODEENT": (1, "mode"),
    "PORT": (1, "statement"),
    "TRLE": (1, "statement"),
    "ADJCP": (1, "statement"),
    "COS": (1, "statement"),
    "APPNCOS": (1, "statement"),
    "GROUP": (1, "group"),
    "LINE": (2, "line"),
    "APPL": (2, "application"),
    "CDRSC": (2, "lu"),
    "CDRM": (2, "statement"),
    "PU": (3, "pu"),
    "LU": (4, "lu"),
    "PATH": (4, "statement"),
}

DIALECT = Dialect(
    name="vtam",
    module="decklint.dialects.vtam.spec",
    language="vtam",
    globs=(
        "*.vtam",
        "*.vtamlst",
        "ATCSTR??",
        "ATCSTR??.*",
        "ATCCON??",
        "ATCCON??.*",
        "*.modetab",
    ),
    product="VTAM",
    node=NodeRule("vtam"),
    rank=3,
    syntax=(
        "z/OS Communications Server: SNA Resource Definition Reference",
        "Rules for coding continued lines",
    ),
    catalog="vtam",
    assign="=",
    outline="nested",
    family="vtam",
    levels=LEVELS,
)
