"""REL004: a deck uses statements its product no longer accepts in any current release, and
no release tells whether its system is past that: said once per file.

Without a target release the release rules leave a deck as it is, but a statement the newest
release in the product's catalog no longer accepts (SNALINK, X.25, token ring, GATEWAY on
z/OS) is worth one line: which statements, from which release, and how to see each with what
replaces it (name the release the system is to run). Where the node's own release already
removed them, REL001 reports each.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.checks._release import cited, judged, named
from decklint.core.findings import Related
from decklint.knowledge.catalog import Event
from decklint.lint.check import Context, Hit, check
from decklint.model import release as rel
from decklint.model.upgrade import Use, level, newest, uses, verdict


@check("REL004")
def removed_from_product(ctx: Context) -> Iterator[Hit]:
    by_file: dict[str, list[tuple[Use, Event]]] = defaultdict(list)
    for use in uses(ctx.topo):
        at = judged(ctx.topo, use.node, use.family)
        if at is not None and (at.target or _removed_by(use, at.level)):
            continue  # REL001 and REL002 speak of it
        names = _catalogs(ctx, use)
        top = max((n for c in names if (n := newest(c, use.family)) is not None), default=None)
        if top is None:
            continue
        v = verdict(use, top[0])
        if v is not None and v.kind == "removed":
            by_file[use.path].append((use, v.event))
    for path, found in sorted(by_file.items()):
        first, e = found[0]
        family = rel.FAMILIES[first.family].name
        listed = ", ".join(f"{named(u, ev)} (from {ev.release})" for u, ev in found[:8])
        more = f" and {len(found) - 8} more" if len(found) > 8 else ""
        at = judged(ctx.topo, first.node, first.family)
        known = f"; {at.said}, which still accepts them" if at is not None else ""
        yield Hit(
            path,
            first.span,
            {
                "product": family,
                "count": len(found),
                "them": "statement" if len(found) == 1 else "statements",
                "listed": listed + more,
                "known": known,
            },
            related=tuple(
                Related(u.path, u.span, f"{named(u, ev)}: not accepted from {ev.release}")
                for u, ev in found[1:]
            ),
            subject=f"{family}:{first.node}",
            dialect=ctx.topo.dialects.get(path, ""),
            citation=cited(e.source),
        )


def _removed_by(use: Use, at: rel.Level) -> bool:
    return any(
        e.kind == "removed" and (lv := level(e, use.family)) is not None and lv <= at
        for e in use.events
    )


def _catalogs(ctx: Context, use: Use) -> tuple[str, ...]:
    from decklint.model import catalogued

    return catalogued.catalog_names(ctx.topo.dialects.get(use.path, ""), use.path)
