"""`decklint server` with its lint of the whole network held at a gate: the lint starts when a
file named `.gate` exists in the server's folder (the workspace's first folder), so that a test
sees what the server publishes before the whole lint ends without timing anything. While a
file named `.hold-folders` exists there (and no `.gate`), the reading of the folders waits too.

    python tests/gated_server.py        # as `decklint server`
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from decklint.server import network

GATE = Path(".gate")  # read after the server moved into the workspace folder
HOLD = Path(".hold-folders")
_lint = network.Network.lint
_load_folders = network.Network.load_folders


def _wait(until: Any) -> None:
    deadline = time.monotonic() + 120  # never a server left waiting for ever
    while not until() and time.monotonic() < deadline:
        time.sleep(0.02)


def _gated(self: network.Network, *args: Any, **kwargs: Any) -> Any:
    _wait(GATE.exists)
    return _lint(self, *args, **kwargs)


def _held(self: network.Network, *args: Any, **kwargs: Any) -> Any:
    _wait(lambda: GATE.exists() or not HOLD.exists())
    return _load_folders(self, *args, **kwargs)


if __name__ == "__main__":
    network.Network.lint = _gated  # type: ignore[method-assign]
    network.Network.load_folders = _held  # type: ignore[method-assign]
    from decklint.server.app import start

    start()
