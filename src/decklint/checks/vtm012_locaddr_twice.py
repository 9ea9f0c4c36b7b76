"""VTM012 checks that no two LUs of one PU share a local address (LOCADDR)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._unique import hits
from decklint.lint.check import Context, Hit, check
from decklint.model.unique import Claim, clashes, fact, scope_key


@check("VTM012")
def locaddr_twice(ctx: Context) -> Iterator[Hit]:
    # per product whose catalog says LOCADDR is unique under its PU (VTAM, NCP)
    by_product: dict[str, list[Claim]] = {}
    for lu in ctx.topo.of("lu"):
        a, pu = lu.get("locaddr"), lu.value("pu")
        u = fact(lu.dialect, "LU", "LOCADDR")
        if u is None or not pu or not a.coded:
            continue
        n = a.value if isinstance(a.value, int) else None
        if n is None or n == 0:
            continue  # LOCADDR=0 is an independent LU: any number of them at one PU
        by_product.setdefault(lu.dialect, []).append(
            Claim(
                scope_key(lu, u.scope, str(pu).upper()),
                n,
                lu.path,
                a.span or lu.span,
                f"LU {lu.name}",
                f"LOCADDR={a.raw or n}",
                lu.dialect,
                lu.id,
            )
        )
    for product, claims in by_product.items():
        u = fact(product, "LU", "LOCADDR")
        if u is not None:
            yield from hits(clashes(claims, distinct=True), u, {})
