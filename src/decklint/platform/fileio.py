"""Writing a file so that a reader sees the old content or the new, never a part of it."""

import contextlib
import errno
import itertools
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, NamedTuple

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


class Damaged(OSError):
    """A file rewritten in place that could not be written whole, nor put back as it was:
    the message names the copy of the original kept beside it."""


def rewrite_user_file(path: Path, data: bytes) -> None:
    """Give the user's file `path` the content `data`, keeping what makes it that file;
    whole or not at all.

    A symbolic link is followed: the file it names is written, in that file's folder. A file
    without its owner's write bit is the user's choice to keep it as it is: Refused. A file
    with more than one hard link, or whose owner or group this process cannot give to a new
    file, is rewritten in place so the links and the owner stay (`_rewrite_in_place`: a copy
    of it kept first, the room it grows by reserved, and the original put back on any
    error); any other is replaced atomically with its mode and owner. Raises Refused, or
    OSError with the file as it was (Damaged in the one case it is not: the copy is named).
    """
    target = Path(os.path.realpath(path))
    st = os.stat(target)
    if not stat.S_ISREG(st.st_mode):
        raise Refused("not a regular file")
    if not st.st_mode & stat.S_IWUSR:
        raise Refused("the file is read-only (make it writable to have it fixed)")
    if st.st_nlink > 1 or not _can_own_as(st):
        _rewrite_in_place(target, data)
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


def _rewrite_in_place(target: Path, data: bytes) -> None:
    """Write `data` over the file itself (same inode: its links, owner and mode stay), and
    never leave it cut short.

    Before the file is touched, a copy of it is written beside it (`.NAME.PID.N.DIGEST.keep`,
    DIGEST that of the new text, so a later run tells a write that ended from one that was
    cut: `sweep`) and the room the file grows by is taken by a temporary file; both on disk,
    so a full disk refuses the write before it starts. The room is given back just before the
    file is written; should the write fail all the same (another process took the room, a
    quota), the original is written back over it (in the blocks it had) and the error raised.
    """
    old = target.read_bytes()
    try:
        fd, keep = _temporary(target, f".{_digest(data)}.keep")
    except PermissionError:
        raise Refused(
            "it is rewritten in place (it has another name, or another owner), and its folder, "
            "where a copy of it is kept meanwhile, cannot be written"
        ) from None
    room: str | None = None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(old)
            fh.flush()
            os.fsync(fh.fileno())
        if len(data) > len(old):
            room = _reserve(target, len(data) - len(old))
    except BaseException:
        for name in (keep, room):
            if name is not None:
                with contextlib.suppress(OSError):
                    os.unlink(name)
        raise
    if room is not None:
        os.unlink(room)
    try:
        _overwrite(target, data)
    except BaseException as exc:
        try:
            _overwrite(target, old)
        except OSError:
            raise Damaged(
                exc.errno if isinstance(exc, OSError) else None,
                f"it could not be written whole nor put back: its original is kept in {keep}",
            ) from exc
        with contextlib.suppress(OSError):
            os.unlink(keep)
        raise
    with contextlib.suppress(OSError):
        os.unlink(keep)


def _overwrite(target: Path, data: bytes) -> None:
    """Write `data` over the file itself: same inode, so its links, owner and mode stay."""
    with open(target, "r+b") as fh:
        fh.write(data)
        fh.truncate()
        fh.flush()
        os.fsync(fh.fileno())


def _reserve(target: Path, size: int) -> str:
    """A temporary file beside `target` holding `size` bytes of the file system's room."""
    fd, tmp = _temporary(target)
    try:
        try:
            os.posix_fallocate(fd, 0, size)
        except (AttributeError, OSError) as exc:  # no fallocate here: the room written
            if isinstance(exc, OSError) and exc.errno not in _NO_FALLOCATE:
                raise
            zeros = bytes(min(size, 1 << 20))
            left = size
            while left > 0:
                left -= os.write(fd, zeros[:left])
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    os.close(fd)
    return tmp


_NO_FALLOCATE = frozenset({errno.EINVAL, errno.EOPNOTSUPP, errno.ENOSYS})


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.blake2b(data, digest_size=8).hexdigest()


# --------------------------------------------------------------------------- litter

# What a run leaves beside a file when it is killed while writing it: a temporary file of an
# atomic write (`.NAME.PID.N.tmp`), or the copy of a file rewritten in place
# (`.NAME.PID.N.DIGEST.keep`).
_LEFT = r"\.(.+)\.([0-9]+)\.[0-9]+\.(?:([0-9a-f]{16})\.keep|tmp)"  # compiled when first used
STALE_AGE = 24 * 3600.0  # seconds after which a temporary file is stale, its process or not


class Kept(NamedTuple):
    """A copy a cut in-place write left beside its file, whose file is neither the copy nor
    the new text: the file may be cut short, so decklint leaves both to the user."""

    path: Path  # the file
    copy: Path


def sweep(folder: Path) -> list[Kept]:
    """Remove what runs of decklint that were killed left in `folder` (only this user's
    files, named as decklint names them, beside the file they were for): a temporary file
    whose process is gone (or which is a day old); the copy of a file rewritten in place
    when the file is that copy or the text the write was to give it (the write ended, or
    never began). A copy whose file is neither is kept, and returned."""
    import time

    kept: list[Kept] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return kept
    now = time.time()
    for name in names:
        m = re.fullmatch(_LEFT, name)
        if m is None:
            continue
        left, base = folder / name, folder / m.group(1)
        try:
            st = os.lstat(left)
            if not stat.S_ISREG(st.st_mode) or not stat.S_ISREG(os.lstat(base).st_mode):
                continue
        except OSError:
            continue
        if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
            continue  # another user's: not ours to remove
        if _running(int(m.group(2))) and now - st.st_mtime < STALE_AGE:
            continue  # a run under way writes it
        if m.group(3) is not None and not _settled(base, left, m.group(3)):
            kept.append(Kept(base, left))
            continue
        with contextlib.suppress(OSError):
            os.unlink(left)
    return kept


def interrupted(copy: Path) -> str:
    """Why a file a cut in-place write left (`Kept`) is not written, as a phrase."""
    return (
        f"an interrupted run of decklint left a copy of it as it was, {copy.name}, and the "
        "file may be cut short: compare the two, keep the right one and remove the copy"
    )


def _running(pid: int) -> bool:
    """Whether process `pid` may still be running (where that cannot be asked safely, yes:
    on Windows `os.kill(pid, 0)` would send it CTRL_C_EVENT; the age rule then applies)."""
    if pid == os.getpid() or os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # there, another user's; or no way to tell
    return True


def _settled(base: Path, copy: Path, digest: str) -> bool:
    """Whether the file a cut in-place write left is whole: its original (the copy) or the
    new text (its digest)."""
    try:
        now = base.read_bytes()
        return _digest(now) == digest or now == copy.read_bytes()
    except OSError:
        return False


def _temporary(target: Path, ending: str = "") -> tuple[int, str]:
    """A new file beside `target`, opened for writing by this process only (mode 0600), named
    `.NAME.PID.N.tmp` (or `.NAME.PID.N` and `ending`)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tail = ending or ".tmp"
        tmp = str(target.parent / f".{target.name}.{os.getpid()}.{next(_serial)}{tail}")
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:  # left by a killed run of a process with the same id
            continue
