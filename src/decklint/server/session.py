"""The language server's object: a `Network` of decks, what each document was last shown, and
the lints that keep them in step.

Every change marks the network dirty. After a quiet spell (the debounce) the edited decks are
linted with the decks around them (a quick lint, `Network.focus`) and their diagnostics are
published at once; after a longer one the whole network is linted, with the per-file cache
keeping unchanged decks cheap, and every deck whose findings changed gets its diagnostics (a mode
table's edit updates the decks that name it). Hover, definitions, references, symbols and
completion come from `decklint.ide`, on the last whole lint and the document's current text;
until the first whole lint, on the first look at the document (`model_of`): what needs other
decks (a definition in another deck, references) answers nothing then, and says so
(`not_yet`). A lint whose decks changed meanwhile stops at its next file or rule (its
findings would be dropped); a document's formatting and outline run off the event loop
(`server.jobs`).

The protocol's requests are answered by one module per family of them (`lifecycle`,
`documents`, `editor`, `formatting`, `actions`), each handed this object; `app` registers them
on the one server. A handler that fails logs the error to the client and answers nothing; the
server goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, cast
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from decklint import __version__
from decklint.core.findings import Finding
from decklint.core.progress import Progress
from decklint.core.source import Span
from decklint.server import convert
from decklint.server.jobs import Jobs
from decklint.server.network import Document, Index, Network, Run, text_of, uri_of
from decklint.server.positions import Codec

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])


class Superseded(BaseException):
    """Raised in the lint thread, from a lint's progress, when the decks it lints changed:
    it stops at the next file or rule instead of linting texts no longer shown. A
    BaseException, as KeyboardInterrupt is: the engine turns an Exception in a rule into an
    internal-error finding and goes on."""


class Shown(NamedTuple):
    """What the client was last sent for a document: findings, their text, its version."""

    findings: tuple[Finding, ...]
    text: str
    version: int | None


class DecklintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("decklint", __version__, text_document_sync_kind=_INCREMENTAL)
        self.network = Network([])
        self.full: Run | None = None  # the last lint of the whole network
        # path -> the first look at it, which the editor features answer from until the
        # first whole lint (then dropped)
        self.looked: dict[str, Run] = {}
        self.looking: set[str] = set()  # paths whose first look is under way
        self.looked_now = asyncio.Event()  # set (and replaced) when a look or a whole lint ends
        self.whole_said = ""  # how far the whole lint under way is, in words
        self.told_not_yet = False  # the user was told a request waits for the whole lint
        self.index: Index | None = None  # what ties its decks together, for quick lints
        self.shown: dict[str, Shown] = {}  # by URI
        self.texts: dict[str, str] = {}  # path -> the text of what is shown for it
        self.dialects: dict[str, str | None] = {}  # path -> dialect, from the latest runs
        self.encoding = "utf-16"
        self.dirty = asyncio.Event()
        self.loop_task: asyncio.Task[None] | None = None
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="decklint-lint")
        # first looks (`Network.first_look`) in a thread of their own: a deck opened while a
        # whole lint runs in the lint thread is shown without waiting for its end
        self.looker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="decklint-first")
        self.looks = 0  # first looks under way or asked for
        # set when no first look is pending: the walk of the folders waits for it, so that a
        # large folder's walk does not share the interpreter with an opened deck's first look
        self.walk_clear = threading.Event()
        self.walk_clear.set()
        self.wholes = 0  # counts the whole lints published: an older first look is dropped
        self.whole_running = False
        self.aside_task: asyncio.Task[None] | None = None
        # reads the folders (gathering, filling the cache), beside the lint thread
        self.reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="decklint-read")
        self.folders_task: asyncio.Task[None] | None = None
        self.folders_ready = False  # `network.disk` holds the folders' decks
        self.loads = 0  # counts the readings of the configuration
        self.opening = False  # opened, or the folders read: lint without the debounce
        self.ready = False
        self.told_withheld: list[str] = []  # what of the configuration was last said unused
        self.progress_tokens = 0
        self.jobs = Jobs()  # a document's long work (formatting, outline), off the event loop

    def report_server_error(self, error: Exception, source: Any) -> None:
        self.say(f"internal error: {error}", lsp.MessageType.Error)

    def say(self, message: str, kind: lsp.MessageType = lsp.MessageType.Info) -> None:
        try:
            self.window_log_message(lsp.LogMessageParams(type=kind, message=message))
        except Exception:  # no client to tell (shutting down)
            log.exception("cannot log to the client")

    # ------------------------------------------------------------------ linting

    def changed(self, opening: bool = False) -> None:
        """Something the findings depend on changed: lint after the debounce (a document
        opened: at once, as nothing is being typed)."""
        self.opening = self.opening or opening
        self.dirty.set()
        if self.loop_task is None or self.loop_task.done():
            self.loop_task = asyncio.get_running_loop().create_task(self.lint_loop())

    async def lint_loop(self) -> None:
        """After each quiet spell (the debounce; a moment for a document opened): the decks
        opened or edited are linted quickly and published at once, then, after a longer
        quiet spell, the whole network, which has the last word.

        Before the first whole lint (the folders may still be read), a deck is linted alone
        and gets only the findings it decides itself (`Network.first_look`); once a whole
        lint has tied the decks together, with the decks around it (`Network.focus`). One
        thread lints, so a whole lint under way delays the next quick one: it waits for a
        pause in the typing. A deck opened then and never linted gets its first look beside
        it, in a thread of its own (`look_aside`)."""
        while True:
            await self.dirty.wait()
            settings = self.network.settings
            pause = OPENING_MS if self.opening else settings.debounce_ms
            if not await self.quiet(pause) or not self.ready:
                continue
            self.opening = False
            focused = self.index is not None and bool(self.network.edited)
            if not await self.quick_lint():
                continue  # the texts changed meanwhile: lint them first
            if not self.folders_ready:
                self.read_folders()  # its end marks the network changed
                continue
            if focused and not await self.quiet(settings.full_delay_ms):
                continue
            await self.whole_lint()

    async def quick_lint(self) -> bool:
        """Lint the decks opened or edited since the last lint and publish them; False when
        a text changed meanwhile (nothing was published)."""
        edited = set(self.network.edited)
        if self.index is not None and edited:
            snap = self.network.snapshot()
            before = {p: self.texts[p] for p in edited if p in self.texts}
            stop = functools.partial(self.stop_if_changed, snap.generation)
            quick = await self.run(self.network.focus, snap, self.index, edited, before, stop)
            if self.dirty.is_set():
                return False
            self.network.fresh -= edited
            if quick is not None:
                self.publish(quick)
            return True
        fresh = set(self.network.fresh)
        if self.index is not None or not fresh:
            return True
        return await self.first_look(fresh)

    async def first_look(self, fresh: set[str]) -> bool:
        """The first look at the decks `fresh` (`Network.first_look`), in its own thread, and
        published unless a whole lint was published meanwhile (it has the last word); False
        when one of them changed meanwhile (linted again next)."""
        snap = self.network.snapshot()
        self.network.fresh -= fresh
        wholes = self.wholes
        self.looks += 1
        self.looking |= fresh
        self.walk_clear.clear()
        try:
            first = await self.run(self.network.first_look, snap, fresh, thread=self.looker)
        finally:
            self.looks -= 1
            if not self.looks:
                self.walk_clear.set()
            self.looking -= fresh
        if first is None or self.wholes != wholes:
            self.answerable()
            return first is None  # failed (logged), or a whole lint came first
        if self.full is None:
            # the editor features answer from it until the whole lint; what they read is
            # the model, not the parsed files (as of a whole lint)
            first.result.parsed = {}
            self.looked.update(dict.fromkeys(fresh, first))
        self.answerable()
        again = fresh & self.network.fresh  # changed meanwhile: linted again next
        if again:
            first.covers = frozenset(fresh - again)
            first.findings = {p: fs for p, fs in first.findings.items() if p not in again}
        self.publish(first)
        return not again

    def look_aside(self) -> None:
        """A deck opened while a whole lint runs, and never linted: its first look now, beside
        that lint (the lint loop waits for that lint's end before it lints again)."""
        if self.whole_running and (self.aside_task is None or self.aside_task.done()):
            self.aside_task = asyncio.get_running_loop().create_task(self._look_aside())

    async def _look_aside(self) -> None:
        while self.whole_running and self.ready:
            await asyncio.sleep(OPENING_MS / 1000)  # the documents opened together
            unseen = {p for p in self.network.fresh if p not in self.texts}
            if not self.whole_running or not unseen:
                return
            await self.first_look(unseen)

    def read_folders(self) -> None:
        """Read the workspace folders' decks and fill the per-file cache for them, beside
        the lint thread (a large folder takes long: opened decks are linted meanwhile)."""
        if self.folders_task is None or self.folders_task.done():
            loop = asyncio.get_running_loop()
            self.folders_task = loop.create_task(self._read_folders(self.loads))

    async def _read_folders(self, load: int) -> None:
        shown = await WorkDone.start(self, "reading the workspace folders")
        loop = asyncio.get_running_loop()

        def told(p: Progress) -> None:
            loop.call_soon_threadsafe(shown.report, f"{p.files:,} files found", None)
            # a first look pending: the walk waits for it (never for long: a first look is
            # one deck's lint, and a failed one sets it too)
            self.walk_clear.wait(WALK_WAIT)

        try:
            disk = await loop.run_in_executor(self.reader, self.network.load_folders, told)
        except Exception as exc:
            self.say(f"reading the folders failed: {_trace(exc)}", lsp.MessageType.Error)
            disk = []
        shown.end(f"{len(disk):,} files found")
        if load == self.loads:  # else the configuration was read again meanwhile
            self.network.disk = disk
            self.network.generation += 1
            self.folders_ready = True
        # nothing is being typed: the whole lint need not wait for the debounce (it added
        # the debounce to the whole lint's time at start-up, against the server before)
        self.changed(opening=True)

    async def quiet(self, ms: int) -> bool:
        """Wait until nothing has changed for `ms`; False as soon as a change comes (the
        dirty mark stays set, and the caller starts over)."""
        self.dirty.clear()
        try:
            await asyncio.wait_for(self.dirty.wait(), ms / 1000)
        except asyncio.TimeoutError:
            return True
        return False

    async def whole_lint(self) -> None:
        """Lint the whole network and publish, its progress shown; a lint of texts that
        changed meanwhile is dropped (the loop lints the newer ones)."""
        snap = self.network.snapshot()
        edited = set(self.network.edited)
        shown = await WorkDone.start(self, "linting the network")
        loop = asyncio.get_running_loop()

        def told(p: Progress) -> None:
            self.stop_if_changed(snap.generation, p)
            words = _progress_words(p)
            self.whole_said = words[0]
            loop.call_soon_threadsafe(shown.report, *words)

        self.whole_running = True
        self.whole_said = "beginning"
        try:
            run = await self.run(self.network.lint, snap, told)
        finally:
            self.whole_running = False
            self.whole_said = ""
        if run is None or self.network.generation != snap.generation:
            shown.end("stopped: the decks changed meanwhile")
            return
        if run.error:
            self.say(run.error, lsp.MessageType.Error)
            if not run.findings and self.full is not None:
                shown.end(run.error)
                return  # keep what was shown until the configuration is right again
        self.network.edited -= edited
        self.network.fresh.clear()
        self.wholes += 1
        self.publish(run)
        count = sum(len(fs) for fs in run.findings.values())
        shown.end(f"{count:,} findings in {len(run.result.files):,} files")
        # the editor features read the model and the files' dialects, not the parsed files:
        # dropping them keeps the server's memory to one network's model
        run.result.parsed = {}
        self.full = run
        self.looked.clear()
        self.answerable()
        if self.told_not_yet:
            self.told_not_yet = False
            self.show(
                "decklint: the workspace is linted: go to definition and find references "
                "reach every deck now."
            )
        self.index = await self.run(_index_and_collect, run.result)

    def stop_if_changed(self, generation: int, _p: Progress | None = None) -> None:
        """A lint's progress (in the lint thread): stop it when the decks changed since it
        began (`generation`), for its findings would be dropped."""
        if self.network.generation != generation:
            raise Superseded

    async def run(
        self, fn: Callable[..., Any], *args: Any, thread: ThreadPoolExecutor | None = None
    ) -> Any:
        """`fn(*args)` in the lint thread (or `thread`); None (and the error logged) if it
        fails."""
        try:
            pool = thread or self.worker
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except Superseded:
            return None  # stopped on purpose: the texts it lints changed
        except Exception as exc:
            self.say(f"lint failed: {_trace(exc)}", lsp.MessageType.Error)
            return None

    def publish(self, run: Run) -> None:
        """Diagnostics for every deck the run speaks for (and every deck a quick lint's
        delta changes) whose findings changed, or whose open document has a newer version;
        none for decks that lost all their findings."""
        docs = list(self.network.documents.values())
        self.dialects.update(run.result.files)
        if run.covers is None:
            self.texts = dict(run.texts)
        now: dict[str, Shown] = {}
        ours: set[str] = set()
        speaks = run.covers if run.covers is not None else {*run.findings, *run.versions}
        for path in speaks:
            uri = uri_of(path, docs)
            ours.add(uri)
            text = run.texts.get(path)
            if text is not None:
                self.texts[path] = text
            found = tuple(run.findings.get(path, ()))
            if found or path in run.versions:
                now[uri] = Shown(found, text or "", run.versions.get(path))
        for path, (added, removed) in run.delta.items():
            uri = uri_of(path, docs)
            ours.add(uri)
            base = self.shown.get(uri, Shown((), run.texts.get(path, ""), None))
            kept = [f for f in base.findings if f not in removed]
            found = tuple(sorted({*kept, *added}, key=Finding.sort_key))
            now[uri] = Shown(found, base.text or run.texts.get(path, ""), base.version)
        if run.covers is None:
            ours |= set(self.shown)
        for uri in sorted(ours):
            state = now.get(uri, Shown((), "", None))
            before = self.shown.get(uri, Shown((), "", None))
            if state.findings == before.findings and (
                state.version is None or state.version == before.version
            ):
                continue
            codec = Codec(state.text, self.encoding)
            diags = [
                convert.diagnostic(f, codec, functools.partial(self.locate, run=run))
                for f in state.findings
            ]
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diags, version=state.version)
            )
            if state.findings or state.version is not None:
                self.shown[uri] = state
            else:
                self.shown.pop(uri, None)

    def locate(
        self, path: str, span: Span, current: bool = False, run: Run | None = None
    ) -> lsp.Location:
        """A place in any file of the network as a protocol location: in the text `run` (or
        the last whole lint) read, or with `current` in an open document's text as it is."""
        docs = list(self.network.documents.values())
        doc = self.network.by_path(path) if current else None
        text = doc.text if doc else text_of(path, run or self.full)
        return lsp.Location(uri_of(path, docs), convert.to_range(Codec(text, self.encoding), span))

    # ------------------------------------------------------------------ helpers

    async def at(self, uri: str, pos: lsp.Position) -> Here | None:
        """The open document, the lint to answer from (`model_of`), and the position in
        decklint's terms; None when there is neither."""
        doc = self.network.document(uri)
        if doc is None:
            return None
        got = await self.model_of(doc)
        doc = self.network.document(uri)  # it may have changed meanwhile
        if got is None or doc is None:
            return None
        codec = Codec(doc.text, self.encoding)
        line, col = codec.from_client(pos.line, pos.character)
        return Here(doc, got[0], got[1], codec, line, col)

    async def model_of(self, doc: Document) -> tuple[Run, bool] | None:
        """The lint the editor features answer from for an open document, and whether it is
        of the whole network: the last whole lint, else, before the first, the first look at
        the document (the deck alone), waited for (at most LOOK_WAIT seconds) while it is
        under way or asked for. None when there is neither."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + LOOK_WAIT
        while True:
            if self.full is not None:
                return self.full, True
            look = self.looked.get(doc.path)
            if look is not None:
                return look, False
            pending = doc.path in self.network.fresh or doc.path in self.looking
            left = deadline - loop.time()
            if not pending or left <= 0 or self.network.document(doc.uri) is None:
                return None
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.looked_now.wait(), left)

    async def dialect_for(self, doc: Document) -> str | None:
        """`dialect_of`, for a document whose language tells none: the first look's when it
        is under way (the configuration's file patterns are the lint's)."""
        if doc.dialect is None and doc.path not in self.dialects:
            await self.model_of(doc)
        return self.dialect_of(doc.path)

    def answerable(self) -> None:
        """A first look or a whole lint ended: the requests waiting for one look again."""
        self.looked_now.set()
        self.looked_now = asyncio.Event()

    def not_yet(self, what: str) -> None:
        """A request that needs the decks around the document came before the first whole
        lint: it answers nothing, and the user is told why and when it will answer. The log
        says it each time; a message the editor shows, once until the whole lint is done,
        which then says so too. The whole lint's own progress (`$/progress`) shows how far
        it is."""
        if self.whole_running:
            state = f"linting the workspace: {self.whole_said}"
        elif not self.folders_ready:
            state = "reading the workspace folders"
        else:
            state = "the workspace lint is about to begin"
        message = (
            f"decklint: {what} are known once the whole workspace is linted ({state}); "
            "ask again then."
        )
        self.say(message)
        if not self.told_not_yet:
            self.told_not_yet = True
            self.show(message)

    def show(self, message: str, kind: lsp.MessageType = lsp.MessageType.Info) -> None:
        """A message the editor shows the user (`window/showMessage`)."""
        try:
            self.window_show_message(lsp.ShowMessageParams(type=kind, message=message))
        except Exception:  # no client to tell (shutting down)
            log.exception("cannot show the client a message")

    def dialect_of(self, path: str) -> str | None:
        """The dialect of a deck: its open document's language's, else the latest lint's."""
        doc = self.network.by_path(path)
        if doc is not None and doc.dialect is not None:
            return doc.dialect
        return self.dialects.get(path)

    async def settled(self, uri: str, seconds: float) -> None:
        """Wait (at most `seconds`) until the findings shown for `uri` are of its text as it
        is now: a change not yet linted is linted after the debounce."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while loop.time() < deadline:
            doc = self.network.document(uri)
            shown = self.shown.get(uri)
            if doc is None or (shown is not None and shown.text == doc.text):
                return
            await asyncio.sleep(0.05)


class Here(NamedTuple):
    """Where an editor request asks: the open document, the lint it is answered from (the
    whole network's, or the document's first look: `whole` False), the position."""

    doc: Document
    run: Run
    whole: bool
    codec: Codec
    line: int
    col: int


OPENING_MS = 20  # a moment for the documents an editor opens together to arrive together
LOOK_WAIT = 10.0  # seconds a request waits at most for the first look at its document
WALK_WAIT = 30.0  # seconds the walk of the folders waits at most for a first look
PROGRESS_EVERY = 0.25  # seconds between two reports of a progress


class WorkDone:
    """A progress the client shows (`$/progress`), when it supports work-done progress:
    begun, reported at most every PROGRESS_EVERY seconds, ended. Without the client's
    support every call does nothing."""

    def __init__(self, ls: DecklintServer, token: str | None) -> None:
        self.ls = ls
        self.token = token
        self.last = 0.0

    @classmethod
    async def start(cls, ls: DecklintServer, title: str) -> WorkDone:
        window = ls.client_capabilities.window
        if not (window and window.work_done_progress):
            return cls(ls, None)
        ls.progress_tokens += 1
        token = f"decklint-{ls.progress_tokens}"
        try:
            await asyncio.wait_for(ls.work_done_progress.create_async(token), 5)
        except Exception:  # the client refused it, or did not answer
            return cls(ls, None)
        begin = lsp.WorkDoneProgressBegin(title=f"decklint: {title}", percentage=0)
        ls.work_done_progress.begin(token, begin)
        return cls(ls, token)

    def report(self, message: str, percentage: int | None) -> None:
        now = time.monotonic()
        if self.token is None or now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        value = lsp.WorkDoneProgressReport(message=message, percentage=percentage)
        self.ls.work_done_progress.report(self.token, value)

    def end(self, message: str) -> None:
        if self.token is not None:
            self.ls.work_done_progress.end(self.token, lsp.WorkDoneProgressEnd(message=message))
            self.token = None


def _progress_words(p: Progress) -> tuple[str, int]:
    """What a whole lint's progress says, and how far it is in percent (the files are most
    of the work, the rules on the whole model the rest)."""
    if p.rules:
        return f"running the rules ({p.rules_run} of {p.rules})", 90 + 10 * p.rules_run // p.rules
    done = p.parsed + p.cached
    return f"{done:,} of {p.read:,} files read", 90 * done // max(p.read, 1)


def _index_and_collect(result: Any) -> Index:
    """The index of a whole lint, after the collector has freed the lint before it (its
    model holds reference cycles, which reference counting alone never frees)."""
    import gc

    gc.collect()
    return Index.of(result)


_INCREMENTAL = lsp.TextDocumentSyncKind.Incremental


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


def fs_path(uri: str) -> Path | None:
    """The file a `file:` URI names; None for any other scheme."""
    parsed = urlparse(uri)
    return Path(unquote(parsed.path)) if parsed.scheme == "file" else None


class Handlers:
    """The handlers of one family of requests, as its module declares them (`@handlers.feature`,
    as pygls' own decorator is written), registered on the server by `decklint.server.app`: a
    family is handed the server object and never imports the server."""

    def __init__(self) -> None:
        self.features: list[tuple[str, Any, Callable[..., Any]]] = []

    def feature(self, name: str, options: Any = None) -> Callable[[F], F]:
        def add(fn: F) -> F:
            self.features.append((name, options, fn))
            return fn

        return add

    def register(self, server: LanguageServer) -> None:
        for name, options, fn in self.features:
            server.feature(name, options)(fn)
