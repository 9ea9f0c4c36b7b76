"""`decklint format` over files and folders: what each file would become, written on request.

Files are found as `lint` finds them (`inputs.gather.files`: folders walked, files that are
never decks and excluded ones skipped), decoded and named as it decodes and names them; a
file is written back in the bytes form it was read in (`inputs.encoding.encode_like`: code
page, EBCDIC records, line ends), atomically with its mode kept (`fileio.rewrite_user_file`),
and never when its bytes could not be kept or it changed on disk meanwhile. The files that
change are written a few at once (`_write_all`: threads, whose waits for the disk overlap),
the names of one file one after the other.

What each deck is (its dialect) and how its dialect parses it come from the lint's file phase
when the caller gives it (`lint`): from the lint's cache, so after a lint nothing is detected
or parsed again (a deck the cache does not hold is parsed there, in the lint's workers, and
cached). The decks are then laid out and checked in worker processes
(`decklint.platform.children.pool_context`) when there is enough text to pay for them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from decklint.fmt.files import Before, format_text
from decklint.fmt.layout import Settings
from decklint.inputs import encoding as enc
from decklint.platform.fileio import Damaged, Refused, interrupted, rewrite_user_file, sweep

if TYPE_CHECKING:
    from decklint.inputs.gather import Input
    from decklint.pipeline.filephase import FileUnit
    from decklint.readers.base import ParsedFile

# The lint's file phase for the files formatted (`pipeline.run.file_units`): given all their inputs
# (the configuration's facts are found for them all, as a lint finds them), what gives the
# units of some of them. It is called in the worker processes, a few files at a time.
Units = Callable[[Sequence["Input"]], Sequence["FileUnit | None"]]
LintPhase = Callable[[Sequence["Input"]], Units]

# Below this much text a worker process costs more than it saves (as for the lint's parse).
PARALLEL_MIN_CHARS = 400_000
_CHUNK = 16  # files a worker takes at a time


@dataclass(frozen=True)
class FileResult:
    """One file: its text before and after, the decks left alone (path, reason), and why it
    was not read or written ('' when it was)."""

    path: str
    before: str
    after: str
    left: tuple[tuple[str, str], ...] = ()
    problem: str = ""
    written: bool = False

    @property
    def changed(self) -> bool:
        return self.before != self.after

    @property
    def unread(self) -> bool:
        """Not read (or not formatted at all), so nothing is known of its text."""
        return bool(self.problem) and not self.changed

    @property
    def not_written(self) -> bool:
        """It would change, and was asked to, but was not written: it is as it was."""
        return bool(self.problem) and self.changed


def settings_of(section: dict[str, object]) -> Settings:
    """The formatter's settings from a configuration's `format:` section."""
    col = section.get("operation-column")
    indent = section.get("block-indent")
    return Settings(
        operation_column=col if isinstance(col, int) else None,
        operands_per_card=str(section.get("operands-per-card", "keep")),
        renumber=bool(section.get("renumber", False)),
        block_indent=indent if isinstance(indent, int) else None,
        statements_per_line=str(section.get("statements-per-line", "keep")),
    )


@dataclass(frozen=True)
class _Read:
    """A file read and decoded: its path, as shown, its bytes and text, and their encoding."""

    path: Path
    shown: str
    data: bytes
    text: str
    encoding: str
    explicit: bool


@dataclass(frozen=True)
class _Job:
    """What formatting the files needs besides the files: shared with the worker processes.
    `inputs`: each file's, as the lint makes them (a container's decks), when `units` gives
    what the lint's file phase found for them."""

    files: list[_Read]
    settings: Settings
    config_globs: dict[str, str] | None
    dialect: str | None
    embedded_mode: str
    inputs: list[list[Input]] | None = None
    units: Units | None = None

    def run(self, chunk: Sequence[int]) -> list[tuple[int, str, tuple[tuple[str, str], ...]]]:
        """The files `chunk` indexes, formatted: (index, text, decks left alone)."""
        known: dict[str, tuple[str | None, ParsedFile | None]] | None = None
        if self.inputs is not None and self.units is not None:
            inputs = [i for k in chunk for i in self.inputs[k]]
            units = self.units(inputs)
            known = {
                i.path: (u.dialect, u.pf)
                for i, u in zip(inputs, units, strict=True)
                if u is not None and not u.error
            }
        before: Before | None = known.get if known is not None else None
        out = []
        for k in chunk:
            f = self.files[k]
            got = format_text(
                f.shown,
                f.text,
                self.settings,
                self.config_globs,
                self.dialect,
                embedded_mode=self.embedded_mode,
                before=before,
            )
            out.append((k, got.text, got.left))
        return out


