"""PRS012 checks that both ends of every link the configuration declares are known nodes."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("PRS012")
def declared_link_unknown_node(ctx: Context) -> Iterator[Hit]:
    nodes = {e.name for e in ctx.topo.of("node")} | {e.name for e in ctx.topo.of("declared_node")}
    for link in ctx.topo.of("link"):
        if link.value("via") != "topology: links":
            continue
        ends = [str(link.value(k)) for k in ("node_a", "node_b")]
        unknown = [n for n in dict.fromkeys(ends) if n not in nodes]
        if not unknown:
            continue
        names = " and ".join(unknown)
        one = len(unknown) == 1
        what = (
            f"{names} {'is not a node' if one else 'are not nodes'}: no deck and no `nodes:` "
            f"entry defines {'it' if one else 'them'}, so the link's facts are compared with "
            f"nothing: correct the name, or declare {'it' if one else 'them'} under nodes:"
        )
        yield Hit(
            link.path,
            link.span,
            {"link": link.name, "what": what},
            subject=link.id,
            dialect="config",
        )
