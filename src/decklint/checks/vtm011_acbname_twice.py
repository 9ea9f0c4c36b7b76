"""VTM011 checks that no two applications of one VTAM domain share an ACBNAME.

Two major nodes that are never active together may: a site keeps an alternate member (a
backup, a test copy of the APPL major node) in the same VTAMLST and activates one or the
other. Where the domain's configuration lists (ATCCONxx) are linted, two APPLs are compared
only when one list activates both of their major nodes; without a list every pair is."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._unique import hits
from decklint.lint.check import Context, Hit, check
from decklint.model.topology import Topology
from decklint.model.unique import Claim, clashes, fact, scope_key
from decklint.readers.base import deck_member


def _major_node(path: str) -> str:
    """The major node a deck defines: its member's name."""
    return deck_member(path).upper()


def _lists(topo: Topology) -> dict[str, list[frozenset[str]]]:
    """Each VTAM's configuration lists, as the major nodes each activates."""
    out: dict[str, list[frozenset[str]]] = {}
    for start in topo.of("vtam_start"):
        members = start.value("members")
        if members:
            out.setdefault(start.node, []).append(frozenset(members))
    return out


def _node(c: Claim) -> str:
    """The VTAM a claim's domain is (`scope_key` of a domain: the node)."""
    return str(c.scope[0]) if isinstance(c.scope, tuple) and c.scope else ""


def _together(group: list[Claim], lists: list[frozenset[str]]) -> list[list[Claim]]:
    """A clash group cut into the claims one configuration list activates together, each
    with the first claim it is active with (the first part, in order, whose first claim's
    major node is the claim's own or shares a list with it: found through an index of the
    parts by their first major node and by the lists it is in, not by asking each part)."""
    if not lists:
        return [group]
    in_lists: dict[str, list[int]] = {}  # major node -> the lists that activate it
    for k, ls in enumerate(lists):
        for m in ls:
            in_lists.setdefault(m, []).append(k)
    parts: list[list[Claim]] = []
    by_major: dict[str, int] = {}  # a part's first major node -> the part
    by_list: dict[int, int] = {}  # a list -> the first part whose first major node it holds
    for c in group:
        major = _major_node(c.path)
        ks = in_lists.get(major, ())
        found = [i for i in (by_major.get(major), *(by_list.get(k) for k in ks)) if i is not None]
        if found:
            parts[min(found)].append(c)
            continue
        by_major[major] = len(parts)
        for k in ks:
            by_list.setdefault(k, len(parts))
        parts.append([c])
    return [p for p in parts if len(p) > 1]


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
    lists = _lists(ctx.topo)
    for whole in clashes(claims, distinct=True):
        for group in _together(whole, lists.get(_node(whole[0]), [])):
            # two APPLs of one name that both leave ACBNAME to it: PRS004's duplicate name
            coded = [c for c in group if not c.shown.endswith("is not coded)")]
            if coded:
                yield from hits([group], u)
