"""Where the grammars and rule manifests live: inside the wheel, or in a source checkout; and
the fingerprint of this build of decklint, which keys its cache entries apart."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path

from decklint.platform.digests import blake2b

# Of the fingerprint: a new way of taking it, or a new form of what entries hold, keys every
# entry apart (3: entries and run memos hold NamedTuple records, issue 39; 4: findings and
# parsed files are NamedTuple records too).
_FORMAT = "4"


@functools.cache
def _data_root(name: str) -> Path:
    # The wheel maps grammars/ and rules/ into the package folder; a source checkout keeps
    # them at the top level. (Plain paths: importlib.resources costs start-up time.)
    packaged = Path(__file__).resolve().parents[1] / name
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[3] / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"decklint data folder {name!r} not found (broken installation?)")


def grammars_root() -> Path:
    return _data_root("grammars")


def rules_root() -> Path:
    return _data_root("rules")


def grammar_path(name: str) -> Path:
    return grammars_root() / f"{name}.lark"


@functools.cache
def fingerprint() -> str:
    """A hash of this build of decklint: its version and what it is made of, so that an edit
    of a grammar, a rule manifest or a module keys new cache entries.

    An installed wheel is what its installer recorded: the dist-info `RECORD` names every file
    of the package with the hash of its content, read as one small file (a new install, of
    any version, writes a new one). A checkout, or an editable install, has no such record of
    its working files: there it is the name, size and modification time of every grammar,
    rule manifest and module (the contents are not read, which a small run would pay for)."""
    try:  # as decklint's own __init__ reads it (a floor beneath the package's)
        from decklint._version import __version__
    except ImportError:  # a source tree never built nor installed
        __version__ = "0.0.0"

    h = blake2b(f"{_FORMAT}:{__version__}".encode(), digest_size=8)
    package = Path(__file__).resolve().parents[1]  # the decklint package, all of it
    record = _record(package, __version__)
    if record is not None:
        h.update(b"record:" + record)
        return h.hexdigest()
    for root in (grammars_root(), rules_root(), package):
        for rel, size, mtime in sorted(stamps(str(root), "")):
            h.update(f"{rel}:{size}:{mtime};".encode())
    return h.hexdigest()


def _record(package: Path, version: str) -> bytes | None:
    """The installer's `RECORD` of the wheel `package` was installed from, when it lists the
    package's own modules (an editable install's lists only the hook that points at the
    checkout); None otherwise. Looked for under the version's own name; failing that (a
    version spelt otherwise in the folder's name), every decklint record beside the package
    that lists it, so that any install among them changes what is read."""
    site = package.parent
    own = f"{package.name}/__init__.py,".encode()
    exact = site / f"{package.name}-{version}.dist-info" / "RECORD"
    got = _listing(exact, own)
    if got is not None:
        return got
    try:
        names = sorted(e.name for e in os.scandir(site))
    except OSError:
        return None
    found = [
        _listing(site / name / "RECORD", own)
        for name in names
        if name.startswith(f"{package.name}-") and name.endswith(".dist-info")
    ]
    records = [r for r in found if r is not None]
    return b"\0".join(records) if records else None


def _listing(path: Path, own: bytes) -> bytes | None:
    """The record at `path` when it lists the package's `own` first module."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return data if data.startswith(own) or b"\n" + own in data else None


def stamps(folder: str, prefix: str) -> Iterator[tuple[str, int, int]]:
    """(relative path, size, mtime) of the grammars, manifests and modules below `folder`
    (os.scandir: its entries carry their stat, where Path.rglob makes a Path and a stat each)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for e in entries:
        rel = f"{prefix}{e.name}"
        if e.is_dir(follow_symlinks=False):
            if e.name != "__pycache__":
                yield from stamps(e.path, rel + "/")
        elif e.name.endswith((".lark", ".yaml", ".py")) and e.is_file():
            st = e.stat()
            yield rel, st.st_size, st.st_mtime_ns
