"""TCP032 checks that a TN3270E server's TCPIPJOBNAME names a linted stack, where stacks of
its system are linted (else the stack is outside the linted files: nothing to judge)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.knowledge.schema import suggest
from decklint.lint.check import Context, Hit, check
from decklint.model.systems import system_key
from decklint.model.views.links import links_of


@check("TCP032")
def telnet_stack_unknown(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    stacks: dict[str, list[str]] = {}
    for s in topo.of("tcpip_stack"):
        stacks.setdefault(system_key(s.path, topo), []).append(s.name.split("/", 1)[0])
    for lk in links_of(topo, "telnet"):
        if lk.value("status") != "external" or lk.value("via") != "TCPIPJOBNAME":
            continue
        mine = sorted(set(stacks.get(system_key(lk.path, topo), [])))
        if not mine:
            continue
        job = str(lk.value("end_b")).removeprefix("stack ")
        guess = suggest(job, mine)
        yield Hit(
            lk.path,
            lk.span,
            {
                "job": job,
                "stacks": ", ".join(mine),
                "code": f"code TCPIPJOBNAME {guess}"
                if guess
                else "code the job name of the stack the server should bind to",
            },
            subject=lk.id,
            dialect="tcpip",
        )
