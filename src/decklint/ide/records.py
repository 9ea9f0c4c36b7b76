"""What the editor features answer: plain records a language server turns into its own types.

Positions are decklint's: 1-based lines and 1-based columns counted in code points (`Span`);
a server converts them to its protocol's units.
"""

from __future__ import annotations

from typing import NamedTuple

from decklint.core.source import Span


class Location(NamedTuple):
    """A place in a file: `path` as the lint result names the file (or the editor's URI)."""

    path: str
    span: Span


class Hover(NamedTuple):
    """What hovering shows: Markdown, for the word or operand at `span`."""

    span: Span
    markdown: str


class Symbol(NamedTuple):
    """One entry of a deck's outline.

    `kind` is one of "file", "major-node", "group", "line", "pu", "lu", "mode-table", "mode",
    "application", "connection", "device", "link", "interface", "statement"; `span` covers the
    entry with its children, `selection` the name to reveal."""

    name: str
    kind: str
    span: Span
    selection: Span
    children: tuple[Symbol, ...] = ()


class Completion(NamedTuple):
    """One completion: `kind` is "operand" (an operand or parameter name), "value" (one of an
    operand's enumerated values) or "statement" (a statement name)."""

    label: str
    kind: str
    detail: str
    documentation: str
    insert_text: str
