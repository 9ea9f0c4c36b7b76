"""The progress line of a long run, drawn on a terminal from the library's progress reports.

Drawn only in the calls the library makes (no thread of its own: worker processes are forked
while it is up), only once the run has lasted `delay` seconds, so a short run shows nothing,
and cleared by `close` before the report is written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import TracebackType
from typing import IO, TYPE_CHECKING

from decklint.core.progress import Progress

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.live import Live

PERIOD = 0.1  # seconds between two drawings at most
BAR = 16  # the bar's width in columns


class Display:
    """The line, as a callable the library is given as `Options.progress`; a context manager
    that clears it when the block ends, however it ends."""

    def __init__(
        self,
        stream: IO[str],
        delay: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._stream, self._delay, self._clock = stream, delay, clock
        self._start = clock()
        self._drawn = float("-inf")
        self._live: Live | None = None
        self._closed = False

    def __call__(self, p: Progress) -> None:
        if self._closed:
            return
        now = self._clock()
        if now - self._start < self._delay:
            return
        step_ended = p.rules_run == p.rules if p.rules else p.parsed + p.cached == p.read
        if now - self._drawn < PERIOD and not step_ended:
            return
        self._drawn = now
        if self._live is None:
            from rich.console import Console
            from rich.live import Live

            # the caller draws it only on a terminal (tests draw it into a string)
            console = Console(file=self._stream, force_terminal=True, highlight=False)
            self._live = Live(
                console=console,
                auto_refresh=False,
                transient=True,
                redirect_stdout=False,
                redirect_stderr=False,
            )
            self._live.start()
        self._live.update(_line(p, now - self._start), refresh=True)

    def close(self) -> None:
        """Clear the line (if it was drawn); later reports are ignored."""
        self._closed = True
        if self._live is not None:
            self._live.stop()
            self._live = None

    def __enter__(self) -> Display:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def _line(p: Progress, elapsed: float) -> RenderableType:
    """The bar (files, then rules), the counts, the time: one line, the counts cut short on a
    narrow terminal."""
    from rich.progress_bar import ProgressBar
    from rich.table import Table

    files = f"{p.read:,} file{'' if p.read == 1 else 's'} read"
    parts = [files, f"{p.parsed:,} parsed", f"{p.cached:,} cached"]
    if p.rules:
        parts.append(f"rules {p.rules_run}/{p.rules}")
        total, done = p.rules, p.rules_run
    else:
        total, done = max(p.read, 1), p.parsed + p.cached
    minutes, seconds = divmod(int(elapsed), 60)
    clock = f"{minutes}:{seconds:02d}"
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=BAR, no_wrap=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(width=len(clock), no_wrap=True)
    grid.add_row(ProgressBar(total=total, completed=done, width=BAR), ", ".join(parts), clock)
    return grid
