"""VTM011 checks that no two applications of one VTAM domain share an ACBNAME."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._unique import hits
from decklint.lint.check import Context, Hit, check
from decklint.model.unique import Claim, clashes, fact, scope_key


@check("VTM011")
def acbname_twice(ctx: Context) -> Iterator[Hit]:
    u = fact("vtam", "APPL", "ACBNAME")
    if u is None:
        return
    claims = []
    for app in ctx.topo.of("application"):
        a = app.get("acbname")
        name = str(a.value or "").upper()
        if not name or "&" in name:
            continue  # a symbol the deck's macro or start procedure fills in
        shown = f"ACBNAME={name}" if a.coded else f"ACBNAME {name} (its name: ACBNAME is not coded)"
        claims.append(
            Claim(
                scope_key(app, u.scope),
                name,
                app.path,
                a.span or app.span,
                f"APPL {app.name}",
                shown,
                app.dialect,
                app.id,
            )
        )
    for group in clashes(claims, distinct=True):
        # two APPLs of one name that both leave ACBNAME to it: PRS004's duplicate name
        coded = [c for c in group if not c.shown.endswith("is not coded)")]
        if coded:
            yield from hits([group], u)
