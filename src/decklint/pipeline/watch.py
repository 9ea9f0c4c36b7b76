"""Watching decks: look at the files every so often, lint again when one changed, and say
which findings the new run added and which it no longer has. Standard library only: the
files are polled (their times, size and inode), not watched through the operating system.

The loop (`watch`) takes what it looks with, lints with and sleeps with, so that tests run it
without waiting; it never prints (the command does).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from decklint.core.findings import Finding
from decklint.inputs.gather import files

if TYPE_CHECKING:
    from decklint.pipeline.run import LintResult

# What a look records of one file: modified and changed times (a change of mode changes the
# second), size and inode (a file replaced by renaming another over it); None: no stat.
Stamp = tuple[int, int, int, int] | None
Snapshot = dict[str, Stamp]

# A look that took t seconds is not repeated before 4 t have passed: scanning a large tree
# takes at most a fifth of the time, whatever the interval asked for.
LOOK_SHARE = 4


def snapshot(
    paths: Sequence[str],
    excluded: Callable[[Path], bool] | None = None,
    embedded_mode: str = "auto",
) -> Snapshot:
    """The files `decklint lint paths` would read (the same walk, skips and exclusions), each
    with its stamp."""
    return stamps(f for f, _explicit in files(paths, excluded, embedded_mode))


def stamps(paths: Iterable[Path | str]) -> Snapshot:
    """Each file's stamp, under its name as given."""
    out: Snapshot = {}
    for f in paths:
        try:
            st = os.stat(f)
        except OSError:
            out[str(f)] = None
        else:
            out[str(f)] = (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)
    return out


def changed(before: Snapshot, after: Snapshot) -> tuple[str, ...]:
    """The files added, changed or removed between two looks, in name order."""
    return tuple(
        sorted(k for k in before.keys() | after.keys() if before.get(k, 0) != after.get(k, 0))
    )


class Run(NamedTuple):
    """One run of the loop: when, why, and how its findings differ from the run before."""

    when: float  # seconds since the epoch, when the run ended
    changed: tuple[str, ...]  # the files whose change started it; () for the first run
    new: tuple[Finding, ...]  # findings the run before did not have (the first run: all)
    gone: tuple[Finding, ...]  # findings of the run before this one no longer has
    findings: int  # how many it found in all
    files: int  # how many files it linted
    error: str = ""  # set when it could not run (a configuration error); nothing else is


Keyed = list[tuple[tuple[str, str], Finding]]


def keyed(result: LintResult) -> Keyed:
    """Each finding under its baseline identity (rule, file, statement, operand: not its
    line, so a finding that only moved is the same) and its message (so one whose message
    changed, a value in it, is said again)."""
    from decklint.lint.baseline import Locator, identity

    locator = Locator(result.parsed)
    return [((identity(f, locator), f.message), f) for f in result.findings]


def compare(before: Keyed, after: Keyed) -> tuple[tuple[Finding, ...], tuple[Finding, ...]]:
    """The findings of `after` that `before` has not (new) and those of `before` that `after`
    has not (gone), as many times as each key is over: identities repeat."""
    return _over(after, Counter(k for k, _ in before)), _over(before, Counter(k for k, _ in after))


def _over(these: Keyed, budget: Counter[tuple[str, str]]) -> tuple[Finding, ...]:
    out = []
    for k, f in these:
        if budget[k] > 0:
            budget[k] -= 1
        else:
            out.append(f)
    return tuple(sorted(out, key=Finding.sort_key))


def watch(
    look: Callable[[], Snapshot],
    lint: Callable[[], LintResult | str],
    *,
    interval: float = 1.0,
    looks: int | None = None,
    sleep: Callable[[float], None] | None = None,
    clock: Callable[[], float] = time.time,
) -> Iterator[Run]:
    """Lint (`lint`: a result, or the message of an error that stopped it), then look
    (`look`) every `interval` seconds and lint again when anything changed: one `Run` per
    lint. Ends after `looks` looks, or never. Of a run, only its findings are kept.
    `sleep` waits (`time.sleep`), `clock` says when a run ended (`time.time`)."""
    wait = sleep or time.sleep
    seen, pause = _timed(look, interval)
    before: Keyed = []
    why: tuple[str, ...] = ()
    n = 0
    while True:
        got = lint()
        if isinstance(got, str):
            yield Run(clock(), why, (), (), 0, 0, got)
        else:
            linted = sum(1 for _p, d in got.files if d)
            now = keyed(got)
            del got  # the model and parsed files: not kept while the loop waits
            new, gone = compare(before, now)
            yield Run(clock(), why, new, gone, len(now), linted)
            before = now
        why = ()
        while not why:
            if looks is not None and n >= looks:
                return
            wait(pause)
            n += 1
            now_seen, pause = _timed(look, interval)
            why, seen = changed(seen, now_seen), now_seen


def _timed(look: Callable[[], Snapshot], interval: float) -> tuple[Snapshot, float]:
    """A look, and how long to wait before the next: `interval`, or LOOK_SHARE times as
    long as this look took if that is longer."""
    started = time.monotonic()
    seen = look()
    return seen, max(interval, (time.monotonic() - started) * LOOK_SHARE)
