"""What a product's catalog says of an operand coded in a deck.

Two questions, asked of one table (`grammars/catalogs/<product>.yaml`):
- does the product take the value coded (PRS003)? Its range and value list, or those of the
  case that holds where the statement sits (`cases:`, `when: GROUP LNCTL=BSC`);
- what applies where the operand is not coded (the lowering, the rules)? Its default, by
  case and by release.
Each answer says whether it rests on a fact confirmed in a manual or on one assumed, so that a
finding built on it can say so and never be an error.
"""

import functools
import re
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from decklint.core.entities import Attr
from decklint.core.ir import Operand, Statement, Value, classify_atom, small_int
from decklint.core.lowering import coded, default
from decklint.knowledge.catalog import (
    Case,
    Catalog,
    Condition,
    OperandEntry,
    StatementEntry,
    catalog,
)

ASSUMED = "assumed"  # how the note of a default nobody confirmed starts (model Attr notes)


# compiled when first used (`re` keeps it): most runs read no NCP level
_VR = r"V?\s*(\d{1,6})\s*(?:R|\.)\s*(\d{1,6})"


def ncp_level(text: str) -> tuple[int, int] | None:
    """(version, release) of 'V5R2.1', 'V7R8F', '4.3'; None when it is none of those. The one
    reader of NCP levels: the catalogs' release facts here, the nodes' releases in the model."""
    m = re.search(_VR, text, re.IGNORECASE)
    return (int(m.group(1)), int(m.group(2))) if m else None


class Scope:
    """The statements a statement sits in, outermost first: the VBUILD, GROUP, LINE and PU
    above an LU. A statement ends the one of its own operation before it and everything
    after that (a GROUP ends the previous GROUP's LINEs and PUs)."""

    def __init__(self) -> None:
        self.stack: list[Statement] = []

    def enter(self, st: Statement) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].op == st.op:
                del self.stack[i:]
                break
        self.stack.append(st)

    def enclosing(self, op: str) -> Statement | None:
        for st in reversed(self.stack):
            if st.op == op:
                return st
        return None

    def above(self, st: Statement) -> Iterator[Statement]:
        """The statements above `st`, innermost first."""
        return (s for s in reversed(self.stack) if s is not st)


def operand_entry(product: str, statement: str, name: str) -> OperandEntry | None:
    cat = catalog(product)
    return None if cat is None else cat.operand(statement, name)


# ------------------------------------------------------------------ conditions and cases


def coded_value(
    cat: Catalog, st: Statement | None, name: str, scope: Scope | None
) -> tuple[str, bool] | None:
    """An operand's value as text, as the statement codes it, else as a statement above
    sifts it down (the catalog's `sift:`), else its catalogued default; with whether it was
    coded. None where none of those gives one."""
    if st is None:
        return None
    o = st.keyword(name)
    if o is not None:
        return _text(o.value), True
    entry = cat.operand(st.op, name)
    if entry is not None and scope is not None and entry.sift:
        for up in scope.above(st):
            o = up.keyword(name) if up.op in entry.sift else None
            if o is not None:
                return _text(o.value), True
    if entry is not None and entry.default is not None:
        return str(entry.default).upper(), False
    return None


def _text(v: Value) -> str:
    first = v.item(0) if v.is_list else v
    return first.upper() if first is not None else ""


def holds(cat: Catalog, cond: Condition, st: Statement | None, scope: Scope | None) -> bool:
    """Whether a case's condition holds for a statement where it sits."""
    where = st if not cond.statement else scope.enclosing(cond.statement) if scope else None
    got = coded_value(cat, where, cond.operand, scope)
    return got is not None and _same(got[0], cond.values)


def _same(text: str, values: tuple[str, ...]) -> bool:
    if text in values:
        return True
    n = _number(text)
    return n is not None and any(_number(v) == n for v in values)


