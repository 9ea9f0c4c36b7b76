"""Which operations the assembler itself knows, from the HLASM catalog
(`grammars/catalogs/hlasm.yaml`): its assembler instructions, its conditional-assembly and
macro-definition instructions, the machine instructions' mnemonics, and the system macros a
table's source may call. A deck of a macro dialect (VTAM, NCP, ...) reads these as the
assembler does, not as statements of its product.

The catalog is read only when a deck has an operation its dialect does not know: most decks
hold their product's statements alone.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

ASSEMBLER = "assembler"  # DC, DS, EQU, ORG, CSECT, USING, ... (Statement.kind)
CONDITIONAL = "conditional"  # SETx, AIF, AGO, GBLx, MACRO, MEND, MNOTE, ...
MACHINE = "machine"  # L, MVC, BNE, ...
SYSTEM = "system"  # a system macro known by name: not expanded, not modelled
KINDS = frozenset({ASSEMBLER, CONDITIONAL, MACHINE, SYSTEM})

# Instructions of the macro language and conditional assembly (their catalog entries have
# this context, or "macro definition").
_CONDITIONAL_CONTEXTS = ("conditional assembly", "macro definition")


class Known(NamedTuple):
    """The operations of the assembler's catalog, by what they are."""

    assembler: frozenset[str]
    conditional: frozenset[str]
    machine: frozenset[str]
    system: frozenset[str]


@functools.cache
def known() -> Known:
    from decklint.knowledge.catalog import catalog

    cat = catalog("hlasm")
    if cat is None:  # a broken install: every operation is the dialect's to judge
        return Known(frozenset(), frozenset(), frozenset(), frozenset())
    assembler, conditional = set(), set()
    for name in cat.names():
        entry = cat.statement(name)
        if entry is not None and entry.context in _CONDITIONAL_CONTEXTS:
            conditional.add(name)
        else:
            assembler.add(name)
    return Known(
        frozenset(assembler),
        frozenset(conditional),
        _words(cat.extra.get("machine_instructions"), "mnemonics"),
        _words(cat.extra.get("system_macros"), "macros"),
    )


def _words(section: object, key: str) -> frozenset[str]:
    out: set[str] = set()
    if isinstance(section, dict):
        for body in section.values():
            if isinstance(body, dict):
                out.update(str(body.get(key, "")).upper().split())
    return frozenset(out)


def kind_of(op: str) -> str | None:
    """What the assembler makes of operation `op` (upper case): ASSEMBLER, CONDITIONAL,
    MACHINE, SYSTEM, or None when it is none of these (a macro of a product or of the deck)."""
    k = known()
    if op in k.assembler:
        return ASSEMBLER
    if op in k.conditional:
        return CONDITIONAL
    if op in k.machine:
        return MACHINE
    if op in k.system:
        return SYSTEM
    return None
