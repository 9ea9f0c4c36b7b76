"""The editor's workspace as one network: the decks of its folders, gathered as
`decklint lint FOLDER` gathers them and under the configuration that command would use,
overlaid with the texts of the documents open in the editor (files, and documents that are no
file, such as a data set member an editor plug-in fetched from a mainframe).

A document's language, when it is a deck language (`dialects.by_language`), is its dialect, as
`--dialect` would be for that file alone. A document that is no deck (no dialect by its
language, name or content) gets no findings: an editor shows every file it opens, and a
`notes.txt` that could not be linted is not a finding there, as it is on the command line.

Nothing here speaks the protocol: the server asks for a `Snapshot` of the current texts, lints
it (`lint`, in a worker thread) and publishes what the returned `Run` holds.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from decklint import api, dialects
from decklint.core.findings import Finding
from decklint.core.progress import OnProgress
from decklint.inputs.discover import by_name
from decklint.inputs.gather import not_a_deck
from decklint.project import Project
from decklint.project.config import CONFIG_NAMES, ConfigError

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+:")  # two letters at least: C: is a drive


@dataclass(frozen=True)
class Document:
    """A document open in the editor."""

    uri: str
    path: str  # its key in findings: a path as the command line shows it, or the URI
    text: str
    version: int | None
    is_file: bool
    dialect: str | None = None  # the dialect its language says, read as --dialect


@dataclass(frozen=True)
class Snapshot:
    """What one lint run reads: every input, and the version of each open document."""

    inputs: tuple[api.Input, ...]
    versions: dict[str, int | None]  # path -> version of the open documents
    generation: int


@dataclass
class Run:
    """One lint of the network: its result, and its findings and texts per path."""

    result: api.LintResult
    findings: dict[str, list[Finding]]
    texts: dict[str, str]  # path -> the text the findings' positions are in
    versions: dict[str, int | None]
    generation: int
    error: str = ""  # a configuration or baseline problem: nothing was linted
    covers: frozenset[str] | None = None  # the paths it speaks for; None: every path
    # a quick lint's findings added to and removed from decks it does not speak for
    delta: dict[str, tuple[frozenset[Finding], frozenset[Finding]]] = field(default_factory=dict)


@dataclass
class Settings:
    """What the editor may set (initialization options, or `workspace/configuration`)."""

    baseline: str | None = None  # a baseline file, as `decklint lint --baseline FILE`
    debounce_ms: int = 150  # quiet before the quick lint of the edited decks
    full_delay_ms: int = 1000  # quiet after it before the whole network is linted


@dataclass
class Network:
    """The workspace folders' decks and the open documents, with the configuration."""

    roots: list[Path]
    settings: Settings = field(default_factory=Settings)
    project: Project | None = None
    config_error: str = ""
    disk: list[api.Input] = field(default_factory=list)  # the folders' decks as gathered
    documents: dict[str, Document] = field(default_factory=dict)  # by URI
    generation: int = 0  # counts changes; a run for an older generation is stale
    edited: set[str] = field(default_factory=set)  # paths opened or changed since a whole lint
    fresh: set[str] = field(default_factory=set)  # paths opened or changed since any lint of them
    untrusted: bool = False  # the workspace's owner is not trusted: `Project.load(untrusted=)`

    # ------------------------------------------------------------------ loading

    def load(self) -> None:
        """(Re)read the configuration and the folders' decks."""
        self.load_config()
        self.disk = self.load_folders()

    def load_config(self) -> None:
        """(Re)read the configuration (quick: the folders' decks are `load_folders`')."""
        self.generation += 1
        try:
            self.project = Project.load(untrusted=self.roots if self.untrusted else None)
            self.config_error = ""
        except ConfigError as exc:
            self.project = None
            self.config_error = f"configuration error: {exc}"
            return
        except KeyError as exc:  # a selection naming no rule
            self.project = None
            self.config_error = f"configuration error: {exc.args[0]}"
            return

    def load_folders(self, progress: OnProgress | None = None) -> list[api.Input]:
        """The folders' decks, gathered as `decklint lint FOLDER` gathers them (`progress`
        told the files found and read), with the per-file cache filled for them. Slow in a
        large folder, so the server runs it beside its lint thread: it changes nothing here
        (the caller sets `disk` to what it returns)."""
        project = self.project
        if project is None:
            return []
        opts = project.options(None)
        folders = [self._shown(r) for r in self.roots]
        # what a folder walk passes by is named in a lint's report; an editor shows nothing
        disk = [i for i in api.gather(folders, opts.excluded, progress=progress) if not i.passed]
        if folders:
            fill_cache(folders, untrusted=self.untrusted)
        return disk

    def withheld(self) -> list[str]:
        """The configuration's settings not used because the workspace is not trusted."""
        return self.project.withheld() if self.project is not None else []

    def baseline_refused(self, baseline: str) -> str | None:
        """Why the baseline file the editor names is not read: in an untrusted workspace, only
        a file inside its folders is. None: it may be read."""
        if not self.untrusted:
            return None
        target = Path(baseline).resolve()
        if any(target.is_relative_to(r.resolve()) for r in self.roots):
            return None
        return f"the baseline {baseline} is outside this untrusted workspace: not read"

    def _shown(self, p: Path) -> str:
        return display(str(p))

    # ------------------------------------------------------------------ documents

    def open(self, uri: str, text: str, version: int | None, language: str = "") -> Document:
        """A document opened or changed, with its language id (the editor's, or its file
        type's): a deck language's dialect is the document's."""
        path, is_file = path_of(uri)
        doc = Document(uri, path, text, version, is_file, dialects.by_language(language))
        self.documents[uri] = doc
        self.generation += 1
        self.edited.add(path)
        self.fresh.add(path)
        return doc

    def close(self, uri: str) -> Document | None:
        self.generation += 1
        doc = self.documents.pop(uri, None)
        if doc is not None:
            self.edited.add(doc.path)
            self.fresh.add(doc.path)
        return doc

    def document(self, uri: str) -> Document | None:
        return self.documents.get(uri)

    def by_path(self, path: str) -> Document | None:
        for doc in list(self.documents.values()):  # a copy: the lint thread asks too
            if doc.path == path:
                return doc
        return None

    def reread(self, uri: str) -> None:
        """A file of the folders changed on disk: read it again (an open document keeps the
        editor's text)."""
        path, is_file = path_of(uri)
        kept = [i for i in self.disk if (i.container or i.path) != path]
        if not is_file or len(kept) == len(self.disk):
            return  # not one of the decks the folders' walk found
        self.generation += 1
        self.edited.add(path)
        self.fresh.add(path)
        again = [i for i in api.gather([path]) if not i.passed] if Path(path).is_file() else []
        # as the walk read it: a file found in a folder, not named
        self.disk = kept + [i.replace(explicit=False) for i in again]

    def is_config(self, uri: str) -> bool:
        """Whether a file's change means the configuration must be read again."""
        name = uri.rsplit("/", 1)[-1]
        if name in CONFIG_NAMES or name == "pyproject.toml":
            return True
        base = self.settings.baseline
        return bool(base) and path_of(uri)[0] == display(base or "")

    def wanted(self, doc: Document) -> bool:
        """Whether an open document is linted: a document that is no file always (the user
        opened it as a deck); a file if `decklint lint` of the folders would lint it, or it
        lies outside them and looks like a deck, or has a deck language (as a file named on
        the command line is linted) and the configuration does not exclude it."""
        if not doc.is_file:
            return True
        if any(i.path == doc.path or i.container == doc.path for i in self.disk):
            return True
        p = Path(doc.path)
        project = self.project
        if project is not None and project.excluded(p):
            return False
        if doc.dialect is not None:
            return True
        if not_a_deck(p):
            return False
        return not any(part.startswith(".") for part in p.parts[:-1] if part not in (".", ".."))

    # ------------------------------------------------------------------ linting

    def snapshot(self) -> Snapshot:
        """The inputs of a run now: the gathered decks, each open document's text in place of
        its file's, and the open documents that are no file of the folders."""
        overlay: dict[str, Document] = {
            d.path: d for d in self.documents.values() if self.wanted(d)
        }
        inputs: list[api.Input] = []
        done: set[str] = set()
        for inp in self.disk:
            owner = inp.container or inp.path
            doc = overlay.get(owner)
            if doc is None:
                inputs.append(inp)
            elif owner not in done:
                done.add(owner)
                inputs.extend(_inputs_of(doc))
        for path, doc in overlay.items():
            if path not in done:
                inputs.extend(_inputs_of(doc))
        versions = {d.path: d.version for d in overlay.values()}
        return Snapshot(tuple(inputs), versions, self.generation)

    def lint(self, snap: Snapshot, progress: OnProgress | None = None) -> Run:
        """Lint a snapshot as `decklint lint` would: the nearest configuration for each file,
        inline suppressions, and the baseline if one is set; `progress` is told how far it is
        (in the thread that lints). Safe to call from one worker thread at a time."""
        return self._lint(list(snap.inputs), snap, progress=progress)

    def focus(
        self,
        snap: Snapshot,
        index: Index,
        edited: set[str],
        before: dict[str, str],
        progress: OnProgress | None = None,
    ) -> Run:
        """A quick lint of the edited documents with the decks around them, for the time a
        lint of the whole network takes. Each edited deck is read alone first (for the names
        it defines and uses now), then linted with its neighbours (`Index.neighbours`) and
        theirs, once with the texts `before` the edits (the texts of what is shown) and once
        with the new ones. The run gives the edited decks' findings, and for each neighbour
        the findings the edits added and removed (`Run.delta`): a neighbour's findings that
        need decks further away than these are not right in a lint of a part of the
        network, but they are not right or wrong alike in both, so they cancel. A whole lint
        follows and has the last word. `progress` is told how far each lint is (it may stop
        them by raising)."""
        owner = {i.path: i.container or i.path for i in snap.inputs}
        seeds = {i.path for i in snap.inputs if owner[i.path] in edited}
        alone = self._lint([i for i in snap.inputs if i.path in seeds], snap, progress=progress)
        now = Index.of(alone.result)
        first: set[str] = set(edited)  # a closed document that is no file: its findings go
        for path in seeds:
            first |= index.neighbours(path, now.keys.get(path, frozenset()))
        wide = set(first)
        for path in first - seeds:
            wide |= index.neighbours(path)
        keep = {owner.get(p, p) for p in wide}
        part = [i for i in snap.inputs if owner[i.path] in keep]
        run = self._lint(part, snap, progress=progress)
        was = [i for i in part if owner[i.path] not in edited]
        for path in sorted(edited):
            if path in before:
                doc = self.by_path(path)
                dialect = doc.dialect if doc else None
                shown = Document("", path, before[path], None, not doc or doc.is_file, dialect)
                was.extend(_inputs_of(shown))
        old = self._lint(was, snap, progress=progress)
        delta: dict[str, tuple[frozenset[Finding], frozenset[Finding]]] = {}
        for path in {owner.get(p, p) for p in first} - edited:
            new, gone = set(run.findings.get(path, ())), set(old.findings.get(path, ()))
            if new != gone:
                delta[path] = (frozenset(new - gone), frozenset(gone - new))
        run.findings = {p: fs for p, fs in run.findings.items() if p in edited}
        run.covers = frozenset(edited)
        run.delta = delta
        return run

    def first_look(self, snap: Snapshot, paths: set[str]) -> Run:
        """A lint of the decks `paths` alone, for the time before the whole network has been
        linted (until then nothing tells which decks are tied to which): each deck gets only
        the findings its own text decides (`Manifest.deck_decides`: how it was read and
        parsed, the file phase's rules), which a lint of the whole network gives it alike.
        The rules that need other decks (a name defined or used elsewhere, the other end of
        a link, a node's other decks) are not run: their findings wait for the whole lint."""
        owner = {i.path: i.container or i.path for i in snap.inputs}
        decided = self.decided()
        part = [i for i in snap.inputs if owner[i.path] in paths]
        run = self._lint(part, snap, keep=decided)
        run.findings = {
            p: [f for f in fs if f.code in decided] for p, fs in run.findings.items() if p in paths
        }
        run.covers = frozenset(paths)
        return run

    def decided(self) -> frozenset[str]:
        """The codes of the rules whose findings on a deck that deck alone decides."""
        if self.project is None:
            return frozenset()
        rules = self.project.registry.rules.values()
        return frozenset(m.code for m in rules if m.deck_decides)

    def _lint(
        self,
        inputs: list[api.Input],
        snap: Snapshot,
        keep: frozenset[str] | None = None,
        progress: OnProgress | None = None,
    ) -> Run:
        """`keep`: run only these rules (the others as if ignored)."""
        if self.project is None:
            empty = api.lint_inputs([], api.Options())
            return Run(empty, {}, {}, snap.versions, snap.generation, self.config_error)
        project = self.project
        opts = project.options(None)
        opts.cache, opts.jobs, opts.progress = True, 1, progress
        if keep is not None:
            opts.ignore = [*opts.ignore, *sorted(set(project.registry.rules) - keep)]
        error = ""
        try:
            project.declare_for(opts, [i.path for i in inputs])
            result = api.lint_inputs(inputs, opts)
        except ConfigError as exc:
            empty = api.lint_inputs([], api.Options())
            return Run(empty, {}, {}, snap.versions, snap.generation, f"configuration error: {exc}")
        if self.settings.baseline:
            from decklint.lint.baseline import BaselineError

            refused = self.baseline_refused(self.settings.baseline)
            try:
                if refused:
                    raise BaselineError(refused)
                result = api.apply_baseline(result, Path(self.settings.baseline))
            except BaselineError as exc:
                error = str(exc)
        findings: dict[str, list[Finding]] = defaultdict(list)
        no_decks = _no_decks(result, inputs, opts.config_globs)
        for f in result.findings:
            if f.path not in no_decks:
                findings[f.path].append(f)
        texts = {
            i.path: i.text
            for i in inputs
            if i.text is not None and (i.container is None or i.container == i.path)
        }
        return Run(result, dict(findings), texts, snap.versions, snap.generation, error)


