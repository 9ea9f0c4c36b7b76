"""What decklint knows of a statement and its operands, found for a statement of a deck.

The product catalogs (`grammars/catalogs/`, read by `decklint.knowledge.catalog`) come first;
the dialects without a catalog give what their operand schemas say (`knowledge/schema.py`).
An AIX attribute or an SCF line is looked up by what it sets (`_object_entry`).
Each dialect names its statements its own way: a CICS DEFINE by its resource type, a TCP/IP
DEVICE or LINK by its type too, a start list item by its start option, a TSM option by its
abbreviation.
"""

from collections.abc import Mapping
from pathlib import PurePath
from typing import Any, NamedTuple

from decklint import dialects
from decklint.core.ir import Statement
from decklint.knowledge import catalog as catalogs
from decklint.knowledge.catalog import OperandEntry, StatementEntry
from decklint.knowledge.keywords import spelled


class Entry(NamedTuple):
    """A statement as a catalog (or schema) describes it."""

    product: str  # the catalog's name ("vtam"), or the dialect's for a schema
    statement: StatementEntry
    reference: str  # what the entry cites when it names no source of its own
    raw: Mapping[str, Any]  # the catalog's plain data for the statement (positions, spellings)


class OperandHit(NamedTuple):
    """An operand of a statement as its entry describes it."""

    entry: Entry
    operand: OperandEntry
    keyword: bool  # the word is the operand's keyword (else its value)


def catalog_names(dialect: str, path: str = "") -> tuple[str, ...]:
    """The catalogs a dialect's files read, the likeliest first."""
    if dialect == "tcpdata":
        ftp = "FTP" in PurePath(path).name.upper()
        return ("ftpdata", "tcpdata") if ftp else ("tcpdata", "ftpdata")
    reg = dialects.REGISTRY.get(dialect)
    return (reg.catalog,) if reg is not None and reg.catalog else ()


def entry(dialect: str, path: str, st: Statement) -> Entry | None:
    """The catalog's (or schema's) entry for a statement of a deck."""
    for name in catalog_names(dialect, path):
        cat = catalogs.catalog(name)
        if cat is None:
            continue
        found = _catalog_entry(cat, dialect, st)
        if found is not None:
            key, body = found
            raw = cat.raw.get(key.upper()) or {}
            own = _schema_entry(dialect, st.op) if st.kind != "item" else None
            if own is not None:  # the operands decklint's own table knows besides
                ops = own.statement.operands
                extra = {k: v for k, v in ops.items() if k not in body.operands}
                body = body._replace(operands={**body.operands, **extra})
            raw = raw if isinstance(raw, dict) else {}
            return Entry(name, body, body.source or cat.reference, raw)
    return _schema_entry(dialect, st.op)


def _catalog_entry(
    cat: catalogs.Catalog, dialect: str, st: Statement
) -> tuple[str, StatementEntry] | None:
    if st.kind == "item":  # a VTAM start or configuration list
        options = cat.section_operands("start_options")
        if not options:
            return None
        body = StatementEntry(
            "start options",
            context="ATCSTRxx",
            meaning="VTAM start options",
            source=cat.reference + ", Start options",
            operands=options,
        )
        return "", body
    if dialect == "cics":
        if st.op in ("DEFINE", "ALTER") and st.operands and st.operands[0].name:
            from decklint.dialects.cics.reader import resource_type

            rtype = resource_type(st.operands[0].name)
            found = cat.statement(rtype)
            if found is not None:
                return rtype, found
        command = cat.section_statement("commands", st.op)
        return (st.op, command) if command is not None else None
    if dialect == "tsm":
        from decklint.dialects.tsm.reader import option

        name = option(st.op)
        found = cat.statement(name)
        return (name, found) if found is not None else None
    if dialect == "tcpip":
        return _tcpip_entry(cat, st)
    if dialect in ("aix", "scf"):
        return _object_entry(cat, st)
    if dialect == "ezacicd":
        return _ezacicd_entry(cat, st)
    found = cat.statement(st.op)
    return (st.op, found) if found is not None else None


