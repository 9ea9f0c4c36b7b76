"""The rich console the human reports print through: colour only on a terminal and never when
NO_COLOR is set, no emoji codes (a place `path:100:5` is not the emoji `:100:`), no guessed
highlighting, and no wrapping of a line that is not coloured."""

from __future__ import annotations

import os
from typing import IO, Any


def colour(stream: IO[str], asked: bool | None) -> bool:
    """Whether to colour: as asked (`--color`/`--no-color`), else on a terminal; never with
    NO_COLOR set."""
    if os.environ.get("NO_COLOR"):
        return False
    return stream.isatty() if asked is None else asked


def console(stream: IO[str], color: bool) -> Any:
    from rich.console import Console

    return Console(
        file=stream,
        force_terminal=color,
        no_color=not color,
        highlight=False,
        emoji=False,
        soft_wrap=True,
        width=10_000 if not color else None,
    )
