"""Apply fixes to a file's text, keeping the layout of card decks.

Card decks: an edit stays inside columns 1-71 of its card; the continuation mark in column 72
and the sequence field in columns 73-80 never move. A shorter value pads the card with blanks
before column 72; a longer one takes blanks from the widest gap after it (between operands and
remark, or the card's trailing blanks). A value that does not fit that way is not applied: the
file is left as it is and the fix is reported as not applied (`Outcome.skipped`).
Free-format files take the edit as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from decklint.findings import Edit

TEXT_END = 71  # columns 1-71 hold the statement; 72 continues it; 73-80 are sequence numbers

_EOL = re.compile(r"(\r\n|\r|\n)")


@dataclass(frozen=True)
class Outcome:
    text: str
    applied: tuple[Edit, ...]
    skipped: tuple[Edit, ...]


def apply(text: str, edits: Sequence[Edit], card_image: bool) -> Outcome:
    """Apply the edits that do not overlap an earlier one and fit the layout."""
    parts = _EOL.split(text)
    lines = parts[0::2]
    ends = [*parts[1::2], ""]
    applied: list[Edit] = []
    skipped: list[Edit] = []
    taken: dict[int, list[tuple[int, int]]] = {}
    # right to left on each line, so earlier columns stay valid
    for e in sorted(edits, key=lambda e: (e.span.line, -e.span.col)):
        s = e.span
        if s.line != s.end_line or not 1 <= s.line <= len(lines):
            skipped.append(e)
            continue
        busy = taken.setdefault(s.line, [])
        if any((a < s.end_col and s.col < b) or a == s.col for a, b in busy):
            skipped.append(e)
            continue
        new = _edit_line(lines[s.line - 1], s.col, s.end_col, e.replacement, card_image)
        if new is None:
            skipped.append(e)
            continue
        lines[s.line - 1] = new
        busy.append((s.col, max(s.end_col, s.col + 1)))
        applied.append(e)
    out = "".join(ln + end for ln, end in zip(lines, ends, strict=True))
    return Outcome(out, tuple(applied), tuple(skipped))


def _edit_line(line: str, col: int, end_col: int, repl: str, card_image: bool) -> str | None:
    if not card_image:
        return line[: col - 1] + repl + line[end_col - 1 :]
    if end_col - 1 > TEXT_END:
        return None  # the edit would touch column 72 or the sequence field
    area, tail = line[:TEXT_END].ljust(TEXT_END), line[TEXT_END:]
    new = area[: col - 1] + repl + area[end_col - 1 :]
    over = len(new) - TEXT_END
    if over > 0:
        shrunk = _take_blanks(new, col - 1 + len(repl), over)
        if shrunk is None:
            return None
        new = shrunk
    if not tail:
        return new.ljust(TEXT_END).rstrip() if len(line) <= TEXT_END else new
    return new.ljust(TEXT_END) + tail


def _take_blanks(area: str, after: int, n: int) -> str | None:
    """Remove n blanks after `after`, from the widest gap first, always leaving one blank
    between words (a remark must stay apart from the operands)."""
    chars = list(area)
    while n > 0:
        best, best_len, i = -1, 0, after
        while i < len(chars):
            if chars[i] == " ":
                j = i
                while j < len(chars) and chars[j] == " ":
                    j += 1
                width = j - i - (0 if j == len(chars) else 1)
                if width > best_len:
                    best, best_len = i, width
                i = j
            else:
                i += 1
        if best < 0:
            return None
        take = min(n, best_len)
        del chars[best : best + take]
        n -= take
    return "".join(chars)
