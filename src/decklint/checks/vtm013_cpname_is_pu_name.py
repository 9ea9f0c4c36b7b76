"""VTM013 checks that a type 2.1 PU's CPNAME is not the PU's own name: VTAM cannot hold the
control point and the PU under one name, and CP-CP session setup fails (sense 08880001)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("VTM013")
def cpname_is_pu_name(ctx: Context) -> Iterator[Hit]:
    for pu in ctx.topo.of("pu"):
        cp = pu.get("cpname")
        if not cp.coded or not cp.value:
            continue  # CPNAME= without a value (dial-out to any CP) names nothing
        name = str(cp.value).upper()
        if "&" in name or name != pu.name.upper():
            continue
        if str(pu.value("cpcp") or "").upper() == "NO":
            continue  # no CP-CP sessions are asked for over this PU: nothing fails
        yield Hit(pu.path, cp.span or pu.span, {"pu": pu.name}, subject=pu.id, dialect=pu.dialect)
