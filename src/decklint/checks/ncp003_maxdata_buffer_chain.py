"""NCP003 checks that MAXDATA > the buffers VTAM posts for the NCP > the largest PIU holds,
for each HOST.

The buffers are MAXBFRU of the size VTAM reads the NCP's data into: UNITSZ before NCP V4R2,
VTAM's own IOBUF buffer size from V4R2 on (catalog `release_facts`). Where the NCP's
release is not known and the host's IOBUF size differs from UNITSZ, only what holds for both
readings is reported; where VTAM reads into its IOBUF buffers and no start list of the host
is linted, the buffers are not known and nothing is reported.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from decklint.checks._wording import related
from decklint.core.entities import Entity
from decklint.core.findings import Related
from decklint.knowledge.facts import release_fact
from decklint.lint.check import Context, Hit, check
from decklint.model.views.ncp import Release, host_iobuf, largest_frame, lines_by_path, release_of
from decklint.model.views.stations import stations_of


class Buffers(NamedTuple):
    """One reading of the buffers VTAM posts for a transfer from the NCP."""

    unit: int
    chain: int  # MAXBFRU x unit
    said: str  # 'UNITSZ x MAXBFRU = 4016 x 2 = 8032'
    where: Related


@check("NCP003")
def maxdata_buffer_chain(ctx: Context) -> Iterator[Hit]:
    lines = lines_by_path(ctx.topo)
    stations = stations_of(ctx.topo)
    for n in ctx.topo.of("ncp_host"):
        maxbfru = n.value("maxbfru")
        if not isinstance(maxbfru, int) or n.value("link_attached"):
            continue
        rel = release_of(ctx.topo, n.path, str(n.value("ncp")))
        readings = _readings(ctx, n, maxbfru, rel)
        if not readings:
            continue
        why = _why(rel, readings)
        maxdata = n.value("pccu_maxdata")
        piu, src, field = largest_frame(n, lines, stations)
        # MAXDATA only has to clear the buffers to let every PIU through: when the deck shows
        # its largest PIU, fits MAXDATA and the buffers, smaller MAXDATA truncates nothing
        if isinstance(maxdata, int) and all(
            not maxdata > b.chain and not (piu is not None and piu <= maxdata and piu < b.chain)
            for b in readings
        ):
            claim = f"MAXDATA {maxdata} is {_above(readings)}"
            most = max(b.chain for b in readings)
            todo = f"; code MAXDATA above {most} on the PCCU statement (or fewer buffers)"
            yield Hit(
                n.path,
                n.anchor("pccu_maxdata"),
                {"rel": f"{claim}: {_rule(readings)}{why}{todo}"},
                related=(related(n, "maxbfru", "MAXBFRU"), *_others(readings)),
                subject=n.id,
            )
        if piu is not None and src is not None and all(not b.chain > piu for b in readings):
            claim = f"{_subject(readings)} above the largest PIU, {piu} bytes"
            unit = min(b.unit for b in readings)
            todo = f"; code MAXBFRU={piu // unit + 1} or more, so that the buffers hold it"
            yield Hit(
                n.path,
                n.anchor("maxbfru"),
                {"rel": f"{claim}: {_rule(readings)}{why}{todo}"},
                related=(related(src, field, f"{field.upper()}={piu}"), *_others(readings)),
                subject=n.id,
            )
        limit = release_fact("ncp", "unitsz_ignored").limit
        if limit is not None and _iobuf_only(readings) and readings[0].chain >= limit:
            yield Hit(
                n.path,
                n.anchor("maxbfru"),
                {
                    "rel": f"{readings[0].said} is not below {limit}: VTAM takes MAXBFRU "
                    "buffers of its IOBUF size for each read from the NCP, as it does for "
                    f"{rel.said}, and their product must stay below {limit}: code MAXBFRU="
                    f"{(limit - 1) // readings[0].unit} or less"
                },
                related=_others(readings),
                subject=n.id,
            )


def _readings(ctx: Context, n: Entity, maxbfru: int, rel: Release) -> list[Buffers]:
    """The buffers VTAM posts for this HOST, for each release the NCP may be."""
    unitsz = n.value("unitsz")
    iobuf = host_iobuf(ctx.topo, n)
    since = rel.since(release_fact("ncp", "unitsz_ignored").first)
    if since is None and not isinstance(unitsz, int):
        return []  # before V4R2 the buffers are UNITSZ units, and it is not coded
    out: list[Buffers] = []
    if since is not True and isinstance(unitsz, int):
        said = f"UNITSZ x MAXBFRU = {unitsz} x {maxbfru} = {unitsz * maxbfru}"
        out.append(Buffers(unitsz, unitsz * maxbfru, said, related(n, "unitsz", "UNITSZ")))
    if since is not False and iobuf is not None:
        size, start = iobuf
        if not any(b.unit == size for b in out):
            said = f"MAXBFRU x IOBUF size = {maxbfru} x {size} = {maxbfru * size}"
            where = related(start, "iobuf_size", f"IOBUF buffer size of VTAM {start.name}")
            out.append(Buffers(size, maxbfru * size, said, where))
    return out


def _iobuf_only(readings: list[Buffers]) -> bool:
    """Whether VTAM is known to read into its IOBUF buffers (the NCP is V4R2 or later)."""
    return len(readings) == 1 and "IOBUF" in readings[0].said


def _above(readings: list[Buffers]) -> str:
    """'not above A' or 'above neither A nor B'."""
    if len(readings) == 1:
        return f"not above {readings[0].said}"
    return "above neither " + " nor ".join(b.said for b in readings)


def _subject(readings: list[Buffers]) -> str:
    """'A is not' or 'neither A nor B is'."""
    if len(readings) == 1:
        return f"{readings[0].said} is not"
    return "neither " + " nor ".join(b.said for b in readings) + " is"


def _rule(readings: list[Buffers]) -> str:
    chain = "MAXBFRU x IOBUF size" if _iobuf_only(readings) else "UNITSZ x MAXBFRU"
    return f"the rule is MAXDATA > {chain} > PIU size"


def _others(readings: list[Buffers]) -> tuple[Related, ...]:
    """The IOBUF sizes a finding on MAXBFRU also rests on."""
    return tuple(b.where for b in readings if "IOBUF" in b.said)


def _why(rel: Release, readings: list[Buffers]) -> str:
    """How the release decides which buffers VTAM posts, where it matters."""
    if not any("IOBUF" in b.said for b in readings):
        return ""
    if not _iobuf_only(readings):
        v = release_fact("ncp", "unitsz_ignored").release
        return (
            f"; VTAM reads the NCP's data into UNITSZ units before NCP {v} and into its IOBUF "
            f"buffers from {v} on, and the NCP's release is not known: this holds for both"
        )
    return f"; for {rel.said} VTAM reads the NCP's data into its IOBUF buffers, not UNITSZ units"