def case_of(
    cat: Catalog, entry: OperandEntry, st: Statement | None, scope: Scope | None
) -> Case | None:
    """The first of an entry's cases that holds where the statement sits."""
    for case in entry.cases:
        if holds(cat, case.when, st, scope):
            return case
    return None


def case_where(
    product: str, statement: str, name: str, values: Mapping[str, Any]
) -> tuple[OperandEntry, Case] | None:
    """The case of an operand that holds where the statement's own operands have `values`
    (a rule's view of the model: a LINE's ADAPTER), with the entry it belongs to."""
    entry = operand_entry(product, statement, name)
    if entry is None:
        return None
    for case in entry.cases:
        got = values.get(case.when.operand)
        if case.when.statement or got is None:
            continue
        if _same(str(got).upper(), case.when.values):
            return entry, case
    return None


def link_attached(typgen: str) -> bool:
    """Whether an NCP generated with this BUILD TYPGEN is reached over a link, not a channel
    (the NCP catalog's `attachment_facts`): its HOST and PCCU channel operands then describe
    no channel transfer."""
    cat = catalog("ncp")
    facts = (cat.extra.get("attachment_facts") or {}) if cat is not None else {}
    body = facts.get("link_attached") or {}
    return typgen.strip().upper() in {str(v).upper() for v in body.get("typgen", ())}


class ReleaseFact(NamedTuple):
    """A fact that holds from a release on (the catalog's `release_facts`)."""

    first: tuple[int, int]
    release: str  # as the catalog writes it: 'V4R2'
    limit: int | None  # a bound the fact sets, where it sets one
    source: str


def release_fact(product: str, key: str) -> ReleaseFact:
    """One of a catalog's `release_facts`; LookupError where it has none of that name."""
    cat = catalog(product)
    body = (cat.extra.get("release_facts") or {}).get(key) if cat is not None else None
    first = ncp_level(str(body.get("from", ""))) if isinstance(body, dict) else None
    if body is None or first is None:
        raise LookupError(f"{product} has no release fact {key!r}")
    limit = body.get("limit")
    return ReleaseFact(
        first,
        str(body["from"]),
        limit if isinstance(limit, int) else None,
        str(body.get("source", "")),
    )


def _judged_case(
    cat: Catalog, entry: OperandEntry, st: Statement | None, scope: Scope | None
) -> Case | None:
    for case in entry.judged_cases:
        if holds(cat, case.when, st, scope):
            return case
    return None


# ------------------------------------------------------------------ values (PRS003)


class Problem(NamedTuple):
    """A value the product does not take: what is wrong, where, and whether that rests on a
    fact nobody confirmed."""

    value: Value  # the value or the item of a list that is wrong
    why: str
    assumed: bool
    source: str


def judge(
    cat: Catalog,
    st_entry: StatementEntry | None,
    entry: OperandEntry,
    o: Operand,
    st: Statement | None = None,
    scope: Scope | None = None,
) -> Problem | None:
    """The first problem of a coded value against its catalog entry (range, value list, a
    pace byte's reserved bits), or None. A value the deck computes (`&SYM`) or leaves out is
    not judged."""
    v = o.value
    if v.kind in ("empty", "symbol") or "&" in v.text:
        return None
    if entry.range is None and not entry.values and not entry.judged_cases:
        return None  # nothing to judge by (most operands: names, text)
    case = _judged_case(cat, entry, st, scope) if entry.judged_cases else None
    values = case.values if case is not None and case.values else entry.values
    rng = case.range if case is not None and case.range is not None else entry.range
    if case is not None and case.rule:
        # a rule of its own judges the range where this case holds (its message says more)
        values, rng, case = entry.values, None, None
    for item in _atoms(v) if v.is_list or v.kind == "string" else (v,):
        fact, why = "values", _not_listed(item, values, entry.kind, rng) if values else ""
        if not why and rng is not None:
            fact, why = "range", _outside(item, rng, entry)
        if why:
            # an operand that cites no source of its own stands on its statement's entry
            low = st_entry is not None and st_entry.confidence == "low" and not entry.source
            source = entry.source or (st_entry.source if st_entry else "") or cat.reference
            if case is not None:
                source = f"{source} (where {case.when.text})"
            return Problem(item, why, low or entry.assumes(fact), source)
    return None


