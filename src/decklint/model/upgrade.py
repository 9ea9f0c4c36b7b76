"""What a node's decks use that a release removes, deprecates or does not have yet.

The catalogs give each statement, operand and value its history by release (`history:` and
`since:`, read by `decklint.knowledge.catalog.events`). Here every statement of every file is
matched to its entry (through `decklint.model.catalogued`, each kind of statement once per file,
as `decklint.model.release` does for its evidence), and what it codes that has a history is
a `Use`; `verdict` says what a release does to one. The release rules (REL) read these: a
node's target release (`release.target_of`), or, without one, the release its decks already
show, or the newest release the catalog holds.

Only events of the node's own product count: a VM stack is not judged by z/OS's removals.
"""

import functools
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from decklint.core.ir import Statement
from decklint.core.source import Span
from decklint.knowledge import catalog as catalogs
from decklint.knowledge.catalog import Event, OperandEntry
from decklint.model import release as rel
from decklint.model.topology import Topology


class Use(NamedTuple):
    """A statement, operand or value a deck codes whose entry has a history."""

    path: str
    node: str
    family: str
    statement: Statement
    span: Span  # the word that names it: the statement's type or keyword, the operand
    what: str  # 'GATEWAY', 'LINK ... IBMTR', 'INTERFACE ... DEFINE IPAQENET DEVNUM'
    events: tuple[Event, ...]  # its events of the node's product, in release order


class Verdict(NamedTuple):
    """What a release does to a use: 'removed' (gone at or before it), 'absent' (comes
    after it), 'deprecated' (accepted, announced to go), with the event that says so."""

    kind: str
    event: Event


def level(event: Event, family: str) -> rel.Level | None:
    """The level of an event's release in its family's numbering; None when the release
    is another product's."""
    if rel.family_of(event.release, family) != family:
        return None
    f = rel.FAMILIES.get(family)
    return f.level(event.release) if f is not None else None


def verdict(use: Use, at: rel.Level) -> Verdict | None:
    """What release `at` does to a use: removed (the earliest removal at or before it), not
    there yet (every `added` of it after it), deprecated (at or before it); else None."""
    removed = [e for e in use.events if e.kind == "removed" and _le(e, use.family, at)]
    if removed:
        return Verdict("removed", removed[0])
    added = [e for e in use.events if e.kind == "added"]
    if added and all(_gt(e, use.family, at) for e in added):
        return Verdict("absent", added[0])
    deprecated = [e for e in use.events if e.kind == "deprecated" and _le(e, use.family, at)]
    return Verdict("deprecated", deprecated[-1]) if deprecated else None


def _le(e: Event, family: str, at: rel.Level) -> bool:
    lv = level(e, family)
    return lv is not None and lv <= at


def _gt(e: Event, family: str, at: rel.Level) -> bool:
    lv = level(e, family)
    return lv is not None and lv > at


def newest(catalog_name: str, family: str) -> tuple[rel.Level, str] | None:
    """The newest release of a product the catalog covers (its `releases:`), with its name."""
    return _newest(catalog_name, family)


@functools.cache
def _newest(catalog_name: str, family: str) -> tuple[rel.Level, str] | None:
    cat = catalogs.catalog(catalog_name)
    f = rel.FAMILIES.get(family)
    if cat is None or f is None:
        return None
    known = [
        (lv, r)
        for r in cat.releases
        if rel.family_of(r, family) == family and (lv := f.level(r)) is not None
    ]
    return max(known) if known else None


# --------------------------------------------------------------------------- uses


def uses(topo: Topology) -> list[Use]:
    """Every use of something with a history in the site's files (built once per run)."""
    return topo.memo("upgrade.uses", lambda: _uses(topo))  # type: ignore[no-any-return]


def read_words(dialect: str, path: str) -> frozenset[str]:
    """The words the model's passes read a file's statements for after its file phase:
    release inference (`release.releases`) and `uses` read the statements that code
    (`coded_words`) something dated or with a history in the file's catalogs
    (`Statements.coding`)."""
    from decklint.model import catalogued

    return _read_words(catalogued.catalog_names(dialect, path))