def fill_cache(folders: Sequence[str], *, untrusted: bool = False) -> None:
    """Parse the folders' decks into the per-file cache with `decklint lint`, in processes of
    their own on every core: the server's own lints then read every deck from the cache,
    and its memory never holds a whole cold parse. They run at a lower priority, so that a
    deck opened meanwhile is linted at once rather than sharing the cores with them. Its
    output is not wanted; a failure here only means the server parses what is missing
    itself."""
    import subprocess

    from decklint.platform import children

    # never `python -m decklint`: it would import a decklint.py of the workspace first
    cmd = children.decklint_command("lint", "--exit-zero", "--format", "json", background=True)
    if untrusted:
        cmd.append("--untrusted")
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        children.run(
            [*cmd, "--output", os.devnull, "--", *folders],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=3600,
            check=False,
        )


MAX_DOCUMENT = 8 << 20  # characters of an open document the server lints (8 Mi)


def _inputs_of(doc: Document) -> list[api.Input]:
    """An open document's inputs: its text, or the decks cut out of it (JCL, markdown), with
    the dialect its language says. A document larger than MAX_DOCUMENT is not linted: a
    100 MB one took minutes and gigabytes and held up every other document; a finding on
    its first line says so."""
    if len(doc.text) > MAX_DOCUMENT:
        why = (
            f"the document has {len(doc.text):,} characters, more than the editor lints "
            f"({MAX_DOCUMENT:,}): not linted here (run decklint lint on it)"
        )
        return [api.Input(doc.path, None, True, why, dialect=doc.dialect)]
    inp = api.Input(doc.path, doc.text, not doc.is_file, encoding="utf-8", dialect=doc.dialect)
    return api.expand(inp)


