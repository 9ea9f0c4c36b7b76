"""The typed records every phase shares, built, read and pickled one way.

Each record is a `typing.NamedTuple`: built by its fields, read by name, immutable, and
pickled by `record` as its class and field values, rebuilt by the tuple constructor
itself so loading a cached file runs no Python code per record. A record that is built from
a `Span` but keeps the span as four numbers (an entity, a definition, a reference) is a
NamedTuple of its stored fields with a constructor that takes the span. An entity's
attributes are always packed (`Attrs`); read-only views (`TupleView`) stand for a tuple made
when first read.
"""

import sys
from collections.abc import Iterator, Mapping, Sequence
from itertools import chain
from typing import Any, NamedTuple, TypeVar, overload

_E = TypeVar("_E")
_R = TypeVar("_R", bound=tuple[Any, ...])

intern = sys.intern

# How every record is rebuilt when unpickled: the tuple constructor, run in C.
_MAKE = tuple.__new__


def _reduce(self: tuple[Any, ...]) -> tuple[Any, tuple[Any, ...]]:
    return _MAKE, (type(self), tuple(self))


def pickle_chunks(items: Sequence[Any], chunk: int) -> bytes:
    """`items` pickled `chunk` at a time, the pickles one after another. A pickler remembers
    every object it wrote until it is done: for a large deck's statements or model at once,
    that table holds more than the bytes it writes."""
    import io
    import pickle

    out = io.BytesIO()
    for start in range(0, max(len(items), 1), chunk):
        pickle.dump(tuple(items[start : start + chunk]), out, protocol=pickle.HIGHEST_PROTOCOL)
    return out.getvalue()


def unpickle_chunks(blob: bytes) -> tuple[Any, ...]:
    """The items `pickle_chunks` wrote, in order (one pickle of them all reads the same)."""
    import io
    import pickle

    stream = io.BytesIO(blob)
    parts: list[tuple[Any, ...]] = []
    while stream.tell() < len(blob):
        part = pickle.load(stream)
        assert isinstance(part, tuple)
        parts.append(part)
    return parts[0] if len(parts) == 1 else tuple(chain.from_iterable(parts))


def record(cls: type[_R]) -> type[_R]:
    """Make a NamedTuple class a record: pickled as its class and field values, rebuilt by
    the tuple constructor without running its own (which may take other arguments)."""
    cls.__reduce__ = _reduce  # type: ignore[assignment,method-assign]
    return cls


@record
class Span(NamedTuple):
    """A physical range: 1-based line and column, end column exclusive."""

    line: int
    col: int
    end_line: int
    end_col: int

    @classmethod
    def point(cls, line: int, col: int) -> "Span":
        return cls(line, col, line, col)

    def render(self) -> str:
        return f"{self.line}:{self.col}-{self.end_line}:{self.end_col}"


@record
class Attr(NamedTuple):
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
# profile holds thousands; one flat tuple loads with fewer objects than one holding a span):
#   (value, raw, line, col, end_line, end_col)   a coded operand (not defaulted, no note)
#   (value, defaulted, note)                     no raw text and no span (defaults, names)
#   (value, raw, (line, col, end_line, end_col) or None, defaulted, note)   anything else
# The form is told by its length.
_Raw = tuple[Any, ...]
_SHORT = 40  # texts this short are interned: they repeat (TCP, IPAQENET, 255.255.255.0)


def _raw(a: Attr) -> _Raw:
    value, raw, s, defaulted, note = a
    # As one object each, a cached or transferred file pickles a repeated text once.
    if type(value) is str and len(value) <= _SHORT:
        value = intern(value)
    if raw is None:
        if s is None:
            return (value, defaulted, note)
    elif type(raw) is str and len(raw) <= _SHORT:  # (sys.intern refuses str subclasses)
        raw = intern(raw)
    if s is not None and not defaulted and not note:
        return (value, raw, *s)
    return (value, raw, None if s is None else tuple(s), defaulted, note)


