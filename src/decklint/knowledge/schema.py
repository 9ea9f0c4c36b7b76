"""Operand schemas: which operands each statement takes, their value kinds and ranges.

For a dialect with a product catalog (`grammars/catalogs/<product>.yaml`, named after the
dialect, as its registry entry says), the schema is the catalog's: the catalog is the only
table of statements, operands, kinds, ranges, values and defaults. The tables below serve the
dialects that have no catalog yet, until their catalogs come.

A schema is *closed* when it lists every operand the statement takes (an unknown operand is
then reported), and *open* when it lists only the operands decklint knows (an unknown operand
is reported only when it is a near miss of a known one: a typo such as MAXBUFRU for MAXBFRU).

The tables are text: ``NAME`` or ``NAME:kind`` or ``NAME:kind:lo-hi``; kinds: int, num
(decimal), name, hex, list, any.
"""

import functools
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from decklint.knowledge.catalog import Catalog, OperandEntry


class OperandSpec(NamedTuple):
    name: str
    kind: str = "any"
    lo: float | None = None
    hi: float | None = None


class StatementSchema(NamedTuple):
    op: str
    closed: bool
    operands: dict[str, OperandSpec]


def _parse(table: dict[str, str]) -> dict[str, StatementSchema]:
    out: dict[str, StatementSchema] = {}
    for op, spec in table.items():
        closed = spec.startswith("closed ")
        body = spec[len("closed ") :] if closed else spec
        operands: dict[str, OperandSpec] = {}
        for entry in body.split():
            parts = entry.split(":")
            lo = hi = None
            if len(parts) > 2:
                a, b = parts[2].split("-")
                lo, hi = float(a), float(b)
            operands[parts[0]] = OperandSpec(
                parts[0], parts[1] if len(parts) > 1 else "any", lo, hi
            )
        out[op] = StatementSchema(op, closed, operands)
    return out


# Every dialect judged by operation has its catalog now; a new one without a catalog may
# give a table here (see `_parse`) until its catalog comes.
ALL: dict[str, dict[str, StatementSchema]] = {}

# The dialects whose statements are named by their operation and take keyword operands, as an
# assembler macro or a CL command does: their catalog (or, until they have one, a table above)
# is what PRS002 and PRS003 judge a statement by. The other dialects' readers judge their own
# forms against their catalogs (TCP/IP parameters, TSM options, a CSD DEFINE's attributes
# through `DialectSpec.attributes`), and the workstation dialects (CM/2, AS/400, NS/DOS, AIX,
# SCF) and the z/OS members (BPXPRMxx, IVTPRM00, EZACICD) are judged as they are lowered
# (`catalog_check`, `member_facts`): never twice.
BY_OPERATION = frozenset({"vtam", "ncp"})

# The catalog of a dialect is named in its registry entry (grammars/catalogs/). Only these
# dialects' closed catalog entries reject an operand; the TCP/IP and TSM catalogs are not
# confirmed complete.
REJECTING = frozenset({"vtam", "ncp", "cics"})


@functools.cache
def catalog_of(dialect: str) -> "Catalog | None":
    """The product catalog a dialect reads, if it has one: the catalog of the dialect's own
    name, as its registry entry names it too (one name per dialect; tests/test_dialect_parts.py
    holds the two in step). The knowledge floor reads no record of the registry above it."""
    from decklint.knowledge.catalog import catalog

    return catalog(dialect)


_KINDS = {"num": "time", "any": "text"}  # a table's kinds as the catalog names them


@functools.cache
def statement_schema(dialect: str, op: str) -> StatementSchema | None:
    """What decklint knows of a statement of a dialect judged by operation: its catalog entry
    (closed where the catalog confirms the list complete), else its table's."""
    if dialect not in BY_OPERATION:
        return None
    cat = catalog_of(dialect)
    if cat is None:
        return ALL.get(dialect, {}).get(op)
    entry = cat.statement(op)
    if entry is None:
        return None
    closed = entry.closed and entry.confidence != "low"
    operands = {
        name: OperandSpec(
            name,
            o.kind,
            o.range[0] if o.range is not None else None,
            o.range[1] if o.range is not None else None,
        )
        for name, o in entry.operands.items()
    }
    return StatementSchema(op, closed, operands)