def _tcpip_entry(cat: catalogs.Catalog, st: Statement) -> tuple[str, StatementEntry] | None:
    """A TCP/IP statement: DEVICE, LINK and INTERFACE are catalogued by their type (the word
    after the name, or after DEFINE); an entry of a block or list by its keyword, else by
    the block's."""
    words = [o.value.upper() for o in st.operands[:3] if o.name is None]
    for w in words:
        found = cat.statement(f"{st.op} {w}")
        if found is not None:
            return f"{st.op} {w}", found
    for name in (st.op, st.label or ""):
        found = cat.statement(name) if name else None
        if found is not None:
            return name, found
    return None


def _object_entry(cat: catalogs.Catalog, st: Statement) -> tuple[str, StatementEntry] | None:
    """An AIX attribute or `no` option, an SCF command or display line: the entry of what it
    sets. An SCF command on an object type is that type's entry (its attributes); a line of an
    AIX profile or of an SCF display, the first entry that takes its attribute."""
    if st.op.startswith("NO "):
        return "NO", cat.statement("NO")  # type: ignore[return-value]
    words = [o.value.upper() for o in st.operands[:1] if o.name is None]
    for w in words:
        found = cat.statement(w)
        if found is not None and found.operands:
            return w, found
    if st.op not in ("ATTRIBUTE", "DETAIL", "ROW", "COLON"):
        found = cat.statement(st.op)
        return (st.op, found) if found is not None else None
    names = {(o.name or "").upper() for o in st.operands}
    for name in cat.names():
        found = cat.statement(name)
        if found is not None and any(n in found.operands for n in names):
            return name, found
    return None


def _ezacicd_entry(cat: catalogs.Catalog, st: Statement) -> tuple[str, StatementEntry] | None:
    """An EZACICD macro is catalogued by its TYPE (EZACICD TYPE=LISTENER); TYPE itself is an
    operand of each, whose values are the catalog's statements."""
    if st.op != "EZACICD":
        return None
    kind = OperandEntry(
        "TYPE", "enum", "the record the macro builds", values=cat.names(), source=cat.reference
    )
    t = st.keyword("TYPE")
    name = t.value.text.upper() if t is not None else ""
    found = cat.statement(name) if name else None
    if found is None:
        macro = StatementEntry("EZACICD", "EZACICD", kind.meaning, operands={"TYPE": kind})
        return "EZACICD", macro
    return name, found._replace(operands={"TYPE": kind, **found.operands})


def _schema_entry(dialect: str, op: str) -> Entry | None:
    from decklint.knowledge.schema import statement_schema

    schema = statement_schema(dialect, op)
    if schema is None:
        return None
    operands = {
        name: OperandEntry(
            name,
            _SCHEMA_KINDS.get(spec.kind, spec.kind),
            range=(spec.lo, spec.hi) if spec.lo is not None and spec.hi is not None else None,
        )
        for name, spec in schema.operands.items()
    }
    product = dialects.REGISTRY[dialect].product if dialect in dialects.REGISTRY else dialect
    body = StatementEntry(op, closed=schema.closed, operands=operands)
    return Entry(dialect, body, f"decklint's {product} operand table", {})


_SCHEMA_KINDS = {"num": "decimal", "pace": "int", "any": "text"}


