"""A product catalog read as a deck is lowered: what a statement codes against its entry.

The dialects whose statements a catalog lists one for one (AS/400 CL, CM/2 NDF, NS/DOS,
SNA Services/6000 profiles, NonStop SCF) judge each statement here while lowering it:
an unknown statement or parameter is PRS002 and a value outside the entry's range or value
list is PRS003, each a diagnostic of the file. What is judged is only what the catalog says,
and how firmly it says it:

- a near miss of a known name is an error with a suggestion; an entry whose list is
  complete (`closed: true`) and confirmed rejects any other name, as the product would;
- a value outside a confirmed range or value list is an error;
- a finding that rests on an assumed entry (`confidence: low`, on the operand, its statement
  or the whole catalog) says so and is a warning at most: never an error;
- a value outside a range read in the manual of a product built from the same code
  (`confidence: related`) is judged by it, names that manual and is a warning: this
  product's own page was not read.

Defaults the lowering applies come from the catalog too (`default_of`), and a command's
positional parameters from its entries' `position:` (`positions`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import Any

from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, Operand, Statement, Value
from decklint.core.source import Span
from decklint.knowledge.catalog import Catalog, OperandEntry, StatementEntry, catalog


class CatalogMissing(LookupError):
    """A dialect asked for a catalog, statement or operand its catalog does not hold: a
    mistake in decklint (or a catalog edited by hand), never in a deck."""


def product_catalog(product: str) -> Catalog:
    cat = catalog(product)
    if cat is None:
        raise CatalogMissing(f"no catalog grammars/catalogs/{product}.yaml")
    return cat


@functools.cache
def default_of(product: str, statement: str, operand: str) -> Any:
    """The default the catalog gives an operand (what lowering applies when it is not coded)."""
    op = product_catalog(product).operand(statement, operand)
    if op is None:
        raise CatalogMissing(f"{product}:{statement} has no operand {operand}")
    return op.default


def default_note(product: str, statement: str, operand: str, who: str) -> str:
    """How a defaulted value is described: `who` default, and "assumed" where the catalog
    does not confirm the entry."""
    cat = product_catalog(product)
    st = cat.statement(statement)
    op = cat.operand(statement, operand)
    unsure = assumed(cat, st, op) or (op is not None and "default" in op.assumed)
    return f"{who} default" + (" (assumed)" if unsure else "")


@functools.cache
def positions(product: str, statement: str) -> tuple[str, ...]:
    """The parameters a command takes by position, in order (`position: n` in the catalog)."""
    cat = catalog(product)
    body = cat.raw.get(statement.upper()) if cat is not None else None
    operands = body.get("operands") if isinstance(body, dict) else None
    if not isinstance(operands, dict):
        return ()
    placed = sorted(
        (int(b["position"]), str(name).upper())
        for name, b in operands.items()
        if isinstance(b, dict) and isinstance(b.get("position"), int)
    )
    return tuple(name for _, name in placed)


def assumed(cat: Catalog, st: StatementEntry | None, op: OperandEntry | None = None) -> bool:
    """Whether a fact rests on an assumption: the operand's, its statement's or the whole
    catalog's `confidence: low`."""
    return (
        (op is not None and op.confidence == "low")
        or (st is not None and st.confidence == "low")
        or cat.extra.get("confidence") == "low"
    )


def related(st: StatementEntry | None, op: OperandEntry | None = None) -> str:
    """The manual a fact was read in when that is a related product's (`confidence:
    related`: the operand's, else its statement's), or "" when it is not."""
    own = op.confidence if op is not None else ""
    if (own or (st.confidence if st is not None else "")) != "related":
        return ""
    source = (op.source if op is not None and op.source else "") or (st.source if st else "")
    return source.split(",")[0].strip()


def _why_related(st: StatementEntry | None, op: OperandEntry | None) -> str:
    manual = related(st, op)
    return f" (as {manual} documents it for the same command set)" if manual else ""


def _why_assumed(cat: Catalog, st: StatementEntry | None, op: OperandEntry | None) -> str:
    note = (op.note if op is not None else "") or (st.note if st is not None else "")
    note = note or str(cat.extra.get("note", ""))
    return f" (assumed: {note.rstrip('.')})" if note else " (assumed)"


def unknown_statement(
    cat: Catalog, st: Statement, noun: str, span: Span | None = None
) -> Diagnostic | None:
    """PRS002 for a statement the catalog does not list (None when it does)."""
    if cat.statement(st.op) is not None:
        return None
    from decklint.knowledge.schema import suggest

    guess = suggest(st.op, list(cat.names()))
    where = span or st.op_span or st.span
    if guess is None:
        return Diagnostic(
            "PRS002", where, f"{noun} {st.op} is not known; it is kept but not modelled"
        )
    sure = not assumed(cat, None)
    return Diagnostic(
        "PRS002",
        where,
        f"{noun} {st.op} is not known; did you mean {guess}?"
        + ("" if sure else _why_assumed(cat, None, None)),
        Severity.ERROR if sure else Severity.WARNING,
    )


