"""How far a run is: the counts the library hands to a caller's callback as it works (files
read, parsed, taken from the cache; rules run), for a display the caller draws. The library
itself never draws anything.
"""

from collections.abc import Callable
from typing import NamedTuple


class Progress(NamedTuple):
    """One report. Within a step the counts only grow; a later step restates the earlier ones
    (gathering counts files as it reads them, the lint run counts the decks it was given)."""

    files: int = 0  # inputs found: files, and the decks cut out of JCL and markdown
    read: int = 0  # of those, the texts to lint (not the files decks were cut from)
    parsed: int = 0  # texts parsed in this run
    cached: int = 0  # texts taken from the per-file cache
    rules_run: int = 0  # rules on the whole model run so far
    rules: int = 0  # rules on the whole model to run (0 until they start)


OnProgress = Callable[[Progress], None]


class Stats:
    """How the files of the last run were read (for `--statistics` and the benchmarks); here,
    beside `Progress`, so that a run the run memo answers needs none of the file phase."""

    files: int
    cached: int
    parsed: int
    workers: int
    memo: bool  # the whole run's findings came from the run memo (decklint.pipeline.memo)

    def __init__(
        self, files: int = 0, cached: int = 0, parsed: int = 0, workers: int = 1, memo: bool = False
    ) -> None:
        self.files = files
        self.cached = cached
        self.parsed = parsed
        self.workers = workers
        self.memo = memo
