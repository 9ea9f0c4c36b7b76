"""Positions between decklint and an editor: decklint's spans count lines and columns from 1
in code points; the Language Server Protocol counts from 0 in the units of the encoding the
client and server agreed on (UTF-16 unless the client offers UTF-8 or UTF-32)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from decklint.core.source import Span, split_lines

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"


def choose(offered: Sequence[str] | None) -> str:
    """The encoding to use: the client's first choice that the server knows, else UTF-16
    (which every client must support)."""
    for name in offered or ():
        if name in (UTF8, UTF16, UTF32):
            return name
    return UTF16


def _units(ch: str, encoding: str) -> int:
    n = ord(ch)
    if encoding == UTF16:
        return 2 if n > 0xFFFF else 1
    if encoding == UTF8:
        return 1 if n < 0x80 else 2 if n < 0x800 else 3 if n < 0x10000 else 4
    return 1


class Point(NamedTuple):
    """A position as the protocol has it: 0-based line, 0-based character in code units."""

    line: int
    character: int


class Codec:
    """Converts positions in one text (its lines split as decklint splits them, which is as
    the protocol splits them: at CR LF, CR or LF)."""

    def __init__(self, text: str, encoding: str = UTF16) -> None:
        self.lines = split_lines(text)
        self.encoding = encoding

    def _line(self, line: int) -> str:
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    def to_client(self, line: int, col: int) -> Point:
        """decklint's 1-based (line, column in code points) as a protocol position."""
        text = self._line(line)
        prefix = text[: max(col - 1, 0)]
        if self.encoding == UTF32 or prefix.isascii():
            units = len(prefix)
        else:
            units = sum(_units(ch, self.encoding) for ch in prefix)
        return Point(max(line - 1, 0), units)

    def span(self, span: Span) -> tuple[Point, Point]:
        """A decklint span as a protocol range (start, end)."""
        start = self.to_client(span.line, span.col)
        end = self.to_client(span.end_line, span.end_col)
        return (start, end) if end >= start else (start, start)

    def from_client(self, line: int, character: int) -> tuple[int, int]:
        """A protocol position as decklint's 1-based (line, column in code points); a
        character past the end of its line means the end of the line."""
        text = self._line(line + 1)
        if self.encoding == UTF32 or text.isascii():
            return line + 1, min(max(character, 0), len(text)) + 1
        units = 0
        for i, ch in enumerate(text):
            if units >= character:
                return line + 1, i + 1
            units += _units(ch, self.encoding)
        return line + 1, len(text) + 1
