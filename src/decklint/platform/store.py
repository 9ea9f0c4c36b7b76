"""Where decklint keeps its caches, and why it may believe what it reads back from them.

The folder is resolved in one place (`where`), always as an absolute path, and used only when
it is the user's own: a folder owned by another user, or one that others may write, is refused
(`check` says why) and the run goes on without a cache. Every entry is sealed with a keyed
checksum (BLAKE2b under a random key of the user's, mode 0600: `decklint.platform.digests`)
and opened only when the checksum holds, so nothing another user planted, and nothing
damaged, is ever unpickled or believed: such an entry is a miss.

The key is one decklint made for this user, never one a checkout could supply: it is kept in
the user's own cache folder (`$XDG_CACHE_HOME/decklint`, else `~/.cache/decklint`), which no
setting moves. `DECKLINT_CACHE_DIR` moves the entries only: a cache folder set inside a
repository (a relative `DECKLINT_CACHE_DIR` is read from the current folder) may hold a
committed `.key` and entries sealed with it, which are then misses like any foreign entry.
Without a home folder, a `DECKLINT_CACHE_DIR` keeps its own key only when it was given as an
absolute path outside any git work tree.
"""

import contextlib
import os
import stat
import time
from pathlib import Path
from typing import NamedTuple, Protocol

from decklint.platform.digests import blake2b, same
from decklint.platform.fileio import atomic_write

KEY_FILE = ".key"  # in the cache folder: the user's key (hidden, like the marks: not an entry)
KEY_SIZE = 32
_HEADER = b"decklint-sealed-2\n"  # the format of a sealed entry; a new format reads as a miss
_MAC_SIZE = 32  # keyed BLAKE2b, 256 bits
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)


class _Stat(Protocol):
    """What `judge` reads of an `os.stat_result`."""

    @property
    def st_mode(self) -> int: ...

    @property
    def st_uid(self) -> int: ...


def where() -> Path | None:
    """The cache folder, absolute: `DECKLINT_CACHE_DIR` (a relative one is taken from the
    current folder), else `home_folder()`."""
    env = os.environ.get("DECKLINT_CACHE_DIR")
    if env:
        return Path(os.path.abspath(env))
    return home_folder()


def home_folder() -> Path | None:
    """The user's own cache folder, where the key is kept: `$XDG_CACHE_HOME/decklint` when
    that is absolute (the XDG spec says a relative one is ignored), else `~/.cache/decklint`;
    None when there is no home."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(os.path.abspath(xdg)) / "decklint"
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # no HOME and no user entry
        return None
    return Path(os.path.abspath(home)) / ".cache" / "decklint"


def _uid() -> int | None:
    """This process's user, or None where the platform has no owners (Windows)."""
    return os.geteuid() if hasattr(os, "geteuid") else None


def judge(st: _Stat, uid: int | None, what: str = "folder") -> str | None:
    """Why a folder (or the key file: `what="key"`) with status `st` is not to be trusted by
    user `uid`, as a phrase; None when it is. Without owners (uid None) only its type counts."""
    want = stat.S_ISDIR if what == "folder" else stat.S_ISREG
    if not want(st.st_mode):
        return "not a folder" if what == "folder" else "not a regular file"
    if uid is None:
        return None
    if st.st_uid != uid:
        return f"owned by uid {st.st_uid}"
    if what == "folder":
        if st.st_mode & stat.S_IWOTH:
            return "writable by others"
        if st.st_mode & stat.S_IWGRP:
            return "writable by its group"
    elif st.st_mode & 0o077:
        return f"mode {stat.S_IMODE(st.st_mode):04o}, not 0600"
    return None


def check(folder: Path) -> str | None:
    """Why `folder` is refused, or None when it is the user's own. A symbolic link is followed,
    and the link itself must be the user's too."""
    uid = _uid()
    try:
        link = os.lstat(folder)
        st = os.stat(folder)
    except OSError:
        return None  # absent: nothing to trust or refuse yet
    if stat.S_ISLNK(link.st_mode) and uid is not None and link.st_uid != uid:
        return f"a symbolic link owned by uid {link.st_uid}"
    return judge(st, uid)


