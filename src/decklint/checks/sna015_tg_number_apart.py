"""SNA015 checks that the two hosts of a channel-to-channel link code one TG number for it:
a `ctc` link both hosts' decks state (drawn once) whose ends give different TGNs."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.links import links_of


@check("SNA015")
def tg_number_apart(ctx: Context) -> Iterator[Hit]:
    for lk in links_of(ctx.topo, "ctc"):
        if lk.value("ends") != "both" or lk.value("status") != "half-open":
            continue
        here, there = lk.value("agree"), lk.value("agree_b")
        if here is None or there is None or here == there:
            continue
        yield Hit(
            lk.path,
            lk.span,
            {
                "here": here,
                "there": there,
                "peer": lk.value("node_b"),
                "where": f"{lk.value('b_path')}:{lk.value('b_line')}",
            },
            subject=lk.id,
            dialect=lk.dialect,
        )
