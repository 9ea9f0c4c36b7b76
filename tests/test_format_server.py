"""The language server's formatting: the edits it answers make the document what
`decklint format` makes the file, and a range gets only the edits of the lines it touches."""

from __future__ import annotations

import pytest

pytest.importorskip("lsprotocol")

from lsprotocol import types as lsp

from decklint.fmt import Settings, format_text
from decklint.server.formatting import edits_between
from decklint.server.positions import UTF16

from .conftest import FIXTURES


def _apply(text: str, edits: list[lsp.TextEdit]) -> str:
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for ln in lines:
        offsets.append(offsets[-1] + len(ln))

    def at(p: lsp.Position) -> int:
        return offsets[min(p.line, len(lines))] + p.character

    for e in sorted(edits, key=lambda e: at(e.range.start), reverse=True):
        text = text[: at(e.range.start)] + e.new_text + text[at(e.range.end) :]
    return text


@pytest.mark.parametrize("case", ["three-faults", "crlf", "no-final-newline", "remarks"])
def test_edits_make_the_formatted_text(case: str) -> None:
    before = next((FIXTURES / "format" / case).glob("before.*"))
    text = before.read_bytes().decode()
    want = format_text(before.name, text, Settings()).text
    assert want != text
    assert _apply(text, edits_between(text, want, UTF16)) == want


def test_a_range_gets_the_edits_it_touches() -> None:
    before = FIXTURES / "format" / "three-faults" / "before.vtam"
    text = before.read_text()
    want = format_text(before.name, text, Settings()).text
    edits = edits_between(text, want, UTF16, (3, 3))  # line 4: the card typed in column 17
    got = _apply(text, edits)
    assert got.splitlines()[3] == want.splitlines()[3]
    assert got.splitlines()[6] == text.splitlines()[6]  # the pushed mark: outside the range
