"""A change reviewed: the files of two revisions read from git (the work tree from disk),
each revision linted with the same configuration and the per-file cache, then their models
and findings compared."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from decklint.core.source import Span
from decklint.inputs.discover import SKIP_DIRS
from decklint.inputs.gather import Input, expand, not_a_deck, read_input
from decklint.lint import baseline
from decklint.pipeline.run import LintResult, gc_paused, lint_model
from decklint.pipeline.run import Options as LintOptions
from decklint.project.config import CONFIG_NAMES
from decklint.review import changes, findings, statements
from decklint.review.revisions import Entry, Repository, Revision

_CONFIG_FILES = frozenset((*CONFIG_NAMES, "pyproject.toml"))


class FileChanges(NamedTuple):
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    modified: tuple[str, ...] = ()
    renamed: tuple[tuple[str, str], ...] = ()  # (at base, at head)


# The lint options for a revision's files, and the configuration's identity (None: no memo).
Options = Callable[[list[str]], tuple[LintOptions, bytes | None]]


class Review(NamedTuple):
    """What a change does: its files, its model changes and its findings."""

    base: Revision
    head: Revision
    files: FileChanges
    changes: tuple[changes.Change, ...]
    findings: findings.FindingChanges
    linted: tuple[int, int]  # files linted at base and at head
    configuration: tuple[str, ...] = ()  # configuration files that differ between the two
    internal_errors: int = 0


class Selection(NamedTuple):
    """Which files of a revision are linted, as `decklint lint` would choose them in a folder."""

    under: tuple[str, ...] = ()  # paths from the repository's top; () for all
    excluded: Callable[[Path], bool] | None = None
    encoding: str | None = None
    embedded: str = "auto"


class _Side(NamedTuple):
    inputs: list[Input]
    result: LintResult
    blobs: dict[str, str]  # path as shown -> blob name, for the files linted


def review(
    repo: Repository,
    base: Revision,
    head: Revision,
    options: Options,
    selection: Selection | None = None,
) -> Review:
    """Lint `base` and `head` (the work tree when its commit is None) and compare them.
    `options(paths)`: the lint options for one revision's files, and the configuration's
    identity for the run memo (`decklint.pipeline.run.lint_model`). Raises GitError."""
    with gc_paused():
        return _review(repo, base, head, options, selection or Selection())


def _review(
    repo: Repository,
    base: Revision,
    head: Revision,
    options: Options,
    selection: Selection,
) -> Review:
    shown = _Shown(repo.top)
    renames = {shown(a): shown(b) for a, b in repo.renames(base, head).items()}
    old_files, new_files = repo.files(base), repo.files(head)
    known: _Read = {}
    old = _lint(repo, old_files, shown, options, selection, known)
    new = _lint(repo, new_files, shown, options, selection, known)
    unchanged = _unchanged(old, new, renames)
    before, after = _model(old), _model(new)
    model_changes = changes.compare(before, after, renames, unchanged)
    pairs, added, removed = _changed_decks(old, new, renames, unchanged)
    model_changes = statements.compare(before, after, pairs, added, removed, model_changes)
    found = findings.compare(
        old.result.findings,
        new.result.findings,
        baseline.Locator.of_statements(old.result.topology.statements),
        baseline.Locator.of_statements(new.result.topology.statements),
        renames,
    )
    return Review(
        base,
        head,
        _file_changes(old.blobs, new.blobs, renames),
        tuple(model_changes),
        found,
        (len(old.result.files), len(new.result.files)),
        _configuration(repo, old_files, new_files, shown),
        old.result.internal_errors + new.result.internal_errors,
    )


class _Shown:
    """A path from the repository's top as `decklint lint` shows it: relative to the current
    folder when inside it."""

    def __init__(self, top: Path) -> None:
        self.top = top
        self.prefix: str | None = None
        with contextlib.suppress(ValueError):
            self.prefix = Path.cwd().resolve().relative_to(top.resolve()).as_posix()

    def __call__(self, path: str) -> str:
        if self.prefix == ".":
            return path
        if self.prefix is not None and path.startswith(self.prefix + "/"):
            return path[len(self.prefix) + 1 :]
        rel = os.path.relpath(self.top / path)
        return Path(rel).as_posix() if not rel.startswith("..") else (self.top / path).as_posix()


def _wanted(path: str, shown: str, selection: Selection) -> bool:
    """Whether a walk of the repository by `decklint lint` would lint the file."""
    parts = path.split("/")
    if any(p.startswith(".") for p in parts) or any(p in SKIP_DIRS for p in parts[:-1]):
        return False
    if selection.under and not any(
        u in (".", "") or path == u or path.startswith(u.rstrip("/") + "/") for u in selection.under
    ):
        return False
    if not_a_deck(PurePosixPath(path), selection.embedded):
        return False
    return not (selection.excluded and selection.excluded(Path(shown)))


def _walk_order(path: str) -> tuple[tuple[int, str], ...]:
    """A folder's files before its sub-folders, each sorted: the order of a folder walk."""
    *folders, name = path.split("/")
    return (*((1, f) for f in folders), (0, name))


