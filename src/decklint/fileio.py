"""Writing a file so that a reader sees the old content or the new, never a part of it."""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
from pathlib import Path

# Not tempfile and shutil: importing them weighs on the start-up of a pre-commit run, which
# writes one cache entry. A temporary name holds the process id and a serial number, and
# O_EXCL makes sure no one else has the file.
_serial = itertools.count()


def atomic_write(target: Path, data: bytes, *, replace_user_file: bool = False) -> None:
    """Write beside `target` and rename over it; the temporary file is removed on failure.

    `replace_user_file`: the file is the user's own (a deck being fixed): its mode is kept and
    the data is on disk before the rename, so the original is whole until the new one is.
    Raises OSError.
    """
    fd, tmp = _temporary(target)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if replace_user_file:
                fh.flush()
                os.fsync(fh.fileno())
        if replace_user_file:
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _temporary(target: Path) -> tuple[int, str]:
    """A new file beside `target`, opened for writing by this process only (mode 0600)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = str(target.parent / f".{target.name}.{os.getpid()}.{next(_serial)}.tmp")
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:  # left by a killed run of a process with the same id
            continue
