"""The language server end to end: a real client (pytest-lsp) drives `decklint server` over
standard input and output, on workspaces written here and on the bundled example network."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types as lsp  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

from decklint.core.source import Span  # noqa: E402
from decklint.server.positions import UTF8, UTF16, UTF32, Codec, choose  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "fixtures" / "networks" / "site" / "baseline"
SERVER = [sys.executable, "-m", "decklint", "server"]
PUBLISH = lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS
WAIT = 60.0  # seconds a test waits for the diagnostics it expects

MODES = """\
TUNEMODE MODETAB
#INTER   MODEENT LOGMODE=#INTER
         MODEEND
"""
MODES_WITH_BATCH = """\
TUNEMODE MODETAB
#INTER   MODEENT LOGMODE=#INTER
#BATCH   MODEENT LOGMODE=#BATCH
         MODEEND
"""
SWITCHED = """\
SW       VBUILD TYPE=SWNET
P1       PU    ADDR=01,                                                X
               MODETAB=TUNEMODE,                                       X
               DLOGMOD=#BATCH
L1       LU    LOCADDR=0,                                              X
               DLOGMOD=#BATCHSC
"""
NCP_TYPO = """\
TRPG     GROUP ECLTYPE=(PHYSICAL,PERIPHERAL)
TRPL     LINE  ADDRESS=(1088,FULL),                                    X
               ADAPTER=TIC2,                                           X
               TRSPEED=4,                                              X
               MAXTSL=4060,                                            X
               RCVBUFF=8192
"""
NCP_TYPO_FIXED = NCP_TYPO.replace("RCVBUFF=", "RCVBUFC=")
NCP_DELAY = "P1       PCCU  MAXDATA=65535,DELAY=.2\n"
# Decks whose names and contents tell no dialect: only a document's language does.
XCA_GROUPS = """\
XG1      GROUP DIAL=YES,CALL=INOUT,ANSWER=ON,AUTOGEN=(5,L,P)
XL1      LINE  ISTATUS=ACTIVE,CALLL=INOUT
"""
NCP_LINES = """\
TRPG     GROUP ECLTYPE=(PHYSICAL,PERIPHERAL)
TRPL     LINE  ADDRESS=(1088,FULL),ADAPTER=TIC2,TRSPEED=4,RCVBUFF=8192
TRPU     PU    ADDR=01,PUTYPE=2
"""  # an NCP's line whose PU statement alone tells a deck: decklint takes it for VTAM
OLD_ROUTES = """\
GATEWAY
  9.67.43     =           TR1      2000       0
  DEFAULTNET  9.67.43.1   TR1      2000       0
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient) -> Any:
    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        lsp_client.registrations = [
            *getattr(lsp_client, "registrations", []),
            *params.registrations,
        ]

    yield
    await lsp_client.shutdown_session()


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


async def start(
    client: LanguageClient,
    root: Path,
    options: dict[str, Any] | None = None,
    encodings: Sequence[str] | None = None,
) -> lsp.InitializeResult:
    caps = client_capabilities("visual-studio-code")
    if encodings is not None:
        caps.general = lsp.GeneralClientCapabilities(position_encodings=list(encodings))
    return await client.initialize_session(
        lsp.InitializeParams(
            capabilities=caps,
            root_uri=root.as_uri(),
            workspace_folders=[lsp.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
            initialization_options=options,
        )
    )


async def diagnostics(
    client: LanguageClient, uri: str, done: Callable[[Sequence[lsp.Diagnostic]], bool]
) -> Sequence[lsp.Diagnostic]:
    """The diagnostics of `uri` once `done` holds for them (waiting for publications)."""

    async def wait() -> Sequence[lsp.Diagnostic]:
        while True:
            got = client.diagnostics.get(uri)
            if got is not None and done(got):
                return got
            await client.wait_for_notification(PUBLISH)

    return await asyncio.wait_for(wait(), WAIT)


def codes(diags: Sequence[lsp.Diagnostic], only: str | None = None) -> list[tuple[int, str]]:
    return sorted((d.range.start.line, str(d.code)) for d in diags if only in (None, d.code))


def open_doc(
    client: LanguageClient, uri: str, text: str, version: int = 1, language: str = "deck"
) -> None:
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(uri=uri, language_id=language, version=version, text=text)
        )
    )


