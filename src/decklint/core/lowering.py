"""Lowering: one file's IR becomes model entities, definitions and references."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from decklint.core.entities import Attr, Entity
from decklint.core.ir import Diagnostic, Operand
from decklint.core.records import pickle_chunks, unpickle_chunks
from decklint.core.settings import Settings
from decklint.core.source import Span
from decklint.core.symbols import Definition, Reference


class Lowering:
    """Collects one file's entities, symbols and lowering diagnostics."""

    def __init__(self, path: str, dialect: str, node: str, settings: Settings) -> None:
        self.path = path
        self.dialect = dialect
        self.node = node
        self.settings = settings
        self.entities: list[Entity] = []
        self.definitions: list[Definition] = []
        self.references: list[Reference] = []
        self.diagnostics: list[Diagnostic] = []

    def add(
        self, kind: str, name: str, span: Span, attrs: Mapping[str, Attr], scope: str = ""
    ) -> Entity:
        e = Entity(kind, name, self.path, self.dialect, span, self.node, attrs, scope)
        self.entities.append(e)
        return e

    def define(self, kind: str, name: str, span: Span, scope: str = "") -> None:
        self.definitions.append(Definition(kind, name, self.path, span, self.dialect, scope))

    def reference(
        self, kind: str, name: str, span: Span, usage: str, scope: str = "", rule: str = "PRS005"
    ) -> None:
        self.references.append(
            Reference(kind, name, self.path, span, self.dialect, usage, scope, rule)
        )

    def diag(self, d: Diagnostic) -> None:
        self.diagnostics.append(d)

    # A large deck's model goes into the cache (or from a worker) `CHUNK` records at a time:
    # pickled at once, the pickler's table of what it wrote outgrew the model's own bytes.
    CHUNK = 2048
    _CHUNKED = ("entities", "definitions", "references")

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        chunked = {}
        for name in self._CHUNKED:
            if len(state[name]) > self.CHUNK:
                chunked[name] = pickle_chunks(state.pop(name), self.CHUNK)
        if chunked:
            state["_chunked"] = chunked
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, blob in state.pop("_chunked", {}).items():
            state[name] = list(unpickle_chunks(blob))
        self.__dict__.update(state)


def coded(op: Operand | None, value: Any = None) -> Attr:
    """An Attr for a coded operand (value defaults to the operand's number or text)."""
    if op is None:
        return default(None)
    v = op.value
    if value is None:
        if v.kind == "word" and v.text[-1:] not in _SIZE_SUFFIXES:
            value = v.text.upper()  # the common case: a name (no number, as `as_number` says)
        else:
            value = v.as_number()
            if value is None:
                value = v.text.upper() if v.kind != "empty" else None
    return Attr(value, v.text, op.span)


# What a word that is a size ends with (`Value.as_int`: 64K, 2M); another word is no number.
_SIZE_SUFFIXES = frozenset("KMkm")


# Defaulted attributes are immutable and repeat (a link's status, a mode's uncoded operand):
# one shared Attr per value means fewer objects to build, and a cached file pickles each once.
_DEFAULTS: dict[tuple[type, Any, str], Attr] = {}
_DEFAULTS_MAX = 1 << 16


def default(value: Any, note: str = "") -> Attr:
    try:
        key = (type(value), value, note)  # the type: 1, 1.0 and True are equal keys
        shared = _DEFAULTS.get(key)
    except TypeError:  # an unhashable value (a list of names): its own Attr
        return Attr(value, None, None, True, note)
    if shared is None:
        shared = Attr(value, None, None, True, note)
        if len(_DEFAULTS) < _DEFAULTS_MAX:
            _DEFAULTS[key] = shared
    return shared


def attr_or_default(op: Operand | None, value: Any, note: str = "") -> Attr:
    return coded(op) if op is not None else default(value, note)
