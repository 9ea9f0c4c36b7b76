"""What the release rules (REL) share: the release a node is judged at, how a use and a
release fact are said, and the manual section a finding cites (registers no check)."""

from typing import NamedTuple

from decklint.core.findings import Applicability, Citation, Fix
from decklint.knowledge.catalog import Event
from decklint.model import release as rel
from decklint.model.topology import Topology
from decklint.model.upgrade import Use


class Judged(NamedTuple):
    """The release a node's product is judged at, said as a user reads it."""

    level: rel.Level
    said: str  # 'the target release is z/OS 3.1 (--target-release)'
    target: bool  # a target was named (else the release the decks or the node declare)


def judged(topo: Topology, node: str, family: str) -> Judged | None:
    """The node's target release of the product, else the lowest release its decks show
    or the one it declares; None when nothing tells."""
    t = rel.target_of(topo, node, family)
    if t is not None:
        return Judged(t.level, f"the target release is {t.said} ({t.origin})", True)
    r = rel.release_of(topo, node, family)
    if r.low is not None:
        where = f", from {r.where}" if r.where else ""
        return Judged(r.low, f"the release of {node} is {r.said}{where}", False)
    return None


def target(topo: Topology, node: str, family: str) -> Judged | None:
    """The node's target release of the product only (the rules that speak of an upgrade)."""
    j = judged(topo, node, family)
    return j if j is not None and j.target else None


def cited(source: str) -> Citation:
    """A catalog source ('z/OS New Function Summary (V2R3), z/OS Communications Server: ...')
    as a citation: the manual, and the section after its first comma outside parentheses."""
    depth = 0
    for i, ch in enumerate(source):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and source.startswith(", ", i):
            return Citation(source[:i].strip(), source[i + 2 :].strip())
    return Citation(source.strip())


def named(use: Use, event: Event | None = None) -> str:
    """'LINK TR1 IBMTR', 'DEVICE SNA1 SNAIUCV', 'GATEWAY', 'PU TOPO=NONE' (an event of one
    value names the value as the deck codes it)."""
    st = use.statement
    if " ... " in use.what and st.operands:
        head, _, rest = use.what.partition(" ... ")
        kind = rest.removeprefix("DEFINE ")
        shown = f"{head} {st.operands[0].value.text} {kind}"
    else:
        shown = use.what
    if event is not None and event.value:
        keyword = any(o.name for o in st.operands)
        shown += f"={event.value}" if keyword else f" {event.value}"
    return shown


def replacement(e: Event) -> str:
    """What the manual gives in its place, or its advice; '' when it gives neither."""
    if e.replaced_by:
        return f"code {e.replaced_by} in its place"
    return e.advice


def assumed(e: Event) -> str:
    return f" (assumed: {e.note})" if e.assumed and e.note else (" (assumed)" if e.assumed else "")


def converted(topo: Topology, path: str, make: object) -> tuple[Fix | None, str]:
    """A conversion of one file (`make(text, statements)` gives a Conversion or why not) as
    an unsafe fix, once its result reads and means what the profile meant; else None and why
    not (a phrase)."""
    from decklint.dialects.tcpip import conversions as cv

    text = topo.texts.get(path)
    statements = list(topo.statements.get(path, ()))
    if text is None or not statements:
        return None, "the member's text is not at hand"
    got = make(text, statements)  # type: ignore[operator]
    if isinstance(got, str):
        return None, got
    why = cv.checked(path, text, statements, got)
    if why:
        return None, why
    return Fix(got.title, got.edits, Applicability.UNSAFE), ""


def gateway_fix(topo: Topology, use: Use) -> tuple[Fix | None, str]:
    """The BEGINROUTES block a GATEWAY statement becomes, as a fix."""
    from decklint.dialects.tcpip import conversions as cv

    statements = list(topo.statements.get(use.path, ()))
    try:
        header = statements.index(use.statement)
    except ValueError:
        return None, "the statement is not at hand"
    return converted(topo, use.path, lambda text, sts: cv.to_routes(text, sts, header))


def with_gateway_fix(topo: Topology, use: Use, instead: str) -> tuple[str, Fix | None]:
    """What to code instead, and the fix, of a use that may be a GATEWAY statement: its
    BEGINROUTES conversion offered where it can be made, else the reason said."""
    if use.what != "GATEWAY":
        return instead, None
    fix, why = gateway_fix(topo, use)
    if fix is not None:
        return instead + " (--fix --unsafe-fixes writes it)", fix
    return (instead + f" (not converted here: {why})" if why else instead), None
