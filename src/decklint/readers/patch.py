"""Apply fixes to a file's text, keeping the layout of card decks.

Card decks: an edit stays inside columns 1-71 of its card; the continuation mark in column 72
and the sequence field in columns 73-80 never move. A shorter value pads the card with blanks
before column 72; a longer one takes blanks from the widest gap after it (between operands and
remark, or the card's trailing blanks). A value that does not fit that way is not applied: the
file is left as it is and the fix is reported as not applied (`Outcome.skipped`).
Free-format files take the edit as it is, across lines too (a conversion that replaces
statements): its span's end is exclusive, and line `n + 1` column 1 is the end of line `n`'s
line break (the end of the text after the last line).

A fix with several edits is applied whole or not at all (`apply_fixes`): a fix one of whose
edits does not fit, or meets another fix's, is left out entirely.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from decklint.core.findings import Edit

TEXT_END = 71  # columns 1-71 hold the statement; 72 continues it; 73-80 are sequence numbers

_EOL = re.compile(r"(\r\n|\r|\n)")


@dataclass(frozen=True)
class Outcome:
    text: str
    applied: tuple[Edit, ...]
    skipped: tuple[Edit, ...]


def apply(text: str, edits: Sequence[Edit], card_image: bool) -> Outcome:
    """Apply the edits that do not overlap an earlier one and fit the layout."""
    if not card_image and any(e.span.line != e.span.end_line for e in edits):
        return _apply_free(text, edits)
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


def _apply_free(text: str, edits: Sequence[Edit]) -> Outcome:
    """Free-format text: the edits as character ranges, across lines where they span
    several; one that meets an earlier one (or points outside the text) is skipped."""
    starts = [0] + [m.end() for m in _EOL.finditer(text)]

    def offset(line: int, col: int) -> int | None:
        if line == len(starts) + 1 and col == 1:
            return len(text)
        if not 1 <= line <= len(starts):
            return None
        end = starts[line] if line < len(starts) else len(text)
        at = starts[line - 1] + col - 1
        return at if at <= end else None

    ranges: list[tuple[int, int, Edit]] = []
    skipped: list[Edit] = []
    for e in edits:
        a, b = offset(e.span.line, e.span.col), offset(e.span.end_line, e.span.end_col)
        if a is None or b is None or b < a:
            skipped.append(e)
            continue
        if any((a < y and x < b) or a == x for x, y, _e in ranges):
            skipped.append(e)
            continue
        ranges.append((a, b, e))
    out = text
    for a, b, e in sorted(ranges, key=lambda r: r[0], reverse=True):
        out = out[:a] + e.replacement + out[b:]
    return Outcome(out, tuple(e for _a, _b, e in ranges), tuple(skipped))


def apply_fixes(
    text: str, fixes: Sequence[Sequence[Edit]], card_image: bool
) -> tuple[str, set[int]]:
    """Apply whole fixes: each fix's edits all, or none of them. Returns the text and the
    indexes of the fixes applied; a fix left out did not fit, or meets one applied before it
    (the edit met first stays, as `apply` keeps it)."""
    chosen = list(range(len(fixes)))
    for _round in range(len(fixes) + 1):
        out = apply(text, [e for i in chosen for e in fixes[i]], card_image)
        left = set(out.skipped)
        bad = {i for i in chosen if any(e in left for e in fixes[i])}
        if not bad:
            return out.text, set(chosen)
        chosen = [i for i in chosen if i not in bad]
    return text, set()
