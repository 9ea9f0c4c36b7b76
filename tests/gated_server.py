"""`decklint server` with its lint of the whole network held at a gate: the lint starts when a
file named `.gate` exists in the server's folder (the workspace's first folder), so that a test
sees what the server publishes before the whole lint ends without timing anything.

    python tests/gated_server.py        # as `decklint server`
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from decklint.server import network

GATE = Path(".gate")  # read after the server moved into the workspace folder
_lint = network.Network.lint


def _gated(self: network.Network, *args: Any, **kwargs: Any) -> Any:
    deadline = time.monotonic() + 120  # never a server left waiting for ever
    while not GATE.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return _lint(self, *args, **kwargs)


if __name__ == "__main__":
    network.Network.lint = _gated  # type: ignore[method-assign]
    from decklint.server.app import start

    start()
