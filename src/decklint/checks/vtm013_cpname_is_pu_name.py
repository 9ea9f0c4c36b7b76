"""VTM013 checks that a type 2.1 PU's CPNAME is not the PU's own name: VTAM cannot hold the
control point and the PU under one name, and CP-CP session setup fails (sense 08880001).

Only a PU over which CP-CP sessions are asked for is judged. Where the PU does not code CPCP,
the CPCP start option decides (SNA Resource Definition Reference, CPCP of each major node): a
switched PU has CP-CP sessions only where the start option says YES, a leased one unless it
says NO or SWITCHED (its default, LEASED, allows them)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.knowledge.catalog import catalog
from decklint.lint.check import Context, Hit, check

# The major nodes whose PUs connect over switched links (a model PU becomes a switched one).
_SWITCHED = frozenset({"SWNET", "MODEL"})


def _start_cpcp(ctx: Context) -> dict[object, set[str]]:
    """The CPCP start option each linted VTAM codes (its start lists may code it)."""
    coded: dict[object, set[str]] = defaultdict(set)
    for s in ctx.topo.of("vtam_start"):
        if s.coded("cpcp"):
            coded[s.node].add(str(s.value("cpcp")).upper())
    return coded


def _default() -> str:
    """The CPCP start option's default (LEASED), as the VTAM catalog has it."""
    cat = catalog("vtam")
    entry = cat.section_operands("start_options").get("CPCP") if cat is not None else None
    return str(entry.default if entry is not None and entry.default else "LEASED").upper()


def _cp_cp_asked(pu: Entity, start: set[str]) -> bool:
    """Whether CP-CP sessions are asked for over the PU: its CPCP, else the start option's."""
    if str(pu.value("conntype") or "").upper() == "LEN":
        return False  # a LEN connection has no CP-CP sessions (CPCP=YES needs CONNTYPE=APPN)
    if pu.coded("cpcp"):
        return str(pu.value("cpcp") or "").upper() != "NO"
    if len(start) > 1:
        return False  # start lists that disagree: which one VTAM runs with is not known here
    option = next(iter(start), _default())
    if pu.value("major") in _SWITCHED:
        return option == "YES"  # a switched PU defaults to YES only where the option is YES
    return option not in ("NO", "SWITCHED")


@check("VTM013")
def cpname_is_pu_name(ctx: Context) -> Iterator[Hit]:
    start = _start_cpcp(ctx)
    for pu in ctx.topo.of("pu"):
        cp = pu.get("cpname")
        if not cp.coded or not cp.value:
            continue  # CPNAME= without a value (dial-out to any CP) names nothing
        name = str(cp.value).upper()
        if "&" in name or name != pu.name.upper():
            continue
        if not _cp_cp_asked(pu, start.get(pu.node, set())):
            continue  # no CP-CP sessions are set up over this PU: nothing fails
        yield Hit(pu.path, cp.span or pu.span, {"pu": pu.name}, subject=pu.id, dialect=pu.dialect)
