"""A TN3270E server and what it runs on: its stack (`telnet`: TELNETGLOBALS TCPIPJOBNAME; not
coded, the only stack of an INET system, or every stack a CINET system's BPXPRMxx names, as
the IP Configuration Guide's "Associating Telnet with one TCP/IP stack" says; where no
BPXPRMxx says which, the one stack linted in its system, which it binds to either way), and
the VTAM that defines the LUs it assigns its clients (`telnet-lu`: DEFAULTLUS and LUGROUP
names against the APPL statements of the system's VTAM, model APPLs with * and ? included)."""

from __future__ import annotations

import fnmatch

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.model.network._sna import hosts
from decklint.model.network._tcpip import inet, stacks
from decklint.model.network.base import Linker, evidence


@evidence("telnet", 110, "a TN3270E server's TCPIPJOBNAME: the stack it binds to")
def servers(links: Linker) -> None:
    st = stacks(links)
    for t in links.topo.of("tcpip_telnet_server"):
        me = links.node(t)
        job = t.get("stack")
        if job.value:
            name = str(job.value).upper()
            stack = st.named(name, t.path)
            if stack is not None:
                peer, status, note = links.node(stack), "matched", ""
            else:
                peer, status = links.external(name, "TCP/IP", t), "external"
                note = "no linted stack has this job name"
            links.add(
                "telnet",
                f"{me}-{name}",
                t,
                "stack",
                status,
                "TCPIPJOBNAME",
                b=stack,
                b_node=peer,
                end_b=f"stack {name}",
                end_a=f"TN3270E server {me}",
                extra={"note": default(note)},
            )
            continue
        kind, named = inet(links, t.path)
        mine = st.of_system(t.path)
        if kind in ("INET", None) and len(mine) == 1:
            stack = mine[0]
            links.add(
                "telnet",
                f"{me}-{stack.name}",
                t,
                "",
                "matched",
                "TCPIPJOBNAME not coded: INET runs one stack"
                if kind
                else "TCPIPJOBNAME not coded: the one stack of its system",
                b=stack,
                b_node=links.node(stack),
                end_b=f"stack {stack.name}",
                end_a=f"TN3270E server {me}",
            )
        elif kind == "CINET":
            for r in named:
                stack = st.named(str(r.value("name")), r.path)
                peer = (
                    links.node(stack)
                    if stack is not None
                    else links.external(str(r.value("name")), "TCP/IP", r)
                )
                links.add(
                    "telnet",
                    f"{me}-{r.value('name')!s}",
                    t,
                    "",
                    "matched" if stack is not None else "external",
                    "TCPIPJOBNAME not coded: CINET binds every stack (SUBFILESYSTYPE)",
                    b=stack or r,
                    b_node=peer,
                    end_b=f"stack {r.value('name')}",
                    end_a=f"TN3270E server {me}",
                )


@evidence("telnet-lu", 111, "a TN3270E server's LU names: the APPLs of the system's VTAM")
def lus(links: Linker) -> None:
    topo = links.topo
    h = hosts(links)
    apps: dict[str, list[Entity]] = {}
    for a in topo.of("application"):
        apps.setdefault(links.node(a), []).append(a)
    for lu in topo.of("telnet_lus"):
        vtams = h.of_system(lu.path) or h.vtams
        if len(vtams) != 1:
            continue
        vtam = next(iter(vtams))
        defined = apps.get(vtam, [])
        if not defined:
            continue  # the VTAM's applications are not linted
        first, last = str(lu.value("first")), str(lu.value("last"))
        hit_first = _appl(defined, first)
        hit_last = _appl(defined, last)
        found = hit_first or hit_last
        status = "matched" if hit_first and hit_last else "half-open" if found else "unknown-peer"
        note = ""
        if status == "half-open":
            note = f"no APPL defines {last if hit_first else first}"
        elif status == "unknown-peer":
            note = f"no APPL of {vtam} defines {first}"
        links.add(
            "telnet-lu",
            f"{links.node(lu)}-{lu.name}",
            lu,
            "",
            status,
            f"{lu.value('block')} = APPL",
            b=found,
            b_node=vtam,
            end_b=f"APPL {found.name}" if found is not None else f"APPL {first}",
            end_a=f"{lu.value('block')} {lu.name}",
            extra={"note": default(note)},
        )


def _appl(apps: list[Entity], lu: str) -> Entity | None:
    """The APPL that defines an LU name: by name, or a model APPL whose * and ? match it."""
    for a in apps:
        if a.name == lu or (any(c in a.name for c in "*?") and fnmatch.fnmatchcase(lu, a.name)):
            return a
    return None
