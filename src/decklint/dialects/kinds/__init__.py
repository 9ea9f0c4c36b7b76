"""The entity kinds dialects declare: each dialect's in its package (dialects/<name>/kinds.py),
the SNA kinds several dialects make here (kinds/sna.py). Small data modules, so that rules
can be checked against every kind without importing any dialect's reader."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator

from decklint import dialects
from decklint.core.kinds import MODEL_KINDS, KindSpec

SHARED = ("sna",)


def of(module: str) -> tuple[KindSpec, ...]:
    """The kinds a dialect declares (its package's kinds.py), or a shared module of this
    package (SHARED)."""
    where = f"{__name__}.{module}" if module in SHARED else f"decklint.dialects.{module}.kinds"
    found: tuple[KindSpec, ...] = importlib.import_module(where).KINDS
    return found


def declared() -> Iterator[KindSpec]:
    for module in (*SHARED, *dialects.names()):
        yield from of(module)


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