class Vault(NamedTuple):
    """The checked cache folder and the user's key: entries are sealed when written and opened
    only when their seal holds. Names are paths inside `folder`; the seal covers the name
    too, so an entry copied to another name is a miss."""

    folder: Path
    key: bytes

    def __repr__(self) -> str:
        return f"Vault(folder={self.folder!r})"  # never the key

    def seal(self, payload: bytes, label: str) -> bytes:
        return _HEADER + self._mac(payload, label) + payload

    def open_sealed(self, blob: bytes, label: str) -> bytes | None:
        """The payload of a sealed `blob`; None when it is truncated, of another format, made
        with another key or under another name, or altered in any byte."""
        n = len(_HEADER)
        if len(blob) < n + _MAC_SIZE or not blob.startswith(_HEADER):
            return None
        payload = memoryview(blob)[n + _MAC_SIZE :]
        if not same(blob[n : n + _MAC_SIZE], self._mac(payload, label)):
            return None
        return payload.tobytes()

    def _mac(self, payload: bytes | memoryview, label: str) -> bytes:
        h = blake2b(_HEADER, digest_size=_MAC_SIZE, key=self.key)
        h.update(label.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
        h.update(payload)
        return h.digest()

    def path(self, name: str) -> Path:
        """Where the entry `name` (a relative path, `/`-separated) is kept."""
        return self.folder / name

    def read(self, name: str) -> bytes | None:
        """The payload of entry `name`; None when it is absent or does not open (a damaged or
        foreign entry is also removed)."""
        p = self.folder / name
        n = len(_HEADER) + _MAC_SIZE
        try:
            with p.open("rb", buffering=0) as fh:  # the seal, then the payload read once
                size = os.fstat(fh.fileno()).st_size
                seal, payload = fh.read(n), fh.read(max(0, size - n))
                while len(payload) < size - n and (more := fh.read(size - n - len(payload))):
                    payload += more  # a short read (rare): the seal judges what is there
        except OSError:
            return None
        mac = seal[len(_HEADER) :]
        if seal.startswith(_HEADER) and same(mac, self._mac(payload, name)):
            return payload
        with contextlib.suppress(OSError):
            p.unlink()
        return None

    def write(self, name: str, payload: bytes) -> None:
        """Keep `payload` as entry `name`, sealed, written atomically with mode 0600 (its
        folders made as needed). Raises OSError."""
        p = self.folder / name
        p.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(p, (_HEADER, self._mac(payload, name), payload))


class Status(NamedTuple):
    """The cache folder a run would use: `folder` (None without a home), and `refused`, why
    decklint does not use it (None when it does, or when it merely cannot be made)."""

    folder: Path | None
    vault: Vault | None
    refused: str | None = None


def status() -> Status:
    """Resolve, make (mode 0700) and check the cache folder and the folder of the key, and
    read or make the key."""
    folder = where()
    if folder is None:
        return Status(None, None)
    home = home_folder()
    keys = home
    if keys is None:
        env = os.environ.get("DECKLINT_CACHE_DIR", "")
        work_tree = _work_tree(folder)
        if not os.path.isabs(env):
            return Status(folder, None, "relative, and there is no home folder for its key")
        if work_tree is not None:
            return Status(folder, None, f"in the git work tree {work_tree}, with no home folder")
        keys = folder
    for place in dict.fromkeys((folder, keys)):
        reason = _made(place)
        if reason == "":
            return Status(folder, None)  # cannot be made: no cache, as before
        if reason is not None:
            where_ = "" if place == folder else f"the folder of its key {place} is "
            return Status(folder, None, where_ + reason)
    try:
        key = _key(keys)
    except _KeyRefused as exc:
        return Status(folder, None, f"its key file {keys / KEY_FILE} is {exc}")
    except OSError:
        return Status(folder, None)  # not writable: no cache, as before
    return Status(folder, Vault(folder, key))


def _made(folder: Path) -> str | None:
    """Make `folder` (mode 0700) unless it is there, and say why it is refused; "" when it
    cannot be made, None when it is the user's own."""
    reason = check(folder)
    if reason is None:
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError:
            return ""
        reason = check(folder)  # made by someone else in between, or not a folder at all
    return reason


def _work_tree(folder: Path) -> Path | None:
    """The git work tree `folder` is in (a `.git` in it or above it), or None."""
    for d in (folder, *folder.parents):
        if os.path.lexists(d / ".git"):
            return d
    return None


def vault() -> Vault | None:
    """The cache, when there is one decklint may use."""
    return status().vault


def cache_dir() -> Path | None:
    """The checked cache folder, or None when there is none decklint may use."""
    v = status().vault
    return None if v is None else v.folder


class _KeyRefused(Exception):
    """The key file is there but not the user's own; the message says why, as a phrase."""


def _key(folder: Path) -> bytes:
    """The user's key in `folder`, made when missing (or damaged). Raises _KeyRefused or
    OSError."""
    path = folder / KEY_FILE
    for attempt in range(5):
        try:
            fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _BINARY)
        except FileNotFoundError:
            made = _make_key(path)
            if made is not None:
                return made
            continue  # another process made it first: read theirs
        except OSError as exc:
            if os.path.islink(path):
                raise _KeyRefused("a symbolic link") from exc
            raise
        try:
            st = os.fstat(fd)
            reason = judge(st, _uid(), "key")
            if reason is not None:
                raise _KeyRefused(reason)
            key = os.read(fd, KEY_SIZE + 1)
        finally:
            os.close(fd)
        if len(key) == KEY_SIZE:
            return key
        time.sleep(0.005 * (attempt + 1))  # being written by the process that made it
    return _replace_key(path)  # damaged: a new key (the entries it sealed become misses)


def _new_key() -> bytes:
    import secrets  # here only: a key is made once per cache folder

    return secrets.token_bytes(KEY_SIZE)


def _make_key(path: Path) -> bytes | None:
    """A new key written to `path` if no key is there; None when another process made one."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY
    try:
        fd = os.open(path, flags, 0o600)
    except FileExistsError:
        return None
    key = _new_key()
    try:
        os.write(fd, key)
    finally:
        os.close(fd)
    return key


def _replace_key(path: Path) -> bytes:
    key = _new_key()
    atomic_write(path, key)  # a temporary file of mode 0600, renamed over the damaged key
    return key