def change_doc(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def apply(text: str, edits: Sequence[lsp.TextEdit]) -> str:
    """Apply protocol edits (UTF-16 positions; these texts are ASCII) to a text."""
    lines = text.splitlines(keepends=True)

    def offset(p: lsp.Position) -> int:
        return sum(len(ln) for ln in lines[: p.line]) + p.character

    out = text
    for e in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        out = out[: offset(e.range.start)] + e.new_text + out[offset(e.range.end) :]
    return out


def cli_findings(root: Path, *args: str) -> list[dict[str, Any]]:
    got = subprocess.run(
        [sys.executable, "-m", "decklint", "lint", "--format", "json", *(args or ["."])],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert got.returncode in (0, 1), got.stderr
    findings: list[dict[str, Any]] = json.loads(got.stdout)["findings"]
    return findings


# ---------------------------------------------------------------------- positions


def test_positions_in_each_encoding() -> None:
    text = "A=\U0001f600é,B=1\n"
    assert Codec(text, UTF16).to_client(1, 5) == (0, 5)
    assert Codec(text, UTF8).to_client(1, 5) == (0, 8)
    assert Codec(text, UTF32).to_client(1, 5) == (0, 4)
    for enc in (UTF8, UTF16, UTF32):
        codec = Codec(text, enc)
        assert codec.from_client(*codec.to_client(1, 5)) == (1, 5)
        assert codec.from_client(0, 999) == (1, len(text.rstrip("\n")) + 1)
    assert Codec("a\r\nb\rc\n", UTF16).span(Span(3, 1, 3, 2)) == ((2, 0), (2, 1))


def test_encoding_choice_follows_the_client() -> None:
    assert choose(None) == UTF16
    assert choose(["utf-32", "utf-8"]) == UTF32
    assert choose(["latin-1"]) == UTF16


def test_a_citation_is_the_codes_link_when_it_is_an_address() -> None:
    from decklint.core.findings import Citation, Finding, Related, Severity
    from decklint.server import convert

    def place(path: str, span: Span) -> lsp.Location:
        return lsp.Location(f"file:///{path}", convert.to_range(Codec(""), span))

    web = Citation("https://www.ibm.com/docs/en/zos/2.5.0?topic=mode", "MODEENT")
    f = Finding("a.vtam", Span(1, 1, 1, 4), "VTM006", "x", Severity.ERROR, "msg", "vtam", "", web)
    d = convert.diagnostic(f, Codec("ABC\n"), place)
    assert d.code_description is not None and d.code_description.href == web.document
    assert d.message == "msg" and d.severity == lsp.DiagnosticSeverity.Error
    seed = Citation('"Getting the most from APPC"', "DLC pacing")
    other = Related("b.ncp", Span(2, 3, 2, 5), "the other end")
    f = Finding(
        "a.vtam", Span(1, 1, 1, 4), "SNA011", "x", Severity.INFO, "msg", "vtam", "", seed, (other,)
    )
    d = convert.diagnostic(f, Codec("ABC\n"), place)
    assert d.code_description is None and d.message == f"msg\nsee {seed.render()}"
    assert d.data == {"name": "x", "citation": seed.render()}
    assert d.related_information is not None
    assert d.related_information[0].location.uri == "file:///b.ncp"
    assert d.related_information[0].message == "the other end"


# ---------------------------------------------------------------------- end to end


@pytest.mark.asyncio
async def test_open_deck_gets_the_command_lines_findings(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = tmp_path / "site"
    shutil.copytree(SITE, root)
    expected = cli_findings(root)
    await start(client, root)
    deck = root / "MVS1" / "SWLAB"
    open_doc(client, deck.as_uri(), deck.read_text())
    want = sorted((f["line"] - 1, f["code"]) for f in expected if f["path"] == "MVS1/SWLAB")
    assert want, "the example network has findings on MVS1/SWLAB"
    got = await diagnostics(client, deck.as_uri(), lambda ds: codes(ds) == want)
    sna011 = next(d for d in got if d.code == "SNA011")
    assert sna011.severity == lsp.DiagnosticSeverity.Warning
    assert sna011.source == "decklint"
    assert "§ DLC pacing" in sna011.message
    assert sna011.related_information
    other = sna011.related_information[0].location
    assert other.uri == (root / "DOSCP" / "CONFIG.NSD").as_uri()
    # decks not open get their findings too: the workspace is one network
    nsd = [f for f in expected if f["path"] == "DOSCP/CONFIG.NSD"]
    if nsd:
        await diagnostics(client, other.uri, lambda ds: len(ds) == len(nsd))


@pytest.mark.asyncio
async def test_a_mode_table_change_updates_the_decks_that_name_it(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": SWITCHED})
    await start(client, root)
    modes, switched = (root / "m.vtam").as_uri(), (root / "s.vtam").as_uri()
    open_doc(client, modes, MODES)
    both = [(3, "VTM006"), (5, "VTM006")]
    await diagnostics(client, switched, lambda ds: codes(ds, "VTM006") == both)
    change_doc(client, modes, MODES_WITH_BATCH, 2)
    await diagnostics(client, switched, lambda ds: codes(ds, "VTM006") == [(5, "VTM006")])
    # and the open deck itself, as it is typed
    open_doc(client, switched, SWITCHED)
    change_doc(client, switched, SWITCHED.replace("#BATCHSC", "#INTER  "), 2)
    await diagnostics(client, switched, lambda ds: codes(ds, "VTM006") == [])


@pytest.mark.asyncio
async def test_files_changed_on_disk_and_the_configuration_are_read_again(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": SWITCHED})
    await start(client, root)
    switched = (root / "s.vtam").as_uri()
    both = [(3, "VTM006"), (5, "VTM006")]
    await diagnostics(client, switched, lambda ds: codes(ds, "VTM006") == both)

    def changed(name: str, kind: lsp.FileChangeType) -> None:
        client.workspace_did_change_watched_files(
            lsp.DidChangeWatchedFilesParams([lsp.FileEvent((root / name).as_uri(), kind)])
        )

    write(root, {"m.vtam": MODES_WITH_BATCH})
    changed("m.vtam", lsp.FileChangeType.Changed)
    await diagnostics(client, switched, lambda ds: codes(ds, "VTM006") == [(5, "VTM006")])
    write(root, {".decklint.yaml": "ignore: [VTM006]\n"})
    changed(".decklint.yaml", lsp.FileChangeType.Created)
    await diagnostics(client, switched, lambda ds: codes(ds, "VTM006") == [])


@pytest.mark.asyncio
async def test_a_document_that_is_no_file_joins_the_network(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES})
    await start(client, root)
    member = "zowe-ds:/lpar1/SYS1.VTAMLST/SWLAB"
    open_doc(client, member, SWITCHED)
    # the mode table on disk is read with it: #BATCH and #BATCHSC are not in TUNEMODE
    both = [(3, "VTM006"), (5, "VTM006")]
    got = await diagnostics(client, member, lambda ds: codes(ds, "VTM006") == both)
    assert all(d.severity == lsp.DiagnosticSeverity.Error for d in got if d.code == "VTM006")
    client.text_document_did_close(
        lsp.DidCloseTextDocumentParams(lsp.TextDocumentIdentifier(uri=member))
    )
    await diagnostics(client, member, lambda ds: len(ds) == 0)


@pytest.mark.asyncio
async def test_a_broken_deck_is_a_finding(client: LanguageClient, tmp_path: Path) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES})
    await start(client, root)
    uri = (root / "broken.vtam").as_uri()
    text = "TUNEMODE MODETAB\n#INTER   MODEENT LOGMODE=(((,\x00\n  ===\n"
    open_doc(client, uri, text)
    got = await diagnostics(client, uri, lambda ds: len(ds) > 0)
    assert any(d.code == "PRS001" for d in got)
    # the server goes on answering
    actions = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=lsp.Range(lsp.Position(0, 0), lsp.Position(3, 0)),
            context=lsp.CodeActionContext(diagnostics=list(got)),
        )
    )
    assert actions is not None
    change_doc(client, uri, MODES, 2)
    await diagnostics(client, uri, lambda ds: not any(d.code == "PRS001" for d in ds))


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("name", "language", "dialect", "text", "code"),
    [
        ("TRLINES", "ncp", "ncp", NCP_LINES, "NCP014"),
        ("OLDROUTE", "tcpip-profile", "tcpip", OLD_ROUTES, "REL004"),
        ("OLDROUTE", "tcpip", "tcpip", OLD_ROUTES, "REL004"),  # a file type (Neovim)
    ],
)
async def test_a_documents_language_is_its_dialect(
    client: LanguageClient,
    tmp_path: Path,
    name: str,
    language: str,
    dialect: str,
    text: str,
    code: str,
) -> None:
    """A deck language's id (package.json's, or the dialect's name) lints the document as
    `--dialect` lints that file."""
    root = write(tmp_path / "ws", {name: text})
    want = sorted(
        (f["line"] - 1, f["code"]) for f in cli_findings(root, "--dialect", dialect, name)
    )
    assert code in {c for _, c in want}
    await start(client, root)
    uri = (root / name).as_uri()
    open_doc(client, uri, text, language=language)
    await diagnostics(client, uri, lambda ds: codes(ds) == want)


