"""Source text, positions and the map from logical text back to physical lines.

Positions are converted exactly once: a dialect reader builds logical text (continuations
joined, sequence columns dropped) together with a `SourceMap`; every offset Lark reports on
the logical text goes through `SourceMap.span()` and becomes a physical `Span`. Nothing after
that point converts coordinates again.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from operator import attrgetter, itemgetter
from typing import Any, TypeVar, overload

_EOL = re.compile(r"\r\n|\r|\n")

_T = TypeVar("_T", bound=type)
_E = TypeVar("_E")


_NOTHING: Any = object()  # a field left to its default factory


def fast_init(cls: _T) -> _T:
    """Give a frozen slotted dataclass an `__init__` that fills its slots directly.

    A frozen dataclass's `__init__` calls `object.__setattr__` by name for every field (the
    class's own `__setattr__` refuses); the slot descriptors' setters do the same work in half
    the time. The model's small classes are built millions of times while parsing and again
    when a cached file is loaded. Same signature and defaults; the instances stay frozen.
    Classes this does not fit (no slots, `__post_init__`, keyword-only or `init=False`
    fields) keep their `__init__`.
    """
    fields = dataclasses.fields(cls)
    if (
        "__slots__" not in cls.__dict__
        or hasattr(cls, "__post_init__")
        or any(not f.init or f.kw_only for f in fields)
    ):
        return cls
    ns: dict[str, Any] = {"_NOTHING": _NOTHING}
    params, body = [], []
    for i, f in enumerate(fields):
        ns[f"_set{i}"] = cls.__dict__[f.name].__set__
        if f.default is not dataclasses.MISSING:
            ns[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        elif f.default_factory is not dataclasses.MISSING:
            ns[f"_factory{i}"] = f.default_factory
            params.append(f"{f.name}=_NOTHING")
            body.append(f"    if {f.name} is _NOTHING:\n        {f.name} = _factory{i}()\n")
        else:
            params.append(f.name)
        body.append(f"    _set{i}(self, {f.name})\n")
    src = f"def __init__(self, {', '.join(params)}):\n{''.join(body) or '    pass'}"
    exec(src, ns)  # as dataclasses builds its methods
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]  # a class attribute, set once
    return cls


def compact_pickle(cls: _T) -> _T:
    """Pickle a frozen slotted dataclass as its constructor and field values.

    The `__getstate__`/`__setstate__` pair dataclasses add for slots costs a Python loop per
    object; a model holds hundreds of thousands of spans, operands and attributes, and the
    per-file cache and the worker processes pickle every one (2x faster both ways).
    """
    names = [f.name for f in dataclasses.fields(cls)]
    get = attrgetter(*names)

    def __reduce__(self: Any) -> tuple[Any, tuple[Any, ...]]:
        values = get(self)
        return cls, values if len(names) > 1 else (values,)

    cls.__reduce__ = __reduce__  # type: ignore[assignment]
    return cls


@compact_pickle
@fast_init
@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A physical range: 1-based line and column, end column exclusive."""

    line: int
    col: int
    end_line: int
    end_col: int

    @classmethod
    def point(cls, line: int, col: int) -> Span:
        return cls(line, col, line, col)

    def render(self) -> str:
        return f"{self.line}:{self.col}-{self.end_line}:{self.end_col}"


# The model's most numerous classes (entities, definitions, references) are tuple subclasses,
# loaded from the cache in C; these give them their fields by name.
def tuple_field(i: int) -> Any:
    """A read-only field of a tuple subclass: its element `i`, read in C."""
    return property(itemgetter(i))


def tuple_span(i: int) -> Any:
    """A tuple subclass's span, kept as four numbers from element `i`; made when read."""

    def span(self: tuple[Any, ...]) -> Span:
        return Span(self[i], self[i + 1], self[i + 2], self[i + 3])

    return property(span)


def split_lines(text: str) -> tuple[str, ...]:
    """The physical lines of a text, line terminators removed."""
    body = text
    # A DOS end-of-file byte (0x1A) after the last line is a transfer artifact.
    while body.endswith(("\x1a", "\x1a\n", "\x1a\r\n")):
        body = body[: body.rfind("\x1a")]
    lines = _EOL.split(body)
    if lines and lines[-1] == "":
        lines.pop()
    return tuple(lines)


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


class LazyLines(TupleView[str]):
    """A text's lines, split when first read.

    A file read back from the cache is split only if something reads its lines: a report
    quoting a line, a fix, an inline suppression. Splitting 2,000 decks that nobody reads
    was a twentieth of a warm run."""

    __slots__ = ("_lines", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: tuple[str, ...] | None = None

    def _all(self) -> tuple[str, ...]:
        if self._lines is None:
            self._lines = split_lines(self._text)
        return self._lines

    def __hash__(self) -> int:  # as the tuple of lines it stands for (a view has none)
        return hash(self._all())

    def __reduce__(self) -> tuple[type[LazyLines], tuple[str]]:
        return LazyLines, (self._text,)


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A decoded file split into physical lines (line terminators removed)."""

    path: str
    text: str
    lines: Sequence[str]  # a tuple, or LazyLines for a file read back from the cache

    @classmethod
    def from_text(cls, path: str, text: str) -> SourceFile:
        return cls(path, text, split_lines(text))

    @classmethod
    def lazy(cls, path: str, text: str) -> SourceFile:
        """The file with its lines split when first read."""
        return cls(path, text, LazyLines(text))

    def line_text(self, line: int) -> str:
        if 1 <= line <= len(self.lines):
            return self.lines[line - 1]
        return ""

    def extract(self, span: Span) -> str:
        """Physical text covered by a span that lies on one line."""
        return self.line_text(span.line)[span.col - 1 : span.end_col - 1]


@dataclass(slots=True)
class SourceMap:
    """Maps offsets in a logical unit's text to physical (line, column).

    Built from segments: logical text `[lstart, lstart+length)` was copied from physical
    line `line`, starting at 1-based column `col`. Offsets between segments (a virtual
    separator a reader inserted) map to the end of the previous segment.
    """

    starts: list[int] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    cols: list[int] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)

    def add(self, logical_start: int, line: int, col: int, length: int) -> None:
        if length <= 0:
            return
        self.starts.append(logical_start)
        self.lines.append(line)
        self.cols.append(col)
        self.lengths.append(length)

    def pos(self, offset: int, *, end: bool = False) -> tuple[int, int]:
        """Physical (line, col) of a logical offset; `end` picks the segment the offset closes."""
        if not self.starts:
            return (1, 1)
        key = offset - 1 if end and offset > 0 else offset
        i = bisect.bisect_right(self.starts, key) - 1
        if i < 0:
            return (self.lines[0], self.cols[0])
        delta = offset - self.starts[i]
        if delta > self.lengths[i]:
            delta = self.lengths[i]
        return (self.lines[i], self.cols[i] + delta)

    def span(self, start: int, end: int) -> Span:
        line, col = self.pos(start)
        if end <= start:
            return Span(line, col, line, col)
        end_line, end_col = self.pos(end, end=True)
        return Span(line, col, end_line, end_col)

    def pieces(self, start: int, end: int) -> list[tuple[int, int, int]]:
        """Physical (line, col, end_col) pieces that logical `[start, end)` was copied from."""
        out: list[tuple[int, int, int]] = []
        for s, ln, c, n in zip(self.starts, self.lines, self.cols, self.lengths, strict=False):
            lo, hi = max(start, s), min(end, s + n)
            if lo < hi:
                out.append((ln, c + lo - s, c + hi - s))
        return out
