"""Where each file's share of the run comes from: the cache, a worker process, or right here.

The result does not depend on the route: units come back in input order and the caller merges
them in that order, so a parallel or cached run gives the same findings, in the same order, as
a serial one (tests/test_schedule.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import multiprocessing.context

from decklint.core.progress import Stats
from decklint.core.settings import Settings
from decklint.inputs.gather import digest
from decklint.lint.check import FileRule
from decklint.pipeline import cache as cache_mod
from decklint.pipeline.filephase import (
    FileUnit,
    Steering,
    answer,
    process,
    rehydrate,
    slim,
    taken,
)

# multiprocessing and concurrent.futures are imported only when a pool starts: importing them
# is a noticeable share of a small run's start-up, and a small run never uses them.

# Below this much uncached text a pool costs more than it saves (fork, transfer).
PARALLEL_MIN_CHARS = 400_000


class _Count:
    """Files done so far, told to the caller's `done(parsed, cached)` as each one is done
    (in this process: a worker's file counts when it comes back)."""

    def __init__(self, done: Callable[[int, int], None]) -> None:
        self.done, self.parsed, self.cached = done, 0, 0

    def hit(self) -> None:
        self.cached += 1
        self.done(self.parsed, self.cached)

    def made(self) -> None:
        self.parsed += 1
        self.done(self.parsed, self.cached)


def jobs_for(requested: int) -> int:
    """`--jobs 0` (the default) means every core this process may use."""
    if requested > 0:
        return requested
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# What a pool shares: the files to parse, the index of the next unclaimed chunk, and the queue
# the workers send parsed files back on. Workers get them when they start (inheritance: a
# shared counter or queue cannot be pickled into a task).
_Todo = list[tuple[int, str, str, str | None]]  # (index into the run, path, text, hint)
_Shared = tuple[_Todo, Any, Any, "cache_mod.Store | None", dict[int, str]]
_shared: _Shared | None = None
_CHUNK = 4  # files claimed at a time at most


def _share(
    todo: _Todo,
    counter: Any,
    done: Any = None,
    store: cache_mod.Store | None = None,
    keys: dict[int, str] | None = None,
) -> None:
    global _shared
    _shared = (todo, counter, done, store, keys or {})


def _claims(todo: _Todo, counter: Any) -> Iterator[tuple[int, str, str, str | None]]:
    """The files this process claims, a chunk at a time, until none are left.

    Every process (workers and this one) claims from the same counter, so a faster process
    takes more: on a machine whose cores are not equal under load a fixed share left one
    side idle for seconds."""
    while True:
        with counter.get_lock():
            start = counter.value
            # smaller chunks as the end nears: a side that took the last four files alone
            # kept the other idle for most of their time
            size = max(1, min(_CHUNK, (len(todo) - start) // 8))
            counter.value = start + size
        if start >= len(todo):
            return
        yield from todo[start : start + size]


def _work(steer: Steering, keep: bool = False) -> int:
    """Parse claimed files, each written to the cache here (writes in parallel, not all in
    decklint's process) and sent back as soon as it is done; how many were sent. With no
    cache, a file goes back with only the statements the run reads of it (`answer`), unless
    the run `keep`s them all."""
    assert _shared is not None
    todo, counter, done, store, keys = _shared
    sent = 0
    for i, p, text, hint in _claims(todo, counter):
        unit = process(p, text, steer, hint)
        if store is None and not keep:
            done.put((i, cache_mod.dumps(answer(unit))))
            sent += 1
            continue
        blob = cache_mod.dumps(slim(unit))
        if store is not None and not unit.error and i in keys:
            store.put(keys[i], blob)
        done.put((i, blob))
        sent += 1
    return sent


def file_units(
    texts: Sequence[tuple[str, str | None, str | None]],
    *,
    dialect: str | None,
    config_globs: dict[str, str],
    settings: Settings,
    jobs: int = 1,
    use_cache: bool = False,
    file_rules: tuple[FileRule, ...] = (),
    digests: Sequence[bytes | None] | None = None,
    done: Callable[[int, int], None] | None = None,
    keep_statements: bool = False,
) -> tuple[list[FileUnit | None], Stats]:
    """One unit per (path, text, dialect hint), None where there is no text; and how they
    were made. `file_rules` run on each file as it is parsed (their results are in its unit);
    `keep_statements`: a file parsed here keeps its statements (see `_here`);
    `digests`, where known, are the texts' `gather.digest`; `done(parsed, cached)` is told
    the counts so far each time a file is done."""
    count = _Count(done) if done is not None else None
    steer = Steering(dialect, tuple(sorted(config_globs.items())), settings, file_rules)
    store = cache_mod.Store.open() if use_cache else None
    out: list[FileUnit | None] = [None] * len(texts)
    keys: dict[int, str] = {}
    todo: list[tuple[int, str, str]] = []
    hints: dict[int, str | None] = {}
    forms: dict[str | None, bytes] = {}  # the options' part of the cache key, per hint
    for i, (path, text, hint) in enumerate(texts):
        if text is None:
            continue
        if store is not None:
            if hint not in forms:
                forms[hint] = cache_mod.steering_form((steer, hint))
            dg = digests[i] if digests is not None else None
            k = keys[i] = cache_mod.key(path, dg or digest(text), forms[hint])
            blob = store.get(k)
            if blob is not None:
                try:
                    unit = cache_mod.loads(blob)
                except Exception:  # a damaged or foreign entry: parse again
                    store.drop(k)
                else:
                    if isinstance(unit, FileUnit) and unit.path == path:
                        out[i] = rehydrate(unit, settings)
                        if count is not None:
                            count.hit()
                        continue
                    store.drop(k)
        hints[i] = hint
        todo.append((i, path, text))
    workers = min(jobs_for(jobs), len(todo))
    if workers > 1 and sum(len(t) for _, _, t in todo) < PARALLEL_MIN_CHARS:
        workers = 1
    ctx = None
    if workers > 1:
        from decklint.platform.children import pool_context

        ctx = pool_context()
    if ctx is None:
        workers = 1  # no worker process can start safely here: all in this process
    else:
        from concurrent.futures.process import BrokenProcessPool

        try:
            _parallel(
                ctx,
                todo,
                workers,
                steer,
                settings,
                out,
                store,
                keys,
                hints,
                count,
                keep_statements,
            )
        except (BrokenProcessPool, OSError):
            workers = 1  # a worker was killed (memory?) or no process could start: go on here
    for i, path, text in todo:
        if out[i] is None:
            out[i] = _here(path, text, steer, hints[i], store, keys.get(i), keep_statements)
            if count is not None:
                count.made()
    cached = sum(1 for _, t, _ in texts if t is not None) - len(todo)
    return out, Stats(len(texts), cached, len(todo), max(1, workers))


def _here(
    path: str,
    text: str,
    steer: Steering,
    hint: str | None,
    store: cache_mod.Store | None,
    k: str | None,
    keep: bool = False,
) -> FileUnit:
    """One file processed in this process. Written to the cache, it keeps its statements as
    the bytes written there; otherwise none (they are parsed again if read), or, with
    `keep`, the statements themselves (a caller that reads most files' statements after
    the run: a baseline, SARIF fingerprints)."""
    unit = process(path, text, steer, hint)
    if store is None or k is None or unit.error:
        return slim(unit, None if keep else text)
    if unit.pf is not None:
        unit = unit._replace(pf=unit.pf._replace(statements=unit.pf.statements.packed()))
    kept = slim(unit)
    store.put(k, cache_mod.dumps(kept))
    return kept


def _parallel(
    ctx: multiprocessing.context.BaseContext,
    todo: list[tuple[int, str, str]],
    workers: int,
    steer: Steering,
    settings: Settings,
    out: list[FileUnit | None],
    store: cache_mod.Store | None,
    keys: dict[int, str],
    hints: dict[int, str | None],
    count: _Count | None = None,
    keep: bool = False,
) -> None:
    """Parse with `workers - 1` forked processes and this one.

    This process takes in the workers' files between its own chunks, so that loading them is
    not left for the end: it claims fewer files itself, and the sides finish together."""
    import queue
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    shared: _Todo = [(i, path, text, hints[i]) for i, path, text in todo]
    texts = {i: text for i, _path, text in todo}
    counter = ctx.Value("q", 0)
    done = ctx.Queue()

    def take(blob_item: tuple[int, bytes]) -> None:
        i, blob = blob_item
        unit = cache_mod.loads(blob)
        assert isinstance(unit, FileUnit)
        # the worker wrote it to the cache, or sent the statements the run reads
        out[i] = rehydrate(taken(unit, texts[i]), settings)
        if count is not None:
            count.made()

    def drain() -> int:
        n = 0
        while True:
            try:
                take(done.get_nowait())
            except queue.Empty:
                return n
            n += 1

    with ProcessPoolExecutor(
        max_workers=workers - 1,
        mp_context=ctx,
        initializer=_share,
        initargs=(shared, counter, done, store, keys),
    ) as pool:
        futures = [pool.submit(_work, steer, keep) for _ in range(workers - 1)]
        mine = received = 0
        # this process claims and parses files too, as long as any are left
        for i, path, text, hint in _claims(shared, counter):
            out[i] = _here(path, text, steer, hint, store, keys.get(i), keep)
            if count is not None:
                count.made()
            mine += 1
            received += drain()
        expected, quiet = len(shared) - mine, 0  # the files the workers claimed
        while received < expected:
            try:
                take(done.get(timeout=1.0))
            except queue.Empty:
                for f in futures:
                    if f.done():
                        f.result()  # raises when a worker died
                quiet += 1
                if quiet >= 10 and all(f.done() for f in futures):
                    raise BrokenProcessPool("a worker's parsed files never came") from None
                continue
            received, quiet = received + 1, 0
