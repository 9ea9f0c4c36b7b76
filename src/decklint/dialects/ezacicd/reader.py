"""CICS Sockets configuration: EZACICD macros (TYPE=CICS for the interface, TYPE=LISTENER).

Tuning documents: TCP/IP for z/OS: Performance Tuning Tips and Capacity Planning ("MVS CICS
Sockets Tuning Parm's"). Syntax: grammars/ezacicd.lark (the assembler card layout of
common.lark). The EZAC transaction edits the same values in the configuration file; a deck of
EZACICD macros is how they are kept in source.
"""

from __future__ import annotations

import re

from decklint.dialects import member_facts as facts
from decklint.dialects.asm import card_indent, parse_assembler
from decklint.dialects.base import ParsedFile
from decklint.dialects.damage import Indent
from decklint.source import SourceFile

# The operands the model keeps for each TYPE (the fields of grammars/../kinds/ezacicd.py); the
# TYPEs, every operand, value lists, ranges and defaults are the catalog's
# (grammars/catalogs/ezacicd.yaml).
MODELLED: dict[str, tuple[str, ...]] = {
    "CICS": ("APPLID", "TCPADDR", "NTASKS", "DPRTY"),
    "LISTENER": ("APPLID", "TRANID", "PORT", "BACKLOG", "NUMSOCK"),
}


def types() -> tuple[str, ...]:
    """The TYPEs EZACICD takes, in the catalog's order."""
    return facts.product("ezacicd").names()


def parse(src: SourceFile) -> ParsedFile:
    return parse_assembler(src, "ezacicd", "ezacicd")


def card_reading(src: SourceFile) -> Indent:
    """How `parse` reads the deck with the card reader: as it stands (no indentation rule)."""
    return card_indent(src)


_SNIFF = re.compile(r"^\S*\s+EZACICD\s+TYPE=", re.IGNORECASE | re.MULTILINE)


def sniff(src: SourceFile) -> float:
    return 0.96 if _SNIFF.search("\n".join(ln[:71] for ln in src.lines[:600])) else 0.0
