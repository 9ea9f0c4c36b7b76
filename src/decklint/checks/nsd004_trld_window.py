"""NSD004 checks that NS/DOS TRLD MAXIN and MAXOUT are 2 toward CM/2 and 8 otherwise."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("NSD004")
def dlc_window(ctx: Context) -> Iterator[Hit]:
    partners = {p.name: p.value("partner") for p in ctx.topo.of("dlc_profile")}
    for ln in ctx.topo.of("nsdos_link"):
        partner = partners.get(ln.name)
        want = 2 if partner == "cm2" else 8
        who = (
            "its CM/2 partner"
            if partner == "cm2"
            else f"its {partner} partner"
            if partner
            else "a host partner (assumed: declare partner: cm2 under nodes: if it is CM/2)"
        )
        for field, op in (("maxin", "MAXIN"), ("maxout", "MAXOUT")):
            v = ln.value(field)
            if isinstance(v, int) and v != want:
                how = f"{op}={v}" if ln.get(field).coded else f"{op} is not coded (default {v})"
                yield Hit(
                    ln.path,
                    ln.anchor(field),
                    {"how": f"{how}: use {want} toward {who}"},
                    subject=ln.id,
                )