@pytest.mark.asyncio
async def test_a_member_set_to_vtam_by_hand_is_a_vtam_deck(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES})
    await start(client, root)
    member = "zowe-ds:/lpar1/SYS1.VTAMLST/XCAGRP"
    open_doc(client, member, XCA_GROUPS, language="vtam")
    got = await diagnostics(client, member, lambda ds: any(d.code == "PRS002" for d in ds))
    (typo,) = got
    assert typo.range.start.line == 1 and "CALLL" in typo.message
    assert typo.message.endswith("SNA Resource Definition Reference")  # VTAM's, not NCP's
    # the language stays the document's as it is edited
    change_doc(client, member, XCA_GROUPS + "XL2      LINE  ISTATUZ=ACTIVE\n", 2)
    got = await diagnostics(client, member, lambda ds: len(ds) == 2)
    assert all(d.message.endswith("SNA Resource Definition Reference") for d in got)


@pytest.mark.asyncio
async def test_a_document_that_is_no_deck_gets_no_diagnostics(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, "notes.txt": "call Bob about the NCP\n"})
    await start(client, root)
    notes, scratch = (root / "notes.txt").as_uri(), "untitled:Untitled-1"
    member = "zowe-ds:/lpar1/SYS1.PARMLIB/IEASYS00"
    open_doc(client, notes, "call Bob about the NCP\n", language="plaintext")
    open_doc(client, scratch, "shopping list\n", language="plaintext")
    open_doc(client, member, "CLOCK=00,CMB=(UNITR,COMM)\n", language="unknown-id")
    # a deck opened with them is linted (and its diagnostics come with theirs)
    switched = (root / "s.vtam").as_uri()
    open_doc(client, switched, SWITCHED)
    await diagnostics(client, switched, lambda ds: len(codes(ds, "VTM006")) == 2)
    for uri in (notes, scratch, member):
        assert list(await diagnostics(client, uri, lambda ds: True)) == []


