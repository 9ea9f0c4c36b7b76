"""The content-keyed cache of per-file results, in the user's cache folder.

A file's entry is keyed by a hash of everything its result depends on: the decoded text, its
path as shown (entities carry it), the options that steer detection and lowering, and decklint
itself (`fingerprint`: version, grammars, rule manifests and the package's own code, as the
installer recorded them or, in a checkout, as they stand). An unchanged file is
never parsed twice; the rules still run on the whole model each time, built from the entries.

Entries are pickles, sealed with the user's key and written atomically (a temporary file
renamed into place), so a run that is killed leaves either the old entry or the new one. An
entry that is damaged, or was not written by this user's decklint, is a miss and is removed
before anything unpickles it. The folder is the user's own (`decklint.platform.store`):
`decklint cache clean` empties it, `--no-cache` bypasses it.

Each build of decklint (a new version, an edit of a grammar or rule) keys its entries apart
(`files/<fingerprint>`, and the run memos in `runs/<fingerprint>`). A build that no run has
used for `STALE_AFTER` is removed, looked for at most once a day (`prune`), so upgrades do not
pile up in the folder.
"""

import contextlib
import dataclasses
import os
import pickle
import stat
import time
from pathlib import Path
from typing import NamedTuple

from decklint.platform import resources
from decklint.platform.digests import blake2b
from decklint.platform.store import KEY_FILE, Vault, status, vault

# A hash of decklint itself: an installed wheel's record of its files, or in a checkout the
# name, size and modification time of every grammar, rule manifest and module of the package.
fingerprint = resources.fingerprint


def key(path: str, text_digest: bytes, steering: bytes) -> str:
    """The entry of a file: its displayed path, its text's `digest`, and `steering`, the
    `steering_form` of the options (a run computes it once, not per file)."""
    h = blake2b(digest_size=20)
    h.update(fingerprint().encode())
    h.update(b"\0")
    h.update(path.encode("utf-8", "surrogatepass"))
    h.update(b"\0")
    h.update(steering)
    h.update(b"\0")
    h.update(text_digest)
    return h.hexdigest()


def steering_form(steering: object) -> bytes:
    """The options that steer a file's result, in a form that does not depend on hash order."""
    return repr(stable(steering)).encode("utf-8", "surrogatepass")


def stable(obj: object) -> object:
    """A form of `obj` whose repr does not depend on hash order (sets are sorted)."""
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):  # a NamedTuple record
        return (type(obj).__name__, *(stable(x) for x in obj))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        fields = dataclasses.fields(obj)
        return (type(obj).__name__, *(stable(getattr(obj, f.name)) for f in fields))
    if isinstance(obj, (set, frozenset)):
        return ("set", *sorted(repr(stable(x)) for x in obj))
    if isinstance(obj, dict):
        return ("dict", *sorted((repr(k), repr(stable(v))) for k, v in obj.items()))
    if isinstance(obj, (list, tuple)):
        return tuple(stable(x) for x in obj)
    return obj


class Store:
    """Entries of one decklint build: `<cache>/files/<fingerprint>/<ab>/<rest>`, each sealed
    (`decklint.platform.store.Vault`): `get` gives only what this user's decklint wrote,
    unaltered."""

    vault: Vault
    area: str  # files/<fingerprint>
    hits: int
    misses: int
    writes: int
    failed: int

    def __init__(
        self,
        vault: Vault,
        area: str,
        hits: int = 0,
        misses: int = 0,
        writes: int = 0,
        failed: int = 0,
    ) -> None:
        self.vault = vault
        self.area = area
        self.hits = hits
        self.misses = misses
        self.writes = writes
        self.failed = failed

    @classmethod
    def open(cls) -> "Store | None":
        v = vault()
        if v is None:
            return None
        prune(v.folder, fingerprint())
        return cls(v, f"files/{fingerprint()}")

    def _name(self, k: str) -> str:
        return f"{self.area}/{k[:2]}/{k[2:]}"

    def get(self, k: str) -> bytes | None:
        """The payload of entry `k`; None (a miss) when it is absent, damaged or not sealed
        with this user's key (such an entry is removed)."""
        data = self.vault.read(self._name(k))
        if data is None:
            self.misses += 1
            return None
        self.hits += 1
        return data

    def drop(self, k: str) -> None:
        """Forget an entry that could not be loaded."""
        self.hits -= 1
        self.misses += 1
        with contextlib.suppress(OSError):
            self.vault.path(self._name(k)).unlink()

    def put(self, k: str, blob: bytes) -> None:
        try:
            self.vault.write(self._name(k), blob)
        except OSError:
            self.failed += 1  # a full or read-only disk costs speed, never the run
            return
        self.writes += 1


