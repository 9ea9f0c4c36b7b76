"""The documents the editor opens, changes, saves and closes: each is a deck of the network,
linted at once when opened and after the debounce when changed; a configuration saved is
read again; a file closed is read from disk again."""

from __future__ import annotations

from typing import Any

from lsprotocol import types as lsp

from decklint.server.lifecycle import reload
from decklint.server.session import DecklintServer, Handlers, fs_path, guarded

handlers = Handlers()


@handlers.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
@guarded()
def did_open(ls: DecklintServer, params: lsp.DidOpenTextDocumentParams) -> None:
    td = params.text_document
    ls.network.open(td.uri, td.text, td.version, td.language_id)
    ls.changed(opening=True)
    ls.look_aside()


@handlers.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
@guarded()
def did_change(ls: DecklintServer, params: lsp.DidChangeTextDocumentParams) -> None:
    td = params.text_document
    ls.jobs.changed(td.uri)  # its formatting or outline under way is of the text before
    doc = ls.workspace.get_text_document(td.uri)  # pygls applied the changes
    ls.network.open(td.uri, doc.source, td.version, doc.language_id or "")
    ls.changed()


@handlers.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
@guarded()
async def did_save(ls: DecklintServer, params: lsp.DidSaveTextDocumentParams) -> None:
    if ls.network.is_config(params.text_document.uri):
        await reload(ls)


@handlers.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
@guarded()
def did_close(ls: DecklintServer, params: lsp.DidCloseTextDocumentParams) -> None:
    ls.jobs.changed(params.text_document.uri)
    doc = ls.network.close(params.text_document.uri)
    if doc is not None:
        ls.looked.pop(doc.path, None)
    if doc is not None and doc.is_file:
        # the file's text on disk takes the document's place
        path = fs_path(doc.uri)
        if path is not None and path.is_file():
            ls.network.disk = [
                i for i in ls.network.disk if (i.container or i.path) != doc.path
            ] + _read(doc.path)
    ls.changed()


def _read(path: str) -> list[Any]:
    from decklint import api

    return api.gather([path])