@functools.cache
def operand_entries(dialect: str, op: str) -> "dict[str, OperandEntry]":
    """The catalog entries of a statement's operands (PRS003): the catalog's, or for a dialect
    still without one, its table's ranges as entries."""
    cat = catalog_of(dialect)
    if cat is not None:
        entry = cat.statement(op)
        return dict(entry.operands) if entry is not None else {}
    from decklint.knowledge.catalog import OperandEntry

    own = ALL.get(dialect, {}).get(op)
    return {
        name: OperandEntry(
            name,
            _KINDS.get(spec.kind, spec.kind),
            range=(spec.lo, spec.hi) if spec.lo is not None and spec.hi is not None else None,
        )
        for name, spec in (own.operands.items() if own is not None else ())
    }


@functools.cache
def judged_entries(dialect: str, op: str) -> "dict[str, OperandEntry]":
    """The entries of a statement's operands that have something to judge a value by: a
    range, a value list or cases (PRS003 asks of each operand it sees)."""
    return {
        name: e
        for name, e in operand_entries(dialect, op).items()
        if e.range is not None or e.values or e.judged_cases
    }


class Rejecter(NamedTuple):
    """A product whose catalog lists every operand a statement takes: an operand it does not
    list, the product rejects (as the assembler or NDF would)."""

    product: str  # e.g. "VTAM"
    reference: str  # the catalog's source for the statement


@functools.cache
def closed_by_catalog(dialect: str, op: str) -> Rejecter | None:
    """The product that rejects an operand a statement's catalog entry does not list: only
    where the entry is `closed` and confirmed in a manual (not `confidence: low`)."""
    cat = catalog_of(dialect) if dialect in REJECTING else None
    entry = None if cat is None else cat.statement(op)
    if cat is None or entry is None or not entry.closed or entry.confidence == "low":
        return None
    return Rejecter(cat.product.upper(), entry.source or cat.reference)


@functools.cache
def statement_names(dialect: str) -> tuple[str, ...]:
    """Every statement decklint knows in a dialect judged by operation (for "did you mean")."""
    if dialect not in BY_OPERATION:
        return ()
    cat = catalog_of(dialect)
    return tuple(sorted(cat.names() if cat is not None else ALL.get(dialect, {})))


@functools.cache
def known_operands(dialect: str) -> frozenset[str]:
    names: set[str] = set()
    for op in statement_names(dialect):
        schema = statement_schema(dialect, op)
        if schema is not None:
            names.update(schema.operands)
    return frozenset(names)


def suggest(name: str, candidates: set[str] | list[str]) -> str | None:
    """The known name a misspelt one most likely meant (None when nothing is close): a name
    of four or more characters one edit away (a letter changed, added, dropped, or two
    neighbours swapped: APLL for APPL, ETH1 for ETH0, ISTINCML for ISTINCLM), else the closest
    by `difflib`'s ratio at 0.8. Among several one edit away, the closest by ratio."""
    import difflib

    pool = sorted(candidates)
    if len(name) >= ONE_EDIT_FROM:
        near = [c for c in pool if len(c) >= ONE_EDIT_FROM and one_edit(name, c)]
        if near:  # the first of the closest (`max` keeps the first of equals)
            return max(near, key=lambda c: difflib.SequenceMatcher(None, name, c).ratio())
    best = difflib.get_close_matches(name, pool, n=1, cutoff=0.8)
    return best[0] if best else None


# Names shorter than this get no one-edit guess: of three letters, one edit reaches too many.
ONE_EDIT_FROM = 4


def one_edit(a: str, b: str) -> bool:
    """Whether `b` is `a` with one letter changed, added or dropped, or two neighbouring
    letters swapped (and not `a` itself)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        if len(diff) == 1:
            return True
        i = diff[0]
        return len(diff) == 2 and diff[1] == i + 1 and a[i] == b[i + 1] and a[i + 1] == b[i]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next(
        (k for k, (x, y) in enumerate(zip(short, long_[: len(short)], strict=True)) if x != y),
        len(short),
    )
    return short[i:] == long_[i + 1 :]
