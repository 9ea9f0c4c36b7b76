"""Values the product wants unique in a scope (`unique:` in its catalog), and the resources
that share one: two switched PUs with one station identifier, two LUs with one LOCADDR at a
PU, two applications with one ACBNAME in a domain."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from typing import NamedTuple

from decklint.core.entities import Entity
from decklint.core.source import Span
from decklint.knowledge.catalog import Unique, catalog


class Claim(NamedTuple):
    """One resource's value of a unique operand: the scope it must be unique in (a key: the
    domain's node, the PU, the stack), the value, and where it is coded."""

    scope: Hashable
    value: Hashable
    path: str
    span: Span
    owner: str  # "PU P3767S1", as a message names it
    shown: str = ""  # the value as coded, for the message (else `value`)
    dialect: str = ""
    subject: str = ""


def fact(product: str, statement: str, operand: str) -> Unique | None:
    """The catalog's `unique:` of an operand, or None where the catalog has none."""
    cat = catalog(product)
    entry = cat.operand(statement, operand) if cat is not None else None
    return entry.unique if entry is not None else None


def scope_key(e: Entity, scope: str, pu: str = "") -> Hashable:
    """The instance of a catalog scope an entity sits in: the network is one, a domain is the
    VTAM (or NCP) node that owns the definition, a PU is its node, file and name, a stack its
    scope, a member its file."""
    if scope == "network":
        return ()
    if scope == "domain":
        return (e.node,)
    if scope == "pu":
        return (e.node, e.path, pu)
    if scope == "stack":
        return (e.scope or e.node,)
    return (e.path,)


def clashes(claims: Iterable[Claim], distinct: bool = False) -> list[list[Claim]]:
    """The claims that share a value in one scope, each group in the order coded (the first
    is the one the others are reported against), groups in the order of their first claim.
    `distinct`: a claim of the same owner as an earlier one is left out (one resource defined
    twice, as a baseline and a tuned copy of a deck do: PRS004's duplicate, not a clash)."""
    groups: dict[tuple[Hashable, Hashable], list[Claim]] = defaultdict(list)
    for c in claims:
        groups[(c.scope, c.value)].append(c)
    found = []
    for g in groups.values():
        g.sort(key=lambda c: (c.path, c.span))
        if distinct:
            firsts: dict[str, Claim] = {}
            for c in g:
                firsts.setdefault(c.owner, c)
            g = list(firsts.values())
        if len(g) > 1:
            found.append(g)
    return sorted(found, key=lambda g: (g[0].path, g[0].span))
