"""Definitions and references recorded while lowering: undefined, duplicate, unused for free."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.records import Definition as Definition
from decklint.core.records import Reference as Reference

# Kinds whose definitions are unique within the scope (a duplicate is an error).
UNIQUE_KINDS = frozenset(
    {
        "modetab",
        "logmode",
        "vtam_resource",
        "cics_resource",
        "ncp_resource",
        "tcpip_device",
        "tcpip_link",
    }
)
# Kinds whose definitions are reported when nothing refers to them.
REPORT_UNUSED = frozenset({"modetab", "cics_connection"})
# Kinds whose definitions must be in the same deck set as their uses (a CSD group installs
# whole): an unresolved use is judged even when nothing of the kind is linted at all. Other
# kinds (NCP groups named by VTAM paths) may live in decks the user did not lint.
CLOSED_WORLD = frozenset({"cics_connection"})
# Names defined by the product itself, so a reference to them is never "undefined".
BUILTIN = {
    ("modetab", "ISTINCLM"),  # IBM's default logon mode table
    ("modetab", "IESINCLM"),  # the one VSE supplies (vtam catalog, default_mode_tables)
    ("usstab", "ISTINCDT"),  # IBM's default USS table (SNA Resource Definition Reference)
}


# The name of a definition that stands for any name of its kind in its scope: what a macro of
# the deck that decklint could not expand may define (VTM006, PRS005 and the duplicate and
# unused checks never judge a name against it as missing, nor report it).
WILDCARD = "*"
# Definitions of this kind mark what the calls of a deck's own macros that decklint expanded
# generated: those statements point at the call, whose text is not theirs to edit (no fix).
EXPANSION = "expansion"


class SymbolTable:
    """The names the linted files define and the references to them, indexed by kind, scope
    and name."""

    definitions: list[Definition]
    references: list[Reference]
    _index: dict[tuple[str, str, str], list[Definition]]
    _names: dict[tuple[str, str], list[str]] | None  # see `names`; None: not built
    _kinds: set[str]  # the kinds of `_names`

    def __init__(
        self, definitions: list[Definition] | None = None, references: list[Reference] | None = None
    ) -> None:
        self.definitions = [] if definitions is None else definitions
        self.references = [] if references is None else references
        self._index = defaultdict(list)
        self._names = None
        self._kinds = set()

    def define(self, d: Definition) -> None:
        self._names = None
        self.definitions.append(d)
        self._index[(d.kind, d.scope, d.name)].append(d)

    def define_all(self, defs: list[Definition]) -> None:
        """`define` for each of a file's definitions (one call per file, not per name)."""
        self._names = None
        self.definitions.extend(defs)
        index = self._index
        for d in defs:
            index[(d.kind, d.scope, d.name)].append(d)

    def names(self, kind: str, scope: str) -> list[str]:
        """The names defined of a kind in a scope, sorted (for "did you mean")."""
        return [n for n in self._name_index().get((kind, scope), []) if n != WILDCARD]

    def _name_index(self) -> dict[tuple[str, str], list[str]]:
        """(kind, scope) -> sorted names: built once, and again after a definition changes."""
        if self._names is None:
            names: dict[tuple[str, str], list[str]] = defaultdict(list)
            for k, sc, name in self._index:
                names[(k, sc)].append(name)
            self._names = {key: sorted(ns) for key, ns in names.items()}
            self._kinds = {k for k, _sc in self._names}
        return self._names

    def reference(self, r: Reference) -> None:
        self.references.append(r)

    def lookup(self, kind: str, name: str, scope: str = "") -> list[Definition]:
        return self._index.get((kind, scope, name), [])

    def defined(self, kind: str, name: str, scope: str = "") -> bool:
        """Whether the name is defined: by a deck, by the product, or perhaps by a macro
        that was not expanded (`WILDCARD`)."""
        index = self._index
        return (
            (kind, name) in BUILTIN
            or bool(index.get((kind, scope, name)))
            or bool(index.get((kind, scope, WILDCARD)))
        )

    def has_kind(self, kind: str, scope: str | None = None) -> bool:
        """Whether any name of the kind is defined (in the scope, when given)."""
        index = self._name_index()
        return (kind, scope) in index if scope is not None else kind in self._kinds

    def duplicates(self) -> list[list[Definition]]:
        dups = [
            (key, defs)
            for key, defs in self._index.items()
            if len(defs) > 1 and key[0] in UNIQUE_KINDS and key[2] != WILDCARD
        ]
        return [defs for _key, defs in sorted(dups, key=lambda kd: kd[0])]

    def unresolved(self, rule: str) -> list[Reference]:
        index = self._index
        return [  # `defined`, inlined: a large estate has 100,000s of references
            r
            for r in self.references
            if r.rule == rule
            and not index.get((r.kind, r.scope, r.name))
            and (r.kind, r.name) not in BUILTIN
            and not index.get((r.kind, r.scope, WILDCARD))
        ]

    def move_files(self, scopes: dict[str, str]) -> None:
        """Give the definitions and references of some files another scope (path -> scope:
        the files of a TCP/IP stack share the stack's scope once INCLUDEs are resolved)."""
        self.definitions = [
            d.moved(scopes[d.path]) if d.path in scopes else d for d in self.definitions
        ]
        self.references = [
            r.moved(scopes[r.path]) if r.path in scopes else r for r in self.references
        ]
        self._index.clear()
        self._names = None
        for d in self.definitions:
            self._index[(d.kind, d.scope, d.name)].append(d)

    def unused(self) -> list[Definition]:
        used = {(r.kind, r.scope, r.name) for r in self.references}
        return [
            d
            for d in self.definitions
            if d.kind in REPORT_UNUSED
            and (d.kind, d.scope, d.name) not in used
            and d.name != WILDCARD
        ]

    def referred_kinds(self) -> set[str]:
        """The kinds something refers to."""
        return {r.kind for r in self.references}
