"""Model entities: one small, typed shape for every element, with provenance per value."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import chain
from typing import Any

from decklint.source import Span, compact_pickle, fast_init, tuple_field, tuple_span

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
# The form is told by its length.
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


def _attr(f: _Raw, i: int, width: int) -> Attr:
    """The Attr whose raw form starts at `f[i]`."""
    if width == 6:
        return Attr(f[i], f[i + 1], Span(f[i + 2], f[i + 3], f[i + 4], f[i + 5]))
    if width == 3:
        return Attr(f[i], None, None, f[i + 1], f[i + 2])
    s = f[i + 2]
    return Attr(f[i], f[i + 1], None if s is None else Span(*s), f[i + 3], f[i + 4])


def _span(f: _Raw, i: int, width: int) -> Span | None:
    if width == 6:
        return Span(f[i + 2], f[i + 3], f[i + 4], f[i + 5])
    if width == 5 and f[i + 2] is not None:
        return Span(*f[i + 2])
    return None


_SHORT = 40

# Shape: attribute name -> (where its raw form starts in the flat tuple, the form's length).
_Shape = dict[str, tuple[int, int]]
# Entities of one kind mostly have the same attributes in the same forms: one shape serves
# them all, and a cache entry or a worker's answer pickles each shape once. Bounded, for
# long-lived processes that see unusual decks.
_SHAPES: dict[tuple[tuple[str, ...], tuple[int, ...]], _Shape] = {}
_MAX_SHAPES = 4096


def _shape_of(names: tuple[str, ...], widths: tuple[int, ...]) -> _Shape:
    key = (names, widths)
    shape = _SHAPES.get(key)
    if shape is None:
        shape, at = {}, 0
        for name, width in zip(names, widths, strict=True):
            shape[name] = (at, width)
            at += width
        if len(_SHAPES) < _MAX_SHAPES:
            _SHAPES[key] = shape
    return shape


class Attrs(Mapping[str, Attr]):
    """An entity's attributes as a cache entry or a worker hands them over: plain data, made
    into Attr objects when first read.

    Attributes and their spans were most of the objects a cached file rebuilt, at about a
    microsecond each. Here an entity's attributes are one flat tuple of numbers and strings
    (each attribute's raw form, one after the other) and a shape it shares with the entities
    that have the same attributes: loading a cached file makes two objects per entity, not
    one per attribute. A rule reading a value (`Entity.value`, which reads the shape and the
    tuple itself) needs no Attr at all. Read-only, as a loaded model is.
    """

    __slots__ = ("_flat", "_made", "_shape")

    def __init__(self, shape: _Shape, flat: _Raw) -> None:
        self._shape = shape
        self._flat = flat
        self._made: dict[str, Attr] | None = None

    @classmethod
    def pack(cls, attrs: Mapping[str, Attr]) -> Attrs:
        if isinstance(attrs, Attrs):
            return attrs
        return cls.of_raw({k: _raw(a) for k, a in attrs.items()})

    @classmethod
    def of_raw(cls, data: Mapping[str, _Raw]) -> Attrs:
        forms = data.values()
        shape = _shape_of(tuple(data), tuple(map(len, forms)))
        return cls(shape, tuple(chain.from_iterable(forms)))

    def __getitem__(self, name: str) -> Attr:
        made = self._made
        if made is None:
            made = self._made = {}
        a = made.get(name)
        if a is None:
            i, width = self._shape[name]
            a = made[name] = _attr(self._flat, i, width)
        return a

    def get(self, name: str, default: Any = None) -> Any:
        if name in self._shape:
            return self[name]
        return default

    def __iter__(self) -> Iterator[str]:
        return iter(self._shape)

    def __len__(self) -> int:
        return len(self._shape)

    def __contains__(self, name: object) -> bool:
        return name in self._shape

    def __repr__(self) -> str:
        return f"Attrs({dict(self)!r})"

    def __reduce__(self) -> tuple[type[Attrs], tuple[_Shape, _Raw]]:
        return Attrs, (self._shape, self._flat)


def packed_attrs(name: str, defaults: Mapping[str, Any], extra: Mapping[str, Attr]) -> Attrs:
    """An inferred element's attributes built straight into their packed form: its name,
    then each of `defaults` as a defaulted value, then `extra` as given; no Attr object is
    made until one is read (the links of a large estate number in the tens of thousands)."""
    if "name" in defaults or "name" in extra or not extra.keys().isdisjoint(defaults):
        data: dict[str, _Raw] = {"name": (name, False, "")}  # an override keeps its place
        for k, v in defaults.items():
            data[k] = (v, True, "")
        for k, a in extra.items():
            data[k] = _raw(a)
        return Attrs.of_raw(data)
    flat: list[Any] = [name, False, ""]  # the flat tuple written out at once (a quarter faster)
    for v in defaults.values():
        flat.append(v)
        flat += _DEFAULTED
    widths = (3,) * (1 + len(defaults))
    if extra:
        forms = [_raw(a) for a in extra.values()]
        for f in forms:
            flat += f
        widths += tuple(map(len, forms))
    return Attrs(_shape_of(("name", *defaults, *extra), widths), tuple(flat))


_DEFAULTED = (True, "")  # the tail of a defaulted value's short form


# How a pickled Entity is rebuilt: the tuple constructor itself, run in C (see Entity).
_MAKE = tuple.__new__


class Entity(tuple[str, str, str, str, int, int, int, int, str, Mapping[str, Attr], str]):
    """A model element (mode, application, PU, line, NCP, CICS sessions, ...).

    `kind` selects its declared fields (see `decklint.model.kinds`); `node` is the system that
    owns the definition; `scope` qualifies names that are only unique inside something (a
    mode inside its mode table, sessions inside a CICS group).

    Built as `Entity(kind, name, path, dialect, span, node, attrs={}, scope="")` and read by
    those names; immutable. A tuple underneath, with its span as four numbers (made into a
    `Span` when read): a large estate's cached files hold 100,000s of entities, and a tuple
    is loaded back in C, with no constructor run and no Span made. Its attributes travel
    packed (`Attrs`).
    """

    __slots__ = ()

    kind: str = tuple_field(0)
    name: str = tuple_field(1)
    path: str = tuple_field(2)
    dialect: str = tuple_field(3)
    span: Span = tuple_span(4)
    node: str = tuple_field(8)
    attrs: Mapping[str, Attr] = tuple_field(9)
    scope: str = tuple_field(10)

    def __new__(
        cls,
        kind: str,
        name: str,
        path: str,
        dialect: str,
        span: Span,
        node: str,
        attrs: Mapping[str, Attr] | None = None,
        scope: str = "",
    ) -> Entity:
        return _MAKE(
            cls,
            (
                kind,
                name,
                path,
                dialect,
                span.line,
                span.col,
                span.end_line,
                span.end_col,
                node,
                {} if attrs is None else attrs,
                scope,
            ),
        )

    def get(self, name: str) -> Attr:
        return self[9].get(name, MISSING)

    def value(self, name: str) -> Any:
        attrs = self[9]
        if type(attrs) is Attrs:  # the rules' hottest path: no Attr built, no method called
            at = attrs._shape.get(name)
            return None if at is None else attrs._flat[at[0]]
        return attrs.get(name, MISSING).value

    def coded(self, name: str) -> bool:
        """Whether attribute `name` was written in the deck (`Attr.coded`, without making the
        Attr when the attributes are packed)."""
        attrs = self[9]
        if type(attrs) is Attrs:
            at = attrs._shape.get(name)
            if at is None:
                return False
            i, width = at
            f = attrs._flat
            return width == 6 or (width == 5 and not f[i + 3] and f[i + 2] is not None)
        return bool(attrs.get(name, MISSING).coded)

    @property
    def id(self) -> str:
        qual = f"{self.scope}." if self.scope else ""
        return f"{self.dialect}:{self.kind}:{qual}{self.name}"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as the tuple with the attributes packed (`Attrs`), and rebuilt by the
        tuple constructor: no Python code runs for it when a cached file loads."""
        return _MAKE, (Entity, (*self[:9], Attrs.pack(self[9]), self[10]))

    def __repr__(self) -> str:
        return (
            f"Entity({self.kind!r}, {self.name!r}, {self.path!r}, {self.dialect!r}, "
            f"{self.span.render()}, {self.node!r}, {dict(self[9])!r}, {self.scope!r})"
        )

    def anchor(self, name: str) -> Span:
        """Where a finding about attribute `name` points: the operand, else the statement."""
        attrs = self[9]
        if type(attrs) is Attrs:  # the span alone, without building the Attr
            at = attrs._shape.get(name)
            s = None if at is None else _span(attrs._flat, at[0], at[1])
            return self.span if s is None else s
        a = attrs.get(name)
        if a is not None and a.span is not None:
            return a.span
        return self.span
