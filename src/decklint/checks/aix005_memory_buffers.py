"""AIX005 checks that the AIX network options SNA relies on (thewall, lowclust, lowmbuf,
mb_cl_hiwat) are at least what "Getting the most from APPC" recommends ('Optimal memory buffer
settings')."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check

TARGETS = {"thewall": 8192, "lowclust": 256, "lowmbuf": 256, "mb_cl_hiwat": 512}


@check("AIX005")
def memory_buffers(ctx: Context) -> Iterator[Hit]:
    for o in ctx.topo.of("aix_options"):
        for name, want in TARGETS.items():
            v = o.value(name)
            if isinstance(v, int) and v < want:
                yield Hit(
                    o.path,
                    o.anchor(name),
                    {"how": f"{name} is {v}; set no -o {name}={want}"},
                    subject=o.id,
                )
