"""BPX007 checks that MAXPROCUSER is not above MAXPROCSYS, where it can never bind."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.core.findings import Related, Severity
from decklint.knowledge import member_facts as facts
from decklint.lint.check import Context, Hit, check


def _last(coded: list[Entity]) -> Entity:
    return max(coded, key=lambda e: e.span)  # of equal values, the one a reader finds last


@check("BPX007")
def maxprocuser_above_maxprocsys(ctx: Context) -> Iterator[Hit]:
    # system -> member -> keyword -> its statements
    members: dict[str, dict[str, dict[str, list[Entity]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list))
    )
    for e in ctx.topo.of("bpx_setting"):
        if e.name in ("MAXPROCUSER", "MAXPROCSYS"):
            members[e.scope][e.path][e.name].append(e)
    fact = facts.value_fact(facts.product("bpxprm"), "MAXPROCSYS")
    default = fact.entry.default if fact is not None else None
    for system in sorted(members):
        by_member = members[system]
        every = {
            k: [e for member in by_member.values() for e in member[k]]
            for k in ("MAXPROCSYS", "MAXPROCUSER")
        }
        if any(len({e.value("value") for e in coded}) > 1 for coded in every.values()):
            # two values of one keyword in the system: which counts depends on the order OMVS=
            # names the members (or, in one member, is not stated: BPX006's)
            continue
        for path in sorted(by_member):
            users = by_member[path]["MAXPROCUSER"]
            if not users:
                continue
            user = _last(users)
            systems = by_member[path]["MAXPROCSYS"] or every["MAXPROCSYS"]
            sys_e: Entity | None = _last(systems) if systems else None
            limit = sys_e.value("value") if sys_e is not None else default
            n = user.value("value")
            if not isinstance(n, int) or not isinstance(limit, int) or n <= limit:
                continue
            where = (
                f"MAXPROCSYS({sys_e.get('value').raw or limit})"
                if sys_e is not None
                else f"MAXPROCSYS, not coded (default {limit})"
            )
            yield Hit(
                user.path,
                user.span,
                {"user": f"MAXPROCUSER({user.get('value').raw or n})", "system": where},
                related=(Related(sys_e.path, sys_e.span, "the system's limit"),)
                if sys_e is not None
                else (),
                # against the default: a member that was not linted may set MAXPROCSYS
                severity=Severity.INFO if sys_e is None else None,
                subject=user.id,
            )