def _atoms(v: Value) -> Iterator[Value]:
    """A value's atoms: itself, or the items of its list (nested lists flattened). A value a
    dialect reads as text without quotes (a CSD attribute's `SENDCOUNT(2)`) is classified as
    any atom is: a number, a word."""
    if not v.is_list:
        if v.kind == "string" and v.text and v.text[0] != "'":
            v = v._replace(kind=classify_atom(v.text))
        yield v
        return
    for item in v.items:
        if item is not None:
            yield from _atoms(item)


def _not_listed(
    v: Value, values: tuple[str, ...], kind: str, rng: tuple[float, float] | None = None
) -> str:
    if v.kind in ("empty", "string", "char") or (kind == "list" and v.kind != "word"):
        return ""  # a list's numbers are judged by its range
    if rng is not None and kind in _NUMERIC and v.kind in ("int", "decimal", "hex"):
        return ""  # a number with a range: the range judges it (the values are taken besides)
    if _same(v.upper(), values):
        return ""
    shown = ", ".join(values[:12]) + (", ..." if len(values) > 12 else "")
    return f"not one of {shown}"


# Kinds whose value is a number; the `values` of such an entry with a range are what is
# taken besides the range (LSRPOOLNUM: 1-255 or NONE).
_NUMERIC = frozenset({"int", "size", "pace", "hex", "time"})
_HEX = r"X'([0-9A-F]*)'\Z"  # compiled when first used: few values are hex


def _outside(v: Value, rng: tuple[float, float], entry: OperandEntry) -> str:
    lo, hi = rng
    kind = entry.kind
    if v.kind == "int":  # the common case first: a whole number
        n0 = small_int(v.text)
        if n0 is None or lo <= n0 <= hi:
            return ""
        return f"outside the allowed range {_fmt(lo)}-{_fmt(hi)}"
    if kind == "pace" and v.kind == "hex":
        return _pace_byte(v, entry)
    if v.kind == "decimal":
        if kind in ("int", "pace", "hex"):
            return f"must be a whole number from {_fmt(lo)} to {_fmt(hi)}"
        n: float | int | None = float(v.text)
    elif v.kind == "hex":
        m = re.match(_HEX, v.text, re.IGNORECASE)
        n = int(m.group(1), 16) if m and m.group(1) else None
    elif v.kind == "word":
        n = v.as_int() if kind in ("int", "size") else None
        if n is None:
            if kind == "int" and entry.values == ():
                return f"must be a whole number from {_fmt(lo)} to {_fmt(hi)}"
            return ""
    else:
        n = v.as_number()
    if n is None:
        return ""
    return "" if lo <= n <= hi else f"outside the allowed range {_fmt(lo)}-{_fmt(hi)}"


def _pace_byte(v: Value, entry: OperandEntry) -> str:
    """A pacing count coded as the whole BIND byte: a byte whose reserved bits are clear."""
    m = re.match(_HEX, v.text, re.IGNORECASE)
    if m is None or not m.group(1):
        return ""
    n = int(m.group(1), 16)
    if n > 0xFF:
        return "a pacing byte is one byte, X'00'-X'FF'"
    if n & entry.reserved_bits:
        bits = f"X'{entry.reserved_bits:02X}'"
        return (
            f"sets bit {bits} of the BIND pacing byte, which is reserved; the count is the "
            f"low six bits, {n & 0x3F} here, and only the bits above them that the manual "
            "defines may be set"
        )
    return ""


