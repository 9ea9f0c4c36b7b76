"""Where a suppression goes: the dialect's comment syntax, and the first line of the statement
a finding is in (a comment line between two cards of one statement would break the deck)."""

from __future__ import annotations

from decklint import dialects
from decklint.source import SourceFile


def comment_prefix(dialect: str) -> str | None:
    """The text a comment line of the dialect starts with (in column 1), if it has one."""
    if dialect not in dialects.REGISTRY:
        return None
    prefixes = dialects.get(dialect).comment_prefixes
    return prefixes[0] if prefixes else None


def statement_start(path: str, text: str, dialect: str, line: int) -> int:
    """The first line of the statement that covers `line` (continuation cards, remarks on
    later lines), or `line` itself outside any statement."""
    if dialect not in dialects.REGISTRY:
        return line
    pf = dialects.get(dialect).parse(SourceFile.from_text(path, text))
    for unit in pf.read.units:
        last = max([unit.end_line, *(r.line for r in unit.remarks)])
        if unit.line <= line <= last:
            return int(unit.line)
    return line
