"""NSK003 checks that a NonStop requester, its TCP/IP stack, the TLAM process and its controller
run in the same CPU."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import systems


@check("NSK003")
def cpu_affinity(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        procs = s.of("nsk_process")
        stacks = {p.name: p.value("primary_cpu") for p in procs if p.value("role") == "tcpip"}
        stacks = {n: c for n, c in stacks.items() if isinstance(c, int)}
        bulk = s.bulk_lines()
        lines = {
            ln.name: ln.value("cpu")
            for ln in s.of("nsk_line")
            if isinstance(ln.value("cpu"), int) and (not bulk or ln.name in bulk)
        }
        for p in procs:
            cpu = p.value("primary_cpu")
            if p.value("role") != "requester" or not isinstance(cpu, int):
                continue
            missing = []
            if stacks and cpu not in stacks.values():
                where = ", ".join(f"{n} in CPU {c}" for n, c in sorted(stacks.items()))
                missing.append(f"no TCP/IP stack does ({where})")
            if lines and cpu not in lines.values():
                where = ", ".join(f"{n} in CPU {c}" for n, c in sorted(lines.items()))
                missing.append(f"no controller line does ({where})")
            if missing:
                path, span = p.where("primary_cpu")
                yield Hit(
                    path,
                    span,
                    {"process": p.name, "cpu": cpu, "what": " and ".join(missing)},
                    subject=p.id,
                    dialect="scf",
                )
