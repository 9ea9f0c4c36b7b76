"""BPX001 checks that BPXPRMxx sets MAXPROCSYS, MAXPROCUSER, MAXUIDS, MAXFILEPROC, MAXPTYS,
MAXTHREADTASKS and MAXTHREADS for the installation: against the load the configuration
declares where it gives one, else against the product defaults."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any, NamedTuple

from decklint.core.entities import Entity
from decklint.core.findings import Related, Severity
from decklint.core.source import Span
from decklint.knowledge import member_facts as facts
from decklint.lint.check import Context, Hit, check
from decklint.model.views.declared import declared

# The limits the tuning document asks to be set; their defaults, ranges and how the declared
# load sizes them are the BPXPRMxx catalog's (grammars/catalogs/bpxprm.yaml).
JUDGED = (
    "MAXPROCSYS",
    "MAXPROCUSER",
    "MAXUIDS",
    "MAXFILEPROC",
    "MAXPTYS",
    "MAXTHREADTASKS",
    "MAXTHREADS",
)
# What each node fact of `sized_by` counts, as a message names it.
_LOAD = {
    "unix-users": "z/OS UNIX users",
    "unix-processes": "z/OS UNIX processes",
    "unix-threads": "threads in its busiest z/OS UNIX process",
}
_WHY = "estimate the users, processes and threads and set it"


class Need(NamedTuple):
    """The least a limit must be for the load the configuration declares, and why."""

    value: int
    reason: str  # "SYSA plans 400 z/OS UNIX users, and each needs 3"


@check("BPX001")
def limits_set(ctx: Context) -> Iterator[Hit]:
    cat = facts.product("bpxprm")
    nodes = declared(ctx.topo)
    by_system: dict[str, list[Entity]] = defaultdict(list)
    for e in ctx.topo.of("bpx_setting"):
        by_system[e.scope].append(e)
    for system, settings in sorted(by_system.items()):
        limits = sorted((e for e in settings if e.value("limit")), key=lambda e: (e.path, e.span))
        if not limits:
            continue  # no member of this system sets limits: nothing to judge
        node = nodes.get(system)
        release = node.value("release") if node is not None else None
        for name in JUDGED:
            fact = facts.value_fact(cat, name)
            if fact is None:
                continue
            dflt = facts.default_at(fact, release, cat.releases)
            coded = [e for e in limits if e.name == name]
            need = _need(fact, node, system)
            if not coded:
                yield from _uncoded(name, fact, dflt, need, limits[0], system, node)
            else:
                yield from _coded(name, fact, dflt, need, coded, system, node)


def _need(fact: facts.Fact, node: Entity | None, system: str) -> Need | None:
    """The largest need the declared load gives the limit (`sized_by` in its entry)."""
    if node is None:
        return None
    best: Need | None = None
    for key, per in (fact.raw.get("sized_by") or {}).items():
        n = node.value(str(key).replace("-", "_"))
        if not isinstance(n, int):
            continue
        what = _LOAD.get(str(key), str(key))
        value = int(per) * n
        reason = f"{system} plans {n} {what}" + ("" if int(per) == 1 else f", and each needs {per}")
        if best is None or value > best.value:
            best = Need(value, reason)
    return best


def _uncoded(
    name: str,
    fact: facts.Fact,
    dflt: Any,
    need: Need | None,
    first: Entity,
    system: str,
    node: Entity | None,
) -> Iterator[Hit]:
    if dflt is None:
        applies = "the default applies"
    else:
        applies = f"the default {facts.shown_default(fact, dflt)} applies"
    if need is not None and isinstance(dflt, int):
        if dflt >= need.value:
            return  # the default covers the declared load
        what = f"{name} is not set in its BPXPRMxx members; {applies}, below {need.value}"
        yield _hit(first, first.span, system, what, f"{need.reason}; set it", node)
        return
    what = f"{name} is not set in its BPXPRMxx members; {applies}"
    yield _hit(first, first.span, system, what, _WHY)


def _coded(
    name: str,
    fact: facts.Fact,
    dflt: Any,
    need: Need | None,
    coded: list[Entity],
    system: str,
    node: Entity | None,
) -> Iterator[Hit]:
    values = [e.value("value") for e in coded]
    if not all(isinstance(v, int) for v in values):
        return  # not a number somewhere: PRS003's
    last = coded[-1]
    v = last.value("value")
    if need is not None:
        if all(x < need.value for x in values):
            what = f"{name}({v}) is below {need.value}"
            yield _hit(last, last.anchor("value"), system, what, f"{need.reason}; raise it", node)
        return
    if not fact.default_confirmed or not isinstance(dflt, int):
        # an assumed default (MAXPTYS, MAXTHREADTASKS): a value coded for it is taken as the
        # installation's own estimate, and IBM warns against arbitrarily high ones
        return
    if not all(x <= dflt for x in values):
        return  # set above the default somewhere
    if v == dflt:
        what = f"{name}({v}) is coded as its default {dflt}, the limit it has uncoded"
    else:
        what = f"{name}({v}) is coded below its default {dflt}"
    yield _hit(
        last,
        last.anchor("value"),
        system,
        what,
        f"{_WHY} above the default if the installation needs more",
        severity=Severity.INFO,
    )


def _hit(
    at: Entity,
    span: Span,
    system: str,
    what: str,
    why: str,
    node: Entity | None = None,
    severity: Severity | None = None,
) -> Hit:
    related = (Related(node.path, node.span, f"nodes: {node.name}"),) if node is not None else ()
    return Hit(
        at.path,
        span,
        {"system": system, "what": what, "why": why},
        related=related,
        severity=severity,
        dialect="bpxprm",
    )