def _attr(f: _Raw, i: int, width: int) -> Attr:
    """The Attr whose raw form starts at `f[i]`."""
    if width == 6:
        return Attr(f[i], f[i + 1], _MAKE(Span, f[i + 2 : i + 6]))
    if width == 3:
        return Attr(f[i], None, None, f[i + 1], f[i + 2])
    s = f[i + 2]
    return Attr(f[i], f[i + 1], None if s is None else _MAKE(Span, s), f[i + 3], f[i + 4])


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
    """An entity's attributes, packed: a flat tuple of numbers and strings (each attribute's
    raw form, one after the other) and a shape shared with the entities that have the same
    attributes. An Attr is made when first read; `value`, `coded` and `span_of` answer from
    the flat tuple without one. Read-only, as the model is.
    """

    __slots__ = ("_flat", "_made", "_shape")

    def __init__(self, shape: _Shape, flat: _Raw) -> None:
        self._shape = shape
        self._flat = flat
        self._made: dict[str, Attr] | None = None

    @classmethod
    def pack(cls, attrs: Mapping[str, Attr] | None) -> "Attrs":
        if type(attrs) is Attrs:
            return attrs
        if not attrs:
            return _NO_ATTRS
        # `_raw` of each attribute, written straight into one flat list: every entity is packed
        # as it is lowered, so the intermediate forms would be built for every attribute
        flat: list[Any] = []
        add = flat.append
        widths: list[int] = []
        width = widths.append
        for value, raw, s, defaulted, note in attrs.values():
            if type(value) is str and len(value) <= _SHORT:
                value = intern(value)
            if raw is None and s is None:
                add(value)
                add(defaulted)
                add(note)
                width(3)
                continue
            if type(raw) is str and len(raw) <= _SHORT:
                raw = intern(raw)
            add(value)
            add(raw)
            if s is not None and not defaulted and not note:
                flat.extend(s)
                width(6)
            else:
                add(None if s is None else tuple(s))
                add(defaulted)
                add(note)
                width(5)
        return cls(_shape_of(tuple(attrs), tuple(widths)), tuple(flat))

    @classmethod
    def of_raw(cls, data: Mapping[str, _Raw]) -> "Attrs":
        forms = data.values()
        shape = _shape_of(tuple(data), tuple(map(len, forms)))
        return cls(shape, tuple(chain.from_iterable(forms)))

    def value(self, name: str) -> Any:
        """The value of attribute `name`; None when the entity has no such attribute."""
        at = self._shape.get(name)
        return None if at is None else self._flat[at[0]]

    def coded(self, name: str) -> bool:
        """Whether attribute `name` was written in the deck (`Attr.coded`)."""
        at = self._shape.get(name)
        if at is None:
            return False
        i, width = at
        f = self._flat
        return width == 6 or (width == 5 and not f[i + 3] and f[i + 2] is not None)

    def span_of(self, name: str) -> Span | None:
        """Where attribute `name` was written, if anywhere."""
        at = self._shape.get(name)
        if at is None:
            return None
        i, width = at
        f = self._flat
        if width == 6:
            return _MAKE(Span, f[i + 2 : i + 6])
        if width == 5 and f[i + 2] is not None:
            return _MAKE(Span, f[i + 2])
        return None

    def same_as(self, other: "Attrs") -> bool:
        """Whether both hold the same attributes with the same values, texts and places,
        told from the packed forms at once (no Attr is made)."""
        return self._flat == other._flat and self._shape == other._shape

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

    def __reduce__(self) -> "tuple[type[Attrs], tuple[_Shape, _Raw]]":
        return Attrs, (self._shape, self._flat)


_NO_ATTRS = Attrs({}, ())
_DEFAULTED = (True, "")  # the tail of a defaulted value's short form


def packed_attrs(name: str, defaults: Mapping[str, Any], extra: Mapping[str, Attr]) -> Attrs:
    """An inferred element's attributes built straight into their packed form: its name,
    then each of `defaults` as a defaulted value, then `extra` as given."""
    if "name" in defaults or "name" in extra or not extra.keys().isdisjoint(defaults):
        data: dict[str, _Raw] = {"name": (name, False, "")}  # an override keeps its place
        for k, v in defaults.items():
            data[k] = (v, True, "")
        for k, a in extra.items():
            data[k] = _raw(a)
        return Attrs.of_raw(data)
    flat: list[Any] = [name, False, ""]  # the flat tuple written out at once
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


class _EntityFields(NamedTuple):
    kind: str
    name: str
    path: str
    dialect: str
    line: int
    col: int
    end_line: int
    end_col: int
    node: str
    attrs: Attrs
    scope: str


