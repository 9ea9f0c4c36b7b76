"""A large document's long work does not hold up the language server: its formatting runs in a
process of its own while a small document's hover and formatting are answered, and stops when
the request is cancelled (`$/cancelRequest`) or the document changes. The formatting of the
large document waits at a gate (`tests/gated_server.py`: `.hold-format`), so that the test
orders events and times nothing."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types as lsp  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

from .test_server import (  # noqa: E402
    MODES,
    SWITCHED,
    WAIT,
    change_doc,
    diagnostics,
    open_doc,
    start,
    write,
)
from .test_server_first import ended, progress  # noqa: E402

if sys.version_info < (3, 11):  # no safe spawn: the work runs in a thread (platform/children.py)
    pytest.skip("a process of its own needs Python 3.11", allow_module_level=True)

GATED = [sys.executable, str(Path(__file__).with_name("gated_server.py"))]
FORMATTING = lsp.TEXT_DOCUMENT_FORMATTING


def _big() -> str:
    """A deck of 500 APPLs (over the gated server's 20,000 characters for a large document)
    whose first statement's mark an edit pushed to column 73: formatting has an edit."""
    lines = ["APPLS    VBUILD TYPE=APPL"]
    for i in range(500):
        lines.append(f"A{i:07d} APPL  ACBNAME=A{i:07d},".ljust(71 + (i == 0)) + "X")
        lines.append("               AUTH=(ACQ,PASS)")
    return "\n".join(lines) + "\n"


SMALL = SWITCHED.replace("ADDR=01,".ljust(56) + "X", "ADDR=01,".ljust(57) + "X")  # column 73


@pytest_lsp.fixture(config=ClientServerConfig(server_command=GATED))
async def gated(lsp_client: LanguageClient) -> Any:
    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        return None

    yield
    await lsp_client.shutdown_session()


def _format(client: LanguageClient, uri: str, msg_id: str) -> asyncio.Future[Any]:
    params = lsp.DocumentFormattingParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        options=lsp.FormattingOptions(tab_size=8, insert_spaces=True),
    )
    return asyncio.ensure_future(
        client.protocol.send_request_async(FORMATTING, params, msg_id=msg_id)
    )


async def _began(root: Path) -> int:
    """The process id of the large document's formatting, once it waits at the gate."""
    began = root / ".format-began"

    async def wait() -> int:
        while not began.exists() or not began.read_text():
            await asyncio.sleep(0.02)
        return int(began.read_text())

    return await asyncio.wait_for(wait(), WAIT)


async def _gone(pid: int) -> None:
    """Until the process `pid` is gone (a zombie its parent has not reaped counts as gone)."""

    def alive() -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        stat = Path(f"/proc/{pid}/stat")
        return not (stat.exists() and stat.read_text().split(") ", 1)[-1].startswith("Z"))

    async def wait() -> None:
        while alive():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(wait(), WAIT)


async def _setup(client: LanguageClient, tmp_path: Path) -> tuple[Path, str, str]:
    big = _big()
    root = write(tmp_path / "ws", {"big.vtam": big, "small.vtam": SMALL, "m.vtam": MODES})
    (root / ".gate").touch()  # the lints run: a hover needs the whole lint's model
    (root / ".hold-format").touch()
    await start(client, root)
    big_uri, small_uri = (root / "big.vtam").as_uri(), (root / "small.vtam").as_uri()
    open_doc(client, big_uri, big)
    open_doc(client, small_uri, SMALL)
    await diagnostics(client, small_uri, lambda ds: any(str(d.code) == "PRS001" for d in ds))
    await progress(client, "linting the network", ended)  # a hover reads its model
    return root, big_uri, small_uri


@pytest.mark.asyncio
async def test_a_large_documents_formatting_holds_up_no_other_request(
    gated: LanguageClient, tmp_path: Path
) -> None:
    root, big_uri, small_uri = await _setup(gated, tmp_path)
    pending = _format(gated, big_uri, "big-1")
    await _began(root)
    # the large document's formatting waits in its process: the small document's requests
    # are answered meanwhile
    small = await asyncio.wait_for(_format(gated, small_uri, "small-1"), WAIT)
    assert small and small[0].range.start.line == 1  # its card with the mark in column 73
    hover = await asyncio.wait_for(
        gated.text_document_hover_async(
            lsp.HoverParams(
                text_document=lsp.TextDocumentIdentifier(uri=small_uri),
                position=lsp.Position(line=2, character=26),  # MODETAB=TUNEMODE
            )
        ),
        WAIT,
    )
    assert hover is not None and "TUNEMODE" in str(hover.contents)
    symbols = await asyncio.wait_for(
        gated.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=small_uri))
        ),
        WAIT,
    )
    assert symbols
    assert not pending.done()
    (root / ".hold-format").unlink()  # let it go: its edit comes
    edits = await asyncio.wait_for(pending, WAIT)
    assert edits and edits[0].range.start.line == 1


@pytest.mark.asyncio
async def test_a_cancelled_formatting_stops_its_process(
    gated: LanguageClient, tmp_path: Path
) -> None:
    root, big_uri, _small = await _setup(gated, tmp_path)
    pending = _format(gated, big_uri, "big-2")
    pid = await _began(root)
    gated.protocol.notify(lsp.CANCEL_REQUEST, lsp.CancelParams(id="big-2"))
    with pytest.raises(Exception, match="cancel"):
        await asyncio.wait_for(pending, WAIT)
    await _gone(pid)


@pytest.mark.asyncio
async def test_a_newer_version_stops_the_formatting_of_the_one_before(
    gated: LanguageClient, tmp_path: Path
) -> None:
    root, big_uri, _small = await _setup(gated, tmp_path)
    pending = _format(gated, big_uri, "big-3")
    pid = await _began(root)
    change_doc(gated, big_uri, _big().replace("A0000499", "B0000499"), 2)
    assert await asyncio.wait_for(pending, WAIT) is None  # edits of a text no longer shown
    await _gone(pid)
