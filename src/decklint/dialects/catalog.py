"""Product catalogs: the statements and operands each product accepts, as data.

A catalog is a YAML file in `grammars/catalogs/<product>.yaml` that a systems programmer can
correct: per statement its context, meaning, whether its operand list is complete
(`closed`), and per operand its value kind, range, values, default (by release where it
changed) and the IBM reference it comes from. A statement or operand that exists only from a
release says so (`since:`), which `decklint.model.release` reads as evidence of a node's
release. The files are read once and kept as JSON in the user's cache folder (keyed by the
file's content), since a YAML parse costs more than a small run's whole start-up.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from decklint.resources import grammars_root

_FORMAT = 1  # bump when the JSON form of a catalog changes


@dataclass(frozen=True)
class Dated:
    """When a statement or operand first exists: `since: z/OS V1R10`, or, where that fact has
    its own source or is assumed, `since: {release: ..., source: ..., confidence: low,
    note: ...}` (the entry's own source confirms a plain one)."""

    release: str
    source: str = ""
    confidence: str = ""
    note: str = ""

    @property
    def assumed(self) -> bool:
        return self.confidence == "low"


@dataclass(frozen=True)
class OperandEntry:
    """One operand of a statement (or one option of an option file)."""

    name: str
    kind: str = "text"
    meaning: str = ""
    range: tuple[float, float] | None = None
    values: tuple[str, ...] = ()
    default: Any = None
    default_by_release: Mapping[str, Any] = field(default_factory=dict)
    max_length: int | None = None
    refers_to: str = ""
    sift: tuple[str, ...] = ()
    since: str = ""
    until: str = ""
    source: str = ""
    confidence: str = ""
    note: str = ""
    since_fact: Dated | None = None


@dataclass(frozen=True)
class StatementEntry:
    """A statement, with its operands; `closed` when the list is every operand it takes."""

    name: str
    context: str = ""
    meaning: str = ""
    source: str = ""
    label: str = "optional"
    closed: bool = False
    operands: Mapping[str, OperandEntry] = field(default_factory=dict)
    abbrev: str = ""
    value: OperandEntry | None = None  # an option that is itself a value (TSM)
    file: tuple[str, ...] = ()
    confidence: str = ""
    note: str = ""
    since: str = ""
    until: str = ""
    since_fact: Dated | None = None


@dataclass(frozen=True)
class Catalog:
    """A product's catalog. A statement's entry is built when first asked for: a run looks
    up the few statements its decks use, not the hundreds a catalog holds."""

    product: str
    title: str
    reference: str
    closed: bool
    raw: Mapping[str, Any]  # statement name (upper case) -> its plain data
    releases: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)  # start options, default tables
    where: str = ""
    _built: dict[str, StatementEntry] = field(default_factory=dict, compare=False, repr=False)

    def names(self) -> tuple[str, ...]:
        return tuple(self.raw)

    def statement(self, name: str) -> StatementEntry | None:
        key = name.upper()
        st = self._built.get(key)
        if st is None:
            body = self.raw.get(key)
            if body is None:
                return None
            st = self._built[key] = _statement(key, body or {}, self.where)
        return st

    @property
    def statements(self) -> dict[str, StatementEntry]:
        """Every statement's entry (for listings and `explain`)."""
        return {name: st for name in self.raw if (st := self.statement(name)) is not None}

    def operand(self, statement: str, name: str) -> OperandEntry | None:
        st = self.statement(statement)
        return None if st is None else st.operands.get(name.upper())

    def statements_with(self, operand: str) -> list[StatementEntry]:
        """The statements that take an operand of this name."""
        key = operand.upper()
        return [st for st in self.statements.values() if key in st.operands]

    def section_statement(self, section: str, name: str) -> StatementEntry | None:
        """A statement of another section of the catalog (the CICS catalog's `commands:`)."""
        bodies = self.extra.get(section)
        body = bodies.get(name.upper()) if isinstance(bodies, dict) else None
        return None if body is None else _statement(name.upper(), body or {}, self.where)

    def section_operands(self, section: str) -> dict[str, OperandEntry]:
        """The entries of a section of options (the VTAM catalog's `start_options:`)."""
        bodies = self.extra.get(section)
        if not isinstance(bodies, dict):
            return {}
        return {str(k).upper(): _operand(str(k), v or {}, self.where) for k, v in bodies.items()}


