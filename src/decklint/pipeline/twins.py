"""A member kept twice: as a file of the linted set and inside the job that loads it.

Repositories often keep a job that loads members (IEBUPDTE, an assembly) beside the members
themselves. The two copies are one member: linted once, so that its definitions are not
"defined again" and nothing it holds is reported twice. The copy linted is the file (the one
a user edits), unless only the job's copy was recognised as a deck; the job's copy gets one
information finding on the statement that brings it (JCL001).

Two copies are one member when both hold:
- the name: the job's deck is called by a name (its `./ ADD NAME=`, the table an assembly
  makes) that is one of the parts of the file's name, split at characters a member name
  cannot hold (`APTSO` is a part of `rescuepack--APTSO`, `aptso.vtamlst`,
  `SYS1.VTAMLST(APTSO)`);
- the content: the same records, trailing blanks and blank records aside (a blank record
  stands where the job holds an IEBUPDTE control statement among the member's records), and,
  in decks read as 80-column cards, the sequence columns 73-80 aside (IEBUPDTE's NUMBER
  writes them into the member the file may have been taken from).
Different content under one name is two definitions of the member: the duplicate
definitions rule (PRS004) judges them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from decklint.core.source import split_lines

if TYPE_CHECKING:
    from decklint.inputs.gather import Input

# Dialects read by the card reader (decklint.readers.cards), which never reads columns 73-80.
CARD_DIALECTS = frozenset({"vtam", "ncp", "ezacicd"})

_PARTS = re.compile(r"[^A-Z0-9$#@]+")


class Twin(NamedTuple):
    """The copy not linted again (`dropped`), and the copy of the same member that is
    (`kept`): indexes into the run's inputs."""

    dropped: int
    kept: int
    job: int  # which of the two is the job's copy


def twins(inputs: Sequence[Input], dialects: Sequence[str | None]) -> dict[int, Twin]:
    """The copies of members kept twice, by the index of the copy not linted again;
    `dialects`: each input's dialect as detected (None: not recognised)."""
    files: dict[str, list[int]] = {}
    for n, inp in enumerate(inputs):
        if inp.block is None and inp.container is None and inp.text is not None:
            for part in set(name_parts(inp.path)):
                files.setdefault(part, []).append(n)
    out: dict[int, Twin] = {}
    for n, inp in enumerate(inputs):
        if inp.block is None or inp.text is None:
            continue
        for f in files.get(inp.block.name.upper(), ()):
            if f in out:
                continue
            cards = bool({dialects[n], dialects[f]} & CARD_DIALECTS)
            if records(inp.text, cards) != records(inputs[f].text or "", cards):
                continue
            if dialects[f] is None and dialects[n] is not None:
                out[f] = Twin(f, n, n)  # only the job's copy is a deck: lint that one
            else:
                out[n] = Twin(n, f, n)
            break
    return out


def name_parts(path: str) -> list[str]:
    """The parts of a file's name a member's name may be (upper case)."""
    base = re.split(r"[\\/]", path)[-1].upper()
    return [p for p in _PARTS.split(base) if p]


def records(text: str, cards: bool) -> list[str]:
    """A deck's records as compared: trailing blanks off, blank records left out, and for
    card decks only columns 1-72."""
    out = []
    for ln in split_lines(text):
        kept = (ln[:72] if cards else ln).rstrip()
        if kept:
            out.append(kept)
    return out
