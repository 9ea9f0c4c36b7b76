"""z/OS UNIX and the TCP/IP stacks its BPXPRMxx members name (`bpxprm`): each SUBFILESYSTYPE
NAME (a stack's job under CINET) -> that stack, linted or external; with INET and no
SUBFILESYSTYPE, the one stack of the system."""

from __future__ import annotations

from decklint.model.network._tcpip import inet, stacks
from decklint.model.network.base import Linker, evidence


@evidence("bpxprm", 120, "a BPXPRMxx SUBFILESYSTYPE NAME: the stack of that job")
def infer(links: Linker) -> None:
    st = stacks(links)
    done: set[str] = set()
    for f in links.topo.of("bpx_filesystype"):
        if f.path in done or f.value("type") not in ("INET", "CINET"):
            continue
        done.add(f.path)
        kind, named = inet(links, f.path)
        me = links.node(f)
        mine = [r for r in named if links.node(r) == me]
        for r in mine:
            job = str(r.value("name") or "").upper()
            if not job:
                continue
            stack = st.named(job, r.path)
            peer = links.node(stack) if stack is not None else links.external(job, "TCP/IP", r)
            links.add(
                "bpxprm",
                f"{me}-{job}",
                r,
                "name",
                "matched" if stack is not None else "external",
                f"SUBFILESYSTYPE NAME TYPE({r.value('type') or kind})",
                b=stack,
                b_node=peer,
                end_b=f"stack {job}",
                end_a=f"SUBFILESYSTYPE {job}",
            )
        if kind == "INET" and not mine:
            only = st.of_system(f.path)
            if len(only) == 1:
                links.add(
                    "bpxprm",
                    f"{me}-{only[0].name}",
                    f,
                    "type",
                    "matched",
                    "FILESYSTYPE TYPE(INET): one stack",
                    b=only[0],
                    b_node=links.node(only[0]),
                    end_b=f"stack {only[0].name}",
                    end_a="FILESYSTYPE TYPE(INET)",
                )
