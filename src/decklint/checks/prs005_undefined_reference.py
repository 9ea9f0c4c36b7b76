"""PRS005 checks that every name used is defined in one of the linted files. A name missing is
one cause however many statements use it."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks.vtm021_reference_wrong_kind import wrong_kind
from decklint.core.entities import Entity
from decklint.core.findings import Severity
from decklint.core.symbols import CLOSED_WORLD, Reference
from decklint.knowledge.schema import suggest
from decklint.lint.check import Context, Hit, check

_WHAT = {
    "cics_connection": "CICS CONNECTION",
    "cics_program": "CICS PROGRAM",
    "group": "NCP or XCA group",
    "tcpip_device": "device",
    "tcpip_link": "link",
    "tcpip_startable": "device or interface",
}


@check("PRS005")
def undefined_reference(ctx: Context) -> Iterator[Hit]:
    sym = ctx.topo.symbols
    for r in sym.unresolved("PRS005"):
        if r.dialect == "tcpip":
            yield _tcpip(ctx, r)
            continue
        if r.kind not in CLOSED_WORLD and not sym.has_kind(r.kind):
            continue  # no definition of this kind is among the linted files: cannot judge
        if wrong_kind(sym, r) is not None:
            continue  # names a definition of another kind: VTM021 says which
        usage, severity = r.usage, None
        if r.kind == "cics_program":  # program autoinstall, or a group not linted, may hold it
            usage += (
                "; the transaction fails when it starts unless program autoinstall or a "
                "group not linted supplies it"
            )
            severity = Severity.WARNING
        yield Hit(
            r.path,
            r.span,
            {
                "what": _WHAT.get(r.kind, r.kind),
                "name": r.name,
                "usage": usage,
                "cause": _cause(r),
            },
            severity=severity,
            dialect=r.dialect,
        )


def _cause(r: Reference) -> str:
    """The name missing: one cause however many statements use it (the manifest's `cause:`)."""
    return f"{r.kind} {r.name}" + (f" in {r.scope}" if r.scope else "")


# "Did you mean" compares a name with every name of its kind in its stack: on an estate with
# thousands of both, millions of comparisons. A run spends at most this many (about a
# second); the names after that get no guess.
GUESS_BUDGET = 500_000


def _guess(ctx: Context, r: Reference) -> str | None:
    pool = ctx.topo.symbols.names(r.kind, r.scope)
    left: list[int] = ctx.topo.memo("PRS005.guesses", lambda: [GUESS_BUDGET])
    if len(pool) > left[0]:
        return None
    left[0] -= len(pool)
    return suggest(r.name, pool)


def _tcpip(ctx: Context, r: Reference) -> Hit:
    """A TCP/IP stack name: an error in a complete stack (a main profile with every INCLUDE
    found) or for a near miss of a defined name; information in a fragment linted without
    the profile that INCLUDEs it, which may define the name."""
    guess = _guess(ctx, r)
    stacks: dict[str, Entity] = ctx.topo.memo(
        "tcpip.stack_by_name", lambda: {s.name: s for s in reversed(ctx.topo.of("tcpip_stack"))}
    )
    stack = stacks.get(r.scope)
    complete = stack is not None and bool(stack.value("complete"))
    what = _WHAT.get(r.kind, r.kind)
    usage = f"{r.usage}; did you mean {guess}?" if guess else r.usage
    if not complete and not guess:
        usage += (
            "; this file looks like a member another profile INCLUDEs, or an OBEYFILE: lint "
            "it with the profile so the names it uses from there can be checked"
        )
    return Hit(
        r.path,
        r.span,
        {"what": what, "name": r.name, "usage": usage, "cause": _cause(r)},
        severity=Severity.ERROR if complete or guess else Severity.INFO,
        dialect=r.dialect,
    )
