"""The run memo: the findings of a whole run, reused only when nothing at all has changed.

The per-file cache (`decklint.pipeline.cache`) spares the parsing of unchanged files; the rules
then run on the whole model, rebuilt from the entries. When not one input, option, configuration
file, rule plug-in or piece of decklint changed since a run, that run's findings are what the
rules would find again, and re-linting a repository that nobody touched (pre-commit on an
unrelated commit, a CI re-run) can skip the model altogether. Change any one of those and the
memo misses: the whole model is built again and every rule runs.

`decklint lint` uses it, but not with a baseline (which needs the parsed statements), and
`decklint diff` for each revision's findings (`run.lint_model`: the model is still built,
without running the rules).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from decklint.core.findings import Finding
from decklint.pipeline import cache as cache_mod
from decklint.platform.digests import blake2b
from decklint.platform.store import vault

if TYPE_CHECKING:
    from decklint.inputs.gather import Input

KEEP = 16  # memos kept per decklint build; the oldest go first
_AREA = "runs"  # in the cache folder: runs/<fingerprint>/<key>, sealed like every entry


class Memo(NamedTuple):
    findings: tuple[Finding, ...]
    files: tuple[tuple[str, str | None], ...]
    rules_run: frozenset[str]
    unlinted: tuple[tuple[str, str], ...] = ()  # `LintResult.unlinted`


def key(identity: bytes, options: object, inputs: Sequence[Input]) -> str:
    """`identity`: the configuration's (see `Project.identity`)."""
    h = blake2b(digest_size=20)
    h.update(cache_mod.fingerprint().encode())
    h.update(identity)
    h.update(repr(cache_mod.stable(options)).encode("utf-8", "surrogatepass"))
    for inp in inputs:
        text = inp.text
        head: tuple[object, ...] = (inp.path, inp.explicit, inp.problem, inp.notes, text is None)
        if inp.dialect is not None:  # given, as the option is (other keys stay as they were)
            head += (inp.dialect,)
        h.update(repr(head).encode("utf-8", "surrogatepass"))
        if text is not None:
            h.update(inp.digest or b"")
    return h.hexdigest()


def load(k: str) -> Memo | None:
    v = vault()
    if v is None:
        return None
    name = f"{_AREA}/{cache_mod.fingerprint()}/{k}"
    payload = v.read(name)  # None when absent, damaged or not this user's: run the rules
    if payload is None:
        return None
    try:
        got = cache_mod.loads(payload)
    except Exception:  # sealed by this user, yet written by a decklint that pickled otherwise
        got = None
    if not isinstance(got, Memo):
        with contextlib.suppress(OSError):
            v.path(name).unlink()
        return None
    with contextlib.suppress(OSError):
        os.utime(v.path(name))  # recently used: kept longer
    return got


def save(k: str, memo: Memo) -> None:
    v = vault()
    if v is None:
        return
    area = f"{_AREA}/{cache_mod.fingerprint()}"
    try:
        v.write(f"{area}/{k}", cache_mod.dumps(memo))
        folder = v.path(area)
        names = [n for n in os.listdir(folder) if not n.startswith(".")]
        if len(names) <= KEEP:
            return  # nothing to let go of: no entry's time is read
        old = sorted((folder / n for n in names), key=lambda p: p.stat().st_mtime, reverse=True)
        for p in old[KEEP:]:
            p.unlink()
    except OSError:
        return  # a memo is only ever a saving
