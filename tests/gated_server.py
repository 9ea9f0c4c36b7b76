"""`decklint server` with its lint of the whole network held at a gate: the lint starts when a
file named `.gate` exists in the server's folder (the workspace's first folder), so that a test
sees what the server publishes before the whole lint ends without timing anything. While a
file named `.hold-folders` exists there (and no `.gate`), the reading of the folders waits too.

While `.hold-look` exists, a first look (`Network.first_look`) waits, having made
`.look-began`; the folders' walk then makes `.walk-reached` each time it tells a file found and
`.walk-passed` once it goes on, and the first look writes into `.look-saw` whether the walk had
gone on when it ended ("passed") or not ("held").

While `.hold-format` exists, the formatting of a document named `big.*` waits (in the process
the server's jobs run it in, `server.jobs`), having written its process id into
`.format-began`; the server's jobs take a document of `JOB_LARGE` characters for a large one.

    python tests/gated_server.py        # as `decklint server`
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from decklint.server import network

GATE = Path(".gate")  # read after the server moved into the workspace folder
HOLD = Path(".hold-folders")
HOLD_LOOK = Path(".hold-look")
LOOK_BEGAN, LOOK_SAW = Path(".look-began"), Path(".look-saw")
REACHED, PASSED = Path(".walk-reached"), Path(".walk-passed")
HOLD_FORMAT, FORMAT_BEGAN = Path(".hold-format"), Path(".format-began")
JOB_LARGE = 20_000
_lint = network.Network.lint
_load_folders = network.Network.load_folders
_first_look = network.Network.first_look


def _wait(until: Any) -> None:
    deadline = time.monotonic() + 120  # never a server left waiting for ever
    while not until() and time.monotonic() < deadline:
        time.sleep(0.02)


def _gated(self: network.Network, *args: Any, **kwargs: Any) -> Any:
    _wait(GATE.exists)
    return _lint(self, *args, **kwargs)


def _held(self: network.Network, progress: Any = None) -> Any:
    _wait(lambda: GATE.exists() or not HOLD.exists())
    if progress is None or not HOLD_LOOK.exists():
        return _load_folders(self, progress)

    def told(p: Any) -> None:
        REACHED.touch()
        progress(p)  # the server's: waits while a first look is pending
        PASSED.touch()

    return _load_folders(self, told)


def _looked(self: network.Network, *args: Any) -> Any:
    if not HOLD_LOOK.exists():
        return _first_look(self, *args)
    LOOK_BEGAN.touch()
    _wait(lambda: not HOLD_LOOK.exists())
    run = _first_look(self, *args)
    LOOK_SAW.write_text("passed" if PASSED.exists() else "held")
    return run


def held_format_edits(path: str, *args: Any) -> Any:
    """`work.format_edits`, held while `.hold-format` exists when the document is `big.*`
    (imported by name in the job's process: module level, and nothing else runs on import)."""
    import os

    from decklint.server.work import format_edits

    if Path(path).name.startswith("big.") and HOLD_FORMAT.exists():
        FORMAT_BEGAN.write_text(str(os.getpid()))
        _wait(lambda: not HOLD_FORMAT.exists())
    return format_edits(path, *args)


if __name__ == "__main__":
    network.Network.lint = _gated  # type: ignore[method-assign]
    network.Network.load_folders = _held  # type: ignore[method-assign]
    network.Network.first_look = _looked  # type: ignore[method-assign]
    from decklint.server import app, formatting

    formatting.format_edits = held_format_edits  # type: ignore[assignment]
    if hasattr(app.server, "jobs"):
        app.server.jobs.large = JOB_LARGE
    app.start()
