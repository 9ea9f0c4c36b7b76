"""The Topology the rules read: every file's entities, symbols and statements, merged."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from decklint.core.entities import Entity
from decklint.core.ir import Statement, Statements, codes_one_of
from decklint.core.settings import Settings
from decklint.core.symbols import SymbolTable

if TYPE_CHECKING:
    from decklint.core.lowering import Lowering


class Topology:
    """Every entity and symbol of the linted files, indexed for the rules."""

    settings: Settings
    entities: list[Entity]
    symbols: SymbolTable
    statements: dict[str, Sequence[Statement]]
    dialects: dict[str, str]
    _by_kind: dict[str, list[Entity]]
    site: dict[str, str]  # file -> the node it belongs to
    # a deck cut out of a file (a job's member) -> (that file, its first line there, the
    # columns the file took off its left, how many lines it has): where outputs show it
    placed: dict[str, tuple[str, int, int, int]]
    # file -> where its lowered entities are in `entities` (start, end): resolve replaces
    # entities in place and appends what it infers after `merged`, so the ranges hold
    _ranges: dict[str, list[tuple[int, int]]]
    # indexes checks derive from the model, computed once per run (see `memo`)
    _memo: dict[str, Any]
    # file -> its text (the run holds it anyway), for fixes that rewrite whole lines
    texts: dict[str, str]

    def __init__(
        self,
        settings: Settings | None = None,
        entities: list[Entity] | None = None,
        symbols: SymbolTable | None = None,
        statements: dict[str, Sequence[Statement]] | None = None,
        dialects: dict[str, str] | None = None,
        *,
        site: dict[str, str] | None = None,
        placed: dict[str, tuple[str, int, int, int]] | None = None,
        texts: dict[str, str] | None = None,
    ) -> None:
        self.settings = Settings() if settings is None else settings
        self.entities = [] if entities is None else entities
        self.symbols = SymbolTable() if symbols is None else symbols
        self.statements = {} if statements is None else statements
        self.dialects = {} if dialects is None else dialects
        self._by_kind = defaultdict(list)
        self.site = {} if site is None else site
        self.placed = {} if placed is None else placed
        self._ranges = defaultdict(list)
        self._memo = {}
        self.texts = {} if texts is None else texts

    def memo(self, key: str, build: Callable[[], Any]) -> Any:
        """An index derived from the model, built on first use and shared by every check."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]

    def merge(self, low: Lowering, statements: Sequence[Statement]) -> None:
        start = len(self.entities)
        self.entities.extend(low.entities)
        self._ranges[low.path].append((start, len(self.entities)))
        by_kind = self._by_kind
        for e in low.entities:
            by_kind[e.kind].append(e)
        self.symbols.define_all(low.definitions)
        self.symbols.references.extend(low.references)
        self.statements[low.path] = statements
        self.dialects[low.path] = low.dialect

    def of(self, kind: str) -> list[Entity]:
        return self._by_kind.get(kind, [])

    @property
    def merged(self) -> int:
        """How many of `entities` came from the files; what resolve inferred follows."""
        return max((end for ranges in self._ranges.values() for _start, end in ranges), default=0)

    def entities_of(self, path: str) -> list[Entity]:
        """The entities lowered from one file, as resolve left them (moved to their stack);
        what resolve inferred from them (nodes, links, stacks) is not among them."""
        ents = self.entities
        ranges = self._ranges.get(path, ())
        if len(ranges) == 1:
            start, end = ranges[0]
            return ents[start:end]
        return [e for start, end in ranges for e in ents[start:end]]

    def files(self) -> Iterator[tuple[str, list[Entity]]]:
        """(path, `entities_of(path)`) for each merged file, in the order they were merged."""
        for path in self._ranges:
            yield path, self.entities_of(path)

    def find(self, kind: str, name: str, scope: str | None = None) -> list[Entity]:
        return [
            e
            for e in self._by_kind.get(kind, [])
            if e.name == name and (scope is None or e.scope == scope)
        ]

    def all_statements(self) -> Iterable[Statement]:
        for stmts in self.statements.values():
            yield from stmts

    def coding(self, path: str, words: frozenset[str]) -> Iterable[Statement]:
        """The statements of a file that code one of `words` by name (`coded_words`), in
        their order: what the model's passes read after the file phase, which a file's
        statements answer without making the others (`Statements.coding`)."""
        statements = self.statements.get(path, ())
        if isinstance(statements, Statements):
            return statements.coding(words)
        return [st for st in statements if codes_one_of(st, words)]

    @property
    def header_bytes(self) -> tuple[int, str]:
        """SNA header per RU segment: 9 (APPN) or 29 (subarea), and why."""
        if self.settings.network == "appn":
            return 9, "APPN network (configuration)"
        if self.settings.network == "subarea":
            return 29, "subarea network (configuration)"
        for e in self.of("vtam_start"):
            nt = e.value("nodetype")
            if nt in ("NN", "EN"):
                return 9, f"APPN network (VTAM NODETYPE={nt})"
        return 29, "subarea network (no VTAM NODETYPE coded)"
