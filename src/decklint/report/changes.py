"""What `decklint watch` prints after each run: the findings gone (-) and new (+) since the run
before, one line each, then one line that says when, why and how many findings there are.
"""

from __future__ import annotations

import time
from typing import IO

from decklint.core.findings import Finding
from decklint.pipeline.watch import Run
from decklint.report.console import colour
from decklint.report.console import console as rich_console
from decklint.report.safe import plain

SHOWN_NAMES = 3  # changed files named in the summary; the rest are counted


def render(run: Run, stream: IO[str], *, color: bool | None = None, quiet: bool = False) -> None:
    """`quiet`: the findings only; the run's line only when it could not lint."""
    from rich.markup import escape

    console = rich_console(stream, colour(stream, color))
    for mark, style, findings in (("-", "red", run.gone), ("+", "green", run.new)):
        for f in findings:
            console.print(f"[{style}]{mark}[/] {escape(_head(f))}")
    if not quiet or run.error:
        console.print(escape(summary(run)))


def _head(f: Finding) -> str:
    return (
        f"{plain(f.path)}:{f.span.line}:{f.span.col} {f.severity.label} {f.code} {plain(f.message)}"
    )


def summary(run: Run) -> str:
    """`12:04:31 LAB45 changed: 1 new, 1 gone; 3 findings in 10 files`."""
    at = time.strftime("%H:%M:%S", time.localtime(run.when))
    why = ""
    if run.changed:
        names = [plain(p) for p in run.changed[:SHOWN_NAMES]]
        more = len(run.changed) - len(names)
        why = f" {', '.join(names)}{f' and {more} more' if more else ''} changed:"
    if run.error:
        return f"{at}{why} not linted: {plain(run.error)}"
    total = f"{_n(run.findings, 'finding')} in {_n(run.files, 'file')}"
    if not run.changed:
        return f"{at} {total}"  # the first run: every finding is new
    return f"{at}{why} {len(run.new)} new, {len(run.gone)} gone; {total}"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
