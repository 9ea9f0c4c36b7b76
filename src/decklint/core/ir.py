"""The dialect IR: statements and operands as written, each with its physical span."""

import bisect
import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from decklint.core.findings import Severity
from decklint.core.records import Span, TupleView, pickle_chunks, record, unpickle_chunks
from decklint.core.source import SourceMap

# At most 30 digits: no operand takes more, and int() of a huge digit string is refused by
# Python (and quadratic); a longer run is a word, which range checks report.
_INT = re.compile(r"[0-9]{1,30}\Z")
_DEC = re.compile(r"[0-9]*\.[0-9]+\Z|[0-9]+\.[0-9]*\Z")
_KM = r"([0-9]+)([KM])\Z"  # compiled when first used (`re` keeps it): few values are sizes


@record
class Value(NamedTuple):
    """One operand value: an atom (kind word/int/decimal/hex/char/binary/string/symbol),
    a sublist (kind "list", with items) or an omitted position (kind "empty")."""

    kind: str
    text: str
    span: Span
    items: "tuple[Value | None, ...]" = ()

    @property
    def is_list(self) -> bool:
        return self.kind == "list"

    def item(self, index: int) -> "Value | None":
        """Position `index` (0-based) of a sublist; a plain value is its own position 0."""
        if not self.is_list:
            return self if index == 0 else None
        if 0 <= index < len(self.items):
            return self.items[index]
        return None

    def as_int(self) -> int | None:
        v = self if not self.is_list or len(self.items) != 1 else self.items[0]
        if v is None:
            return None
        if v.kind == "int":
            return small_int(v.text)
        if v.kind == "hex":
            body = v.text[2:-1]
            try:
                return int(body, 16) if body else None
            except ValueError:
                return None
        if v.kind == "word":
            m = re.match(_KM, v.text.upper())
            if m and len(m.group(1)) <= 30:
                return int(m.group(1)) * (1024 if m.group(2) == "K" else 1024 * 1024)
        return None

    def as_number(self) -> float | int | None:
        v = self if not self.is_list or len(self.items) != 1 else self.items[0]
        if v is None:
            return None
        if v.kind == "decimal":
            return float(v.text)
        return v.as_int()

    def upper(self) -> str:
        return self.text.upper()


def is_whole_number(text: str) -> bool:
    """1 to 30 ASCII digits: what every dialect reads as a number (a longer run is a word)."""
    return _INT.match(text) is not None


def small_int(text: str) -> int | None:
    """`text` as a whole number when it is 1 to 30 ASCII digits, else None.

    The guard for every number read from a deck: `str.isdigit` also accepts digits `int`
    refuses (superscripts), and `int` refuses (and is quadratic on) huge digit strings."""
    return int(text) if is_whole_number(text) else None


def classify_atom(text: str) -> str:
    """The kind of an atom from its text."""
    if is_whole_number(text):
        return "int"
    if _DEC.match(text):
        return "decimal"
    if "'" in text:
        prefix = text[0].upper() if text[0] != "'" else ""
        return {"X": "hex", "C": "char", "B": "binary", "": "string"}.get(prefix, "string")
    if text.startswith("&"):
        return "symbol"
    return "word"


@record
class Operand(NamedTuple):
    """KEY=value (name set) or a positional operand (name None)."""

    name: str | None
    value: Value
    span: Span
    name_text: str = ""

    @property
    def text(self) -> str:
        return self.value.text


@record
class Remark(NamedTuple):
    line: int
    col: int
    text: str


@record
class Statement(NamedTuple):
    """One logical statement (or one start-list item) of a deck."""

    path: str
    dialect: str
    index: int  # type: ignore[assignment]  # the field, not tuple.index
    op: str
    span: Span
    label: str | None = None
    label_span: Span | None = None
    op_span: Span | None = None
    operands: tuple[Operand, ...] = ()
    kind: str = "statement"

    def keyword(self, name: str) -> Operand | None:
        for o in self.operands:
            if o.name == name:
                return o
        return None

    def keywords(self) -> dict[str, Operand]:
        return {o.name: o for o in self.operands if o.name is not None}


def coded_words(st: Statement) -> Iterator[str]:
    """The words a statement codes by name: its operation and label, and the options of a
    list's item (in upper case)."""
    yield st.op
    if st.label is not None:
        yield st.label
    if st.kind == "item":
        yield from (o.name.upper() for o in st.operands if o.name is not None)