@pytest.mark.asyncio
async def test_a_broken_deck_of_a_language_is_a_finding(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES})
    await start(client, root)
    member = "zowe-ds:/lpar1/SYS1.VTAMLST/XCANEW"
    open_doc(
        client,
        member,
        "XG1      GROUP DIAL=(YES,\nXL1      LINE  ISTATUS=ACTIVE\n",
        language="vtam",
    )
    got = await diagnostics(client, member, lambda ds: len(ds) > 0)
    assert [d.code for d in got] == ["PRS001"]


async def code_actions(
    client: LanguageClient, uri: str, diags: Sequence[lsp.Diagnostic]
) -> list[lsp.CodeAction]:
    got = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=diags[0].range,
            context=lsp.CodeActionContext(diagnostics=list(diags)),
        )
    )
    assert got is not None
    return [a for a in got if isinstance(a, lsp.CodeAction)]


@pytest.mark.asyncio
async def test_a_safe_fix_is_the_preferred_quick_fix(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"n.ncp": NCP_TYPO})
    await start(client, root)
    uri = (root / "n.ncp").as_uri()
    open_doc(client, uri, NCP_TYPO)
    diags = await diagnostics(client, uri, lambda ds: any(d.code == "NCP014" for d in ds))
    typo = [d for d in diags if d.code == "NCP014"]
    actions = await code_actions(client, uri, typo)
    fix = next(a for a in actions if a.is_preferred)
    assert "NCP014" in fix.title
    assert fix.kind == lsp.CodeActionKind.QuickFix
    assert fix.diagnostics and fix.diagnostics[0].code == "NCP014"
    assert fix.edit is not None and fix.edit.changes is not None
    # the same text `decklint lint --fix` writes: the card layout kept
    assert apply(NCP_TYPO, fix.edit.changes[uri]) == NCP_TYPO_FIXED