class CatalogError(ValueError):
    """A catalog file that does not have the catalog's form."""


def names() -> list[str]:
    """The products that have a catalog."""
    return sorted(p.stem for p in (grammars_root() / "catalogs").glob("*.yaml"))


@functools.cache
def catalog(product: str) -> Catalog | None:
    """The catalog of a product, or None when it has none."""
    path = grammars_root() / "catalogs" / f"{product}.yaml"
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    return build(_plain(raw), f"{product}.yaml")


@functools.cache
def operand_names(product: str, statement: str) -> frozenset[str]:
    """The operands a product's catalog lists for a statement (upper case; none when either
    is unknown). Read from the plain data: building the entry costs more than a sniffer's
    question is worth."""
    cat = catalog(product)
    body = cat.raw.get(statement.upper()) if cat is not None else None
    operands = body.get("operands") if isinstance(body, dict) else None
    return (
        frozenset(str(k).upper() for k in operands) if isinstance(operands, dict) else frozenset()
    )


def _plain(raw: bytes) -> dict[str, Any]:
    """The catalog file as plain data, from the JSON kept in the cache when it is there."""
    from decklint.store import vault

    key = hashlib.sha256(raw + bytes([_FORMAT])).hexdigest()[:32]
    v = vault()
    name = f"catalogs/{key}.json"
    if v is not None:
        try:
            data = json.loads(v.read(name) or b"null")
            if isinstance(data, dict):
                return data
        except ValueError:
            pass
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(raw, Loader=loader)
    if not isinstance(data, dict):
        raise CatalogError("a catalog is a mapping with `statements:`")
    if v is not None:
        with contextlib.suppress(OSError):  # an unwritable cache only costs time
            v.write(name, json.dumps(data, default=str).encode())
    return data


def build(data: Mapping[str, Any], where: str) -> Catalog:
    """A Catalog from the plain data of a catalog file; CatalogError names what is wrong."""
    statements = data.get("statements")
    if not isinstance(statements, dict):
        raise CatalogError(f"{where}: `statements:` must be a mapping")
    extra = {k: v for k, v in data.items() if k not in _TOP}
    return Catalog(
        product=str(data.get("product", "")),
        title=str(data.get("title", "")),
        reference=str(data.get("reference", "")),
        closed=bool(data.get("closed", False)),
        raw={str(name).upper(): body for name, body in statements.items()},
        releases=tuple(str(r) for r in data.get("releases") or ()),
        extra=extra,
        where=where,
    )


_TOP = frozenset({"product", "title", "reference", "closed", "statements", "releases"})


def _statement(name: str, body: Mapping[str, Any], where: str) -> StatementEntry:
    if not isinstance(body, dict):
        raise CatalogError(f"{where}: statement {name} must be a mapping")
    operands = body.get("operands") or {}
    if not isinstance(operands, dict):
        raise CatalogError(f"{where}: {name}: `operands:` must be a mapping")
    value = _operand(name, body, where) if "kind" in body else None
    files = body.get("file") or ()
    since = _dated(body.get("since"), name, where)
    return StatementEntry(
        name=name.upper(),
        context=str(body.get("context", "")),
        meaning=str(body.get("meaning", "")),
        source=str(body.get("source", "")),
        label=str(body.get("label", "optional")),
        closed=bool(body.get("closed", False)),
        operands={str(k).upper(): _operand(str(k), v or {}, where) for k, v in operands.items()},
        abbrev=str(body.get("abbrev", "")),
        value=value,
        file=tuple(str(f) for f in ([files] if isinstance(files, str) else files)),
        confidence=str(body.get("confidence", "")),
        note=str(body.get("note", "")),
        since=since.release if since is not None else "",
        until=str(body.get("until", "")),
        since_fact=since,
    )