def run(
    paths: Iterable[str],
    settings: Settings,
    *,
    config_globs: dict[str, str] | None = None,
    excluded: Callable[[Path], bool] | None = None,
    encoding: str | None = None,
    embedded_mode: str = "auto",
    dialect: str | None = None,
    write: bool = False,
    lint: LintPhase | None = None,
    jobs: int = 1,
) -> list[FileResult]:
    """Format the files under `paths`; write those that change when `write`. `lint`: the
    lint's file phase for the files' inputs, whose dialects and parses the formatter takes
    (else it detects and parses each deck itself); `jobs`: processes (0: every core)."""
    from decklint.inputs.gather import files, leads_out, linted_tree, shown_path

    paths = list(paths)
    tree = linted_tree(paths)
    slots: list[FileResult | _Read] = []
    for f, explicit in files(paths, excluded, embedded_mode):
        away = leads_out(f, tree, explicit, "format")
        if away is not None:  # as `lint` refuses it: never written through a link out
            slots.append(FileResult(shown_path(f), "", "", problem=away))
            continue
        if not f.is_file():
            continue
        shown = shown_path(f)
        try:
            data = f.read_bytes()
        except OSError as exc:
            slots.append(FileResult(shown, "", "", problem=f"cannot read: {exc.strerror}"))
            continue
        got = enc.decode(data, encoding)
        if got.text is not None:
            slots.append(_Read(f, shown, data, got.text, got.encoding, explicit))
    read = [s for s in slots if isinstance(s, _Read)]
    kept = _swept(read) if write else {}
    inputs = units = None
    if lint is not None:
        inputs = [_inputs(f, embedded_mode) for f in read]
        units = lint([i for some in inputs for i in some])
    job = _Job(read, settings, config_globs, dialect, embedded_mode, inputs, units)
    formatted = _format_all(job, jobs)
    out: list[FileResult] = []
    writes: dict[int, tuple[_Read, str]] = {}  # index in `out` -> the file and its new text
    at = 0
    for s in slots:
        if not isinstance(s, _Read):
            out.append(s)
            continue
        after, left = formatted[at]
        at += 1
        result = FileResult(s.shown, s.text, after, left)
        copy = kept.get(s.path)
        if copy is not None:
            result = FileResult(s.shown, s.text, s.text, left, interrupted(copy))
        elif write and result.changed:
            writes[len(out)] = (s, after)
        out.append(result)
    for k, why in _write_all(writes, encoding).items():
        r = out[k]
        out[k] = FileResult(r.path, r.before, r.after, r.left, why, written=not why)
    return out


# Files written at once: each write waits for its data to reach the disk before the file is
# replaced (`fileio.rewrite_user_file`); waits that overlap cost the time of about one.
WRITERS = 8


def _write_all(writes: dict[int, tuple[_Read, str]], asked: str | None) -> dict[int, str]:
    """Each file of `writes` written (`_write`): why it was not, or '' (by the same keys).
    The files are written by a few threads at once, each file whole or not at all as when
    written one after the other; the names of one file (hard links, symbolic links to it) are
    written one after the other, in order, by one thread, so the second finds the first's
    write done."""
    groups: dict[object, list[int]] = {}
    for k, (f, _after) in writes.items():
        try:
            st = os.stat(f.path)
            ident: object = (st.st_dev, st.st_ino)
        except OSError:
            ident = f.path  # `_write` says why it cannot be written
        groups.setdefault(ident, []).append(k)

    def write_group(keys: list[int]) -> list[tuple[int, str]]:
        done = []
        for k in keys:
            f, after = writes[k]
            done.append((k, _write(f.path, f.data, f.text, after, f.encoding, asked)))
        return done

    if len(groups) < 2:
        return dict(pair for keys in groups.values() for pair in write_group(keys))
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(max_workers=min(WRITERS, len(groups)))
    try:
        return dict(pair for done in pool.map(write_group, groups.values()) for pair in done)
    finally:
        # stopped (Ctrl-C): the files being written are finished, whole; no other is begun
        pool.shutdown(wait=True, cancel_futures=True)


