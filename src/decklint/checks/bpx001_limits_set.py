"""BPX001 checks that BPXPRMxx sets MAXPROCSYS, MAXPROCUSER, MAXUIDS, MAXFILEPROC, MAXPTYS,
MAXTHREADTASKS and MAXTHREADS."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.entities import Entity

# The limits the seed names, with the default an unset one takes (z/OS documentation).
LIMITS = {
    "MAXPROCSYS": 900,
    "MAXPROCUSER": 25,
    "MAXUIDS": 200,
    "MAXFILEPROC": 64000,
    "MAXPTYS": 800,
    "MAXTHREADTASKS": 1000,
    "MAXTHREADS": 200,
}


@check("BPX001")
def limits_set(ctx: Context) -> Iterator[Hit]:
    by_system: dict[str, list[Entity]] = defaultdict(list)
    for e in ctx.topo.of("bpx_setting"):
        by_system[e.scope].append(e)
    for system, settings in sorted(by_system.items()):
        limits = [e for e in settings if e.value("limit")]
        if not limits:
            continue  # no member of this system sets limits: nothing to judge
        coded = {e.name for e in limits}
        first = min(limits, key=lambda e: (e.path, e.span))
        for name, dflt in LIMITS.items():
            if name in coded:
                continue
            yield Hit(
                first.path,
                first.span,
                {
                    "system": system,
                    "limit": name,
                    "default": dflt,
                    "why": "; estimate the users, processes and threads and set it",
                },
                dialect="bpxprm",
            )