def _dated(raw: Any, name: str, where: str) -> Dated | None:
    """A `since:` as written: a release, or a mapping naming its release and evidence."""
    if raw is None or raw == "":
        return None
    if isinstance(raw, dict):
        release = raw.get("release")
        if not release:
            raise CatalogError(f"{where}: {name}: `since:` as a mapping needs `release:`")
        return Dated(
            str(release),
            str(raw.get("source", "")),
            str(raw.get("confidence", "")),
            str(raw.get("note", "")),
        )
    return Dated(str(raw))


def _operand(name: str, body: Mapping[str, Any], where: str) -> OperandEntry:
    if not isinstance(body, dict):
        raise CatalogError(f"{where}: operand {name} must be a mapping")
    rng = body.get("range")
    bounds = None
    if rng is not None:
        try:
            lo, hi = rng
            bounds = (float(lo), float(hi))
        except (TypeError, ValueError):
            raise CatalogError(f"{where}: {name}: range must be [low, high]") from None
    by_release = body.get("default_by_release") or {}
    sift = body.get("sift") or ()
    since = _dated(body.get("since"), name, where)
    return OperandEntry(
        name=name.upper(),
        kind=str(body.get("kind", "text")),
        meaning=str(body.get("meaning", "")),
        range=bounds,
        values=tuple(str(v) for v in body.get("values") or ()),
        default=body.get("default"),
        default_by_release={str(k): v for k, v in dict(by_release).items()},
        max_length=body.get("max_length"),
        refers_to=str(body.get("refers_to", "")),
        sift=tuple(str(s).upper() for s in sift),
        since=since.release if since is not None else "",
        until=str(body.get("until", "")),
        source=str(body.get("source", "")),
        confidence=str(body.get("confidence", "")),
        note=str(body.get("note", "")),
        since_fact=since,
    )


def describe(cat: Catalog, st: StatementEntry, op: OperandEntry | None = None) -> list[str]:
    """An entry as lines of text, for `decklint explain product:NAME`."""
    if op is None:
        lines = [f"{cat.product}:{st.name}  ({st.context})" if st.context else st.name]
        lines += [f"  {st.meaning}"] if st.meaning else []
        if st.value is not None:
            lines += _values(st.value)
        if st.file:
            lines.append(f"  file: {', '.join(st.file)}")
        lines += [f"  {line}" for line in dated_lines(st.since_fact, st.until)]
        if st.operands:
            state = "complete" if st.closed else "known so far"
            lines.append(f"  operands ({state}): {', '.join(sorted(st.operands))}")
        lines += _provenance(st.source or cat.reference, st.confidence or _sure(cat), st.note)
        return lines
    lines = [f"{cat.product}:{st.name} {op.name}"]
    lines += [f"  {op.meaning}"] if op.meaning else []
    lines += _values(op)
    if op.sift:
        lines.append(f"  may be coded on: {', '.join(op.sift)}")
    sure = op.confidence or st.confidence or _sure(cat)
    lines += _provenance(op.source or st.source or cat.reference, sure, op.note)
    return lines


def _sure(cat: Catalog) -> str:
    """A whole catalog's confidence (`confidence: low` where its syntax is assumed)."""
    return str(cat.extra.get("confidence", ""))


def _values(op: OperandEntry) -> list[str]:
    return [f"  {line}" for line in value_lines(op)]


