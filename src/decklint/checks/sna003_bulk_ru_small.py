"""SNA003 checks that bulk-transfer modes have a large RU."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check

# The largest RU a product can use: a mode at its product's maximum is as good as it gets
# (SNA Services/6000 v1.2 stops at 3840: "Getting the most from APPC", 'SNA Services 6000 v1.2
# tuning recommendations', 'RU size'). Keyed by the mode's product where its dialect reads two
# (AIX: SNA Services/6000 profiles, CS/AIX records), else by its dialect.
PRODUCT_MAX_RU = {"SNA Services/6000": 3840}


@check("SNA003")
def bulk_ru_small(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["min_ru"]
    for m in ctx.topo.of("mode"):
        if not m.value("bulk") or m.value("default_ru_size") is True:
            continue  # DEFAULT_RU_SIZE(YES): the RU fills one frame (CM2001 judges it)
        ru = m.value("ru_min")
        if m.dialect == "vtam":
            a = m.get("rusizes")
            if not a.coded:
                how = "RUSIZES is not coded (VTAM then uses 256 for APPC sessions, else MAXLURU)"
            elif ru is None:
                how = f"RUSIZES=X'{a.value}' does not specify an RU size"
            elif ru < want:
                how = f"RUSIZES=X'{a.value}' allows RUs of only {ru} bytes"
            else:
                continue
            anchor = m.anchor("rusizes")
        else:
            cap = PRODUCT_MAX_RU.get(str(m.value("product") or m.dialect))
            if not isinstance(ru, int) or ru >= want or (cap is not None and ru >= cap):
                continue
            how = f"the largest RU is {ru} bytes" + (
                " (not coded: the product default)" if m.get("ru_min").defaulted else ""
            )
            anchor = m.anchor("ru_min")
        yield Hit(m.path, anchor, {"mode": m.name, "how": how}, subject=m.id)