def pace_window(entry: OperandEntry | None, v: Value) -> int | None:
    """The pacing window a pace operand codes: a decimal count, or the low six bits of a BIND
    byte; None where the value is not one the product takes (PRS003 reports it)."""
    n = v.as_int()
    if n is None or entry is None:
        return n
    if v.kind == "hex":
        if n > 0xFF or n & entry.reserved_bits:
            return None
        return n & 0x3F
    lo, hi = entry.range or (0, 63)
    return n if lo <= n <= hi else None


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


# ------------------------------------------------------------------ defaults


class Default(NamedTuple):
    """The value that applies where an operand is not coded, and what it rests on."""

    value: Any
    assumed: bool
    note: str  # for a finding: what the default depends on, or why it is assumed


def default_of(
    product: str,
    statement: str,
    name: str,
    st: Statement | None = None,
    scope: Scope | None = None,
    release: tuple[int, int] | None = None,
) -> Default:
    """The catalog's default for an operand where the statement sits, for a release when one
    is given (the latest `default_by_release` at or below it). LookupError where the catalog
    names none: the lowering and the rules ask only for defaults the catalog holds, and a
    test asks each of them."""
    cat = catalog(product)
    entry = cat.operand(statement, name) if cat is not None else None
    if cat is None or entry is None:
        raise LookupError(f"{product}:{statement}.{name} is not catalogued")
    case = case_of(cat, entry, st, scope)
    value, note = entry.default, ""
    if case is not None and case.default is not None:
        value, note = case.default, f"where {case.when.text}"
    elif release is not None and entry.default_by_release:
        value, note = _by_release(entry.default_by_release, release, entry.default)
    if value is None:
        raise LookupError(f"{product}:{statement}.{name} has no default")
    # a default given for the release is the confirmed one; `assumed:` marks the others
    by_release = note.startswith("from ")
    assumed = entry.confidence == "low" or ("default" in entry.assumed and not by_release)
    if assumed:
        note = f"{ASSUMED}, not confirmed in the manual" + (f", {note}" if note else "")
    return Default(value, assumed, note)


def _by_release(table: Mapping[str, Any], release: tuple[int, int], base: Any) -> tuple[Any, str]:
    best: tuple[tuple[int, int], Any, str] | None = None
    for text, value in table.items():
        lv = ncp_level(text)
        if lv is not None and lv <= release and (best is None or lv > best[0]):
            best = (lv, value, text)
    if best is None:
        return base, ""
    return best[1], f"from {best[2]}"


def is_assumed(note: str) -> bool:
    """Whether a defaulted Attr's note says its default is assumed (`default_of`)."""
    return note.startswith(ASSUMED)


def catalogued(
    op: Operand | None,
    product: str,
    statement: str,
    name: str,
    st: Statement | None = None,
    scope: Scope | None = None,
    release: tuple[int, int] | None = None,
) -> Attr:
    """The model's value of an operand: as coded, else the catalog's default where the
    statement sits (a whole number where the catalog writes one as text: PUTYPE '2'), its
    note saying what it depends on or that it is assumed; None where the catalog has none."""
    if op is not None:
        return coded(op)
    if release is None:
        plain = _plain(product, statement, name)
        if plain is not None:
            return plain  # the same wherever it sits: asked once
    return _attr(product, statement, name, st, scope, release)


@functools.cache
def _plain(product: str, statement: str, name: str) -> Attr | None:
    """An operand's default wherever its statement sits (or that the catalog gives none);
    None where its cases decide it."""
    entry = operand_entry(product, statement, name)
    if entry is not None and entry.cases:
        return None
    return _attr(product, statement, name, None, None, None)


def _attr(
    product: str,
    statement: str,
    name: str,
    st: Statement | None,
    scope: Scope | None,
    release: tuple[int, int] | None,
) -> Attr:
    try:
        d = default_of(product, statement, name, st, scope, release)
    except LookupError:
        return default(None, f"{name} not coded; the catalog gives no default here")
    value = d.value
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    return default(value, d.note)