def codes_one_of(st: Statement, words: frozenset[str]) -> bool:
    """Whether `st` codes one of `words` by name (`coded_words`, asked of every statement a
    reader of some words goes through: written out)."""
    if st.op in words or (st.label is not None and st.label in words):
        return True
    return st.kind == "item" and any(
        o.name is not None and o.name.upper() in words for o in st.operands
    )


class Statements(TupleView[Statement]):
    """A file's statements: the one form they take in a parsed file, in this process or after
    a cache entry or a worker's answer brought them back.

    Made from the tuple a parse gives; when the file is pickled (into the cache, or from a
    worker) the statements go as bytes, and a file loaded back keeps them until something
    reads them. Only the rules of the file phase read every statement; after that the
    model's passes read the statements that code certain words (`coding`), and a fix, a
    baseline or a dump read them all. Pickling a file loaded back reuses its bytes.
    A file the run parsed itself keeps neither: its statements are `later`, parsed again from
    its text if something reads them. A worker with no cache to write answers with
    `partial` statements: those that code the words the model's passes read, the rest made
    by a parse of the text the run holds (`loading`) if something reads them all.

    The bytes are pickles of `CHUNK` statements each, one after another: a pickler remembers
    every object it wrote until it is done, which for a whole large deck at once is more than
    the statements themselves.
    """

    __slots__ = ("_blob", "_items", "_known", "_load", "_some")

    CHUNK = 1024

    def __init__(
        self,
        items: Sequence[Statement] = (),
        blob: bytes | None = None,
        load: Callable[[], Sequence[Statement]] | None = None,
        known: frozenset[str] = frozenset(),
        some: bytes | tuple[Statement, ...] | None = None,
    ) -> None:
        later = blob is not None or load is not None or some is not None
        self._items: tuple[Statement, ...] | None = None if later else tuple(items)
        self._blob = blob
        self._load = load
        # `_some`: every statement that codes one of the words `_known` (`coding`), as
        # objects or as the bytes they were sent as; None: no such words are known
        self._known = known
        self._some = some

    @classmethod
    def of(cls, statements: Sequence[Statement]) -> "Statements":
        return statements if isinstance(statements, Statements) else cls(statements)

    @classmethod
    def later(
        cls, load: Callable[[], Sequence[Statement]], lacks: frozenset[str] = frozenset()
    ) -> "Statements":
        """Statements made by `load` when first read (a parse of the file's text); `lacks`:
        words none of them codes (`coded_words`) for what their readers look for (`indexed`),
        known when they were dropped, so that such a reader need not make them (`coding`)."""
        return cls(load=load, known=lacks, some=())

    def indexed(
        self, words: frozenset[str], wanted: Callable[[Statement], bool] | None = None
    ) -> "Statements":
        """The same statements, those that code one of `words` also kept apart: `coding`
        those words reads only them. `wanted`: of those, the ones their readers may find
        something in (the others are not kept apart)."""
        items = self._all()
        out = Statements(items)
        out._known = words
        out._some = tuple(
            st for st in items if codes_one_of(st, words) and (wanted is None or wanted(st))
        )
        return out

    def partial(self) -> "Statements":
        """Only the statements `indexed` kept apart (`coding` answers for its words without
        the others); reading them all needs `loading` first."""
        assert self._some is not None, "partial statements are indexed ones"
        return Statements(known=self._known, some=self._some)

    def loading(self, load: Callable[[], Sequence[Statement]]) -> "Statements":
        """`partial` statements, the others made by `load` if something reads them all."""
        if self._items is not None or self._blob is not None:
            return self
        return Statements(load=load, known=self._known, some=self._some)

    def coding(self, words: frozenset[str]) -> tuple[Statement, ...]:
        """The statements that code one of `words` by name (`coded_words`), in their order;
        made from the statements kept for such words where those are all there is to read
        (then without those `indexed` found nothing in for their readers)."""
        some = self._some
        if some is not None and words <= self._known:
            if isinstance(some, bytes):
                some = self._some = unpickle_chunks(some) if some else ()
            pool: tuple[Statement, ...] = some
        else:
            pool = self._all()
        return tuple(st for st in pool if codes_one_of(st, words))

    def _all(self) -> tuple[Statement, ...]:
        if self._items is None:
            self._items = self.transient()
        return self._items

    def transient(self) -> tuple[Statement, ...]:
        """The statements, without keeping them here when they are not objects yet: for a
        reader that goes through each file once (a baseline, SARIF fingerprints)."""
        if self._items is not None:
            return self._items
        if self._blob is not None:
            return unpickle_chunks(self._blob)
        if self._load is None:
            raise LookupError("partial statements read whole before `loading` was given")
        return tuple(self._load())

    def packed(self) -> "Statements":
        """The same statements as bytes only (what the cache and a worker's answer hold)."""
        if self._blob is not None:
            return Statements(blob=self._blob)
        return Statements(blob=pickle_chunks(self._all(), self.CHUNK))

    @property
    def unpacked(self) -> bool:
        """Whether the statements are objects now (a file loaded back has bytes until read,
        a file parsed here nothing)."""
        return self._items is not None

    def __repr__(self) -> str:
        if self._items is not None:
            return f"Statements({len(self._items)} statements)"
        if self._blob is not None:
            return f"Statements({len(self._blob)} bytes)"
        return "Statements(not parsed again yet)"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        some = self._some
        if self._items is None and self._blob is None and self._load is None and some is not None:
            # partial: the statements kept for the words, sent as bytes (their readers may
            # never come); the rest are made in the process that reads them (`loading`)
            if not isinstance(some, bytes):
                some = pickle_chunks(some, self.CHUNK) if some else b""
            return Statements, ((), None, None, self._known, some)
        blob = self._blob  # not kept when made here: the objects are what this process reads
        if blob is None:
            blob = pickle_chunks(self._all(), self.CHUNK)
        return Statements, (None, blob)


