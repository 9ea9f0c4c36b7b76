"""BPX004 checks that a NETWORK or SUBFILESYSTYPE of TYPE(INET) or TYPE(CINET) has the FILESYSTYPE
of that type."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("BPX004")
def network_file_system(ctx: Context) -> Iterator[Hit]:
    sym = ctx.topo.symbols
    judged = {d.scope for d in sym.definitions if d.kind == "bpx_pfs"}
    for r in sym.unresolved("BPX004"):
        if r.scope not in judged:
            continue  # no member of this system has FILESYSTYPE: cannot judge
        types = sym.names("bpx_pfs", r.scope)
        yield Hit(
            r.path,
            r.span,
            {
                "usage": r.usage,
                "type": r.name,
                "system": r.scope,
                "hint": f" (it has {', '.join(types)})" if types else "",
            },
            dialect="bpxprm",
        )