def value_lines(op: OperandEntry) -> list[str]:
    """What an entry says of its value, one fact a line: kind, range, values, default."""
    lines = [f"value: {op.kind}"]
    if op.range is not None:
        lo, hi = (int(x) if x == int(x) else x for x in op.range)
        lines.append(f"range: {_sized(op, lo)}-{_sized(op, hi)}")
    if op.values:
        lines.append(f"values: {', '.join(op.values)}")
    if op.max_length:
        lines.append(f"at most {op.max_length} characters")
    if op.default is not None:
        lines.append(f"default: {_sized(op, op.default)}")
    for release, value in op.default_by_release.items():
        lines.append(f"default from {release}: {'not known' if value is None else value}")
    lines += dated_lines(op.since_fact, op.until)
    return lines


def dated_lines(since: Dated | None, until: str) -> list[str]:
    """'since z/OS V1R10 (assumed: ...)' and 'until ...', as `explain` and hover show them."""
    lines = []
    if since is not None:
        why = f" (assumed: {since.note})" if since.assumed and since.note else ""
        why = why or (" (assumed)" if since.assumed else "")
        lines.append(f"since {since.release}{why}" + (f"; {since.source}" if since.source else ""))
    if until:
        lines.append(f"until {until}")
    return lines


def _sized(op: OperandEntry, value: Any) -> Any:
    """A size in bytes as a member codes it (100M, 4K); any other value as it is."""
    if op.kind != "size" or not isinstance(value, int) or isinstance(value, bool) or not value:
        return value
    for unit, n in (("M", 1024**2), ("K", 1024)):
        if value % n == 0:
            return f"{value // n}{unit}"
    return value


def lookup(spec: str) -> list[str]:
    """`decklint explain PRODUCT:NAME`: the lines of PRODUCT:STATEMENT, PRODUCT:OPERAND (every
    statement that takes it) or PRODUCT:STATEMENT.OPERAND. LookupError says what is missing
    and names what exists nearest it."""
    product, _, name = spec.partition(":")
    cat = catalog(product.lower()) if product.lower() in names() else None
    if cat is None:
        guess = _guess(product.lower(), names())
        hint = f"did you mean {guess}?" if guess else f"catalogs: {', '.join(names())}"
        raise LookupError(f"no catalog for {product!r} ({hint})")
    whole = cat.statement(name)  # a statement whose name has a dot (TLSV1.2)
    if whole is not None:
        return describe(cat, whole)
    statement, _, operand = name.upper().partition(".")
    st = cat.statement(statement)
    if st is not None and operand:
        op = st.operands.get(operand)
        if op is None:
            hint = _nearest(operand, st.operands, "its operands")
            raise LookupError(f"{product}:{statement} has no operand {operand!r}{hint}")
        return describe(cat, st, op)
    if st is not None:
        return describe(cat, st)
    takers = cat.statements_with(statement)
    if not takers:
        every = {*cat.names(), *(o for st in cat.statements.values() for o in st.operands)}
        hint = _nearest(statement, every, "its statements")
        raise LookupError(f"{product} has no statement or operand {name!r}{hint}")
    lines: list[str] = []
    for st in takers:
        lines += [*describe(cat, st, st.operands[statement]), ""]
    return lines[:-1]


def _guess(name: str, known: Any) -> str | None:
    """The known name a misspelt one most likely meant, or None."""
    import difflib

    found = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.75)
    return found[0] if found else None


def _nearest(name: str, known: Iterable[str], what: str) -> str:
    """'; did you mean X?' for a near miss, else the known names when they are few."""
    import difflib

    pool = sorted(known)
    near = difflib.get_close_matches(name.upper(), pool, n=3, cutoff=0.6)
    if near:
        return f"; did you mean {' or '.join(near)}?"
    if 0 < len(pool) <= 12:
        return f" ({what}: {', '.join(pool)})"
    return ""


def _provenance(source: str, confidence: str, note: str) -> list[str]:
    lines = [f"  note: {note}"] if note else []
    lines.append(
        f"  source: {source}" + (" (not confirmed in the manual)" if confidence == "low" else "")
    )
    return lines
