"""CM2004 checks that CM/2 DLC send and receive window counts are 8 toward OS/2 and host partners
and 2 toward NS/DOS."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("CM2004")
def dlc_window(ctx: Context) -> Iterator[Hit]:
    for p in ctx.topo.of("dlc_profile"):
        if p.value("product") != "cm2":
            continue
        partner = p.value("partner")
        want = 2 if partner == "nsdos" else 8
        toward = "NS/DOS partners" if partner == "nsdos" else "OS/2 and host partners"
        for field, what in (("send_window", "send"), ("receive_window", "receive")):
            v = p.value(field)
            if isinstance(v, int) and v != want and (partner == "nsdos" or v < want):
                yield Hit(
                    p.path,
                    p.anchor(field),
                    {
                        "how": f"CM/2 node {p.name}: DLC {what} window {v}; use {want} "
                        f"toward {toward}"
                    },
                    subject=p.id,
                    dialect="config",
                )