STALE_AFTER = 30 * 86400  # seconds a build's entries are kept without a run using them
_USED = ".used"  # in files/<build>: touched by every run of that build that opens the cache
_PRUNED = ".pruned"  # in the cache folder: when stale builds were last looked for


def prune(base: Path, build: str, now: float | None = None) -> list[str]:
    """Mark `build` as used and, at most once a day, remove the builds no run has used for
    `STALE_AFTER` (their entries and run memos). Returns the builds removed; a folder that
    cannot be written is left as it is."""
    now = time.time() if now is None else now
    try:
        own = base / "files" / build
        own.mkdir(parents=True, exist_ok=True)
        os.utime(_touch(own / _USED), (now, now))
        stamp = base / _PRUNED
        if stamp.exists() and now - stamp.stat().st_mtime < 86400:
            return []
        os.utime(_touch(stamp), (now, now))
    except OSError:
        return []
    removed = []
    for other in sorted(_builds(base) - {build}):
        if now - _last_used(base, other) > STALE_AFTER:
            import shutil  # here only: importing it costs start-up time

            for area in ("files", "runs"):
                shutil.rmtree(base / area / other, ignore_errors=True)
            removed.append(other)
    return removed


def _touch(p: Path) -> Path:
    p.touch()
    return p


def _builds(base: Path) -> set[str]:
    out: set[str] = set()
    for area in ("files", "runs"):
        with contextlib.suppress(OSError):
            out.update(e.name for e in os.scandir(base / area) if e.is_dir(follow_symlinks=False))
    return out


def _last_used(base: Path, build: str) -> float:
    """When a run last used the build: its mark, its folders, its run memos (a run answered
    by its memo touches the memo, not the mark)."""
    times = [0.0]
    for p in (base / "files" / build / _USED, base / "files" / build, base / "runs" / build):
        with contextlib.suppress(OSError):
            times.append(p.stat().st_mtime)
    with contextlib.suppress(OSError):
        times += (e.stat().st_mtime for e in os.scandir(base / "runs" / build))
    return max(times)


def dumps(obj: object) -> bytes:
    return pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


def loads(blob: bytes) -> object:
    return pickle.loads(blob)


class Usage(NamedTuple):
    """What decklint keeps in its cache folder; `refused`: why decklint does not use the folder
    (then nothing in it is counted, nor ever removed)."""

    folder: Path | None
    entries: int
    size: int
    refused: str | None = None


# What decklint keeps in its cache folder, by name: `clean` removes these and nothing else (a
# cache folder set to the wrong place loses no one's files). `lark-*.pickle`: Lark's own cache
# files, kept there by earlier versions.
KEPT = (
    "files",
    "runs",
    "parsers",
    "catalogs",
    "manifests-*.pickle",
    "dialects-*.pickle",
    "lark-*.pickle",
    KEY_FILE,
    _PRUNED,
    ".*.tmp",
)


def _kept(folder: Path) -> list[Path]:
    from fnmatch import fnmatchcase

    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [folder / n for n in names if any(fnmatchcase(n, pat) for pat in KEPT)]


def usage() -> Usage:
    now = status()
    if now.vault is None:
        return Usage(now.folder if now.refused else None, 0, 0, now.refused)
    entries = size = 0
    for top in _kept(now.vault.folder):
        for f in (top, *top.rglob("*")) if _is_folder(top) else (top,):
            with contextlib.suppress(OSError):
                st = f.lstat()
                if stat.S_ISREG(st.st_mode):
                    size += st.st_size
                    entries += not f.name.startswith(".")  # not the key, marks, writes under way
    return Usage(now.vault.folder, entries, size)


def _is_folder(p: Path) -> bool:
    try:
        return stat.S_ISDIR(p.lstat().st_mode)  # a link to a folder is not walked or emptied
    except OSError:
        return False


def clean() -> Usage:
    """Remove what decklint keeps in its cache folder (`KEPT`); returns what was there. A
    refused folder is left as it is."""
    import shutil  # here only: every run's start-up would pay for importing it

    before = usage()
    if before.folder is not None and before.refused is None:
        for child in _kept(before.folder):
            if _is_folder(child):
                shutil.rmtree(child, ignore_errors=True)
            else:
                with contextlib.suppress(OSError):
                    child.unlink()
    return before