def _swept(read: Sequence[_Read]) -> dict[Path, Path]:
    """What killed runs left beside the files: removed (`fileio.sweep`), once per folder;
    the files whose in-place write was cut, each with the copy of its original kept."""
    kept: dict[Path, Path] = {}
    real = {f.path: Path(os.path.realpath(f.path)) for f in read}
    cut = {k.path: k.copy for folder in {r.parent for r in real.values()} for k in sweep(folder)}
    for path, r in real.items():
        if r in cut:
            kept[path] = cut[r]
    return kept


def _inputs(f: _Read, embedded_mode: str) -> list[Input]:
    """The file's inputs as `gather` makes them (so that they are the lint's cache entries):
    the file, or the container and the decks inside it."""
    from decklint.inputs.gather import Input, expand

    return expand(Input(f.shown, f.text, f.explicit, encoding=f.encoding), embedded_mode)


def _format_all(job: _Job, jobs: int) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """Each file's formatted text and the decks left alone, in order: in worker processes
    when there are cores and text enough, else here; a few files at a time (the largest
    first, so that no worker is left with one at the end)."""
    from decklint.pipeline.schedule import jobs_for

    n = len(job.files)
    order = sorted(range(n), key=lambda i: -len(job.files[i].text))
    chunks = [order[k : k + _CHUNK] for k in range(0, n, _CHUNK)]
    out: list[tuple[str, tuple[tuple[str, str], ...]] | None] = [None] * n
    workers = min(jobs_for(jobs), len(chunks))
    if workers > 1 and sum(len(f.text) for f in job.files) >= PARALLEL_MIN_CHARS:
        _parallel(job, workers, chunks, out)
    for chunk in chunks:
        todo = [k for k in chunk if out[k] is None]  # no pool, or what a broken one left
        for k, text, left in job.run(todo) if todo else ():
            out[k] = (text, left)
    return [r for r in out if r is not None]


_job: _Job | None = None  # the job a worker process formats files of (set as it starts)


def _share(job: _Job) -> None:
    global _job
    _job = job


def _chunk(chunk: Sequence[int]) -> list[tuple[int, str, tuple[tuple[str, str], ...]]]:
    """Files formatted in a worker; a file that does not change comes back as ''."""
    assert _job is not None
    done = _job.run(chunk)
    return [(k, "" if text == _job.files[k].text else text, left) for k, text, left in done]


def _parallel(
    job: _Job,
    workers: int,
    chunks: list[list[int]],
    out: list[tuple[str, tuple[tuple[str, str], ...]] | None],
) -> None:
    """Format the chunks of files with `workers` processes; a pool that cannot start or
    breaks leaves the rest to this process."""
    from decklint.platform.children import pool_context

    ctx = pool_context()
    if ctx is None:
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    pool_args: dict[str, Any] = {"initializer": _share, "initargs": (job,)}
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, **pool_args) as pool:
            for done in pool.map(_chunk, chunks):
                for k, text, left in done:
                    out[k] = (text or job.files[k].text, left)
    except (BrokenProcessPool, OSError):
        return


def _write(
    target: Path, data: bytes, before: str, after: str, encoding: str, asked: str | None
) -> str:
    """Write `after` over the file read as `before`; the reason it was not written, or ''."""
    try:
        now = target.read_bytes()
    except OSError as exc:
        return f"cannot read it again: {exc.strerror}"
    new = enc.encode_like(before, after, encoding or "utf-8", data)
    if new is None:
        return "its bytes could not be kept as they were"
    if now == new:
        return ""  # written already, through another of its names (a hard link)
    if now != data and enc.decode(now, asked).text != before:
        return "it changed on disk while being formatted"
    try:
        rewrite_user_file(target, new)
    except Refused as exc:
        return str(exc)
    except Damaged as exc:
        return str(exc.strerror)
    except OSError as exc:
        return f"{exc.strerror or exc}; the file is as it was"
    return ""
