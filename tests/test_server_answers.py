"""The editor features before the whole network is linted, end to end over standard input and
output: the whole lint is held at a gate (`tests/gated_server.py`), so every answer asserted
here came before it, and nothing is timed. Hover, the outline, completion and a definition in
the same deck answer from the first look at the opened deck; a definition in another deck and
references answer nothing then, and the editor is told why (`window/showMessage`), and told
again once the whole lint is done."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types as lsp  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

from .test_server import MODES, SWITCHED, WAIT, diagnostics, open_doc, position, start, write  # noqa: E402
from .test_server_first import GATED, ended, progress_of, until  # noqa: E402

# the switched major node with an LU whose operands are being typed (completion at its end)
TYPING = SWITCHED + "L2       LU    LOCADDR=2,DL"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=GATED))
async def gated(lsp_client: LanguageClient) -> Any:
    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        return None

    yield
    await lsp_client.shutdown_session()


def doc_id(uri: str) -> lsp.TextDocumentIdentifier:
    return lsp.TextDocumentIdentifier(uri=uri)


def hover_text(got: lsp.Hover | None) -> str:
    assert got is not None and isinstance(got.contents, lsp.MarkupContent)
    return got.contents.value


def told(client: LanguageClient, words: str) -> list[str]:
    """The messages the editor was shown that hold `words`."""
    return [m.message for m in client.messages if words in m.message]


async def shown(client: LanguageClient, words: str) -> None:
    """Wait until the editor is shown a message that holds `words`."""

    async def wait() -> None:
        while not told(client, words):
            await client.wait_for_notification(lsp.WINDOW_SHOW_MESSAGE)

    await asyncio.wait_for(wait(), WAIT)


def references(uri: str, at: lsp.Position) -> lsp.ReferenceParams:
    return lsp.ReferenceParams(
        context=lsp.ReferenceContext(include_declaration=True),
        text_document=doc_id(uri),
        position=at,
    )


@pytest.mark.asyncio
async def test_the_opened_deck_answers_before_the_network_is_linted(
    gated: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": SWITCHED})
    await start(gated, root)
    deck = (root / "s.vtam").as_uri()
    open_doc(gated, deck, TYPING)
    # asked at once: each request waits for the deck's first look, not for the whole lint
    on_dlogmod = lsp.HoverParams(doc_id(deck), position(TYPING, "DLOGMOD"))
    assert hover_text(await gated.text_document_hover_async(on_dlogmod)).startswith("**DLOGMOD**")
    # a name another deck defines: the hover says it is not known yet, rather than nowhere
    on_table = lsp.HoverParams(doc_id(deck), position(TYPING, "TUNEMODE"))
    said = hover_text(await gated.text_document_hover_async(on_table))
    assert "defined in: not known yet (the workspace is not linted yet)" in said
    # a definition within the deck: a PU's label is the resource it defines
    label = position(TYPING, "P1 ")
    defs = await gated.text_document_definition_async(lsp.DefinitionParams(doc_id(deck), label))
    assert isinstance(defs, list)
    assert [(d.uri, d.range.start) for d in defs if isinstance(d, lsp.Location)] == [(deck, label)]
    syms = await gated.text_document_document_symbol_async(lsp.DocumentSymbolParams(doc_id(deck)))
    assert syms and [(s.name, s.kind) for s in syms if isinstance(s, lsp.DocumentSymbol)] == [
        ("SW", lsp.SymbolKind.Module)
    ]
    end = lsp.Position(TYPING.count("\n"), len(TYPING.rsplit("\n", 1)[-1]))
    got = await gated.text_document_completion_async(lsp.CompletionParams(doc_id(deck), end))
    assert isinstance(got, lsp.CompletionList)
    assert "DLOGMOD" in {i.label for i in got.items}
    # all of it while the whole lint waits at the gate
    assert not (root / ".gate").exists()
    assert not ended(progress_of(gated, "linting the network"))


@pytest.mark.asyncio
async def test_a_request_across_decks_before_the_whole_lint_says_it_must_wait(
    gated: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": SWITCHED})
    await start(gated, root)
    deck, table = (root / "s.vtam").as_uri(), (root / "m.vtam").as_uri()
    open_doc(gated, deck, SWITCHED)
    await diagnostics(gated, deck, lambda ds: True)  # the first look (no finding)
    named = position(SWITCHED, "TUNEMODE")  # MODETAB=TUNEMODE: the table is m.vtam's
    ask = lsp.DefinitionParams(doc_id(deck), named)
    assert await gated.text_document_definition_async(ask) is None
    await shown(gated, "are known once the whole workspace is linted")
    (message,) = told(gated, "known once")
    assert message.startswith("decklint: definitions in other decks are known once")
    assert message.endswith("ask again then.")
    assert await gated.text_document_references_async(references(deck, named)) is None
    logged = [m.message for m in gated.log_messages if "references across decks" in m.message]
    assert logged  # said in the log each time, shown once
    assert len(told(gated, "known once")) == 1
    # not a word where nothing is looked up: an operand's keyword
    on_keyword = lsp.DefinitionParams(doc_id(deck), position(SWITCHED, "MODETAB"))
    assert not await gated.text_document_definition_async(on_keyword)
    before = len(gated.log_messages)
    await gated.text_document_references_async(references(deck, position(SWITCHED, "ADDR")))
    assert not any("known once" in m.message for m in gated.log_messages[before:])
    # the whole lint: the editor is told, and the same requests answer
    (root / ".gate").touch()
    await shown(gated, "the workspace is linted")
    defs = await gated.text_document_definition_async(ask)
    assert isinstance(defs, list)
    assert [d.uri for d in defs if isinstance(d, lsp.Location)] == [table]
    refs = await gated.text_document_references_async(references(deck, named))
    assert refs is not None
    assert sorted({r.uri for r in refs}) == sorted({deck, table})


@pytest.mark.asyncio
async def test_a_hover_asked_while_the_first_look_runs_waits_for_it(
    gated: LanguageClient, tmp_path: Path
) -> None:
    """The first look held (`.hold-look`): a hover asked meanwhile is answered once it
    ends, from it, not answered nothing because no lint has ended yet."""
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": SWITCHED, ".hold-look": ""})
    await start(gated, root)
    deck = (root / "s.vtam").as_uri()
    open_doc(gated, deck, SWITCHED)
    await until((root / ".look-began").exists)
    on_dlogmod = lsp.HoverParams(doc_id(deck), position(SWITCHED, "DLOGMOD"))
    pending = asyncio.ensure_future(gated.text_document_hover_async(on_dlogmod))
    (root / ".hold-look").unlink()
    got = await asyncio.wait_for(pending, WAIT)
    assert hover_text(got).startswith("**DLOGMOD**")
    assert not ended(progress_of(gated, "linting the network"))
