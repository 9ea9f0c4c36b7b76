"""Where the grammars and rule manifests live: inside the wheel, or in a source checkout."""

from __future__ import annotations

import functools
from pathlib import Path


@functools.cache
def _data_root(name: str) -> Path:
    # The wheel maps grammars/ and rules/ into the package folder; a source checkout keeps
    # them at the top level. (Plain paths: importlib.resources costs start-up time.)
    packaged = Path(__file__).resolve().parents[1] / name
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[3] / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"decklint data folder {name!r} not found (broken installation?)")


def grammars_root() -> Path:
    return _data_root("grammars")


def rules_root() -> Path:
    return _data_root("rules")


def grammar_path(name: str) -> Path:
    return grammars_root() / f"{name}.lark"
