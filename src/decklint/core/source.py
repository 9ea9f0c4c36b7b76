"""Source text, positions and the map from logical text back to physical lines.

Positions are converted exactly once: a dialect reader builds logical text (continuations
joined, sequence columns dropped) together with a `SourceMap`; every offset Lark reports on
the logical text goes through `SourceMap.span()` and becomes a physical `Span`. Nothing after
that point converts coordinates again.
"""

import bisect
import re
from typing import NamedTuple

from decklint.core.records import Span as Span
from decklint.core.records import TupleView


def split_lines(text: str) -> tuple[str, ...]:
    """The physical lines of a text, line terminators removed."""
    body = text
    # A DOS end-of-file byte (0x1A) after the last line is a transfer artifact.
    while body.endswith(("\x1a", "\x1a\n", "\x1a\r\n")):
        body = body[: body.rfind("\x1a")]
    lines = body.split("\n") if "\r" not in body else re.split(r"\r\n|\r|\n", body)
    if lines and lines[-1] == "":
        lines.pop()
    return tuple(lines)


class Lines(TupleView[str]):
    """A text's physical lines, split when first read.

    A file read back from the cache is split only if something reads its lines: a report
    quoting a line, a fix, an inline suppression."""

    __slots__ = ("_lines", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: tuple[str, ...] | None = None

    def _all(self) -> tuple[str, ...]:
        if self._lines is None:
            self._lines = split_lines(self._text)
        return self._lines

    @property
    def split(self) -> bool:
        """Whether the text has been split into lines yet."""
        return self._lines is not None

    def __hash__(self) -> int:  # as the tuple of lines it stands for (a view has none)
        return hash(self._all())

    def __reduce__(self) -> "tuple[type[Lines], tuple[str]]":
        return Lines, (self._text,)


class SourceFile(NamedTuple):
    """A decoded file split into physical lines (line terminators removed)."""

    path: str
    text: str
    lines: Lines  # the text's lines, split when first read

    @classmethod
    def from_text(cls, path: str, text: str) -> "SourceFile":
        return cls(path, text, Lines(text))

    def line_text(self, line: int) -> str:
        if 1 <= line <= len(self.lines):
            return self.lines[line - 1]
        return ""

    def extract(self, span: Span) -> str:
        """Physical text covered by a span that lies on one line."""
        return self.line_text(span.line)[span.col - 1 : span.end_col - 1]


class SourceMap:
    """Maps offsets in a logical unit's text to physical (line, column).

    Built from segments: logical text `[lstart, lstart+length)` was copied from physical
    line `line`, starting at 1-based column `col`. Offsets between segments (a virtual
    separator a reader inserted) map to the end of the previous segment.
    """

    __slots__ = ("cols", "lengths", "lines", "starts")

    starts: list[int]
    lines: list[int]
    cols: list[int]
    lengths: list[int]

    def __init__(
        self,
        starts: list[int] | None = None,
        lines: list[int] | None = None,
        cols: list[int] | None = None,
        lengths: list[int] | None = None,
    ) -> None:
        self.starts = [] if starts is None else starts
        self.lines = [] if lines is None else lines
        self.cols = [] if cols is None else cols
        self.lengths = [] if lengths is None else lengths

    def add(self, logical_start: int, line: int, col: int, length: int) -> None:
        if length <= 0:
            return
        self.starts.append(logical_start)
        self.lines.append(line)
        self.cols.append(col)
        self.lengths.append(length)

    def pos(self, offset: int, *, end: bool = False) -> tuple[int, int]:
        """Physical (line, col) of a logical offset; `end` picks the segment the offset closes."""
        if not self.starts:
            return (1, 1)
        key = offset - 1 if end and offset > 0 else offset
        i = bisect.bisect_right(self.starts, key) - 1
        if i < 0:
            return (self.lines[0], self.cols[0])
        delta = offset - self.starts[i]
        if delta > self.lengths[i]:
            delta = self.lengths[i]
        return (self.lines[i], self.cols[i] + delta)

    def span(self, start: int, end: int) -> Span:
        line, col = self.pos(start)
        if end <= start:
            return Span(line, col, line, col)
        end_line, end_col = self.pos(end, end=True)
        return Span(line, col, end_line, end_col)

    def first(self, offset: int) -> int:
        """The index of the first segment that may hold `offset` or a later one (found by
        bisection: a statement of 60,000 operands asks for each one's place)."""
        starts, lengths = self.starts, self.lengths
        i = max(bisect.bisect_right(starts, offset) - 1, 0)
        while i > 0 and starts[i - 1] + lengths[i - 1] > offset:
            i -= 1
        return i

    def pieces(self, start: int, end: int) -> list[tuple[int, int, int]]:
        """Physical (line, col, end_col) pieces that logical `[start, end)` was copied from."""
        out: list[tuple[int, int, int]] = []
        starts = self.starts
        for k in range(self.first(start), len(starts)):
            s = starts[k]
            if s >= end:
                break
            n = self.lengths[k]
            lo, hi = max(start, s), min(end, s + n)
            if lo < hi:
                c = self.cols[k]
                out.append((self.lines[k], c + lo - s, c + hi - s))
        return out
