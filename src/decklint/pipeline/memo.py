"""The run memo: the findings of a whole run, reused only when nothing at all has changed.

The per-file cache (`decklint.pipeline.cache`) spares the parsing of unchanged files; the rules
then run on the whole model, rebuilt from the entries. When not one input, option, configuration
file, rule plug-in or piece of decklint changed since a run, that run's findings are what the
rules would find again, and re-linting a repository that nobody touched (pre-commit on an
unrelated commit, a CI re-run) can skip the model altogether. Change any one of those and the
memo misses: the whole model is built again and every rule runs.

`decklint lint` uses it, but not with a baseline (which needs the parsed statements), and
`decklint diff` for each revision's findings (`api.lint_model`: the model is still built,
without running the rules).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from decklint.fileio import atomic_write
from decklint.findings import Finding
from decklint.pipeline import cache as cache_mod
from decklint.store import cache_dir

if TYPE_CHECKING:
    from decklint.inputs.gather import Input

KEEP = 16  # memos kept per decklint build; the oldest go first


@dataclass(frozen=True)
class Memo:
    findings: tuple[Finding, ...]
    files: tuple[tuple[str, str | None], ...]
    rules_run: frozenset[str]


def key(identity: bytes, options: object, inputs: Sequence[Input]) -> str:
    """`identity`: the configuration's (see `Project.identity`)."""
    h = hashlib.blake2b(digest_size=20)
    h.update(cache_mod.fingerprint().encode())
    h.update(identity)
    h.update(repr(cache_mod.stable(options)).encode("utf-8", "surrogatepass"))
    for inp in inputs:
        text = inp.text
        head = (inp.path, inp.explicit, inp.problem, inp.notes, text is None)
        h.update(repr(head).encode("utf-8", "surrogatepass"))
        if text is not None:
            h.update(inp.digest or b"")
    return h.hexdigest()


def _folder() -> Path | None:
    base = cache_dir()
    return None if base is None else base / "runs" / cache_mod.fingerprint()


def load(k: str) -> Memo | None:
    folder = _folder()
    if folder is None:
        return None
    p = folder / k
    try:
        got = cache_mod.loads(p.read_bytes())
    except Exception:  # absent, damaged or foreign: run the rules
        with contextlib.suppress(OSError):
            p.unlink()
        return None
    if not isinstance(got, Memo):
        return None
    with contextlib.suppress(OSError):
        os.utime(p)  # recently used: kept longer
    return got


def save(k: str, memo: Memo) -> None:
    folder = _folder()
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write(folder / k, cache_mod.dumps(memo))
        old = sorted(
            (p for p in folder.iterdir() if not p.name.startswith(".")),
            key=lambda p: p.stat().st_mtime,
            reverse=True,
        )
        for p in old[KEEP:]:
            p.unlink()
    except OSError:
        return  # a memo is only ever a saving
