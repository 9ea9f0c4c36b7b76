"""Writing a file so that a reader sees the old content or the new, never a part of it."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path


def atomic_write(target: Path, data: bytes, *, replace_user_file: bool = False) -> None:
    """Write beside `target` and rename over it; the temporary file is removed on failure.

    `replace_user_file`: the file is the user's own (a deck being fixed): its mode is kept and
    the data is on disk before the rename, so the original is whole until the new one is.
    Raises OSError.
    """
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if replace_user_file:
                fh.flush()
                os.fsync(fh.fileno())
        if replace_user_file:
            shutil.copymode(target, tmp)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
