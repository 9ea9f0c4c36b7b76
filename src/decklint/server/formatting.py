"""`textDocument/formatting` and `textDocument/rangeFormatting`: `decklint format` in the editor.

The document's text is formatted as `decklint format` formats the file (`fmt.format_text`,
the `format:` settings of the workspace's configuration); the changed lines come back as
edits, and a range asks only for those that touch it. A deck the formatter leaves alone gets
no edit: the reason is the command line's to tell.
"""

from __future__ import annotations

import difflib

from lsprotocol import types as lsp

from decklint.fmt import format_text
from decklint.fmt.run import settings_of
from decklint.server.app import DecklintServer, guarded, server
from decklint.server.positions import Codec


def _edits(
    ls: DecklintServer, uri: str, lines: tuple[int, int] | None
) -> list[lsp.TextEdit] | None:
    """The edits that format the document; only those touching lines `lines` (0-based,
    inclusive) when given."""
    doc = ls.network.document(uri)
    if doc is None:
        return None
    project = ls.network.project
    section = project.config.format if project is not None else {}
    globs = dict(project.config.dialect_globs) if project is not None else None
    got = format_text(doc.path, doc.text, settings_of(section), globs, ls.dialect_of(doc.path))
    if got.text == doc.text:
        return []
    return edits_between(doc.text, got.text, ls.encoding, lines)


def edits_between(
    before: str, after: str, encoding: str, lines: tuple[int, int] | None = None
) -> list[lsp.TextEdit]:
    """Whole-line edits that make `before` into `after` (0-based `lines`: only edits of lines
    that overlap them). Each line keeps its own line end, as the formatter keeps them."""
    old, new = _lines(before), _lines(after)
    bare_old = [ln.rstrip("\r\n") for ln in old]
    bare_new = [ln.rstrip("\r\n") for ln in new]
    codec = Codec(before, encoding)
    out: list[lsp.TextEdit] = []
    matcher = difflib.SequenceMatcher(None, bare_old, bare_new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if lines is not None and (max(i2 - 1, i1) < lines[0] or i1 > lines[1]):
            continue
        out.append(
            lsp.TextEdit(
                range=lsp.Range(start=_at(old, i1, codec), end=_at(old, i2, codec)),
                new_text="".join(new[j1:j2]),
            )
        )
    return out


def _lines(text: str) -> list[str]:
    """The text's lines, each with its line end."""
    out: list[str] = []
    start = 0
    for i, ch in enumerate(text):
        if ch == "\n" or (ch == "\r" and text[i + 1 : i + 2] != "\n"):
            out.append(text[start : i + 1])
            start = i + 1
    if start < len(text):
        out.append(text[start:])
    return out


def _at(lines: list[str], index: int, codec: Codec) -> lsp.Position:
    """Where line `index` (0-based) starts; past the last line, the end of the text."""
    if index < len(lines):
        return lsp.Position(line=index, character=0)
    if not lines:
        return lsp.Position(line=0, character=0)
    last = lines[-1]
    if last.endswith(("\n", "\r")):
        return lsp.Position(line=len(lines), character=0)
    p = codec.to_client(len(lines), len(last) + 1)
    return lsp.Position(line=p.line, character=p.character)


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING, lsp.DocumentFormattingOptions())
@guarded()
def formatting(
    ls: DecklintServer, params: lsp.DocumentFormattingParams
) -> list[lsp.TextEdit] | None:
    return _edits(ls, params.text_document.uri, None)


@server.feature(lsp.TEXT_DOCUMENT_RANGE_FORMATTING, lsp.DocumentRangeFormattingOptions())
@guarded()
def range_formatting(
    ls: DecklintServer, params: lsp.DocumentRangeFormattingParams
) -> list[lsp.TextEdit] | None:
    r = params.range
    last = r.end.line - 1 if r.end.character == 0 and r.end.line > r.start.line else r.end.line
    return _edits(ls, params.text_document.uri, (r.start.line, last))
