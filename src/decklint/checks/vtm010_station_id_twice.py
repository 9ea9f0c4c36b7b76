"""VTM010 checks that no two switched PUs share a station identifier (IDBLK and IDNUM, or
CPNAME), which must be unique in the network.

The station identifier VTAM builds from IDBLK and IDNUM also carries the PU type (bits 4-7 of
its 48 bits: SNA Resource Definition Reference, Switched major node, IDNUM), so a type 1 and a
type 2 PU with one IDBLK/IDNUM are two stations. Only definitions of one VTAM are compared (see
`_claim`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.checks._unique import hits
from decklint.core.entities import Entity
from decklint.lint.check import Context, Hit, check
from decklint.model.unique import Claim, clashes, fact, scope_key


def _hex(text: object) -> int | None:
    try:
        return int(str(text), 16)
    except ValueError:
        return None  # a symbol (&IDNUM) or a typo: PRS003's to judge


def _putype(pu: Entity) -> object:
    """The PU type the station identifier carries: as coded, else VTAM's default, 2."""
    putype = pu.value("putype")
    return 2 if putype in (None, "") else putype


def _claim(pu: Entity, key: tuple[object, ...], field: str, scope: str, shown: str) -> Claim:
    # The manual asks a station identifier unique in the network, but each VTAM finds a dialling
    # PU among its own switched major nodes: two VTAMs that each define a station (under their
    # own PU names: a host and its backup, or a node with links to both) define one station
    # twice, not two. Two definitions clash only within one VTAM.
    if scope == "network":
        scope = "domain"
    return Claim(
        scope_key(pu, scope),
        key,
        pu.path,
        pu.get(field).span or pu.span,
        f"PU {pu.name}",
        shown,
        pu.dialect,
        pu.id,
    )


def _start_conntype(ctx: Context) -> dict[object, set[str]]:
    """The CONNTYPE start option each linted VTAM codes (its start lists may code it)."""
    coded: dict[object, set[str]] = defaultdict(set)
    for s in ctx.topo.of("vtam_start"):
        if s.coded("conntype"):
            coded[s.node].add(str(s.value("conntype")).upper())
    return coded


def _appn(pu: Entity, start: set[str]) -> bool | None:
    """Whether the PU's connection is APPN: its CONNTYPE, else the CONNTYPE start option of its
    VTAM (SNA Resource Definition Reference, CONNTYPE: "value_of_conntype_start_option"), whose
    own default is APPN; None where start lists that disagree leave it open."""
    if pu.coded("conntype"):
        return str(pu.value("conntype") or "").upper() != "LEN"
    if len(start) > 1:
        return None
    return next(iter(start), "APPN") != "LEN"


@check("VTM010")
def station_id_twice(ctx: Context) -> Iterator[Hit]:
    ids, cps = fact("vtam", "PU", "IDBLK"), fact("vtam", "PU", "CPNAME")
    by_ids: list[Claim] = []
    by_cp: list[Claim] = []
    conntype = _start_conntype(ctx)
    for pu in ctx.topo.of("pu"):
        if pu.value("major") != "SWNET" or pu.value("putype") in (4, 5):
            continue  # a subarea connection's IDNUM is keyed by its subarea: not judged here
        cp = pu.get("cpname")
        if cps is not None and cp.coded and cp.value and "&" not in str(cp.value):
            name = str(cp.value).upper()
            if _appn(pu, conntype.get(pu.node, set())):
                # a CP name is unique when the PU is an APPN one (CONNTYPE=APPN); PUs of LEN
                # connections (CONNTYPE=LEN) may share one
                by_cp.append(_claim(pu, (name,), "cpname", cps.scope, f"CPNAME={name}"))
            continue  # VTAM looks for a PU by its CPNAME first: IDBLK/IDNUM only back it up
        blk, num = pu.get("idblk"), pu.get("idnum")
        if ids is None or not (blk.coded and num.coded):
            continue
        b, n = _hex(blk.raw or blk.value), _hex(num.raw or num.value)
        if b is None or n is None:
            continue
        shown = f"IDBLK={blk.raw or blk.value},IDNUM={num.raw or num.value}"
        by_ids.append(_claim(pu, (_putype(pu), b, n), "idnum", ids.scope, shown))
    if ids is not None:
        yield from hits(clashes(by_ids, distinct=True), ids)
    if cps is not None:
        yield from hits(clashes(by_cp, distinct=True), cps)
