"""`textDocument/formatting` and `textDocument/rangeFormatting`: `decklint format` in the editor.

The document's text is formatted as `decklint format` formats the file (`fmt.format_text`,
the `format:` settings of the workspace's configuration); the changed lines come back as
edits (`work.format_edits`), and a range asks only for those that touch it. A deck the
formatter leaves alone gets no edit: the reason is the command line's to tell. The work runs
off the event loop (`server.jobs`): a large document's formatting holds up no other request,
and stops when the request is cancelled or the document changes.
"""

from __future__ import annotations

from lsprotocol import types as lsp

from decklint.server.jobs import Stale
from decklint.server.session import DecklintServer, Handlers, guarded
from decklint.server.work import edits_between, format_edits

__all__ = ["edits_between", "formatting", "range_formatting"]

handlers = Handlers()


async def _edits(
    ls: DecklintServer, uri: str, lines: tuple[int, int] | None
) -> list[lsp.TextEdit] | None:
    """The edits that format the document; only those touching lines `lines` (0-based,
    inclusive) when given. None when the document changed while they were made."""
    doc = ls.network.document(uri)
    if doc is None:
        return None
    project = ls.network.project
    section = dict(project.config.format) if project is not None else {}
    globs = dict(project.config.dialect_globs) if project is not None else None
    dialect = ls.dialect_of(doc.path)
    args = (doc.path, doc.text, section, globs, dialect, ls.encoding, lines)
    try:
        edits: list[lsp.TextEdit] = await ls.jobs.run(uri, len(doc.text), format_edits, *args)
    except Stale:
        return None
    return edits


@handlers.feature(lsp.TEXT_DOCUMENT_FORMATTING, lsp.DocumentFormattingOptions())
@guarded()
async def formatting(
    ls: DecklintServer, params: lsp.DocumentFormattingParams
) -> list[lsp.TextEdit] | None:
    return await _edits(ls, params.text_document.uri, None)


@handlers.feature(lsp.TEXT_DOCUMENT_RANGE_FORMATTING, lsp.DocumentRangeFormattingOptions())
@guarded()
async def range_formatting(
    ls: DecklintServer, params: lsp.DocumentRangeFormattingParams
) -> list[lsp.TextEdit] | None:
    r = params.range
    last = r.end.line - 1 if r.end.character == 0 and r.end.line > r.start.line else r.end.line
    return await _edits(ls, params.text_document.uri, (r.start.line, last))
