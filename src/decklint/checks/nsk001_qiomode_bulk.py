"""NSK001 checks that a NonStop controller used for bulk data transfer has QIOMODE ON."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import systems


@check("NSK001")
def qiomode_bulk(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        bulk = s.bulk_lines()
        declared_lines = set(s.declared.value("bulk_lines") or ()) if s.declared else set()
        for line in s.of("nsk_line"):
            if line.name not in bulk or line.value("qiomode") is True:
                continue
            path, span = line.where("qiomode")
            why = "declared bulk line" if line.name in declared_lines else "it has a bulk port"
            value = "OFF" if line.value("qiomode") is False else "not coded"
            yield Hit(
                path,
                span,
                {"line": line.name, "why": why, "value": value},
                subject=line.id,
                dialect="scf",
            )
