"""VTM021 checks that an operand naming a table or a group names one of the kind it takes:
LOGTAB an interpret table, MODETAB a mode table, USSTAB a USS table, GRPNM a group. A name
that is no definition of the kind it needs but is one of another kind among the linted files
(LOGTAB naming a mode table) is reported with where that definition is; one of the tables the
product supplies (IBM's ISTINCLM, a mode table) is known without being linted."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Related
from decklint.core.symbols import BUILTIN, Definition, Reference, SymbolTable
from decklint.lint.check import Context, Hit, check

# What each kind a reference may need is, in the product's words (its defining statement).
KINDS = {
    "intab": "an interpret table (INTAB)",
    "modetab": "a mode table (MODETAB)",
    "usstab": "a USS table (USSTAB)",
    "group": "a group (GROUP)",
}
# The kinds a name of each kind might be mistaken for.
_OTHERS = {
    "intab": ("modetab", "usstab"),
    "modetab": ("usstab", "intab"),
    "usstab": ("modetab", "intab"),
    "group": (),
}


@check("VTM021")
def reference_wrong_kind(ctx: Context) -> Iterator[Hit]:
    sym = ctx.topo.symbols
    for r in sym.references:
        if r.kind not in KINDS or sym.defined(r.kind, r.name, r.scope):
            continue
        other = wrong_kind(sym, r)
        if other is not None:
            kind, d = other
            yield Hit(
                r.path,
                r.span,
                {
                    "usage": r.usage,
                    "name": r.name,
                    "is": kind if d is not None else f"{kind}, one IBM supplies",
                    "needs": KINDS[r.kind],
                },
                related=(Related(d.path, d.span, f"{r.name} is defined here"),) if d else (),
                dialect=r.dialect,
            )


def wrong_kind(sym: SymbolTable, r: Reference) -> tuple[str, Definition | None] | None:
    """The kind, in words, and the definition of what a reference names instead of the kind
    it needs (None: a table the product supplies); None when it names nothing else among the
    linted files or the product's own tables."""
    for kind in _OTHERS.get(r.kind, ()):
        defs = sym.lookup(kind, r.name)
        if defs:
            return KINDS[kind], defs[0]
    for kind in _OTHERS.get(r.kind, ()):
        if (kind, r.name.upper()) in BUILTIN:
            return KINDS[kind], None
    if r.kind == "group":  # GRPNM naming a LINE, PU or LU of the NCP rather than its group
        defs = sym.lookup("vtam_resource", r.name)
        if defs and not sym.lookup("group", r.name):
            return "a resource that is no group (a LINE, PU or LU)", defs[0]
    return None