@functools.cache
def _read_words(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset().union(*(historic_ops(n) | rel.dated_ops(n) for n in names))


def read_for(dialect: str, path: str) -> Callable[[Statement], bool]:
    """Whether those passes may find something in a statement of the file that codes one of
    `read_words`: its catalog entry has a history or a date of its own, or has operands with
    one and the statement codes one of those by name or has a positional operand (a word
    that may spell one in short). A statement whose entry has neither (a TCP/IP DEVICE of a
    type with no history, a VTAM PU without TOPO) gives them nothing: it is neither sent by
    a worker nor kept apart (`Statements.indexed`)."""
    from decklint.model import catalogued

    names = catalogued.catalog_names(dialect, path)
    types = _types(names)
    dated: dict[tuple[Any, ...], tuple[bool, frozenset[str]]] = {}

    def wanted(st: Statement) -> bool:
        if st.kind == "item":
            return True  # a start list's option: release inference reads it as it is
        if dialect in _LOOKED_UP_EACH:
            whole, operands = _dated(catalogued.entry(dialect, path, st))
        else:
            key = _signature(st, dialect, types)
            found = dated.get(key)
            if found is None:
                found = dated[key] = _dated(catalogued.entry(dialect, path, st))
            whole, operands = found
        return whole or (
            bool(operands)
            and any(o.name is None or o.name.upper() in operands for o in st.operands)
        )

    return wanted


# Dialects whose statements' entries are decided by words `_signature` does not hold (an AIX
# line's or SCF command's object, an EZACICD macro's TYPE=): each statement looked up.
_LOOKED_UP_EACH = frozenset({"aix", "scf", "ezacicd"})


def _dated(e: Any) -> tuple[bool, frozenset[str]]:
    """Whether an entry has a history or a date of its own, and its operands that have one
    (what `_historic_entry` and release inference's `_dated_entry` look for)."""
    if e is None:
        return False, frozenset()
    body = e.statement
    operands = frozenset(
        n for n, op in body.operands.items() if op.history or op.since_fact is not None
    )
    return bool(body.history) or body.since_fact is not None, operands


def _uses(topo: Topology) -> list[Use]:
    out: list[Use] = []
    for path, node in sorted(topo.site.items()):
        family = rel.file_family(topo, path)
        if family is None:
            continue
        out += _file_uses(topo, path, node, family)
    return out


def _file_uses(topo: Topology, path: str, node: str, family: str) -> Iterable[Use]:
    from decklint.model import catalogued

    dialect = topo.dialects.get(path, "")
    names = catalogued.catalog_names(dialect, path)
    ops = frozenset().union(*(historic_ops(n) for n in names))
    if not ops:
        return
    types = _types(names)
    entries: dict[tuple[Any, ...], tuple[Any, frozenset[str]] | None] = {}
    for st in topo.coding(path, ops):
        if st.label is not None and st.label == st.op:
            continue  # an entry of a list (HOME, GATEWAY): its list statement says it
        if st.op not in ops:
            continue
        key = _signature(st, dialect, types)
        if key not in entries:
            entries[key] = _historic_entry(catalogued.entry(dialect, path, st))
        found = entries[key]
        if found is None:
            continue
        e, dated = found
        title = rel.title(st, e.statement.name)
        mine = family_events(e.statement, family, e.statement.source or e.reference)
        if mine:
            yield Use(path, node, family, st, _type_span(st, e.statement.name), title, mine)
        if not dated:
            continue
        for i, o in enumerate(st.operands):
            if o.name is not None:
                name = o.name.upper()
                op = e.statement.operands.get(name) if name in dated else None
            elif o.value.text.upper() in dated:
                op = catalogued.keyword_operand(e, o.value.text.upper())
            else:
                op = None
            if not isinstance(op, OperandEntry):
                continue
            events = family_events(op, family, op.source or e.statement.source or e.reference)
            events = tuple(ev for ev in events if not ev.value or _codes(st, i, ev.value))
            if events:
                yield Use(path, node, family, st, o.span, f"{title} {op.name}", events)


def _historic_entry(e: Any) -> tuple[Any, frozenset[str]] | None:
    """A statement's entry with the names of its operands that have a history (None when
    neither it nor any of them has one)."""
    if e is None:
        return None
    body = e.statement
    dated = frozenset(
        n for n, op in body.operands.items() if op.history or op.since_fact is not None
    )
    if not dated and not body.history and body.since_fact is None:
        return None
    return e, dated


def family_events(entry: Any, family: str, fallback: str) -> tuple[Event, ...]:
    """The entry's events of one product, oldest first (default changes are the defaults'
    business: REL003 reads them from the stack model)."""
    got = [
        e
        for e in catalogs.events(entry, defaults=False, fallback=fallback)
        if e.kind != "default" and level(e, family) is not None
    ]
    return tuple(sorted(got, key=lambda e: level(e, family) or ()))


def _codes(st: Statement, index: int, value: str) -> bool:
    """Whether the operand at `index` (a keyword) is followed by, or is, `value`."""
    words = [o.value.text.upper() for o in st.operands[index : index + 2]]
    return value in words


def _type_span(st: Statement, key: str) -> Span:
    """The word a finding about a statement points at: its type (LINK ... IBMTR: IBMTR),
    else its keyword."""
    if " " in key:
        word = key.split(" ", 1)[1]
        for o in st.operands[:3]:
            if o.name is None and o.value.text.upper() == word:
                return o.span
    return st.op_span or Span(st.span.line, st.span.col, st.span.line, st.span.col + len(st.op))


def _signature(st: Statement, dialect: str, types: dict[str, frozenset[str]]) -> tuple[Any, ...]:
    """What decides a statement's catalog entry: a TCP/IP statement's type (the word that
    makes `DEVICE ... SNAIUCV` an entry of its own: one of its `types`) and block, a CICS
    DEFINE's resource; not the names a statement defines (each DEVICE its own would be an
    entry looked up each)."""
    if dialect == "tcpip":
        mine = types.get(st.op)
        typed = ""
        if mine:
            for o in st.operands[:3]:  # a loop, not generators: asked of every DEVICE and LINK
                if o.name is None and (w := o.value.text.upper()) in mine:
                    typed = w
                    break
        return (st.kind, st.op, st.label, typed)
    first = st.operands[0].name if st.operands else None
    words = [o.value.text.upper() for o in st.operands[:3] if o.name is None]
    return (st.kind, st.op, first, tuple(words) if st.kind == "item" else ())


@functools.cache
def _types(names: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Statement word -> the words after it in the catalog entries of `names` (`DEVICE`:
    SNAIUCV, ...): what makes a TCP/IP statement an entry of its own."""
    out: dict[str, set[str]] = {}
    for name in names:
        cat = catalogs.catalog(name)
        for key in cat.raw if cat is not None else ():
            op, space, rest = key.partition(" ")
            if space:
                out.setdefault(op, set()).add(rest)
    return {op: frozenset(words) for op, words in out.items()}


@functools.cache
def historic_ops(catalog_name: str) -> frozenset[str]:
    """The statement words of a catalog that something with a history hangs on."""
    cat = catalogs.catalog(catalog_name)
    if cat is None:
        return frozenset()
    out: set[str] = set()
    for key, body in cat.raw.items():
        if not isinstance(body, dict):
            continue
        operands = body.get("operands")
        dated = (
            body.get("history")
            or body.get("since")
            or (
                isinstance(operands, dict)
                and any(
                    isinstance(v, dict) and (v.get("history") or v.get("since"))
                    for v in operands.values()
                )
            )
        )
        if dated:
            out.add(key.split(" ", 1)[0].upper())
    if catalog_name == "cics" and out:
        out |= {"DEFINE", "ALTER"}  # a DEFINE is catalogued by the resource it defines
    return frozenset(out)
