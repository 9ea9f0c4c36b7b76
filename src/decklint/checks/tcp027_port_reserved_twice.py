"""TCP027 checks that a port is not reserved for two job names of one stack: a UDP port
never, a TCP port only where SHAREPORT (or distinct BIND addresses) lets them share it."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._unique import hits
from decklint.core.entities import Entity
from decklint.lint.check import Context, Hit, check
from decklint.model.unique import Claim, clashes, fact, scope_key

# Job names that are no one job: any job, the z/OS UNIX jobs, the port closed to all.
_ANYONE = frozenset({"*", "OMVS", "RESERVED"})


def _job(e: Entity) -> str:
    job = str(e.value("job") or "").upper()
    return "" if job in _ANYONE or "*" in job or "?" in job or "&" in job else job


def _shared(group: list[Claim], ports: dict[str, Entity]) -> bool:
    """Whether the TCP listeners of a group may share their port: SHAREPORT or SHAREPORTWLM
    on one of them, or each bound to its own address."""
    es = [ports[c.subject] for c in group]
    if any(e.get("shareport").coded for e in es):
        return True
    binds = [e.value("bind") for e in es]
    return all(binds) and len(set(binds)) == len(binds)


@check("TCP027")
def port_reserved_twice(ctx: Context) -> Iterator[Hit]:
    u = fact("tcpip", "PORT", "NUM")
    if u is None:
        return
    claims, ports = [], {}
    for e in ctx.topo.of("tcpip_port"):
        n, proto, job = e.value("port"), str(e.value("protocol") or ""), _job(e)
        if not isinstance(n, int) or proto not in ("TCP", "UDP") or not job:
            continue
        key = f"{e.path}:{e.span.line}:{e.span.col}"
        ports[key] = e
        claims.append(
            Claim(
                scope_key(e, u.scope),
                (n, proto),
                e.path,
                e.span,
                job,
                f"{n} {proto}",
                e.dialect,
                key,
            )
        )
    for group in clashes(claims):
        if len({c.owner for c in group}) < 2:
            continue  # one job coded twice: the stack takes it, nothing is shared
        if ports[group[0].subject].value("protocol") == "TCP" and _shared(group, ports):
            continue
        first = group[0]
        later = [c for c in group[1:] if c.owner != first.owner]
        yield from hits([[first, *later]], u)
