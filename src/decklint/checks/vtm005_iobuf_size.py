"""VTM005 checks that the IOBUF buffer size is 4000 and equal to the NCP's UNITSZ."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.lint.check import Context, Hit, check


@check("VTM005")
def iobuf_size(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["size"]
    ncps = [n for n in ctx.topo.of("ncp") if isinstance(n.value("unitsz"), int)]
    for s in ctx.topo.of("vtam_start"):
        a = s.get("iobuf_size")
        size = a.value
        if a.span is None:
            continue
        if size != want:
            yield Hit(
                s.path,
                a.span,
                {"problem": f"IOBUF buffer size is {size}, not {want}"},
                subject=s.id,
            )
        for n in ncps:
            if n.value("unitsz") != size:
                yield Hit(
                    s.path,
                    a.span,
                    {
                        "problem": f"IOBUF buffer size {size} differs from UNITSZ="
                        f"{n.value('unitsz')} of NCP {n.name}"
                    },
                    related=(related(n, "unitsz", f"UNITSZ of NCP {n.name}"),),
                    subject=s.id,
                )
