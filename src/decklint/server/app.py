"""The language server: the protocol's handlers around a `Network`.

Every change marks the network dirty; after a quiet spell (the debounce) the whole network is
linted in a worker thread, with the per-file cache keeping unchanged decks cheap, and the
diagnostics of every deck whose findings changed are published (a mode table's edit updates
the decks that name it). Hover, definitions, references, symbols and completion come from
`decklint.ide`, on the last lint and the document's current text.

A handler that fails logs the error to the client and answers nothing; the server goes on.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar, cast
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from decklint import __version__
from decklint.findings import Finding
from decklint.server import convert
from decklint.server.actions import comment_prefix, statement_start
from decklint.server.network import Document, Network, Run, Settings, text_of, uri_of
from decklint.server.positions import Codec
from decklint.source import Span

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])


class DecklintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("decklint", __version__, text_document_sync_kind=_INCREMENTAL)
        self.network = Network([])
        self.last: Run | None = None
        self.published: dict[str, tuple[tuple[Finding, ...], str]] = {}  # uri -> findings, text
        self.encoding = "utf-16"
        self.dirty = asyncio.Event()
        self.loop_task: asyncio.Task[None] | None = None
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="decklint-lint")
        self.ready = False

    def report_server_error(self, error: Exception, source: Any) -> None:
        self.say(f"internal error: {error}", lsp.MessageType.Error)

    def say(self, message: str, kind: lsp.MessageType = lsp.MessageType.Info) -> None:
        try:
            self.window_log_message(lsp.LogMessageParams(type=kind, message=message))
        except Exception:  # no client to tell (shutting down)
            log.exception("cannot log to the client")

    # ------------------------------------------------------------------ linting

    def changed(self) -> None:
        """Something the findings depend on changed: lint after the debounce."""
        self.dirty.set()
        if self.loop_task is None or self.loop_task.done():
            self.loop_task = asyncio.get_running_loop().create_task(self.lint_loop())

    async def lint_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self.dirty.wait()
            while True:  # wait for a quiet spell: a newer change restarts the wait
                self.dirty.clear()
                await asyncio.sleep(self.network.settings.debounce_ms / 1000)
                if not self.dirty.is_set():
                    break
            if not self.ready:
                continue
            snap = self.network.snapshot()
            try:
                run = await loop.run_in_executor(self.worker, self.network.lint, snap)
            except Exception as exc:
                self.say(f"lint failed: {_trace(exc)}", lsp.MessageType.Error)
                continue
            if run.error:
                self.say(run.error, lsp.MessageType.Error)
                if not run.findings and self.last is not None:
                    continue  # keep what was shown until the configuration is right again
            if self.dirty.is_set():
                continue  # the texts changed meanwhile: lint them first
            self.last = run
            self.publish(run)

    def publish(self, run: Run) -> None:
        """Diagnostics for every deck whose findings changed; none for decks that lost all."""
        docs = list(self.network.documents.values())
        now: dict[str, tuple[tuple[Finding, ...], str]] = {}
        paths: dict[str, str] = {}
        for path, found in run.findings.items():
            uri = uri_of(path, docs)
            now[uri] = (tuple(found), run.texts.get(path, ""))
            paths[uri] = path
        for uri in sorted(set(now) | set(self.published)):
            state = now.get(uri, ((), ""))
            if self.published.get(uri, ((), "")) == state:
                continue
            codec = Codec(state[1], self.encoding)
            diags = [convert.diagnostic(f, codec, self.locate) for f in state[0]]
            key = paths.get(uri)
            version = run.versions.get(key) if key is not None else None
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diags, version=version)
            )
            if state[0]:
                self.published[uri] = state
            else:
                self.published.pop(uri, None)

    def locate(self, path: str, span: Span, current: bool = False) -> lsp.Location:
        """A place in any file of the network as a protocol location: in the text the last
        lint read, or with `current` in an open document's text as it is now."""
        docs = list(self.network.documents.values())
        doc = self.network.by_path(path) if current else None
        codec = Codec(doc.text if doc else text_of(path, self.last), self.encoding)
        return lsp.Location(uri_of(path, docs), convert.to_range(codec, span))

    # ------------------------------------------------------------------ helpers

    def at(self, uri: str, pos: lsp.Position) -> tuple[Document, Run, Codec, int, int] | None:
        """The open document, the last run, and the position in decklint's terms."""
        doc = self.network.document(uri)
        if doc is None or self.last is None:
            return None
        codec = Codec(doc.text, self.encoding)
        line, col = codec.from_client(pos.line, pos.character)
        return doc, self.last, codec, line, col

    def dialect_of(self, path: str) -> str | None:
        if self.last is None:
            return None
        return dict(self.last.result.files).get(path)


