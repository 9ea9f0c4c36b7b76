"""Decks inside other files: a JCL job's instream data, a markdown fence.

The lint result knows such a deck under its own path (`JOB.jcl(SYSIN)`) and in its own
lines; the editor shows the job. A feature asked about the job runs on the deck under the
cursor, and what it answers about that deck is moved to the job's lines.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from decklint.core.source import Span
from decklint.inputs import embedded
from decklint.inputs.gather import deck_paths, may_hold_decks


class Part(NamedTuple):
    """A document, or one deck of a document that holds decks."""

    path: str  # as the lint result names it
    text: str
    block: embedded.Block | None = None  # where the deck is in its container

    def inward(self, line: int, col: int) -> tuple[int, int]:
        """A position of the container as a position in the deck."""
        if self.block is None:
            return line, col
        return line - self.block.line + 1, col - self.block.col

    def outward(self, span: Span) -> Span:
        """A span of the deck as a span of the container."""
        return span if self.block is None else self.block.place(span)


def parts(path: str, text: str, whole: bool = False) -> tuple[Part, ...]:
    """The decks a document holds, or the document itself when it holds none (or when
    `whole`: the lint result read it as one deck, as `lint_texts` reads any text)."""
    return (Part(path, text),) if whole else _parts(path, text)


@functools.lru_cache(maxsize=8)
def _parts(path: str, text: str) -> tuple[Part, ...]:
    if not may_hold_decks(path, text):
        return (Part(path, text),)
    blocks = embedded.find(path, text)
    if not blocks:
        return (Part(path, text),)
    return tuple(
        Part(virtual, b.text, b)
        for virtual, b in zip(deck_paths(path, blocks), blocks, strict=True)
    )


def part_at(path: str, text: str, line: int, whole: bool = False) -> Part | None:
    """The deck a line of the document is in (the document itself when it holds no deck);
    None on a line of a container outside its decks."""
    for p in parts(path, text, whole):
        if p.block is None:
            return p
        first = p.block.line
        if first <= line < first + max(1, p.text.count("\n")):
            return p
    return None
