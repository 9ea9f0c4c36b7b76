"""Model entities: one small, typed shape for every element, with provenance per value."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from decklint.source import Span, compact_pickle, fast_init

intern = sys.intern


@compact_pickle
@fast_init
@dataclass(frozen=True, slots=True)
class Attr:
    """One fact: its value, how it was written, where, and whether a default supplied it."""

    value: Any
    raw: str | None = None
    span: Span | None = None
    defaulted: bool = False
    note: str = ""

    @property
    def coded(self) -> bool:
        return not self.defaulted and self.span is not None


MISSING = Attr(None, defaulted=True)

# An Attr as plain data, its value always first, in the shortest of three forms (a cached TCP/IP
# profile holds thousands; one flat tuple loads faster than a tuple holding a span's tuple):
#   (value, raw, line, col, end_line, end_col)   a coded operand (not defaulted, no note)
#   (value, defaulted, note)                     no raw text and no span (defaults, names)
#   (value, raw, (line, col, end_line, end_col) or None, defaulted, note)   anything else
_Raw = tuple[Any, ...]


def _raw(a: Attr) -> _Raw:
    s = a.span
    value, raw = a.value, a.raw
    # Short texts repeat (TCP, IPAQENET, 255.255.255.0, X'8585'): as one object each, a
    # cached or transferred file pickles them once and loads them once.
    if type(value) is str and len(value) <= _SHORT:
        value = intern(value)
    if type(raw) is str and len(raw) <= _SHORT:  # (sys.intern refuses str subclasses)
        raw = intern(raw)
    if s is not None and not a.defaulted and not a.note:
        return (value, raw, s.line, s.col, s.end_line, s.end_col)
    if s is None and raw is None:
        return (value, a.defaulted, a.note)
    where = None if s is None else (s.line, s.col, s.end_line, s.end_col)
    return (value, raw, where, a.defaulted, a.note)


def _attr(r: _Raw) -> Attr:
    if len(r) == 6:
        return Attr(r[0], r[1], Span(r[2], r[3], r[4], r[5]))
    if len(r) == 3:
        return Attr(r[0], None, None, r[1], r[2])
    value, raw, s, defaulted, note = r
    return Attr(value, raw, None if s is None else Span(*s), defaulted, note)


def _span(r: _Raw) -> Span | None:
    if len(r) == 6:
        return Span(r[2], r[3], r[4], r[5])
    if len(r) == 5 and r[2] is not None:
        return Span(*r[2])
    return None


_SHORT = 40


class Attrs(Mapping[str, Attr]):
    """An entity's attributes as a cache entry or a worker hands them over: plain tuples,
    made into Attr objects when first read.

    Attributes and their spans were most of the objects a cached file rebuilt, at about a
    microsecond each; tuples of numbers and strings load in C, and a rule reading a value
    (`Entity.value`, which reads `_data` itself) needs no Attr at all. Read-only, as a loaded
    model is.
    """

    __slots__ = ("_data", "_made")

    def __init__(self, data: dict[str, _Raw]) -> None:
        self._data = data
        self._made: dict[str, Attr] = {}

    @classmethod
    def pack(cls, attrs: Mapping[str, Attr]) -> Attrs:
        if isinstance(attrs, Attrs):
            return attrs
        return cls({k: _raw(a) for k, a in attrs.items()})

    def __getitem__(self, name: str) -> Attr:
        a = self._made.get(name)
        if a is None:
            a = self._made[name] = _attr(self._data[name])
        return a

    def get(self, name: str, default: Any = None) -> Any:
        if name in self._data:
            return self[name]
        return default

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, name: object) -> bool:
        return name in self._data

    def __repr__(self) -> str:
        return f"Attrs({dict(self)!r})"

    def __reduce__(self) -> tuple[type[Attrs], tuple[dict[str, _Raw]]]:
        return Attrs, (self._data,)


def packed_attrs(name: str, defaults: Mapping[str, Any], extra: Mapping[str, Attr]) -> Attrs:
    """An inferred element's attributes built straight into their packed form: its name,
    then each of `defaults` as a defaulted value, then `extra` as given; no Attr object is
    made until one is read (the links of a large estate number in the tens of thousands)."""
    data: dict[str, _Raw] = {"name": (name, False, "")}
    for k, v in defaults.items():
        data[k] = (v, True, "")
    for k, a in extra.items():
        data[k] = _raw(a)
    return Attrs(data)


@fast_init
@dataclass(frozen=True, slots=True)
class Entity:
    """A model element (mode, application, PU, line, NCP, CICS sessions, ...).

    `kind` selects its declared fields (see `decklint.model.kinds`); `node` is the system that
    owns the definition; `scope` qualifies names that are only unique inside something (a
    mode inside its mode table, sessions inside a CICS group).
    """

    kind: str
    name: str
    path: str
    dialect: str
    span: Span
    node: str
    attrs: Mapping[str, Attr] = field(default_factory=dict)
    scope: str = ""

    def get(self, name: str) -> Attr:
        return self.attrs.get(name, MISSING)

    def value(self, name: str) -> Any:
        attrs = self.attrs
        if type(attrs) is Attrs:  # the rules' hottest path: no Attr built, no method called
            raw = attrs._data.get(name)
            return None if raw is None else raw[0]
        return attrs.get(name, MISSING).value

    @property
    def id(self) -> str:
        qual = f"{self.scope}." if self.scope else ""
        return f"{self.dialect}:{self.kind}:{qual}{self.name}"

    def __reduce__(self) -> tuple[type[Entity], tuple[Any, ...]]:
        """Pickled as its fields with the attributes packed (`Attrs`)."""
        attrs = Attrs.pack(self.attrs)
        return Entity, (
            self.kind,
            self.name,
            self.path,
            self.dialect,
            self.span,
            self.node,
            attrs,
            self.scope,
        )

    def anchor(self, name: str) -> Span:
        """Where a finding about attribute `name` points: the operand, else the statement."""
        attrs = self.attrs
        if type(attrs) is Attrs:  # the span alone, without building the Attr
            raw = attrs._data.get(name)
            s = None if raw is None else _span(raw)
            return self.span if s is None else s
        a = attrs.get(name)
        if a is not None and a.span is not None:
            return a.span
        return self.span
