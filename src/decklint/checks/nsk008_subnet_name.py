"""NSK008 checks that a SUBNET's name is # and at most seven letters or digits, the first a
letter."""

from __future__ import annotations

import re
from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import systems

_NAME = re.compile(r"#[A-Z][A-Z0-9]{0,6}")


def problem(name: str) -> str | None:
    """What is wrong with a subnet's name (the part after its process), or None."""
    sub = name.rsplit(".", 1)[-1].upper()
    if _NAME.fullmatch(sub):
        return None
    if not sub.startswith("#"):
        return f"the name {sub} does not start with #"
    body = sub[1:]
    if len(body) > 7:
        return f"the name {sub} has {len(body)} characters after the #, at most 7 are allowed"
    if not body[:1].isalpha():
        return f"the name {sub} must start with a letter after the #"
    return f"the name {sub} may hold only letters and digits after the #"


@check("NSK008")
def subnet_name(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        for sn in s.of("nsk_subnet"):
            what = problem(sn.name)
            if what is None:
                continue
            e = sn.entities[0]
            yield Hit(
                e.path,
                e.span,
                {"subnet": sn.name, "what": f"{what}; SCF refuses the ADD SUBNET"},
                subject=sn.id,
                dialect="scf",
            )
