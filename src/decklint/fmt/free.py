"""Formatting a free-format file: only what the configuration asks, never what it means.

Free-format files (PROFILE.TCPIP, BPXPRMxx, ...) are left as they are unless `format:` asks
for `block-indent` (statements inside a block, and a statement's continuation lines, indented
so many blanks a level) or `statements-per-line: one` (a statement that shares its line with
the one before goes on a line of its own). What a dialect's blocks are is its own parse's: the
level of each statement comes from the statements its parser returns, by the layout its spec
declares (`DialectSpec.free_layout`), so the formatter knows no keyword. A dialect with
neither blocks nor several statements a line (TCPIP.DATA, IVTPRM00, TSM options) declares
none and is never changed.

Only the blanks before a line's text change, and a line is split only where a statement
starts. A comment at the end of a line keeps its column (so the comment lines aligned under it
stay aligned), pushed right only as far as the text before it needs; a line that holds only a
comment moves with the line after it when it stood in the same column, and is kept when its
comment goes on over the next lines. A line with text past the last column the product reads
is never changed, and no line is made to reach past it. The file is parsed before and after:
the same statements (kinds, names, operands and their values, in order), the same comments and
the same reader's findings, else it is left as it is and said.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from decklint import dialects
from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, Statement, Value
from decklint.core.source import SourceFile
from decklint.dialects.base import FreeLayout
from decklint.fmt.deck import Hunk, apply
from decklint.fmt.layout import Settings
from decklint.readers.base import ParsedFile


def asked(settings: Settings) -> bool:
    """Whether the settings ask anything of free-format files."""
    return settings.block_indent is not None or settings.statements_per_line == "one"


def format_free(src: SourceFile, dialect: str, settings: Settings) -> tuple[list[Hunk], str]:
    """A free-format file's changed lines as hunks; or none, and why it is left as it is
    ('' when there is nothing to say)."""
    spec = dialects.get(dialect)
    layout = spec.free_layout
    if layout is None or not asked(settings):
        return [], ""
    old = spec.parse(src)
    for d in _errors(old):
        return [], f"it does not parse (line {d.span.line}: {d.message})"
    hunks = _plan(src.lines, old, layout, settings)
    if not hunks:
        return [], ""
    after = SourceFile.from_text(src.path, "\n".join(apply(src.lines, hunks)) + "\n")
    why = _same(old, spec.parse(after))
    return ([], why) if why else (hunks, "")


# --------------------------------------------------------------------------- lines


@dataclass(frozen=True)
class _Line:
    """A line and where its comments lie (0-based [start, end) columns)."""

    text: str
    comments: tuple[tuple[int, int], ...]
    in_comment: bool  # it starts inside a comment opened on a line before
    comment_goes_on: bool  # its last comment goes on over the next line

    def first(self) -> int:
        return len(self.text) - len(self.text.lstrip())

    def is_comment(self, col: int) -> bool:
        return any(a <= col < b for a, b in self.comments)

    def code_before(self, col: int) -> bool:
        """Whether text other than comments stands before column `col` (0-based)."""
        return any(
            not ch.isspace() and not self.is_comment(i) for i, ch in enumerate(self.text[:col])
        )

    def trailing_comment(self, start: int) -> int | None:
        """Where the comment that ends the line begins, when text stands before it from
        `start` on."""
        if not self.comments:
            return None
        a, b = self.comments[-1]
        if self.text[b:].strip() or a <= start or not self.code_before(a):
            return None
        return a


def _lines(src_lines: Sequence[str], pf: ParsedFile) -> list[_Line]:
    spans: dict[int, list[tuple[int, int]]] = {}
    inside: set[int] = set()
    going_on: set[int] = set()
    for r in pf.read.comments:
        parts = r.text.split("\n")
        for k, part in enumerate(parts):
            start = r.col - 1 if k == 0 else 0
            spans.setdefault(r.line + k, []).append((start, start + len(part)))
            if k:
                inside.add(r.line + k)
            if k < len(parts) - 1:
                going_on.add(r.line + k)
    return [
        _Line(text, tuple(sorted(spans.get(i, ()))), i in inside, i in going_on)
        for i, text in enumerate(src_lines, 1)
    ]


def _render(line: _Line, start: int, end: int, lead: int) -> str:
    """The line's text from column `start` to `end` (0-based) after `lead` blanks; a comment
    that ends it keeps its column when the text before leaves room."""
    text = line.text[:end]
    cut = line.trailing_comment(start) if end == len(line.text) else None
    if cut is None:
        return " " * lead + text[start:].rstrip()
    body = " " * lead + text[start:cut].rstrip()
    comment = text[cut:].rstrip()
    gap = cut - len(text[:cut].rstrip())
    if gap == 0:
        return body + comment
    return body + " " * max(cut - len(body), 1) + comment


def _plan(
    src_lines: Sequence[str], pf: ParsedFile, layout: FreeLayout, settings: Settings
) -> list[Hunk]:
    lines = _lines(src_lines, pf)
    statements = list(pf.statements)
    depths = layout.levels(statements)
    starts: dict[int, dict[int, int]] = {}  # line -> 0-based column -> level
    within: dict[int, int] = {}  # a continuation line -> the level of its statement
    for k, (st, depth) in enumerate(zip(statements, depths, strict=True)):
        before = statements[k - 1] if k else None
        if (
            before is not None
            and before.span.end_line == st.span.line
            and layout.joined(before, st)
        ):
            continue
        starts.setdefault(st.span.line, {})[st.span.col - 1] = depth
        for ln in range(st.span.line + 1, st.span.end_line + 1):
            within[ln] = depth
    indent = settings.block_indent
    split = settings.statements_per_line == "one"
    new: dict[int, list[str]] = {}
    lead: dict[int, int] = {}  # each code line's first column after formatting
    for i, line in enumerate(lines, 1):
        text = line.text
        first = line.first()
        if not text.strip() or line.in_comment or line.is_comment(first):
            continue
        lead[i] = first
        if len(text.rstrip()) > layout.last_column:
            continue
        here = starts.get(i, {})
        cuts = [c for c in sorted(here) if c > first and line.code_before(c)] if split else []
        bounds = [first, *cuts, len(text)]

        def target(col: int, level: int | None) -> int:
            return col if indent is None or level is None else indent * level

        level = here.get(first, within[i] + 1 if i in within else None)
        pieces = [
            _padded(_render(line, a, b, target(first, level if a == first else here[a])), text)
            for a, b in itertools.pairwise(bounds)
        ]
        if pieces == [text] or any(len(p.rstrip()) > layout.last_column for p in pieces):
            continue
        new[i] = pieces
        lead[i] = len(pieces[0]) - len(pieces[0].lstrip())
    _comment_lines(lines, new, lead, layout)
    return [Hunk(i, i, tuple(p)) for i, p in sorted(new.items())]


def _comment_lines(
    lines: Sequence[_Line], new: dict[int, list[str]], lead: dict[int, int], layout: FreeLayout
) -> None:
    """A line that holds only a comment, in the column of the next line with text, moves
    with that line; one whose comment goes on over the next lines stays."""
    following: int | None = None  # the next code line, going backwards
    for i in range(len(lines), 0, -1):
        line = lines[i - 1]
        text = line.text
        if not text.strip() or line.in_comment:
            continue
        first = line.first()
        if not line.is_comment(first):
            following = i
            continue
        if following is None or line.comment_goes_on or line.code_before(len(text)):
            continue
        was = lines[following - 1].first()
        now = lead.get(following, was)
        if first != was or now == was:
            continue
        moved = _padded(" " * now + text.strip(), text)
        if len(moved.rstrip()) <= layout.last_column:
            new[i] = [moved]


def _padded(piece: str, old: str) -> str:
    """A line ending as the line it comes from ends: padded with blanks to the same length
    when that one fills the record (as far as the sequence columns), else with its own
    trailing blanks."""
    piece = piece.rstrip()
    tail = old[len(old.rstrip()) :]
    if tail and len(old) > _SEQUENCE_START:
        return piece.ljust(len(old))
    return piece + tail


_SEQUENCE_START = 72  # a line longer than this is padded to its record's length


# --------------------------------------------------------------------------- meaning


def _errors(pf: ParsedFile) -> list[Diagnostic]:
    """The reading and parsing problems that are not mere information."""
    return [d for d in pf.diagnostics if d.code == "PRS001" and d.severity is not Severity.INFO]


def _value(v: Value | None) -> tuple[object, ...]:
    if v is None:
        return ()
    return (v.kind, v.text, tuple(_value(i) for i in v.items))


def _key(st: Statement) -> tuple[object, ...]:
    operands = tuple((o.name, _value(o.value)) for o in st.operands)
    return (st.kind, st.label, st.op, operands)


def _same(old: ParsedFile, new: ParsedFile) -> str:
    """Why `new` does not mean what `old` meant (a phrase), or ''."""
    a, b = list(old.statements), list(new.statements)
    if len(a) != len(b):
        return f"it would parse to {len(b)} statements instead of {len(a)}"
    for x, y in zip(a, b, strict=True):
        if _key(x) != _key(y):
            return f"the statement at line {x.span.line} would read differently"
    if [c.text for c in old.read.comments] != [c.text for c in new.read.comments]:
        return "its comments would change"
    found = Counter((d.code, d.severity) for d in old.diagnostics)
    if found != Counter((d.code, d.severity) for d in new.diagnostics):
        return "its reader would find other problems in it"
    return ""
