"""Process entry point of the `decklint` command.

A command line run is a short-lived process:

* the cyclic garbage collector is switched off before anything is imported (it only rescans
  the many long-lived objects that importing click, Lark and the rules creates, a visible
  part of a cold start). Reference counting still frees everything acyclic;
* once the command is done and its output flushed, the process ends without tearing down
  the interpreter (as mypy does): freeing a large model object by object would only delay
  the exit after the last line was written.

Library users and tests import `decklint.cli` or `decklint.api` directly and keep their
collector and their interpreter.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys


def main() -> None:
    gc.disable()
    if sys.stdout is None:  # started with its standard output closed (`decklint ... >&-`)
        if sys.stderr is not None:
            print("decklint: standard output is closed; nothing can be reported", file=sys.stderr)
        _leave(2)
    from decklint.cli import main as cli_main

    try:
        cli_main()
    except SystemExit as exc:
        _leave(exc.code)
    _leave(0)


def _leave(code: object) -> None:
    """Flush the output and end the process with `code` as `sys.exit` would read it."""
    status = 0
    if isinstance(code, int):
        status = code
    elif code is not None:  # a message: printed, and the run failed
        print(code, file=sys.stderr)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        # a closed pipe (`decklint lint | head`): nothing more to say
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(status)
