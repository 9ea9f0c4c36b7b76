"""ACF/NCP generation decks.

Tuning documents: Getting the most from APPC ("NCP tuning recommendations": MAXBFRU and UNITSZ,
BFRS, SLODOWN, DELAY, RCVBUFC, MAXTSL, T2TIMER, MAXOUT; Appendix A). Card layout: see
`cards.py`. Operand placement follows research/spec-gaps.md section 6 and
grammars/catalogs/ncp.yaml (BFRS and SLODOWN on BUILD; UNITSZ and MAXBFRU on each HOST, one per
owning host; the VTAM-side DELAY and MAXDATA on PCCU; MAXTSL/RCVBUFC/ADAPTER/TRSPEED on the NTRI
physical LINE). PU operands that sift (MAXDATA, MAXOUT, PUTYPE) are read from the PU, else its
LINE, else its GROUP.
"""

from __future__ import annotations

import re

from decklint.core.source import SourceFile
from decklint.knowledge.schema import statement_names
from decklint.readers.assembler.reader import card_indent, parse_assembler
from decklint.readers.base import ParsedFile, may_hold
from decklint.readers.damage import Indent

# The statements of a generation only NCP codes, written as NCP writes them: the operation,
# then a keyword operand on its card or the continuation card (GENEND may have none).
# Statements only an NCP generation codes; CLUSTER and TERMINAL (BSC and start-stop devices)
# tell a fragment of one, a GROUP's lines and their stations kept in a member of their own.
SNIFF_OPS = (
    "PCCU",
    "BUILD",
    "SYSCNTRL",
    "HOST",
    "GENEND",
    "CSB",
    "SERVICE",
    "CLUSTER",
    "TERMINAL",
)
_NCP_OPS = re.compile(
    rf"^\S*[ \t]+({'|'.join(SNIFF_OPS)})"
    r"(?:(?:[ \t]+|[ \t]*\n[ \t]+)([A-Z][A-Z0-9]{0,15})=|[ \t]*$)",
    re.IGNORECASE | re.MULTILINE,
)

# What _NCP_OPS spells, in any case: an operation after a blank or a tab (`may_hold`).
_SNIFF_WORDS = tuple(" " + op for op in SNIFF_OPS)


def _statement(op: str, key: str | None) -> bool:
    """Upper case as generations are written, or in any case with an operand the catalog
    lists for the statement (a text that says "build" is no generation)."""
    if key is None:
        return op == "GENEND"
    if op.isupper() and key.isupper():
        return True
    from decklint.knowledge.catalog import operand_names  # seldom needed: read it then

    return key.upper() in operand_names("ncp", op)


def sniff(src: SourceFile) -> float:
    if not may_hold(src, _SNIFF_WORDS):
        return 0.0
    head = "\n".join(ln[:71] for ln in src.lines[:600])
    hits: set[str] = set()
    for m in _NCP_OPS.finditer(head):
        if _statement(*m.groups()):
            hits.add(m.group(1).upper())
            if "BUILD" in hits and ("GENEND" in hits or "PCCU" in hits):
                return 0.97  # the highest score: the statements after it change nothing
    if "BUILD" in hits and "HOST" in hits:
        return 0.9
    if hits & {"PCCU", "GENEND", "SYSCNTRL", "CLUSTER", "TERMINAL"}:
        return 0.85
    return 0.0


def parse(src: SourceFile) -> ParsedFile:
    # the statements let the card reader find a deck a page or an editor indented
    return parse_assembler(src, "ncp", "ncp", statement_names("ncp"))


def card_reading(src: SourceFile) -> Indent:
    """How `parse` reads the deck with the card reader: every NCP deck is read so."""
    return card_indent(src, statement_names("ncp"))
