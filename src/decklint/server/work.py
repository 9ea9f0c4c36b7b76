"""What a document's long work computes, as plain functions of its text: the edits that format
it, its outline. The handlers run them off the event loop (`server.jobs`), a large document's
in a process of its own, so nothing here imports the server (a process that imported it would
make a language server of its own).
"""

from __future__ import annotations

import difflib
from typing import Any

from lsprotocol import types as lsp

from decklint.server.positions import Codec


def format_edits(
    path: str,
    text: str,
    section: dict[str, object],
    globs: dict[str, str] | None,
    dialect: str | None,
    encoding: str,
    lines: tuple[int, int] | None,
) -> list[lsp.TextEdit]:
    """The edits that make `text` what `decklint format` makes of it (`section`: the
    configuration's `format:`), only those touching lines `lines` (0-based, inclusive)
    when given."""
    from decklint.fmt import format_text
    from decklint.fmt.run import settings_of

    got = format_text(path, text, settings_of(section), globs, dialect)
    if got.text == text:
        return []
    return edits_between(text, got.text, encoding, lines)


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


def outline(path: str, text: str, dialect: str | None, encoding: str) -> list[lsp.DocumentSymbol]:
    """The document's symbols (`ide.symbols`) in the client's terms."""
    from decklint import ide
    from decklint.server import convert

    codec = Codec(text, encoding)

    def convert_symbol(s: Any) -> lsp.DocumentSymbol:
        return lsp.DocumentSymbol(
            name=s.name,
            kind=_SYMBOL_KINDS.get(s.kind, lsp.SymbolKind.Object),
            range=convert.to_range(codec, s.span),
            selection_range=convert.to_range(codec, s.selection),
            children=[convert_symbol(c) for c in s.children] or None,
        )

    return [convert_symbol(s) for s in ide.symbols(path, text, dialect)]


_SYMBOL_KINDS = {
    "file": lsp.SymbolKind.File,
    "major-node": lsp.SymbolKind.Module,
    "group": lsp.SymbolKind.Namespace,
    "line": lsp.SymbolKind.Struct,
    "pu": lsp.SymbolKind.Class,
    "lu": lsp.SymbolKind.Field,
    "mode-table": lsp.SymbolKind.Enum,
    "mode": lsp.SymbolKind.EnumMember,
    "application": lsp.SymbolKind.Function,
    "connection": lsp.SymbolKind.Event,
    "device": lsp.SymbolKind.Object,
    "link": lsp.SymbolKind.Key,
    "interface": lsp.SymbolKind.Interface,
    "statement": lsp.SymbolKind.Property,
}