_INCREMENTAL = lsp.TextDocumentSyncKind.Incremental
server = DecklintServer()


def guarded(default: Any = None) -> Callable[[F], F]:
    """A handler that logs its failure to the client and answers `default`."""

    def wrap(fn: F) -> F:
        if asyncio.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def run_async(ls: DecklintServer, params: Any) -> Any:
                try:
                    return await fn(ls, params)
                except Exception as exc:
                    ls.say(f"{fn.__name__} failed: {_trace(exc)}", lsp.MessageType.Error)
                    return default

            return cast(F, run_async)

        @functools.wraps(fn)
        def run(ls: DecklintServer, params: Any) -> Any:
            try:
                return fn(ls, params)
            except Exception as exc:
                ls.say(f"{fn.__name__} failed: {_trace(exc)}", lsp.MessageType.Error)
                return default

        return cast(F, run)

    return wrap


def _trace(exc: Exception) -> str:
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip()


def _fs_path(uri: str) -> Path | None:
    parsed = urlparse(uri)
    return Path(unquote(parsed.path)) if parsed.scheme == "file" else None


# ---------------------------------------------------------------------- lifecycle


@server.feature(lsp.INITIALIZE)
@guarded()
def initialize(ls: DecklintServer, params: lsp.InitializeParams) -> None:
    ls.encoding = str(ls.workspace.position_encoding or "utf-16")
    roots = [_fs_path(f.uri) for f in params.workspace_folders or ()]
    if not roots and params.root_uri:
        roots = [_fs_path(params.root_uri)]
    if not roots and params.root_path:
        roots = [Path(params.root_path)]
    found = [r for r in roots if r is not None and r.is_dir()]
    if found:
        # Paths in findings, the configuration and the baseline are read as `decklint lint`
        # run in the first folder reads them.
        os.chdir(found[0])
    ls.network.roots = found
    ls.network.settings = _settings(params.initialization_options, ls.network.settings)


def _settings(raw: Any, base: Settings) -> Settings:
    """The editor's settings: `baseline` (a file, as --baseline) and `debounce` (ms)."""
    if isinstance(raw, dict) and isinstance(raw.get("decklint"), dict):
        raw = raw["decklint"]
    if not isinstance(raw, dict):
        return base
    baseline = raw.get("baseline", base.baseline)
    debounce = raw.get("debounce", base.debounce_ms)
    return Settings(
        baseline=str(baseline) if baseline else None,
        debounce_ms=int(debounce) if isinstance(debounce, (int, float)) else base.debounce_ms,
    )


@server.feature(lsp.INITIALIZED)
@guarded()
async def initialized(ls: DecklintServer, params: lsp.InitializedParams) -> None:
    watch = ls.client_capabilities.workspace
    if (
        watch
        and watch.did_change_watched_files
        and watch.did_change_watched_files.dynamic_registration
    ):
        opts = lsp.DidChangeWatchedFilesRegistrationOptions(
            watchers=[lsp.FileSystemWatcher(glob_pattern="**/*")]
        )
        reg = lsp.Registration(
            id="decklint-files",
            method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=opts,
        )
        ls.client_register_capability(lsp.RegistrationParams(registrations=[reg]))
    await reload(ls)


async def reload(ls: DecklintServer) -> None:
    """Read the configuration and the folders again, then lint."""
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(ls.worker, ls.network.load)
    if ls.network.config_error:
        ls.say(ls.network.config_error, lsp.MessageType.Error)
        ls.window_show_message(
            lsp.ShowMessageParams(type=lsp.MessageType.Error, message=ls.network.config_error)
        )
    ls.ready = True
    ls.changed()


