"""What the z/OS member dialects (BPXPRMxx, IVTPRM00, EZACICD) take from their catalogs: a
coded value judged against its entry, the default that applies at a release, and whether a
fact is confirmed in a manual or assumed.

The catalog is the only table of these facts (grammars/catalogs/bpxprm.yaml, ivtprm.yaml,
ezacicd.yaml); the dialects read it here. A value outside a confirmed range or value list is
an error; one that breaks only an assumed fact is a warning that says the fact is assumed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic
from decklint.core.source import Span
from decklint.knowledge.catalog import Catalog, OperandEntry, StatementEntry, catalog

ASSUMED = "not confirmed in the manual"


class Fact(NamedTuple):
    """An operand's (or a one-value statement's) entry with its plain data."""

    entry: OperandEntry
    raw: Mapping[str, Any]  # the catalog's plain data: its extension keys (role, aliases ...)

    @property
    def confirmed(self) -> bool:
        return self.entry.confidence != "low"

    @property
    def default_confirmed(self) -> bool:
        return self.confirmed and self.raw.get("default_confidence") != "low"


def product(name: str) -> Catalog:
    """A catalog decklint ships: its absence is a broken installation, not bad input."""
    cat = catalog(name)
    if cat is None:
        raise RuntimeError(f"the {name} catalog (grammars/catalogs/{name}.yaml) is missing")
    return cat


def raw_statement(cat: Catalog, name: str) -> Mapping[str, Any]:
    body = cat.raw.get(name.upper())
    return body if isinstance(body, dict) else {}


def value_fact(cat: Catalog, statement: str) -> Fact | None:
    """The fact of a statement that is itself one value (a BPXPRMxx limit or setting)."""
    st = cat.statement(statement)
    if st is None or st.value is None:
        return None
    return Fact(st.value, raw_statement(cat, statement))


def operand_fact(cat: Catalog, statement: str, operand: str) -> Fact | None:
    st = cat.statement(statement)
    op = None if st is None else st.operands.get(operand.upper())
    if st is None or op is None:
        return None
    ops = raw_statement(cat, statement).get("operands") or {}
    raw = ops.get(op.name) or ops.get(op.name.lower()) or {}
    return Fact(op, raw if isinstance(raw, dict) else {})


def operand_names(st: StatementEntry, cat: Catalog) -> dict[str, str]:
    """Every spelling of a statement's operands (their `aliases` too) -> the operand."""
    names = {name: name for name in st.operands}
    ops = raw_statement(cat, st.name).get("operands") or {}
    for name, body in ops.items():
        for alias in (body or {}).get("aliases") or ():
            names[str(alias).upper()] = str(name).upper()
    return names


def default_at(fact: Fact, release: str | None, releases: tuple[str, ...]) -> Any:
    """The default that applies at a release: the newest `default_by_release` entry at or
    before it (releases in the catalog's order), else the plain default."""
    by = fact.entry.default_by_release
    if release and by and release in releases:
        at = releases.index(release)
        known = [(releases.index(r), v) for r, v in by.items() if r in releases]
        earlier = [v for i, v in sorted(known) if i <= at]
        if earlier:
            return earlier[-1]
    return fact.entry.default


def shown_default(fact: Fact, value: Any) -> str:
    """A default as a message names it, saying so where it is assumed."""
    return str(value) if fact.default_confirmed else f"{value} (assumed: {ASSUMED})"


def problem(fact: Fact, text: str, number: int | None) -> str | None:
    """What is wrong with a coded value by its entry: outside the range, not a number where
    one is wanted, or not one of the values; None when it is right (or cannot be judged: a
    system symbol such as &SYSNAME.)."""
    op = fact.entry
    if "&" in text:
        return None
    if op.range is not None:
        lo, hi = (int(x) for x in op.range)
        if number is None:
            return f"must be a whole number from {lo} to {hi}"
        if not lo <= number <= hi:
            return f"outside the range {lo}-{hi}"
    if op.values and text.strip("'").upper() not in op.values:
        if op.kind == "int" and number is not None and str(number) in op.values:
            return None
        return f"must be one of {', '.join(op.values)}"
    return None


def out_of_range(fact: Fact, span: Span, what: str, why: str) -> Diagnostic:
    """PRS003 for a value its entry rejects: an error where the entry is confirmed, else a
    warning that says the fact is assumed."""
    if fact.confirmed:
        return Diagnostic("PRS003", span, f"{what}: {why}")
    return Diagnostic(
        "PRS003", span, f"{what}: {why} (an assumed fact, {ASSUMED})", Severity.WARNING
    )
