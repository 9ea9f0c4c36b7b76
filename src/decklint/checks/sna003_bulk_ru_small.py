"""SNA003: see rules/sna/SNA003-bulk-ru-small.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("SNA003")
def bulk_ru_small(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["min_ru"]
    for m in ctx.topo.of("mode"):
        if not m.value("bulk"):
            continue
        a = m.get("rusizes")
        ru = m.value("ru_min")
        if not a.coded:
            how = "RUSIZES is not coded (VTAM then uses 256 for APPC sessions, else MAXLURU)"
        elif ru is None:
            how = f"RUSIZES=X'{a.value}' does not specify an RU size"
        elif ru < want:
            how = f"RUSIZES=X'{a.value}' allows RUs of only {ru} bytes"
        else:
            continue
        yield Hit(m.path, m.anchor("rusizes"), {"mode": m.name, "how": how}, subject=m.id)
