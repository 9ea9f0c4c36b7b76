"""VTM004 checks that bulk modes code PSNDPAC, SSNDPAC and SRCVPAC as 63."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check

_OPS = (
    ("pacing_primary_send", "PSNDPAC"),
    ("pacing_secondary_send", "SSNDPAC"),
    ("pacing_secondary_recv", "SRCVPAC"),
)


@check("VTM004")
def bulk_mode_pacing(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["window"]
    for m in ctx.topo.of("mode"):
        if not m.value("bulk"):
            continue
        for field, op in _OPS:
            a = m.get(field)
            if a.coded and isinstance(a.value, int) and a.value not in (0, want):
                yield Hit(
                    m.path,
                    a.span or m.span,
                    {"mode": m.name, "operand": op, "value": a.value},
                    subject=m.id,
                )
            elif not a.coded:
                yield Hit(
                    m.path,
                    m.span,
                    {"mode": m.name, "operand": op, "value": "not coded (0: fixed pacing off)"},
                    severity=Severity.INFO,
                    subject=m.id,
                )