class LineIndex:
    """A file's statements found by line in logarithmic time: `first_at(line)` is the first
    statement, in file order, whose lines hold `line`, as a scan from the top would find it.
    A fix or a baseline looks up one statement per finding; a scan each time made a deck
    with a finding on most statements quadratic."""

    __slots__ = ("_ends", "_sorted", "_starts", "statements")

    def __init__(self, statements: Sequence[Statement]) -> None:
        self.statements = statements
        self._starts = [st.span.line for st in statements]
        # the largest last line up to each statement: the first statement reaching `line`
        self._ends = list(itertools.accumulate((st.span.end_line for st in statements), max))
        self._sorted = all(a <= b for a, b in itertools.pairwise(self._starts))

    def first_at(self, line: int) -> int | None:
        if not self._sorted:  # statements out of line order (not made by a reader): scan
            for i, st in enumerate(self.statements):
                if st.span.line <= line <= st.span.end_line:
                    return i
            return None
        i = bisect.bisect_left(self._ends, line)
        if i < len(self._starts) and self._starts[i] <= line:
            return i
        return None


@record
class Diagnostic(NamedTuple):
    """A problem found while reading or parsing: becomes a finding of rule `code`."""

    code: str
    span: Span
    message: str
    severity: Severity | None = None
    subject: str = ""


class LogicalUnit:
    """Text a reader assembled from one or more physical lines, with its map back."""

    text: str
    smap: SourceMap
    line: int
    kind: str
    remarks: list[Remark]
    last_line: int  # set when the text and map were dropped (filephase.slim)

    def __init__(
        self,
        text: str,
        smap: SourceMap,
        line: int,
        kind: str = "statement",
        remarks: list[Remark] | None = None,
        last_line: int = 0,
    ) -> None:
        self.text = text
        self.smap = smap
        self.line = line
        self.kind = kind
        self.remarks = [] if remarks is None else remarks
        self.last_line = last_line

    @property
    def end_line(self) -> int:
        """The last physical line of the unit (its remarks aside)."""
        return max(self.smap.lines) if self.smap.lines else max(self.line, self.last_line)


class ReadResult:
    """What the card reader read from a deck: its logical units, its remarks and what it
    could not read."""

    units: list[LogicalUnit]
    comments: list[Remark]
    diagnostics: list[Diagnostic]

    def __init__(
        self,
        units: list[LogicalUnit] | None = None,
        comments: list[Remark] | None = None,
        diagnostics: list[Diagnostic] | None = None,
    ) -> None:
        self.units = [] if units is None else units
        self.comments = [] if comments is None else comments
        self.diagnostics = [] if diagnostics is None else diagnostics
