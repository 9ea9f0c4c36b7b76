"""The editor's workspace as one network: the decks of its folders, gathered as
`decklint lint FOLDER` gathers them and under the configuration that command would use,
overlaid with the texts of the documents open in the editor (files, and documents that are no
file, such as a data set member an editor plug-in fetched from a mainframe).

Nothing here speaks the protocol: the server asks for a `Snapshot` of the current texts, lints
it (`lint`, in a worker thread) and publishes what the returned `Run` holds.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from decklint import api
from decklint.config import CONFIG_NAMES, ConfigError
from decklint.findings import Finding
from decklint.inputs.gather import _NOT_DECKS
from decklint.project import Project

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+:")  # two letters at least: C: is a drive


@dataclass(frozen=True)
class Document:
    """A document open in the editor."""

    uri: str
    path: str  # its key in findings: a path as the command line shows it, or the URI
    text: str
    version: int | None
    is_file: bool


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


@dataclass
class Settings:
    """What the editor may set (initialization options, or `workspace/configuration`)."""

    baseline: str | None = None  # a baseline file, as `decklint lint --baseline FILE`
    debounce_ms: int = 150


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

    # ------------------------------------------------------------------ loading

    def load(self) -> None:
        """(Re)read the configuration and the folders' decks."""
        self.generation += 1
        try:
            self.project = Project.load()
            self.config_error = ""
        except ConfigError as exc:
            self.project = None
            self.config_error = f"configuration error: {exc}"
            return
        except KeyError as exc:  # a selection naming no rule
            self.project = None
            self.config_error = f"configuration error: {exc.args[0]}"
            return
        opts = self.project.options(None)
        self.disk = api.gather([self._shown(r) for r in self.roots], opts.excluded)

    def _shown(self, p: Path) -> str:
        return display(str(p))

    # ------------------------------------------------------------------ documents

    def open(self, uri: str, text: str, version: int | None) -> Document:
        path, is_file = path_of(uri)
        doc = Document(uri, path, text, version, is_file)
        self.documents[uri] = doc
        self.generation += 1
        return doc

    def close(self, uri: str) -> Document | None:
        self.generation += 1
        return self.documents.pop(uri, None)

    def document(self, uri: str) -> Document | None:
        return self.documents.get(uri)

    def by_path(self, path: str) -> Document | None:
        for doc in self.documents.values():
            if doc.path == path:
                return doc
        return None

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
        lies outside them and looks like a deck."""
        if not doc.is_file:
            return True
        if any(i.path == doc.path or i.container == doc.path for i in self.disk):
            return True
        p = Path(doc.path)
        if p.suffix.lower() in _NOT_DECKS and p.suffix.lower() not in (".md", ".markdown"):
            return False
        if any(part.startswith(".") for part in p.parts[:-1] if part not in (".", "..")):
            return False
        project = self.project
        return project is None or not project.excluded(p)

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

    def lint(self, snap: Snapshot) -> Run:
        """Lint a snapshot as `decklint lint` would: the nearest configuration for each file,
        inline suppressions, and the baseline if one is set. Safe to call from one worker
        thread at a time."""
        if self.project is None:
            empty = api.lint_inputs([], api.Options())
            return Run(empty, {}, {}, snap.versions, snap.generation, self.config_error)
        project = self.project
        opts = project.options(None)
        opts.cache, opts.jobs = True, 1
        inputs = list(snap.inputs)
        error = ""
        try:
            project.declare_for(opts, [i.path for i in inputs])
            result = api.lint_inputs(inputs, opts)
        except ConfigError as exc:
            empty = api.lint_inputs([], api.Options())
            return Run(empty, {}, {}, snap.versions, snap.generation, f"configuration error: {exc}")
        if self.settings.baseline:
            from decklint.lint.baseline import BaselineError

            try:
                result = api.apply_baseline(result, Path(self.settings.baseline))
            except BaselineError as exc:
                error = str(exc)
        findings: dict[str, list[Finding]] = defaultdict(list)
        for f in result.findings:
            findings[f.path].append(f)
        texts = {
            i.path: i.text
            for i in inputs
            if i.text is not None and (i.container is None or i.container == i.path)
        }
        return Run(result, dict(findings), texts, snap.versions, snap.generation, error)


def _inputs_of(doc: Document) -> list[api.Input]:
    """An open document's inputs: its text, or the decks cut out of it (JCL, markdown)."""
    return api.expand(api.Input(doc.path, doc.text, not doc.is_file, encoding="utf-8"))


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