# A file read at one revision, by blob and path as shown: the inputs made from it.
_Read = dict[tuple[str, str], list[Input]]


def _lint(
    repo: Repository,
    entries: list[Entry],
    shown: _Shown,
    options: Options,
    selection: Selection,
    known: _Read,
) -> _Side:
    """One revision linted. `known`: the files the other revision read, whose inputs (their
    decoded text and its hash) serve again where a file is the same; this one's are added."""
    todo = sorted(
        (e for e in entries if _wanted(e.path, shown(e.path), selection)),
        key=lambda e: _walk_order(e.path),
    )
    again = {
        i for i, e in enumerate(todo) if e.blob is not None and (e.blob, shown(e.path)) in known
    }
    read = iter(repo.contents(e for i, e in enumerate(todo) if i not in again))
    inputs: list[Input] = []
    blobs: dict[str, str] = {}
    for i, e in enumerate(todo):
        name = shown(e.path)
        if i in again:
            assert e.blob is not None
            blobs[name] = e.blob
            inputs.extend(known[(e.blob, name)])
            continue
        e, data = next(read)
        if isinstance(data, str):
            inputs.append(Input(name, None, False, data))
            continue
        blob = blobs[name] = e.blob or _blob_name(data)
        made = known.get((blob, name))
        if made is None:
            made = known[(blob, name)] = expand(
                read_input(name, data, False, selection.encoding), selection.embedded
            )
        inputs.extend(made)
    opts, identity = options([i.path for i in inputs])
    return _Side(inputs, lint_model(inputs, opts, identity), blobs)


def _unchanged(old: _Side, new: _Side, renames: dict[str, str]) -> dict[str, str]:
    """Path at base -> path at head of the inputs whose text is the same in both."""
    now = {i.path: i.digest for i in new.inputs if i.text is not None}
    out = {}
    for i in old.inputs:
        if i.text is not None:
            there = renames.get(i.path, i.path)
            if now.get(there) == i.digest:
                out[i.path] = there
    return out


def _changed_decks(
    old: _Side, new: _Side, renames: dict[str, str], unchanged: dict[str, str]
) -> tuple[dict[str, str], list[str], list[str]]:
    """The decks whose text changed, base path -> head path; the decks only head has; those
    only base has (each a deck linted: a file, or a deck cut out of one)."""
    before = {i.path for i in old.inputs if i.text is not None and i.container != i.path}
    after = {i.path for i in new.inputs if i.text is not None and i.container != i.path}
    pairs: dict[str, str] = {}
    for p in sorted(before):
        there = renames.get(p, p)
        if there in after and unchanged.get(p) != there:
            pairs[p] = there
    came = sorted(after - {renames.get(p, p) for p in before})
    went = sorted(p for p in before if renames.get(p, p) not in after)
    return pairs, came, went


def _blob_name(data: bytes) -> str:
    """The name git gives a blob of these bytes (to tell a work tree file changed)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def _model(side: _Side) -> changes.Model:
    origins = {i.path: (i.container or i.path, i.block) for i in side.inputs if i.block}

    def place(path: str, span: Span) -> changes.Location:
        got = origins.get(path)
        if got is None:
            return changes.Location(path, span.line, span.col)
        container, block = got
        s = block.place(span)
        return changes.Location(container, s.line, s.col)

    return changes.Model(side.result.topology, place)


def _file_changes(old: dict[str, str], new: dict[str, str], renames: dict[str, str]) -> FileChanges:
    moved = tuple((a, b) for a, b in sorted(renames.items()) if a in old and b in new)
    gone = {a for a, _b in moved}
    came = {b for _a, b in moved}
    return FileChanges(
        tuple(sorted(p for p in new if p not in old and p not in came)),
        tuple(sorted(p for p in old if p not in new and p not in gone)),
        tuple(sorted(p for p in new if p in old and old[p] != new[p])),
        moved,
    )


def _configuration(
    repo: Repository, old: Sequence[Entry], new: Sequence[Entry], shown: _Shown
) -> tuple[str, ...]:
    """The configuration files that differ between the revisions (both are judged with the
    configuration in effect where decklint runs); a pyproject.toml without decklint's table
    is none."""

    def blobs(entries: Sequence[Entry]) -> dict[str, str]:
        picked = [e for e in entries if PurePosixPath(e.path).name in _CONFIG_FILES]
        out = {}
        for e, data in repo.contents(picked):
            if isinstance(data, str):
                out[e.path] = data  # not read: why
            elif e.path.endswith(".toml") and b"[tool.decklint" not in data:
                continue
            else:
                out[e.path] = _blob_name(data)
        return out

    a, b = blobs(old), blobs(new)
    return tuple(shown(p) for p in sorted(a.keys() | b.keys()) if a.get(p) != b.get(p))
