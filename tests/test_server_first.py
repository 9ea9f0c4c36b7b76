"""The language server's start and settings end to end, over standard input and output: an
opened deck gets the findings it decides itself before the whole network is linted (the whole
lint held at a gate, `tests/gated_server.py`, so that nothing is timed), the whole lint shows
its progress, and the editor's settings are pulled (`workspace/configuration`) and pulled again
when they change."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types as lsp  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

from .test_server import (  # noqa: E402
    MODES,
    SERVER,
    SWITCHED,
    WAIT,
    codes,
    diagnostics,
    open_doc,
    start,
    write,
)

GATED = [sys.executable, str(Path(__file__).with_name("gated_server.py"))]
# A switched major node with an operand VTAM does not know (PRS002: the deck decides it) and a
# mode table defined nowhere (VTM006: only the whole network can say it is nowhere).
TYPO = SWITCHED.replace("ADDR=01, ", "ADDRR=01,")
ELSEWHERE = SWITCHED.replace("SW ", "SX ").replace("P1 ", "P2 ").replace("TUNEMODE", "NOMODES ")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=GATED))
async def gated(lsp_client: LanguageClient) -> Any:
    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        return None

    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient) -> Any:
    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        return None

    yield
    await lsp_client.shutdown_session()


def progress_of(client: LanguageClient, title: str) -> list[Any]:
    """The reports of the progress whose title holds `title` ([] before it begins)."""
    for reports in client.progress_reports.values():
        begun = reports and isinstance(reports[0], lsp.WorkDoneProgressBegin)
        if begun and title in reports[0].title:
            return list(reports)
    return []


async def progress(
    client: LanguageClient, title: str, done: Callable[[list[Any]], bool]
) -> list[Any]:
    """The reports of that progress once `done` holds for them (waiting for more)."""

    async def wait() -> list[Any]:
        while not done(got := progress_of(client, title)):
            await client.wait_for_notification(lsp.PROGRESS)
        return got

    return await asyncio.wait_for(wait(), WAIT)


def ended(reports: list[Any]) -> bool:
    return bool(reports) and isinstance(reports[-1], lsp.WorkDoneProgressEnd)


@pytest.mark.asyncio
async def test_an_opened_deck_is_shown_before_the_network_is_linted(
    gated: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": TYPO, "x.vtam": ELSEWHERE})
    await start(gated, root)
    deck, other = (root / "s.vtam").as_uri(), (root / "x.vtam").as_uri()
    open_doc(gated, deck, TYPO)
    first = await diagnostics(gated, deck, lambda ds: len(ds) > 0)
    # what the deck decides alone; not the undefined entries #BATCH and #BATCHSC, which need
    # the mode tables of the whole network (the whole lint has not run: it waits at the gate)
    assert [c for _, c in codes(first)] == ["PRS002"]
    # the whole lint begins (the folders read), and waits
    lint = await progress(gated, "linting the network", lambda rs: len(rs) > 0)
    assert not ended(lint) and other not in gated.diagnostics
    (root / ".gate").touch()
    whole = await diagnostics(gated, deck, lambda ds: "VTM006" in {str(d.code) for d in ds})
    assert set(codes(first)) < set(codes(whole))  # the whole lint has the last word
    assert codes(whole, "VTM006") == [(3, "VTM006"), (5, "VTM006")]
    await diagnostics(gated, other, lambda ds: "VTM006" in {str(d.code) for d in ds})
    # begun, told how far it is (files read out of all), ended
    lint = await progress(gated, "linting the network", ended)
    reports = [r for r in lint if isinstance(r, lsp.WorkDoneProgressReport)]
    assert reports and all(r.message for r in reports)
    assert any(" of 3 files read" in str(r.message) for r in reports), reports
    assert str(lint[-1].message).endswith(" findings in 3 files")
    assert ended(progress_of(gated, "reading the workspace folders"))


@pytest.mark.asyncio
async def test_the_first_look_gives_the_network_rules_a_deck_decides(
    gated: LanguageClient, tmp_path: Path
) -> None:
    """VTM012 compares the LUs of one PU, coded in the PU's deck (`decided-by: file`): the
    first look gives it with the deck's own findings, before the whole lint."""
    twice = TYPO + "L2       LU    LOCADDR=2\nL3       LU    LOCADDR=2\n"
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": twice})
    await start(gated, root)
    deck = (root / "s.vtam").as_uri()
    open_doc(gated, deck, twice)
    first = await diagnostics(gated, deck, lambda ds: len(ds) > 0)
    assert codes(first) == [(1, "PRS002"), (7, "VTM012")]  # lines counted from 0
    (root / ".gate").touch()
    whole = await diagnostics(gated, deck, lambda ds: "VTM006" in ds_codes(ds))
    assert set(codes(first)) < set(codes(whole))


