"""TCP017 checks that IVTPRM00 sets CSM FIXED MAX to at least 60M and ECSA MAX to at least 40M."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


def _mb(n: int) -> str:
    mb = 1024 * 1024
    return f"{n // mb}M" if n % mb == 0 else f"{n // 1024}K"


@check("TCP017")
def csm_limits(ctx: Context) -> Iterator[Hit]:
    want = {"fixed_max": int(ctx.options["fixed"]), "ecsa_max": int(ctx.options["ecsa"])}
    what = {"fixed_max": "fixed buffers", "ecsa_max": "ECSA buffers"}
    for c in ctx.topo.of("csm_limits"):
        for field, low in want.items():
            a = c.get(field)
            if not a.coded or not isinstance(a.value, int) or a.value >= low:
                continue
            yield Hit(
                c.path,
                c.anchor(field),
                {
                    "param": field.split("_")[0].upper(),
                    "value": a.raw,
                    "want": _mb(low),
                    "what": what[field],
                },
                subject=c.id,
                dialect="ivtprm",
            )