@server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
@guarded()
def did_change_configuration(ls: DecklintServer, params: lsp.DidChangeConfigurationParams) -> None:
    ls.network.settings = _settings(params.settings, ls.network.settings)
    ls.network.generation += 1
    ls.changed()


@server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
@guarded()
async def did_change_watched_files(
    ls: DecklintServer, params: lsp.DidChangeWatchedFilesParams
) -> None:
    await reload(ls)


@server.feature(lsp.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
@guarded()
async def did_change_folders(
    ls: DecklintServer, params: lsp.DidChangeWorkspaceFoldersParams
) -> None:
    gone = {p for f in params.event.removed if (p := _fs_path(f.uri)) is not None}
    roots = [r for r in ls.network.roots if r not in gone]
    roots += [p for f in params.event.added if (p := _fs_path(f.uri)) is not None]
    ls.network.roots = roots
    await reload(ls)


# ---------------------------------------------------------------------- documents


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
@guarded()
def did_open(ls: DecklintServer, params: lsp.DidOpenTextDocumentParams) -> None:
    td = params.text_document
    ls.network.open(td.uri, td.text, td.version)
    ls.changed()


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
@guarded()
def did_change(ls: DecklintServer, params: lsp.DidChangeTextDocumentParams) -> None:
    td = params.text_document
    doc = ls.workspace.get_text_document(td.uri)  # pygls applied the changes
    ls.network.open(td.uri, doc.source, td.version)
    ls.changed()


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
@guarded()
async def did_save(ls: DecklintServer, params: lsp.DidSaveTextDocumentParams) -> None:
    if ls.network.is_config(params.text_document.uri):
        await reload(ls)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
@guarded()
def did_close(ls: DecklintServer, params: lsp.DidCloseTextDocumentParams) -> None:
    doc = ls.network.close(params.text_document.uri)
    if doc is not None and doc.is_file:
        # the file's text on disk takes the document's place
        path = _fs_path(doc.uri)
        if path is not None and path.is_file():
            ls.network.disk = [
                i for i in ls.network.disk if (i.container or i.path) != doc.path
            ] + _read(doc.path)
    ls.changed()


def _read(path: str) -> list[Any]:
    from decklint import api

    return api.gather([path])


# ---------------------------------------------------------------------- editor features


@server.feature(
    lsp.TEXT_DOCUMENT_CODE_ACTION,
    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]),
)
@guarded()
def code_action(ls: DecklintServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
    doc = ls.network.document(params.text_document.uri)
    run = ls.last
    if doc is None or run is None or run.texts.get(doc.path) != doc.text:
        return None  # the findings are of another text: their positions would be wrong
    codec = Codec(doc.text, ls.encoding)
    registry = ls.network.project.registry if ls.network.project else None
    unwaivable = (
        {m.code for m in registry.rules.values() if m.unsuppressible} if registry else set()
    )
    deck = ls.dialect_of(doc.path)
    fixes: list[lsp.CodeAction] = []
    suppressions: list[lsp.CodeAction] = []
    for f in run.findings.get(doc.path, ()):
        if not convert.overlaps(params.range, codec, f.span):
            continue
        diag = convert.pick(params.context.diagnostics, f, codec)
        action = convert.fix_action(f, doc.uri, doc.text, codec, diag)
        if action is not None:
            fixes.append(action)
        prefix = comment_prefix(f.dialect) if f.dialect == deck else None
        if prefix is not None and f.code not in unwaivable:
            first = statement_start(doc.path, doc.text, f.dialect, f.span.line)
            suppressions.append(
                convert.suppress_action(f, doc.uri, doc.text, codec, prefix, first, diag)
            )
    return [*fixes, *suppressions]


def start() -> None:
    """Serve the protocol on standard input and output until the client says exit."""
    import gc

    from decklint.server import editor  # noqa: F401  (registers the editor features)

    gc.enable()  # the command line switches it off for short runs; a server runs long
    logging.basicConfig(level=logging.WARNING)
    server.start_io()
