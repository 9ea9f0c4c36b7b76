"""Where decklint keeps its caches: the one place the user's cache folder is resolved."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path | None:
    """User-owned cache folder (never the package or the shared temp dir); None when it
    cannot be made or written."""
    env = os.environ.get("DECKLINT_CACHE_DIR")
    if env:
        base = Path(env)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = Path(xdg) / "decklint" if xdg else Path.home() / ".cache" / "decklint"
    try:
        base.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return base if os.access(base, os.W_OK) else None
