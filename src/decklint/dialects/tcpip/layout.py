"""How `decklint format` lays a profile out when the configuration asks (`fmt.free`).

Its levels are the reader's: a block (TELNETGLOBALS, TELNETPARMS, PARMSGROUP, BEGINVTAM and
its DEFAULTLUS lists, BEGINROUTES, VIPADYNAMIC, AUTOLOG, ...) opens a level that its END
statement closes; the entries of a block are one level in, and so are those of an END-less
list (HOME, PORT, GATEWAY), whose first entry may stay beside its head.
"""

from __future__ import annotations

from collections.abc import Sequence

from decklint.core.ir import Statement
from decklint.dialects.base import FreeLayout

# Columns 73-80 of a profile may hold sequence numbers, which the stack reads as parameters
# (the reader's `blank`): assumed, no line is made to reach past column 72.
LAST_COLUMN = 72


def levels(statements: Sequence[Statement]) -> list[int]:
    """Each statement's level, from the kinds and blocks the reader gave it."""
    out: list[int] = []
    open_: list[str] = []
    for st in statements:
        if st.kind == "end":
            if st.label in open_:
                del open_[open_.index(st.label) :]
            out.append(len(open_))
        elif st.kind == "block":
            out.append(len(open_))
            open_.append(st.op)
        elif st.kind == "entry":
            inside = st.label in open_
            out.append(open_.index(st.label or "") + 1 if inside else len(open_) + 1)
        else:
            out.append(len(open_))
    return out


def list_entry(before: Statement, st: Statement) -> bool:
    """`HOME 10.1.1.1 LINK1`: the first entry of an END-less list stays beside its head."""
    return st.kind == "entry" and before.kind == "statement" and st.label == before.op


LAYOUT = FreeLayout(LAST_COLUMN, levels, list_entry)