def operand_problems(
    cat: Catalog,
    st: StatementEntry,
    operands: Iterable[tuple[str, Operand]],
    what: str,
    coded: Iterable[str] = (),
    by: str = "",
    noun: str = "parameter",
    written: tuple[str, str] = ("(", ")"),
) -> Iterator[Diagnostic]:
    """PRS002 and PRS003 for a statement's named operands against its entry: `operands` as
    (name, operand), positional ones already named; `what` names the statement in messages
    ("CRTMODD", "DEFINE_MODE"); `coded` are the names the statement codes (a suggestion
    never names one already there); `by` is the product that rejects what a closed entry
    lacks ("AS/400"); `noun` what the product calls an operand, `written` what it writes between
    an operand's name and value and after the value ("(" and ")" for `NAME(value)`)."""
    done = {n.upper() for n in coded}
    for name, o in operands:
        key = name.upper()
        entry = st.operands.get(key)
        if entry is None:
            label = f"{noun} {o.name_text or name} of {what}"
            found = _unknown_operand(cat, st, key, o, label, done, by or cat.product.upper())
            if found is not None:
                yield found
            continue
        problem = value_problem(entry, o.value)
        if problem is not None:
            sure = not assumed(cat, st, entry)
            # a sister product's page: this product most likely refuses the value too, but
            # its own page was not read, so the finding is a warning that names the manual
            own = sure and not related(st, entry)
            yield Diagnostic(
                "PRS003",
                o.value.span,
                f"{o.name_text or name}{written[0]}{o.value.text}{written[1]}"
                f" on {what}: {problem}"
                + (_why_related(st, entry) if sure else _why_assumed(cat, st, entry)),
                Severity.ERROR if own else Severity.WARNING,
            )


def _unknown_operand(
    cat: Catalog, st: StatementEntry, name: str, o: Operand, label: str, coded: set[str], by: str
) -> Diagnostic | None:
    from decklint.knowledge.schema import suggest

    guess = suggest(name, [n for n in st.operands if n not in coded])
    sure = not assumed(cat, st)
    if guess is not None:
        guess = spelt(cat, st.name, guess)
        return Diagnostic(
            "PRS002",
            o.span,
            f"{label} is not known; did you mean {guess}?"
            + ("" if sure else _why_assumed(cat, st, None)),
            Severity.ERROR if sure else Severity.WARNING,
        )
    if not st.closed:
        return None
    if sure:
        return Diagnostic(
            "PRS002",
            o.span,
            f"{label} is not accepted by {by} (catalog: {st.source or cat.reference}); "
            "remove it, or code it on the statement that takes it",
            Severity.ERROR,
        )
    return Diagnostic("PRS002", o.span, f"{label} is not known" + _why_assumed(cat, st, None))


def spelt(cat: Catalog, statement: str, operand: str) -> str:
    """An operand's name as the catalog writes it (AIX attributes are lower case)."""
    body = cat.raw.get(statement.upper())
    operands = body.get("operands") if isinstance(body, dict) else None
    for name in operands or ():
        if str(name).upper() == operand:
            return str(name)
    return operand


def value_problem(op: OperandEntry, v: Value) -> str | None:
    """What is wrong with a value by the entry's range and value list (None when nothing
    is, or when the entry says too little to judge: a list, an empty value, free text)."""
    if v.kind in ("list", "empty") or (op.range is None and not op.values):
        return None
    text = v.text.strip().strip("'\"").upper()
    listed = {x.upper() for x in op.values}
    if text in listed:
        return None
    number = _number(op, text)
    if op.range is not None and number is not None:
        lo, hi = op.range
        if lo <= number <= hi:
            return None
        return f"outside the allowed range {_fmt(op, lo)}-{_fmt(op, hi)}" + _or_values(op)
    if op.kind in ("int", "hex") and op.range is not None:
        return f"must be a number from {_fmt(op, op.range[0])} to {_fmt(op, op.range[1])}" + (
            _or_values(op)
        )
    if op.kind in ("enum", "yesno") and op.values:
        return f"must be one of {', '.join(op.values)}"
    return None


def _number(op: OperandEntry, text: str) -> float | None:
    if op.kind == "hex":
        body = text[2:-1] if text.startswith("X'") and text.endswith("'") else text
        try:
            return float(int(body, 16)) if body else None
        except ValueError:
            return None
    try:
        return float(text) if text.replace(".", "", 1).isdigit() else None
    except ValueError:
        return None


def _fmt(op: OperandEntry, x: float) -> str:
    if op.kind == "hex":
        return f"{int(x):02X}"
    return str(int(x)) if float(x).is_integer() else str(x)


def _or_values(op: OperandEntry) -> str:
    return f", or one of {', '.join(op.values)}" if op.values else ""
