"""A document's long work off the protocol's event loop, stopped when it is no longer wanted.

Formatting a document and its outline read the whole document: a few milliseconds for a deck
of a few hundred cards, seconds for a large one (an 8 MB NCP generation: a minute). Done by
the handlers on the event loop, it held up every other request until it ended: a hover on
another document, the formatting of a small job. So the handlers hand it to `Jobs.run`:

* a small document's work runs in a thread of its own pool (not the lint thread, which a
  whole lint may hold for long), and the handler awaits it;
* a large one's (from `LARGE` characters) runs in a process of its own, spawned so that
  nothing of the workspace is imported (`children.spawn_context`), which is stopped the moment
  its answer is no longer wanted: the request cancelled (`$/cancelRequest`: pygls cancels the
  handler's task) or the document changed or closed (`Jobs.changed`: the answer would be of a
  text the editor no longer shows). Where no process can be started safely, it runs in the
  thread too.

A job whose document changed meanwhile raises `Stale` (the handler answers nothing), in a
thread or a process alike.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

LARGE = 500_000  # characters from which a document's work runs in a process of its own


class Stale(Exception):
    """The document changed (or closed) while its work ran: there is no answer to give."""


class Jobs:
    """The long work under way, by document URI."""

    def __init__(self) -> None:
        # the work on small documents, and the waiting on processes: never the lint thread
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="decklint-doc")
        self.waiters = ThreadPoolExecutor(max_workers=4, thread_name_prefix="decklint-wait")
        self.processes: dict[str, set[BaseProcess]] = {}
        self.changes: dict[str, int] = {}  # uri -> changes seen, for the jobs in threads
        self.large = LARGE

    def changed(self, uri: str) -> None:
        """The document `uri` changed or closed: its jobs' answers are no longer wanted."""
        self.changes[uri] = self.changes.get(uri, 0) + 1
        for proc in self.processes.pop(uri, set()):
            _stop(proc)

    async def run(self, uri: str, size: int, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)`, work on the document `uri` of `size` characters, off the event loop;
        raises Stale when the document changed meanwhile (and CancelledError, the process
        stopped, when the request is cancelled)."""
        loop = asyncio.get_running_loop()
        seen = self.changes.get(uri, 0)
        ctx = _context() if size >= self.large else None
        if ctx is None:
            got = await loop.run_in_executor(self.pool, fn, *args)
            if self.changes.get(uri, 0) != seen:
                raise Stale(uri)
            return got
        receive, send = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_work, args=(send, fn, args), daemon=True)
        proc.start()
        send.close()
        self.processes.setdefault(uri, set()).add(proc)
        try:
            return await loop.run_in_executor(self.waiters, _receive, receive, proc)
        finally:  # the answer, an error, the request cancelled: the process is done with
            self.processes.get(uri, set()).discard(proc)
            _stop(proc)
            receive.close()


def _context() -> Any:
    from decklint.platform.children import spawn_context

    return spawn_context()


def _work(send: Connection, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """In the job's process: the work's result, or its error as text, sent back."""
    try:
        result = fn(*args)
    except Exception as exc:
        send.send((False, "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))))
    else:
        send.send((True, result))
    send.close()


def _receive(receive: Connection, proc: BaseProcess) -> Any:
    """The job's answer (in a waiting thread); Stale when its process was stopped."""
    try:
        ok, value = receive.recv()
    except (EOFError, OSError):
        raise Stale("stopped") from None
    if not ok:
        raise RuntimeError(value)
    return value


def _stop(proc: BaseProcess) -> None:
    if proc.is_alive():
        proc.kill()
    proc.join(5)
