"""SNA005 checks that the session pacing windows of bulk modes are at least 8."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check

_OPS = (
    ("pacing_primary_send", "PSNDPAC"),
    ("pacing_secondary_send", "SSNDPAC"),
    ("pacing_secondary_recv", "SRCVPAC"),
)


@check("SNA005")
def bulk_pacing_window(ctx: Context) -> Iterator[Hit]:
    low = ctx.options["min_window"]
    for m in ctx.topo.of("mode"):
        if not m.value("bulk"):
            continue
        small = [
            (f, op, m.get(f))
            for f, op in _OPS
            if m.get(f).coded and isinstance(m.value(f), int) and 0 < m.value(f) < low
        ]
        if small:
            _f, _op, a = small[0]
            yield Hit(
                m.path,
                a.span or m.span,
                {
                    "mode": m.name,
                    "windows": ", ".join(f"{op}={a.value}" for _f, op, a in small),
                    "min": low,
                },
                subject=m.id,
            )
