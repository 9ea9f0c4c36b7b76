"""SNA004 checks that bulk-transfer modes use a class of service with MEDIUM or LOW transmission
priority."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.lint.check import Context, Hit, check

_HIGH = frozenset({"HIGH", "NETWORK"})


@check("SNA004")
def bulk_cos_priority(ctx: Context) -> Iterator[Hit]:
    listed = set(ctx.options["high_priority"])
    classes = _classes(ctx.topo.of("class_of_service"))
    for m in ctx.topo.of("mode"):
        if not m.value("bulk"):
            continue
        for field, op, network in (("appncos", "APPNCOS", "appn"), ("cos", "COS", "subarea")):
            a = m.get(field)
            if not a.coded:
                continue
            defined = classes.get((network, a.value))
            if defined is None and a.value not in listed:
                continue
            if defined is not None and str(defined.value("priority")) not in _HIGH:
                continue  # the linted COS table gives it a MEDIUM or LOW priority
            where = (
                f", defined with PRIORITY {defined.value('priority')} at "
                f"{defined.path}:{defined.span.line}"
                if defined is not None
                else ""
            )
            yield Hit(
                m.path,
                a.span or m.span,
                {"mode": m.name, "operand": op, "cos": a.value, "where": where},
                subject=m.id,
            )


def _classes(entities: list[Entity]) -> dict[tuple[str, str], Entity]:
    """(network, name) -> the class of service the linted COS tables define (the first)."""
    out: dict[tuple[str, str], Entity] = {}
    for e in entities:
        if e.value("priority") is not None:
            out.setdefault((str(e.value("network")), e.name), e)
    return out
