"""VTM006 checks that each MODETAB names a mode table that exists and each DLOGMOD an entry of
that table. A missing table or entry is one cause however many statements name it (the
manifest's `cause:`, keyed by the table, or the table and the mode)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks.vtm021_reference_wrong_kind import wrong_kind
from decklint.core.findings import Severity
from decklint.core.symbols import BUILTIN
from decklint.knowledge.schema import suggest
from decklint.lint.check import Context, Hit, check


@check("VTM006")
def mode_reference_undefined(ctx: Context) -> Iterator[Hit]:
    sym = ctx.topo.symbols
    complete = bool(ctx.options["tables-complete"])
    for r in sym.references:
        if r.rule != "VTM006":
            continue
        if r.kind == "modetab":
            if wrong_kind(sym, r) is not None:
                continue  # names a USS or interpret table: VTM021 says so
            if not sym.defined("modetab", r.name):
                guess = suggest(r.name, _tables(ctx))
                why = (
                    "is not defined: no MODETAB of that name is in the linted files, "
                    "which the configuration says are every table"
                    if complete
                    else "is not among the linted files, so its entries are not checked "
                    "(a table kept in another library, or one a product supplies)"
                )
                if guess and not complete:
                    why = (
                        f"is not among the linted files nor supplied by IBM; did you mean {guess}?"
                    )
                elif guess:
                    why += f"; did you mean {guess}?"
                yield Hit(
                    r.path,
                    r.span,
                    {
                        "what": f"mode table {r.name}",
                        "usage": r.usage,
                        "why": why,
                        "cause": f"mode table {r.name}",
                    },
                    severity=None if complete else Severity.WARNING if guess else Severity.INFO,
                )
        elif r.kind == "logmode":
            if not sym.lookup("modetab", r.scope):
                continue  # table missing (reported above) or IBM's default table, not linted
            if not sym.defined("logmode", r.name, r.scope):
                yield Hit(
                    r.path,
                    r.span,
                    {
                        "what": f"logon mode {r.name}",
                        "usage": r.usage,
                        "why": f"is not defined: mode table {r.scope} has no entry of that name",
                        "cause": f"logon mode {r.name} of mode table {r.scope}",
                    },
                )


def _tables(ctx: Context) -> list[str]:
    """The mode tables a MODETAB may name: the linted ones and IBM's own (for "did you mean")."""
    own = ctx.topo.symbols.names("modetab", "")
    return sorted({*own, *(name for kind, name in BUILTIN if kind == "modetab")})
