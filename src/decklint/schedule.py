"""Where each file's share of the run comes from: the cache, a worker process, or right here.

The result does not depend on the route: units come back in input order and the caller merges
them in that order, so a parallel or cached run gives the same findings, in the same order, as
a serial one (tests/test_schedule.py).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from decklint import cache as cache_mod
from decklint.filephase import FileUnit, Steering, process, rehydrate, slim
from decklint.model.build import Settings

if TYPE_CHECKING:
    import multiprocessing.context

# multiprocessing and concurrent.futures are imported only when a pool starts: they are a
# tenth of a small run's start-up, and a small run never uses them.

# Below this much uncached text a pool costs more than it saves (fork, transfer).
PARALLEL_MIN_CHARS = 400_000


@dataclass
class Stats:
    """How the files of the last run were read (for `--statistics` and the benchmarks)."""

    files: int = 0
    cached: int = 0
    parsed: int = 0
    workers: int = 1
    memo: bool = False  # the whole run's findings came from the run memo (decklint.memo)


def jobs_for(requested: int) -> int:
    """`--jobs 0` (the default) means every core this process may use."""
    if requested > 0:
        return requested
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _work(batch: list[tuple[str, str, str | None]], steer: Steering) -> list[bytes]:
    return [cache_mod.dumps(slim(process(p, text, steer, hint))) for p, text, hint in batch]


def _batches(todo: list[tuple[int, str, str]], n: int) -> list[list[tuple[int, str, str]]]:
    """One batch per worker, balanced by size, in input order. All are handed over at the
    start: a later hand-over needs this process's pool threads, which wait for the
    interpreter lock while this process parses its own share (workers stood idle)."""
    count = max(1, min(len(todo), n))
    bins: list[list[tuple[int, str, str]]] = [[] for _ in range(count)]
    sizes = [0] * count
    for item in sorted(todo, key=lambda t: -len(t[2])):
        i = sizes.index(min(sizes))
        bins[i].append(item)
        sizes[i] += len(item[2])
    return [sorted(b) for b in bins if b]


def _context() -> multiprocessing.context.BaseContext:
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    # fork shares the loaded grammars and rules with the workers: no second cold start.
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def file_units(
    texts: Sequence[tuple[str, str | None, str | None]],
    *,
    dialect: str | None,
    config_globs: dict[str, str],
    settings: Settings,
    jobs: int = 1,
    use_cache: bool = False,
) -> tuple[list[FileUnit | None], Stats]:
    """One unit per (path, text, dialect hint), None where there is no text; and how they
    were made."""
    steer = Steering(dialect, tuple(sorted(config_globs.items())), settings)
    store = cache_mod.Store.open() if use_cache else None
    out: list[FileUnit | None] = [None] * len(texts)
    keys: dict[int, str] = {}
    todo: list[tuple[int, str, str]] = []
    hints: dict[int, str | None] = {}
    for i, (path, text, hint) in enumerate(texts):
        if text is None:
            continue
        if store is not None:
            k = keys[i] = cache_mod.key(path, text, (steer, hint))
            blob = store.get(k)
            if blob is not None:
                try:
                    unit = cache_mod.loads(blob)
                except Exception:  # a damaged or foreign entry: parse again
                    store.drop(k)
                else:
                    if isinstance(unit, FileUnit) and unit.path == path:
                        out[i] = rehydrate(unit, text, settings)
                        continue
                    store.drop(k)
        hints[i] = hint
        todo.append((i, path, text))
    workers = min(jobs_for(jobs), len(todo))
    if workers > 1 and sum(len(t) for _, _, t in todo) < PARALLEL_MIN_CHARS:
        workers = 1
    if workers > 1:
        from concurrent.futures.process import BrokenProcessPool

        try:
            _parallel(todo, workers, steer, settings, out, store, keys, hints)
        except (BrokenProcessPool, OSError):
            workers = 1  # a worker was killed (memory?) or no process could start: go on here
    for i, path, text in todo:
        if out[i] is None:
            out[i] = _here(path, text, steer, hints[i], store, keys.get(i))
    cached = sum(1 for _, t, _ in texts if t is not None) - len(todo)
    return out, Stats(len(texts), cached, len(todo), max(1, workers))


def _here(
    path: str,
    text: str,
    steer: Steering,
    hint: str | None,
    store: cache_mod.Store | None,
    k: str | None,
) -> FileUnit:
    """One file processed in this process (kept whole: its source stays for the report)."""
    unit = process(path, text, steer, hint)
    if store is not None and k is not None and not unit.error:
        store.put(k, cache_mod.dumps(slim(unit)))
    return slim(unit, keep_source=True)


# What a worker's file costs the run beyond parsing it, as a share of the parse: the worker
# pickles the unit, this process unpickles it (measured on benchmarks/repo_scale.py).
_DUMP, _LOAD = 0.2, 0.15


def parent_share(pool_workers: int) -> float:
    """The share of the text this process parses itself while `pool_workers` workers parse
    the rest, so that all finish together: its share costs the parse alone, the workers'
    shares cost pickling there and unpickling here."""
    w = (1 + _DUMP) / pool_workers
    return max(0.0, (w - _LOAD) / (1 - _LOAD + w))


def _split(todo: list[tuple[int, str, str]], share: float) -> tuple[list[int], list[int]]:
    """Indexes into `todo`: this process's (about `share` of the text) and the workers'.

    Taken in input order, each file to whichever side is behind its share, so both get the
    same mix of dialects (they parse at different speeds per character)."""
    mine: list[int] = []
    theirs: list[int] = []
    got = seen = 0
    for j, (_i, _path, text) in enumerate(todo):
        seen += len(text)
        if got + len(text) <= share * seen or (got < share * seen and len(text) < seen):
            mine.append(j)
            got += len(text)
        else:
            theirs.append(j)
    return mine, theirs


def _parallel(
    todo: list[tuple[int, str, str]],
    workers: int,
    steer: Steering,
    settings: Settings,
    out: list[FileUnit | None],
    store: cache_mod.Store | None,
    keys: dict[int, str],
    hints: dict[int, str | None],
) -> None:
    from concurrent.futures import ProcessPoolExecutor

    share = parent_share(workers - 1)
    mine, theirs = _split(todo, share)
    batches = _batches([todo[j] for j in theirs], workers - 1)
    with ProcessPoolExecutor(max_workers=workers - 1, mp_context=_context()) as pool:
        futures = [pool.submit(_work, [(p, t, hints[i]) for i, p, t in b], steer) for b in batches]
        # this process parses its share while the workers parse theirs
        for j in mine:
            i, path, text = todo[j]
            out[i] = _here(path, text, steer, hints[i], store, keys.get(i))
        for batch, future in zip(batches, futures, strict=True):
            for (i, _path, text), blob in zip(batch, future.result(), strict=True):
                unit = cache_mod.loads(blob)
                assert isinstance(unit, FileUnit)
                out[i] = rehydrate(unit, text, settings)
                if store is not None and not unit.error:
                    store.put(keys[i], blob)
