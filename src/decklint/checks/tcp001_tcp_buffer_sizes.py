"""TCP001 checks that TCPCONFIG TCPSENDBFRSIZE and TCPRCVBUFRSIZE are at least 64 KB.

An uncoded buffer is judged against the default of the stack's release (16 KB before z/OS
V2R1, 64 KB from it: `decklint.model.release`); where the release does not decide between
them, the finding names both and is an information.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import defaulted_note, undecided
from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.tcpip import stack_default
from decklint.model.views.stacks import stacks


@check("TCP001")
def tcp_buffer_sizes(ctx: Context) -> Iterator[Hit]:
    low = int(ctx.options["min"])
    for s in stacks(ctx.topo):
        if s.product != "zos":
            continue
        for field, param in (
            ("tcpsendbfrsize", "TCPSENDBFRSIZE"),
            ("tcprcvbufrsize", "TCPRCVBUFRSIZE"),
        ):
            a = s.entity.get(field)
            if not s.judged(a):
                continue
            path, span = s.where(field)
            facts: dict[str, object] = {"stack": s.name, "param": param}
            if isinstance(a.value, int):
                if a.value < low:
                    facts |= {"value": a.raw or a.value, "note": defaulted_note(a)}
                    yield Hit(path, span, facts, subject=s.entity.id, dialect="tcpip")
                continue
            c = stack_default(field, s.rel)
            small = [v for v in c.values() if isinstance(v, int) and v < low]
            if small:  # the release does not decide: some of the defaults it may be are small
                facts |= {"value": "", "note": undecided(c, "stack")}
                every = len(small) == len(c.options)
                yield Hit(
                    path,
                    span,
                    facts,
                    severity=None if every else Severity.INFO,
                    subject=s.entity.id,
                    dialect="tcpip",
                )