@pytest.mark.asyncio
async def test_a_deck_opened_while_the_folders_are_read_is_shown_too(
    gated: LanguageClient, tmp_path: Path
) -> None:
    # the folders' reading held until the gate opens, as a large parent folder holds it
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": TYPO, ".hold-folders": ""})
    await start(gated, root)
    open_doc(gated, (root / "s.vtam").as_uri(), TYPO)
    await diagnostics(gated, (root / "s.vtam").as_uri(), lambda ds: len(ds) > 0)
    assert not ended(progress_of(gated, "reading the workspace folders"))
    # a second deck, a document that is no file, while the folders are still read
    member = "zowe-ds:/lpar1/SYS1.VTAMLST/XCAGRP"
    open_doc(gated, member, "XG1      GROUP DIAL=YES,CALLL=INOUT\n", language="vtam")
    got = await diagnostics(gated, member, lambda ds: len(ds) > 0)
    assert [c for _, c in codes(got)] == ["PRS002"]
    (root / ".gate").touch()
    await diagnostics(gated, (root / "s.vtam").as_uri(), lambda ds: "VTM006" in ds_codes(ds))


@pytest.mark.asyncio
async def test_a_deck_opened_while_the_whole_lint_runs_does_not_wait_for_it(
    gated: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": TYPO, "x.vtam": ELSEWHERE})
    await start(gated, root)
    # nothing opened at start: the folders are read, and the whole lint begins and waits at
    # the gate, in the lint thread
    await progress(gated, "linting the network", lambda rs: len(rs) > 0)
    deck = (root / "s.vtam").as_uri()
    open_doc(gated, deck, TYPO)
    first = await diagnostics(gated, deck, lambda ds: len(ds) > 0)
    assert [c for _, c in codes(first)] == ["PRS002"]  # what the deck decides alone
    assert not ended(progress_of(gated, "linting the network"))  # still at the gate
    (root / ".gate").touch()
    whole = await diagnostics(gated, deck, lambda ds: "VTM006" in ds_codes(ds))
    assert codes(whole, "VTM006") == [(3, "VTM006"), (5, "VTM006")]


async def until(holds: Callable[[], bool]) -> None:
    """Wait until `holds()` (a file the gated server makes), at most WAIT seconds."""

    async def wait() -> None:
        while not holds():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(wait(), WAIT)


@pytest.mark.asyncio
async def test_the_folders_walk_waits_while_a_first_look_is_pending(
    gated: LanguageClient, tmp_path: Path
) -> None:
    """`walk_clear`: the walk of a large folder does not share the interpreter with an opened
    deck's first look. The first look is held (`.hold-look`) and the walk let go meanwhile:
    it reaches its first file and goes no further until the first look has ended."""
    files = {"m.vtam": MODES, "s.vtam": TYPO, ".hold-folders": "", ".hold-look": ""}
    root = write(tmp_path / "ws", files)
    await start(gated, root)
    # the folders' reading has begun (held by `.hold-folders`) before the deck is opened
    await progress(gated, "reading the workspace folders", lambda rs: len(rs) > 0)
    deck = (root / "s.vtam").as_uri()
    open_doc(gated, deck, TYPO)
    await until((root / ".look-began").exists)  # a first look is pending
    (root / ".hold-folders").unlink()  # the walk begins
    await until((root / ".walk-reached").exists)  # and tells its first file found
    (root / ".hold-look").unlink()
    first = await diagnostics(gated, deck, lambda ds: len(ds) > 0)
    assert [c for _, c in codes(first)] == ["PRS002"]
    # when the first look ended, the walk had not gone past its first file
    assert (root / ".look-saw").read_text() == "held"
    await until((root / ".walk-passed").exists)  # then it went on
    (root / ".gate").touch()
    await diagnostics(gated, deck, lambda ds: "VTM006" in ds_codes(ds))


def ds_codes(ds: list[lsp.Diagnostic]) -> set[str]:
    return {str(d.code) for d in ds}


def baseline(root: Path, name: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "decklint", "lint", "--write-baseline", name, "."],
        cwd=root,
        check=True,
        capture_output=True,
    )


@pytest.mark.asyncio
async def test_settings_are_pulled_and_pulled_again_when_they_change(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": SWITCHED})
    baseline(root, "base.json")
    write(root, {"t.vtam": ELSEWHERE})
    asked: list[str | None] = []  # the sections the server asked for
    answer = client.get_configuration

    def configuration(*, section: str | None = None, scope_uri: str | None = None) -> Any:
        asked.append(section)
        return answer(section=section, scope_uri=scope_uri)

    client.get_configuration = configuration  # type: ignore[method-assign]
    client.set_configuration({"decklint": {"baseline": "base.json"}})
    await start(client, root)
    switched, other = (root / "s.vtam").as_uri(), (root / "t.vtam").as_uri()
    # the baseline the editor's settings name holds s.vtam's findings, not t.vtam's
    await diagnostics(client, other, lambda ds: len(ds) > 0)
    assert not client.diagnostics.get(switched)
    assert asked == ["decklint"]
    # the setting is taken away: didChangeConfiguration (with no settings, as clients of the
    # pull model send it) has the server ask again, and lint again
    client.set_configuration({"decklint": {"baseline": None}})
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
    got = await diagnostics(client, switched, lambda ds: len(codes(ds, "VTM006")) == 2)
    assert len(asked) == 2
    # and a client that sends the settings with the notification is heard too
    client.set_configuration({"decklint": {}})
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(settings={"decklint": {"baseline": "base.json"}})
    )
    await diagnostics(client, switched, lambda ds: len(ds) == 0)
    assert got
