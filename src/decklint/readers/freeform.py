"""Reading free-format configuration files: comments blanked, statements split.

Comments are replaced by blanks of the same length (newlines kept), so every offset in a
statement's text is the offset in the file: the SourceMap of a unit is then exact by
construction, one segment per physical line. Used by dialects that are not card images
(CM/2 NDF, NS/DOS, AS/400 CL, ...).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from decklint.core.ir import Diagnostic, LogicalUnit, ReadResult, Remark
from decklint.core.source import SourceFile, SourceMap, Span


class Text:
    """A file's text with a line-start table for offset -> (line, col)."""

    def __init__(self, src: SourceFile) -> None:
        self.lines = src.lines
        self.text = "\n".join(src.lines)
        self.starts = [0]
        for ln in src.lines[:-1]:
            self.starts.append(self.starts[-1] + len(ln) + 1)

    def pos(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i + 1, offset - self.starts[i] + 1

    def span(self, start: int, end: int) -> Span:
        line, col = self.pos(start)
        end_line, end_col = self.pos(max(end - 1, start))
        return Span(line, col, end_line, end_col + (1 if end > start else 0))

    def unit(self, start: int, end: int, kind: str = "statement") -> LogicalUnit:
        """The text [start, end) as a logical unit whose offsets are relative to `start`."""
        sm = SourceMap()
        off = start
        while off < end:
            line, col = self.pos(off)
            line_end = self.starts[line - 1] + len(self.lines[line - 1])
            stop = min(end, line_end + 1)
            sm.add(off - start, line, col, stop - off)
            off = stop
        return LogicalUnit(self.text[start:end], sm, self.pos(start)[0], kind)


def blank_comments(text: Text, patterns: Iterable[re.Pattern[str]], out: ReadResult) -> str:
    """The text with every comment match replaced by blanks; comments recorded in `out`."""
    chars = list(text.text)
    spans: list[tuple[int, int]] = []
    for pat in patterns:
        for m in pat.finditer(text.text):
            if any(a <= m.start() < b for a, b in spans):
                continue
            spans.append((m.start(), m.end()))
    for a, b in sorted(spans):
        line, col = text.pos(a)
        out.comments.append(Remark(line, col, text.text[a:b].rstrip()))
        for i in range(a, b):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def unterminated(text: Text, out: ReadResult) -> None:
    """Report a /* comment with no */ after it (it runs to the end of the file)."""
    for c in out.comments:
        if c.text.startswith("/*") and not c.text.endswith("*/"):
            out.diagnostics.append(
                Diagnostic(
                    "PRS001",
                    Span(c.line, c.col, c.line, c.col + 2),
                    "a /* comment is not closed: '*/' is missing, so the rest of the "
                    "file is a comment",
                )
            )


def trailing_comment(text: str, starts: str) -> int | None:
    """Where a comment starting with one of the characters `starts` begins, outside quotes
    (a quote with no partner on the line is an ordinary character)."""
    q = ""
    for i, ch in enumerate(text):
        if q:
            q = "" if ch == q else q
        elif ch in "'\"" and text.find(ch, i + 1) > 0:
            q = ch
        elif ch in starts:
            return i
    return None


def line_units(
    src: SourceFile, comment_lines: tuple[str, ...], trailing: str = "", kind: str = "line"
) -> ReadResult:
    """One logical unit per non-blank line of a line-oriented file. A line whose first
    non-blank text starts with one of `comment_lines` is a comment; a character of
    `trailing` outside quotes starts a comment that runs to the end of the line."""
    out = ReadResult()
    for i, line in enumerate(src.lines, 1):
        text = line.rstrip()
        stripped = text.lstrip()
        if not stripped:
            continue
        if comment_lines and stripped.startswith(comment_lines):
            out.comments.append(Remark(i, len(text) - len(stripped) + 1, stripped))
            continue
        cut = trailing_comment(text, trailing) if trailing else None
        if cut is not None:
            out.comments.append(Remark(i, cut + 1, text[cut:]))
            text = text[:cut].rstrip()
            stripped = text.lstrip()
            if not stripped:
                continue
        lead = len(text) - len(stripped)
        sm = SourceMap()
        sm.add(0, i, lead + 1, len(stripped))
        out.units.append(LogicalUnit(stripped, sm, i, kind))
    return out
