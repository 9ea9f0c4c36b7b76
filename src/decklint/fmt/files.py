"""Formatting a file: a card deck, or the decks inside a job or a markdown page, in place.

The text is split into lines as every reader splits them (`source.split_lines`), each line
keeping its own line end, so CRLF, a final newline or its absence and a DOS end-of-file byte
stay as they were, in a file whose lines end in both ways too; lines a statement gains take
the line end of the statement's own cards. A deck
inside another file (JCL in-stream data, an IEBUPDTE member, a fenced block) is formatted
where `inputs.embedded` finds it, its statements written back at the container's lines and
columns; a statement with an IEBUPDTE control card among its cards is left as it is. Which
files are card decks: the dialect detected as for `lint` (`inputs.discover.detect`), or the
one the lint's file phase found (`Before`), whose spec says it reads the deck with the card
reader (`DialectSpec.card_reading`). A file of a free-format dialect goes to
`free.format_free`, which changes it only where the configuration asks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from decklint import dialects
from decklint.core.source import SourceFile
from decklint.fmt import free, meaning
from decklint.fmt.deck import Hunk, apply, format_deck
from decklint.fmt.layout import Settings
from decklint.readers.base import ParsedFile

_LINE = re.compile(r"([^\r\n]*)(\r\n|\r|\n|\Z)")


# A deck's path as shown -> the dialect the lint's file phase found for it and its parse
# there (from the lint's cache, statements packed), or None when the caller does not know
# (the deck is then detected, and parsed if its parse is needed, here).
Before = Callable[[str], "tuple[str | None, ParsedFile | None] | None"]


@dataclass(frozen=True)
class Formatted:
    """A file's text formatted: the new text (the same when nothing changes), and each deck
    left as it was with the reason, as (path shown, reason)."""

    text: str
    left: tuple[tuple[str, str], ...] = ()
    decks: int = 0  # card decks found (formatted or not)

    def changed(self, before: str) -> bool:
        return self.text != before


@dataclass
class _Lines:
    """A text's lines with their line ends, and what follows the last one."""

    body: list[str]
    ends: list[str]
    tail: str
    eol: str = field(default="\n")

    @classmethod
    def of(cls, text: str) -> _Lines:
        body = text
        while body.endswith(("\x1a", "\x1a\n", "\x1a\r\n")):
            body = body[: body.rfind("\x1a")]
        tail = text[len(body) :]
        lines: list[str] = []
        ends: list[str] = []
        if "\r" not in body:  # line feeds only: split at them
            lines = body.split("\n")
            if lines[-1]:
                ends = ["\n"] * (len(lines) - 1) + [""]
            else:
                lines.pop()
                ends = ["\n"] * len(lines)
            return cls(lines, ends, tail, "\n")
        for m in _LINE.finditer(body):
            if not m.group(1) and not m.group(2):
                break
            lines.append(m.group(1))
            ends.append(m.group(2))
        eol = next((e for e in ends if e), "\n")
        return cls(lines, ends, tail, eol)

    def text(self) -> str:
        return "".join(b + e for b, e in zip(self.body, self.ends, strict=True)) + self.tail

    def _ends(self, old: list[str], n: int) -> list[str]:
        """The line ends of `n` lines that take the place of lines ending in `old`: each
        line its own line's, the last the last's; a line added the ending of the lines
        before the last (else the last's, else the file's first line's)."""
        inner = old[:-1]
        fill = inner[-1] if inner else old[-1] or self.eol
        return [inner[i] if i < len(inner) else fill for i in range(n - 1)] + [old[-1]]

    def replace(self, hunks: list[Hunk], col: int = 0) -> None:
        """Apply hunks given in the file's own lines, each card `col` columns in."""
        for h in sorted(hunks, key=lambda h: h.first, reverse=True):
            lead = [b[:col] for b in self.body[h.first - 1 : h.last]]
            pad = lead[0] if lead else ""
            new = [(lead[i] if i < len(lead) else pad) + ln for i, ln in enumerate(h.lines)]
            new = [ln if ln.strip() else "" for ln in new]
            ends = self._ends(self.ends[h.first - 1 : h.last], len(new))
            self.body[h.first - 1 : h.last] = new
            self.ends[h.first - 1 : h.last] = ends


def format_text(
    path: str,
    text: str,
    settings: Settings,
    config_globs: dict[str, str] | None = None,
    dialect: str | None = None,
    embedded_mode: str = "auto",
    before: Before | None = None,
) -> Formatted:
    """`text` (the file `path`) formatted; `dialect` as --dialect gives it; `before`: what
    the lint's file phase found for each deck, where the caller has it."""
    from decklint.inputs import embedded
    from decklint.inputs.gather import deck_paths, may_hold_decks

    lines = _Lines.of(text)
    found = (
        embedded.read(path, text, embedded_mode)
        if may_hold_decks(path, text, embedded_mode)
        else None
    )
    if found is None:
        hunks, left, n = _format_one(path, text, settings, config_globs, dialect, before)
        if not hunks:
            return Formatted(text, tuple(left), n)
        lines.replace(hunks)
        return Formatted(lines.text(), tuple(left), n)
    all_left: list[tuple[str, str]] = []
    decks = 0
    for shown, block in zip(deck_paths(path, found.blocks), found.blocks, strict=True):
        hunks, left, n = _format_one(
            shown, block.text, settings, config_globs, block.dialect or dialect, before
        )
        decks += n
        all_left.extend(left)
        kept = []
        for h in hunks:
            first, last = h.first + block.line - 1, h.last + block.line - 1
            inner = block.text.split("\n")[h.first - 1 : h.last]
            if [b[block.col :] for b in lines.body[first - 1 : last]] != inner:
                all_left.append((shown, f"line {first}: a control card stands among its cards"))
                continue
            kept.append(Hunk(first, last, h.lines))
        lines.replace(kept, block.col)
    return Formatted(lines.text(), tuple(all_left), decks)


def _format_one(
    path: str,
    text: str,
    settings: Settings,
    config_globs: dict[str, str] | None,
    dialect: str | None,
    before: Before | None = None,
) -> tuple[list[Hunk], list[tuple[str, str]], int]:
    """One deck's hunks, the reason it is left alone (if it is), and 1 if it is a card deck."""
    from decklint.readers import templates

    tpl = templates.read(path, text)
    if tpl is not None and (tpl.code_lines or tpl.filled):
        # its lines are not the deck's: the template code would move with the product lines
        return [], [(path, "a template: format the file it renders, not the template")], 0
    src = SourceFile.from_text(path, text)
    known = before(path) if before is not None else None
    if known is not None:
        name, parsed = known
    else:
        from decklint.inputs.discover import detect

        name, parsed = detect(src, dialect, config_globs).dialect, None
    if name is None or name not in dialects.REGISTRY:
        return [], [], 0
    spec = dialects.get(name)
    if not spec.card_image:
        hunks, why = free.format_free(src, name, settings)
        return hunks, [(path, why)] if why else [], 0
    if spec.card_reading is None:
        return [], [], 0
    proposal = format_deck(src, settings)
    if not proposal.hunks:
        return [], [], 1
    if not meaning.card_deck(src, name, proposal):
        return [], [], 0
    new_lines = apply(src.lines, proposal.hunks)
    after = SourceFile.from_text(path, "\n".join(new_lines) + "\n")

    def old() -> ParsedFile:
        return parsed if parsed is not None else spec.parse(src)

    why = meaning.check(old, after, proposal, src.lines)
    if why:
        return [], [(path, why)], 1
    return list(proposal.hunks), [], 1