def operand(dialect: str, path: str, st: Statement, index: int) -> OperandHit | None:
    """What the entry says of operand `index` of a statement: a keyword's entry (KEY=value,
    KEY(value), a TCP/IP parameter word), the entry a value belongs to (the word after a
    TCP/IP parameter, a positional operand, a start option's value), or None."""
    e = entry(dialect, path, st)
    if e is None or not 0 <= index < len(st.operands):
        return None
    o = st.operands[index]
    ops = e.statement.operands
    if o.name is not None:
        name = o.name.upper()
        if dialect == "cics" and index == 0 and st.op in ("DEFINE", "ALTER"):
            return None  # the resource type: the statement itself
        found = ops.get(name)
        if found is None and dialect == "cics":
            found = _unique_prefix(ops, name)
        return OperandHit(e, found, True) if found is not None else None
    if e.statement.value is not None and index == 0:  # an option that is itself a value
        return OperandHit(e, e.statement.value, False)
    word = o.value.upper()
    kw = keyword_operand(e, word)
    if kw is not None:
        return OperandHit(e, kw, True)
    if index > 0 and st.operands[index - 1].name is None:
        before = keyword_operand(e, st.operands[index - 1].value.upper())
        if before is not None and not is_flag(before):
            return OperandHit(e, before, False)
    positional = _positional(e, index + 1)
    if positional is not None:
        return OperandHit(e, positional, False)
    if len(ops) == 1 and index == 0:  # BPXPRMxx and TCPIP.DATA style: one value
        return OperandHit(e, next(iter(ops.values())), False)
    return None


def is_flag(op: OperandEntry) -> bool:
    """A TCP/IP parameter that is only its own word (NODELAYACKS): it takes no value."""
    return op.kind == "flag" or (op.kind == "enum" and op.values == (op.name,))


def _unique_prefix(ops: Mapping[str, OperandEntry], word: str) -> OperandEntry | None:
    """CICS takes an attribute's leading letters when only one attribute starts with them."""
    hits = [op for name, op in ops.items() if name.startswith(word)]
    return hits[0] if len(hits) == 1 else None


def keyword_operand(e: Entry, word: str) -> OperandEntry | None:
    """The keyword operand a word spells: in full or abbreviated as far as the catalog's
    `abbrev` allows (`TCPSENDBfrsize`). Positional operands (lower-case names) are not
    keywords; an enumerated operand whose values are its own name is."""
    bodies = e.raw.get("operands") or {}
    for name, op in e.statement.operands.items():
        body = bodies.get(name) or bodies.get(name.lower()) or {}
        if not isinstance(body, dict) or "position" in body:
            continue
        full, shortest = spelled(str(body.get("abbrev") or name))
        if word == full or (shortest and len(word) >= shortest and full.startswith(word)):
            return op
    return None


def _positional(e: Entry, position: int) -> OperandEntry | None:
    bodies = e.raw.get("operands") or {}
    for name, body in bodies.items():
        if isinstance(body, dict) and body.get("position") == position:
            return e.statement.operands.get(str(name).upper())
    return None


def is_keyword(e: Entry, name: str) -> bool:
    """Whether an operand of the entry is written as a keyword (not a positional place)."""
    bodies = e.raw.get("operands") or {}
    body = bodies.get(name) or bodies.get(name.lower()) or {}
    return not (isinstance(body, dict) and "position" in body) and name == name.upper()


def statement_names(dialect: str, path: str = "") -> list[str]:
    """Every statement decklint knows in a dialect (for completion)."""
    from decklint.knowledge.schema import statement_names as schema_names

    if dialect == "ezacicd":
        return ["EZACICD"]  # its catalog's statements are the macro's TYPEs
    names: set[str] = set(schema_names(dialect))
    for c in catalog_names(dialect, path):
        cat = catalogs.catalog(c)
        if cat is not None and dialect != "cics":
            names.update(n for n in cat.names() if " " not in n and "(" not in n and _typed(cat, n))
    return sorted(names)


def _typed(cat: catalogs.Catalog, name: str) -> bool:
    """Whether a catalog entry is a statement one types (an AIX profile is a stanza of an
    export, an SCF object type follows its command)."""
    body = cat.raw.get(name)
    return not (isinstance(body, dict) and ("stanza" in body or body.get("role") == "object"))