def _no_decks(
    result: api.LintResult, inputs: Sequence[api.Input], globs: dict[str, str]
) -> set[str]:
    """The files of a lint that are no decks: no dialect was found for them (by a language,
    a directive, the name or the content), and none read, such as a binary file, has a name
    that tells one. A deck that does not parse has its dialect, and keeps its findings; a
    run with an internal error has none, so that no failure is hidden (it may be reported on
    any file)."""
    if result.internal_errors:
        return set()
    unread = {i.path for i in inputs if i.text is None}
    said = {i.path for i in inputs if i.text is None and i.explicit}  # not read, and why
    return {
        path
        for path, dialect in result.files
        if dialect is None and path not in said and not (path in unread and by_name(path, globs))
    }


def display(path: str) -> str:
    """A file's path as `decklint lint` shows it: relative to the current folder inside it,
    else absolute."""
    full = os.path.realpath(path)
    here = os.path.realpath(os.getcwd())
    if full == here:
        return "."
    if full.startswith(here.rstrip(os.sep) + os.sep):
        return Path(os.path.relpath(full, here)).as_posix()
    return Path(full).as_posix()


def path_of(uri: str) -> tuple[str, bool]:
    """The key of a document in findings, and whether it is a file: a file's path as the
    command line shows it; for any other document, its URI decoded (a data set member's name,
    SYS1.VTAMLST(ATCSTR00), then shows as written, and tells the dialect)."""
    parsed = urlparse(uri)
    if parsed.scheme == "file":
        return display(unquote(parsed.path)), True
    return unquote(uri), False


