"""The entity kinds every dialect declares, each in its package (dialects/<name>/kinds.py),
with the model's own and the SNA kinds several dialects make (`decklint.core.kinds`). Small
data modules, so that rules can be checked against every kind without importing any
dialect's reader."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator

from decklint import dialects
from decklint.core.kinds import MODEL_KINDS, SNA_KINDS, KindSpec


def of(name: str) -> tuple[KindSpec, ...]:
    """The kinds a dialect declares (its package's kinds.py)."""
    found: tuple[KindSpec, ...] = importlib.import_module(f"decklint.dialects.{name}.kinds").KINDS
    return found


def declared() -> Iterator[KindSpec]:
    """The SNA kinds several dialects make, then each dialect's own."""
    yield from SNA_KINDS
    for name in dialects.names():
        yield from of(name)


@functools.cache
def kinds() -> dict[str, KindSpec]:
    """Every declared kind by name: the model's and every dialect's."""
    out: dict[str, KindSpec] = {}
    for spec in (*MODEL_KINDS, *declared()):
        if spec.kind in out:
            raise ValueError(f"entity kind {spec.kind!r} is declared twice")
        out[spec.kind] = spec
    return out


@functools.cache
def resolved_kinds() -> frozenset[str]:
    """Kinds a rule with `scope: file` cannot target (see `KindSpec.resolved`)."""
    return frozenset(k for k, spec in kinds().items() if spec.resolved)