@record
class Entity(_EntityFields):
    """A model element (mode, application, PU, line, NCP, CICS sessions, ...).

    `kind` selects its declared fields (see `decklint.core.kinds`); `node` is the system that
    owns the definition; `scope` qualifies names that are only unique inside something (a
    mode inside its mode table, sessions inside a CICS group).

    Built as `Entity(kind, name, path, dialect, span, node, attrs={}, scope="")`; its span is
    kept as four numbers and its attributes packed.
    """

    __slots__ = ()

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
    ) -> "Entity":
        line, col, end_line, end_col = span
        packed = Attrs.pack(attrs)
        return _MAKE(
            cls, (kind, name, path, dialect, line, col, end_line, end_col, node, packed, scope)
        )

    @property
    def span(self) -> Span:
        return _MAKE(Span, self[4:8])

    def get(self, name: str) -> Attr:
        a: Attr = self.attrs.get(name, MISSING)
        return a

    def value(self, name: str) -> Any:
        attrs = self.attrs  # Attrs.value, inlined: the rules' most frequent read
        at = attrs._shape.get(name)
        return None if at is None else attrs._flat[at[0]]

    def coded(self, name: str) -> bool:
        """Whether attribute `name` was written in the deck (`Attr.coded`)."""
        return self.attrs.coded(name)

    def anchor(self, name: str) -> Span:
        """Where a finding about attribute `name` points: the operand, else the statement."""
        s = self.attrs.span_of(name)
        return self.span if s is None else s

    @property
    def id(self) -> str:
        qual = f"{self.scope}." if self.scope else ""
        return f"{self.dialect}:{self.kind}:{qual}{self.name}"

    def __repr__(self) -> str:
        return (
            f"Entity({self.kind!r}, {self.name!r}, {self.path!r}, {self.dialect!r}, "
            f"{self.span.render()}, {self.node!r}, {dict(self.attrs)!r}, {self.scope!r})"
        )


class _DefinitionFields(NamedTuple):
    kind: str
    name: str
    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    dialect: str
    scope: str


@record
class Definition(_DefinitionFields):
    """A name a deck defines, built as `Definition(kind, name, path, span, dialect, scope="")`;
    its span is kept as four numbers."""

    __slots__ = ()

    def __new__(
        cls, kind: str, name: str, path: str, span: Span, dialect: str, scope: str = ""
    ) -> "Definition":
        line, col, end_line, end_col = span
        return _MAKE(cls, (kind, name, path, line, col, end_line, end_col, dialect, scope))

    @property
    def span(self) -> Span:
        return _MAKE(Span, self[3:7])

    def moved(self, scope: str) -> "Definition":
        return self._replace(scope=scope)

    def __repr__(self) -> str:
        return (
            f"Definition({self.kind}, {self.name}, {self.path}, {self.span.render()}, "
            f"{self.dialect}, {self.scope!r})"
        )


class _ReferenceFields(NamedTuple):
    kind: str
    name: str
    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    dialect: str
    usage: str
    scope: str
    rule: str


@record
class Reference(_ReferenceFields):
    """A use of a name, built as `Reference(kind, name, path, span, dialect, usage, scope="",
    rule="PRS005")`; `rule` is the code of the check that reports it when undefined."""

    __slots__ = ()

    def __new__(
        cls,
        kind: str,
        name: str,
        path: str,
        span: Span,
        dialect: str,
        usage: str,
        scope: str = "",
        rule: str = "PRS005",
    ) -> "Reference":
        line, col, end_line, end_col = span
        return _MAKE(
            cls, (kind, name, path, line, col, end_line, end_col, dialect, usage, scope, rule)
        )

    @property
    def span(self) -> Span:
        return _MAKE(Span, self[3:7])

    def moved(self, scope: str) -> "Reference":
        return self._replace(scope=scope)

    def __repr__(self) -> str:
        return (
            f"Reference({self.kind}, {self.name}, {self.path}, {self.span.render()}, "
            f"{self.dialect}, {self.usage!r}, {self.scope!r}, {self.rule})"
        )


class TupleView(Sequence[_E]):
    """A read-only sequence over a tuple a subclass makes when first read (`_all`).

    Equal to the tuple it stands for (and to another view of an equal tuple)."""

    __slots__ = ()

    def _all(self) -> tuple[_E, ...]:
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> _E: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[_E, ...]: ...

    def __getitem__(self, i: int | slice) -> _E | tuple[_E, ...]:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[_E]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TupleView):
            other = other._all()
        return isinstance(other, tuple) and self._all() == other
