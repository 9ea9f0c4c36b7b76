"""Writing a file so that a reader sees the old content or the new, never a part of it."""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO

# Not tempfile and shutil: importing them weighs on the start-up of a pre-commit run, which
# writes one cache entry. A temporary name holds the process id and a serial number, and
# O_EXCL makes sure no one else has the file.
_serial = itertools.count()


def atomic_write(
    target: Path, data: bytes | tuple[bytes, ...], *, replace_user_file: bool = False
) -> None:
    """Write beside `target` and rename over it; the temporary file is removed on failure.
    `data` may come in parts, written one after the other (a large entry is not copied to
    be joined to its header).

    `replace_user_file`: the file is the user's own (a deck being fixed): its mode is kept and
    the data is on disk before the rename, so the original is whole until the new one is.
    Raises OSError.
    """
    fd, tmp = _temporary(target)
    try:
        with os.fdopen(fd, "wb") as fh:
            for part in data if isinstance(data, tuple) else (data,):
                fh.write(part)
            if replace_user_file:
                fh.flush()
                os.fsync(fh.fileno())
        if replace_user_file:
            st = os.stat(target)
            if hasattr(os, "chown") and (st.st_uid, st.st_gid) != _owner(tmp):
                os.chown(tmp, st.st_uid, st.st_gid)
            os.chmod(tmp, stat.S_IMODE(st.st_mode))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_output(target: Path) -> Iterator[IO[str]]:
    """A text stream (UTF-8, `\n` line ends) whose content becomes `target` when the block
    ends without an exception: written beside it and renamed over it, so a reader (or a full
    disk) never leaves part of a report, or an empty one, in its place. The file gets the mode
    the old one had, else the one a new file gets (0666 less the umask). Raises OSError.

    A target that is no regular file (`/dev/null`, a named pipe, a terminal) is written in
    place: renaming over it would put a file where the device or pipe was. A symbolic link is
    followed, so the file it names gets the report and the link stays."""
    target = Path(os.path.realpath(target))
    if target.exists() and not target.is_file():
        with open(target, "w", encoding="utf-8", newline="\n") as direct:
            yield direct
        return
    fd, tmp = _temporary(target)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            yield fh
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


class Refused(Exception):
    """A user's file decklint does not write; the message says why, as a phrase."""


def rewrite_user_file(path: Path, data: bytes) -> None:
    """Give the user's file `path` the content `data`, keeping what makes it that file.

    A symbolic link is followed: the file it names is written, in that file's folder. A file
    without its owner's write bit is the user's choice to keep it as it is: Refused. A file
    with more than one hard link, or whose owner or group this process cannot give to a new
    file, is overwritten in place (not atomically) so the links and the owner stay; any other
    is replaced atomically with its mode and owner. Raises Refused or OSError.
    """
    target = Path(os.path.realpath(path))
    st = os.stat(target)
    if not stat.S_ISREG(st.st_mode):
        raise Refused("not a regular file")
    if not st.st_mode & stat.S_IWUSR:
        raise Refused("the file is read-only (make it writable to have it fixed)")
    if st.st_nlink > 1 or not _can_own_as(st):
        _overwrite(target, data)
    else:
        atomic_write(target, data, replace_user_file=True)


def _owner(path: str) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_uid, st.st_gid


def _can_own_as(st: os.stat_result) -> bool:
    """Whether a new file of this process can be given the owner and group of `st`."""
    if not hasattr(os, "geteuid"):
        return True  # no owners to keep
    uid = os.geteuid()
    if uid == 0:
        return True
    return st.st_uid == uid and (st.st_gid == os.getegid() or st.st_gid in os.getgroups())


def _overwrite(target: Path, data: bytes) -> None:
    """Write `data` over the file itself: same inode, so its links, owner and mode stay."""
    with open(target, "r+b") as fh:
        fh.write(data)
        fh.truncate()
        fh.flush()
        os.fsync(fh.fileno())


def _temporary(target: Path) -> tuple[int, str]:
    """A new file beside `target`, opened for writing by this process only (mode 0600)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = str(target.parent / f".{target.name}.{os.getpid()}.{next(_serial)}.tmp")
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:  # left by a killed run of a process with the same id
            continue