@pytest.mark.asyncio
async def test_an_unsafe_fix_is_labelled_and_not_preferred(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"n.ncp": NCP_DELAY})
    await start(client, root)
    uri = (root / "n.ncp").as_uri()
    open_doc(client, uri, NCP_DELAY)
    diags = await diagnostics(client, uri, lambda ds: any(d.code == "NCP006" for d in ds))
    actions = await code_actions(client, uri, [d for d in diags if d.code == "NCP006"])
    fix = next(a for a in actions if a.title.startswith("Suppress") is False)
    assert "unsafe" in fix.title and not fix.is_preferred
    assert fix.edit is not None and fix.edit.changes is not None
    assert apply(NCP_DELAY, fix.edit.changes[uri]) == NCP_DELAY.replace("DELAY=.2", "DELAY=0")


# Two safe fixes (NCP014, one on a continuation card, one after a full card) and an unsafe one
# (NCP006) in one deck.
NCP_TWO_TYPOS = (
    NCP_DELAY
    + NCP_TYPO
    + "TRPL2    LINE  ADDRESS=(1089,FULL),ADAPTER=TIC2,TRSPEED=4,MAXTSL=4060,".ljust(71)
    + "X\n"
    + "               RCVBUFF=8192\n"
)


async def source_actions(
    client: LanguageClient, uri: str, only: Sequence[str] | None
) -> list[lsp.CodeAction]:
    got = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)),
            context=lsp.CodeActionContext(diagnostics=[], only=only),
        )
    )
    return [a for a in got or [] if isinstance(a, lsp.CodeAction)]


@pytest.mark.asyncio
async def test_fix_all_applies_every_safe_fix_as_fix_does(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"n.ncp": NCP_TWO_TYPOS})
    result = await start(client, root)
    provider = result.capabilities.code_action_provider
    assert isinstance(provider, lsp.CodeActionOptions) and provider.code_action_kinds
    assert "source.fixAll.decklint" in provider.code_action_kinds  # codeActionsOnSave asks it
    uri = (root / "n.ncp").as_uri()
    open_doc(client, uri, NCP_TWO_TYPOS)
    await diagnostics(client, uri, lambda ds: len(codes(ds, "NCP014")) == 2)
    # what `decklint lint --fix` writes: both typos, the unsafe DELAY left as it is
    fixed = write(tmp_path / "cli", {"n.ncp": NCP_TWO_TYPOS})
    run = subprocess.run(
        [sys.executable, "-m", "decklint", "lint", "--fix", "n.ncp"], cwd=fixed, check=False
    )
    assert run.returncode in (0, 1)
    want = (fixed / "n.ncp").read_text()
    assert want.count("RCVBUFC=8192") == 2 and "DELAY=.2" in want
    for only in (["source.fixAll"], ["source"], ["source.fixAll.decklint"], None):
        actions = [a for a in await source_actions(client, uri, only) if a.kind != "quickfix"]
        (action,) = actions
        assert action.kind == "source.fixAll.decklint" and "safe fix" in action.title
        assert action.edit is not None and action.edit.changes is not None
        assert apply(NCP_TWO_TYPOS, action.edit.changes[uri]) == want
    # asked for quick fixes only, or for the fix-all only, the other kind is not sent
    assert all(a.kind == "quickfix" for a in await source_actions(client, uri, ["quickfix"]))
    only_fix_all = await source_actions(client, uri, ["source.fixAll"])
    assert [a.kind for a in only_fix_all] == ["source.fixAll.decklint"]


