"""Operands lost to a blank: a remark that reads as operands of its statement (PRS014).

The operand field of a card ends at the first blank outside quotes, and what follows is a
remark (SNA Resource Definition Reference, "Coding conventions"): in `AUTH=(SPO,NVPACE) EAS=16`
VTAM reads `EAS=16` as a comment, and a continuation card after it is a remark too, since no
comma announced more operands. A remark is taken for lost operands only where it is written
as operands: its first word is `NAME=value` for an operand the statement takes and does not
code, and every other word is one as well, or the first ends with a comma. Prose (`LOGON MODE
TABLE`, `MAXDATA=265 IS THE DEFAULT`) is never reported.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from decklint.core.ir import Diagnostic, Remark, Statement
from decklint.core.source import Span
from decklint.knowledge.catalog import operand_names
from decklint.readers import skips

DIALECTS = frozenset({"vtam", "ncp"})  # card decks whose catalog lists each statement's operands
_OPERAND = re.compile(r"([A-Z][A-Z0-9@#$]*)=\S+")


def lost(st: Statement, remarks: Sequence[Remark], skip: set[int]) -> Diagnostic | None:
    """PRS014 for the first remark of a statement that reads as its operands; `skip`: lines
    the reader already reported (a continuation card resuming past column 16)."""
    if st.dialect not in DIALECTS or st.kind != "statement":
        return None
    if not skips.ALWAYS and not any("=" in r.text for r in remarks):
        return None  # no remark reads as an operand (`decklint.readers.skips`)
    known = operand_names(st.dialect, st.op)
    if not known:
        return None
    coded = {o.name for o in st.operands if o.name}
    names: list[str] = []
    first: tuple[Remark, str] | None = None
    for r in remarks:
        if r.line in skip:
            continue
        words = _operands(r.text, known, coded)
        if words:
            first = first or (r, words[0])
            names += [w.split("=", 1)[0] for w in words]
    if first is None:
        return None
    r, word = first
    what = ", ".join(dict.fromkeys(names))
    product = st.dialect.upper()
    return Diagnostic(
        "PRS014",
        Span(r.line, r.col, r.line, r.col + len(word.rstrip(","))),
        f"{word.rstrip(',')} follows a blank, so {product} reads it as a remark: {what} "
        f"{'is' if len(names) == 1 else 'are'} not coded on {st.op}"
        f"{' ' + st.label if st.label else ''}; join it to the operands with a comma "
        "(and continue the card in column 72 if it does not fit)",
    )


def _operands(text: str, known: frozenset[str], coded: set[str]) -> list[str]:
    """The words of a remark when it is written as operands the statement takes but does
    not code, else none."""
    words = text.split()
    if not words:
        return []
    m = _OPERAND.fullmatch(words[0].rstrip(","))
    if m is None or m.group(1) not in known or m.group(1) in coded:
        return []
    if not (words[0].endswith(",") or all(_OPERAND.fullmatch(w.rstrip(",")) for w in words)):
        return []
    return [w for w in words if _OPERAND.fullmatch(w.rstrip(","))]
