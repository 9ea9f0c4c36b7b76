"""The editor features of `decklint.ide` (hover, definitions, references, document symbols,
completion) as protocol handlers of the language server: positions converted between the
client's encoding and decklint's, paths to URIs. The outline reads the whole document: it is
made off the event loop (`server.jobs`).

Before the first lint of the whole network they answer from the first look at the document
(`DecklintServer.model_of`): hover, the outline, completion and a definition in the same deck
(or one opened with it) at once; a definition in another deck and references, which need the
decks around it, answer nothing and say so (`DecklintServer.not_yet`)."""

from __future__ import annotations

from lsprotocol import types as lsp

from decklint import ide
from decklint.server import convert
from decklint.server.jobs import Stale
from decklint.server.positions import Codec
from decklint.server.session import DecklintServer, Handlers, guarded
from decklint.server.work import outline

handlers = Handlers()


@handlers.feature(lsp.TEXT_DOCUMENT_HOVER)
@guarded()
async def hover(ls: DecklintServer, params: lsp.HoverParams) -> lsp.Hover | None:
    here = await ls.at(params.text_document.uri, params.position)
    if here is None:
        return None
    doc = here.doc
    h = ide.hover(here.run.result, doc.path, doc.text, here.line, here.col, not here.whole)
    if h is None:
        return None
    return lsp.Hover(
        contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=h.markdown),
        range=convert.to_range(here.codec, h.span),
    )


@handlers.feature(lsp.TEXT_DOCUMENT_DEFINITION)
@guarded()
async def definition(ls: DecklintServer, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
    """Where the name under the cursor is defined; before the whole lint, only a definition
    in the decks the first look read (the deck, and those opened with it): one elsewhere is
    not known yet, and said so."""
    here = await ls.at(params.text_document.uri, params.position)
    if here is None:
        return None
    doc, result = here.doc, here.run.result
    line, col = here.line, here.col
    found = ide.definition(result, doc.path, doc.text, line, col)
    if not found and not here.whole and ide.names_at(result, doc.path, doc.text, line, col):
        ls.not_yet("definitions in other decks")
        return None
    return [ls.locate(loc.path, loc.span, current=True) for loc in found]


@handlers.feature(lsp.TEXT_DOCUMENT_REFERENCES)
@guarded()
async def references(ls: DecklintServer, params: lsp.ReferenceParams) -> list[lsp.Location] | None:
    """Every use of the name under the cursor across the network: known once the whole
    network is linted (before, said so)."""
    here = await ls.at(params.text_document.uri, params.position)
    if here is None:
        return None
    doc, result = here.doc, here.run.result
    if not here.whole:
        if ide.names_at(result, doc.path, doc.text, here.line, here.col):
            ls.not_yet("references across decks")
        return None
    found = ide.references(
        result, doc.path, doc.text, here.line, here.col, params.context.include_declaration
    )
    return [ls.locate(loc.path, loc.span, current=True) for loc in found]


@handlers.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@guarded()
async def document_symbol(
    ls: DecklintServer, params: lsp.DocumentSymbolParams
) -> list[lsp.DocumentSymbol] | None:
    """The outline, made off the event loop (`server.jobs`): a large document's takes long."""
    uri = params.text_document.uri
    doc = ls.network.document(uri)
    if doc is None:
        return None
    dialect = await ls.dialect_for(doc)
    doc = ls.network.document(uri)  # it may have changed meanwhile
    if doc is None:
        return None
    args = (doc.path, doc.text, dialect, ls.encoding)
    try:
        found: list[lsp.DocumentSymbol] = await ls.jobs.run(uri, len(doc.text), outline, *args)
    except Stale:
        return None
    return found


@handlers.feature(
    lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=["=", ",", "("])
)
@guarded()
async def completion(ls: DecklintServer, params: lsp.CompletionParams) -> lsp.CompletionList | None:
    doc = ls.network.document(params.text_document.uri)
    if doc is None:
        return None
    dialect = await ls.dialect_for(doc)
    doc = ls.network.document(params.text_document.uri)  # it may have changed meanwhile
    if doc is None:
        return None
    codec = Codec(doc.text, ls.encoding)
    line, col = codec.from_client(params.position.line, params.position.character)
    items = [
        lsp.CompletionItem(
            label=c.label,
            kind=_completion_kind(c.kind),
            detail=c.detail or None,
            documentation=(
                lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=c.documentation)
                if c.documentation
                else None
            ),
            insert_text=c.insert_text or None,
        )
        for c in ide.completions(doc.path, doc.text, line, col, dialect)
    ]
    return lsp.CompletionList(is_incomplete=False, items=items)


_COMPLETION_KINDS = {
    "operand": lsp.CompletionItemKind.Property,
    "value": lsp.CompletionItemKind.Value,
    "statement": lsp.CompletionItemKind.Keyword,
}


def _completion_kind(kind: str) -> lsp.CompletionItemKind:
    return _COMPLETION_KINDS.get(kind, lsp.CompletionItemKind.Text)