@pytest.mark.asyncio
async def test_fix_all_on_save_waits_for_the_findings_of_the_text_as_it_is(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"n.ncp": NCP_DELAY})
    await start(client, root)
    uri = (root / "n.ncp").as_uri()
    open_doc(client, uri, NCP_DELAY)
    await diagnostics(client, uri, lambda ds: codes(ds, "NCP006") == [(0, "NCP006")])
    assert await source_actions(client, uri, ["source.fixAll"]) == []  # an unsafe fix only
    # typed, then saved at once: the typo is fixed although it was not linted yet
    change_doc(client, uri, NCP_TYPO, 2)
    (action,) = await source_actions(client, uri, ["source.fixAll"])
    assert action.edit is not None and action.edit.changes is not None
    assert apply(NCP_TYPO, action.edit.changes[uri]) == NCP_TYPO_FIXED


@pytest.mark.asyncio
async def test_fix_all_leaves_a_deck_with_parse_errors_alone(
    client: LanguageClient, tmp_path: Path
) -> None:
    broken = NCP_TYPO + "TRPL3    LINE  ADDRESS=(1090,FULL),RCVBUFF=(8192\n"
    root = write(tmp_path / "ws", {"n.ncp": broken})
    await start(client, root)
    uri = (root / "n.ncp").as_uri()
    open_doc(client, uri, broken)
    await diagnostics(client, uri, lambda ds: any(d.code == "PRS001" for d in ds))
    assert await source_actions(client, uri, ["source.fixAll"]) == []


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("name", "text", "code", "comment"),
    [
        ("s.vtam", SWITCHED, "VTM006", "*"),
        (
            "c.csd",
            "DEFINE SESSIONS(S1) GROUP(G) CONNECTION(NOPE) MODENAME(#INTER)\n",
            "PRS005",
            "*",
        ),
    ],
)
async def test_suppress_here_writes_the_dialects_comment(
    client: LanguageClient, tmp_path: Path, name: str, text: str, code: str, comment: str
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, name: text})
    await start(client, root)
    uri = (root / name).as_uri()
    open_doc(client, uri, text)
    diags = await diagnostics(client, uri, lambda ds: any(d.code == code for d in ds))
    last = max((d for d in diags if d.code == code), key=lambda d: d.range.start.line)
    actions = await code_actions(client, uri, [last])
    sup = next(a for a in actions if a.title == f"Suppress {code} here")
    assert sup.edit is not None and sup.edit.changes is not None
    (edit,) = sup.edit.changes[uri]
    assert edit.new_text == f"{comment} decklint: disable-next={code}\n"
    fixed = apply(text, [edit])
    before = len([d for d in diags if d.code == code])
    change_doc(client, uri, fixed, 2)
    got = await diagnostics(
        client, uri, lambda ds: len([d for d in ds if d.code == code]) == before - 1
    )
    assert not any(d.code == "SUP001" for d in got)  # the suppression is used


@pytest.mark.asyncio
async def test_utf8_positions_when_the_client_offers_them(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES})
    result = await start(client, root, encodings=["utf-8", "utf-16"])
    assert result.capabilities.position_encoding == "utf-8"
    uri = (root / "c.csd").as_uri()
    text = "DEFINE SESSIONS(S1) GROUP(GÉ) CONNECTION(NOPE) MODENAME(#INTER)\n"
    open_doc(client, uri, text)
    got = await diagnostics(client, uri, lambda ds: any(d.code == "PRS005" for d in ds))
    d = next(d for d in got if d.code == "PRS005")
    column = text.index("NOPE")  # in code points; É is two bytes in UTF-8
    assert d.range.start.character == column + 1