def uri_of(path: str, documents: Sequence[Document] = ()) -> str:
    """The URI of a path in findings: an open document's own, else the file's."""
    for doc in documents:
        if doc.path == path:
            return doc.uri
    if _SCHEME.match(path):
        return path  # a document that is no file: its URI (closed, it has no findings)
    return Path(os.path.abspath(path)).as_uri()


def text_of(path: str, run: Run | None) -> str:
    """The text a finding's positions are in: the run's, else the file on disk (a related
    location in a configuration file)."""
    if run is not None and path in run.texts:
        return run.texts[path]
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read(1 << 22)
    except OSError:
        return ""


@dataclass(frozen=True)
class Index:
    """What ties each deck to others in the last lint of the whole network: the names it
    defines or uses, the links resolve inferred, and the other ends of its findings."""

    keys: dict[str, frozenset[tuple[str, str, str]]]  # path -> (kind, scope, name)
    holders: dict[tuple[str, str, str], frozenset[str]]  # (kind, scope, name) -> paths
    near: dict[str, frozenset[str]]  # path -> paths joined to it by a link or a finding

    @classmethod
    def of(cls, result: api.LintResult) -> Index:
        keys: dict[str, set[tuple[str, str, str]]] = defaultdict(set)
        topo = result.topology
        for d in topo.symbols.definitions:
            keys[d.path].add((d.kind, d.scope, d.name))
        for r in topo.symbols.references:
            keys[r.path].add((r.kind, r.scope, r.name))
        holders: dict[tuple[str, str, str], set[str]] = defaultdict(set)
        for path, ks in keys.items():
            for k in ks:
                holders[k].add(path)
        near: dict[str, set[str]] = defaultdict(set)
        for e in topo.of("link"):
            other = e.value("b_path")
            if isinstance(other, str) and other != e.path:
                near[e.path].add(other)
                near[other].add(e.path)
        for f in result.findings:
            for rel in f.related:
                if rel.path != f.path:
                    near[f.path].add(rel.path)
                    near[rel.path].add(f.path)
        return cls(
            {p: frozenset(v) for p, v in keys.items()},
            {k: frozenset(v) for k, v in holders.items()},
            {p: frozenset(v) for p, v in near.items()},
        )

    def neighbours(
        self, path: str, keys: frozenset[tuple[str, str, str]] = frozenset()
    ) -> set[str]:
        """The deck, the decks that share a name with it, and those joined to it."""
        out = {path, *self.near.get(path, ())}
        for k in self.keys.get(path, frozenset()) | keys:
            out |= self.holders.get(k, frozenset())
        return out