@pytest.mark.asyncio
async def test_the_baseline_applies(client: LanguageClient, tmp_path: Path) -> None:
    root = write(tmp_path / "ws", {"m.vtam": MODES, "s.vtam": SWITCHED})
    subprocess.run(
        [sys.executable, "-m", "decklint", "lint", "--write-baseline", "base.json", "."],
        cwd=root,
        check=True,
        capture_output=True,
    )
    write(root, {"t.vtam": SWITCHED.replace("SW ", "SX ").replace("P1 ", "P2 ")})
    await start(client, root, options={"baseline": "base.json"})
    await diagnostics(client, (root / "t.vtam").as_uri(), lambda ds: len(ds) > 0)
    assert not client.diagnostics.get((root / "s.vtam").as_uri())


def test_without_pygls_the_command_says_what_to_install(tmp_path: Path) -> None:
    fake = tmp_path / "pygls"
    fake.mkdir()
    (fake / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'pygls'\", name='pygls')\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), *sys.path]))
    got = subprocess.run(
        [sys.executable, "-m", "decklint", "server"],
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert got.returncode == 2
    assert 'pip install ".[server]"' in got.stderr


# ---------------------------------------------------------------------- editor features

IDE = ROOT / "fixtures" / "ide"


def position(text: str, needle: str, nth: int = 0) -> lsp.Position:
    """The protocol position of the `nth` occurrence of `needle` (ASCII text)."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start)
    return lsp.Position(line, start - (text.rfind("\n", 0, start) + 1))


async def ide_workspace(client: LanguageClient, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    root = tmp_path / "ide"
    shutil.copytree(IDE, root)
    texts = {p.name: p.read_text() for p in root.iterdir()}
    await start(client, root)
    for name in ("apps.vtam", "modes.vtam"):
        open_doc(client, (root / name).as_uri(), texts[name])
    # references answer once the network has been linted
    ask = lsp.ReferenceParams(
        context=lsp.ReferenceContext(include_declaration=True),
        text_document=lsp.TextDocumentIdentifier(uri=(root / "apps.vtam").as_uri()),
        position=position(texts["apps.vtam"], "#INTER"),
    )

    async def linted() -> None:
        while await client.text_document_references_async(ask) is None:
            await asyncio.sleep(0.1)

    await asyncio.wait_for(linted(), WAIT)
    return root, texts


@pytest.mark.asyncio
async def test_hover_definition_and_references_across_decks(
    client: LanguageClient, tmp_path: Path
) -> None:
    root, texts = await ide_workspace(client, tmp_path)
    apps, modes = (root / "apps.vtam").as_uri(), (root / "modes.vtam").as_uri()
    at = position(texts["apps.vtam"], "#INTER")
    doc = lsp.TextDocumentIdentifier(uri=apps)
    hover = await client.text_document_hover_async(lsp.HoverParams(doc, at))
    assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
    assert hover.contents.kind == lsp.MarkupKind.Markdown
    assert hover.contents.value.startswith("**DLOGMOD**")
    assert hover.range is not None and hover.range.start == at
    defs = await client.text_document_definition_async(lsp.DefinitionParams(doc, at))
    assert isinstance(defs, list)
    mode = position(texts["modes.vtam"], "#INTER", nth=1)
    assert [(d.uri, d.range.start) for d in defs if isinstance(d, lsp.Location)] == [(modes, mode)]
    refs = await client.text_document_references_async(
        lsp.ReferenceParams(
            context=lsp.ReferenceContext(include_declaration=True),
            text_document=lsp.TextDocumentIdentifier(uri=modes),
            position=position(texts["modes.vtam"], "#BATCH"),
        )
    )
    assert refs is not None
    assert sorted(r.uri.rsplit("/", 1)[-1] for r in refs) == [
        "modes.vtam",
        "region.csd",
        "switched.vtam",
    ]


@pytest.mark.asyncio
async def test_symbols_and_completion(client: LanguageClient, tmp_path: Path) -> None:
    root, texts = await ide_workspace(client, tmp_path)
    switched = (root / "switched.vtam").as_uri()
    open_doc(client, switched, texts["switched.vtam"])
    syms = await client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(lsp.TextDocumentIdentifier(uri=switched))
    )
    assert syms is not None
    (node,) = syms
    assert isinstance(node, lsp.DocumentSymbol)
    assert (node.name, node.kind) == ("SWIDE", lsp.SymbolKind.Module)
    assert node.children and node.children[0].name == "WSPU"
    # completion in a document that is no file: operand names of the statement
    uri = "untitled:Untitled-1"
    text = "APPLS    VBUILD TYPE=APPL\nA1       APPL  ACBNAME=A1,DL"
    open_doc(client, uri, text)
    got = await client.text_document_completion_async(
        lsp.CompletionParams(lsp.TextDocumentIdentifier(uri=uri), lsp.Position(1, 28))
    )
    assert isinstance(got, lsp.CompletionList)
    items = {i.label: i for i in got.items}
    assert sorted(items) == ["DLGINOUT", "DLOGMOD", "DLRORDER"]
    assert items["DLOGMOD"].kind == lsp.CompletionItemKind.Property
    assert items["DLOGMOD"].insert_text == "DLOGMOD="


# ---------------------------------------------------------------------- workspace trust


@pytest.mark.asyncio
async def test_opening_a_workspace_runs_none_of_its_code(
    client: LanguageClient, tmp_path: Path
) -> None:
    """A workspace with a decklint.py, a decklint/ package, a multiprocessing.py, programs
    named git and python3 and a committed cache key: the server fills its cache in a process of
    its own, which imports and runs nothing of them."""
    from .test_workspace_trust import hostile_folder

    marker = tmp_path / "PWNED"
    root = hostile_folder(tmp_path / "ws", marker)
    write(root, {"m.vtam": MODES, "s.vtam": SWITCHED})
    key = root / ".cache" / "decklint" / ".key"
    key.parent.mkdir(parents=True)
    key.write_bytes(b"k" * 32)
    key.chmod(0o600)
    await start(client, root)
    uri = (root / "s.vtam").as_uri()
    open_doc(client, uri, SWITCHED)
    await diagnostics(client, uri, lambda ds: "VTM006" in {str(d.code) for d in ds})
    assert not marker.exists(), "the server ran a file of the workspace"


UNTRUSTED = [*SERVER, "--untrusted"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=UNTRUSTED))
async def untrusted(lsp_client: LanguageClient) -> Any:
    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        return None

    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_an_untrusted_workspace_gets_its_decks_linted_without_site_rules(
    untrusted: LanguageClient, tmp_path: Path
) -> None:
    from .test_user_rules import MODES as BULK
    from .test_user_rules import SITE_RULE

    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("ignore: [VTM001]\n")
    root = write(
        tmp_path / "ws",
        {
            "site-rules/modes/SIT001-bulk-mode-must-be-x8d8d.yaml": SITE_RULE,
            ".decklint.yaml": f"extends: {outside}\nrule-paths: [site-rules]\n",
            "modes.vtam": BULK,
            "s.vtam": SWITCHED,
        },
    )
    assert "SIT001" in {f["code"] for f in cli_findings(root)}, "trusted, the site rule runs"
    await start(untrusted, root, options={"baseline": str(outside)})
    uri = (root / "modes.vtam").as_uri()
    open_doc(untrusted, uri, BULK)
    s = (root / "s.vtam").as_uri()
    got = await diagnostics(untrusted, s, lambda ds: len(ds) > 0)
    assert got, "the decks are linted"
    assert "SIT001" not in {str(d.code) for d in untrusted.diagnostics.get(uri, [])}
    said = [m.message for m in untrusted.messages]
    told = [m for m in said if "not trusted" in m]
    assert len(told) == 1, said
    assert "extends" in told[0] and "rule-paths" in told[0]
    logged = [m.message for m in untrusted.log_messages]
    assert any("outside this untrusted workspace: not read" in m for m in logged), logged
