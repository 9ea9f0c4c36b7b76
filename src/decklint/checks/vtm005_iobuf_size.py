"""VTM005 checks the IOBUF buffer size against the UNITSZ of the NCPs linted with the host,
else against the size to code (4000).

An NCP owned by several hosts codes one HOST per host: a VTAM is compared with the HOST whose
SUBAREA is its HOSTSA, else with every HOST, and is reported only when none matches. With
NCPs to compare against, IOBUF is reported when it differs from their UNITSZ or is below the
size to code; a larger IOBUF that equals UNITSZ is what the rule asks for. How much a
difference matters depends on the NCP's release (catalog `release_facts`): before NCP V4R2
VTAM reads the NCP's data in UNITSZ units, from V4R2 on it ignores UNITSZ.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.dialects.facts import release_fact
from decklint.findings import Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.entities import Entity
from decklint.model.views.ncp import release_of


@check("VTM005")
def iobuf_size(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["size"]
    ncps: dict[tuple[str, str], list[Entity]] = {}
    for h in ctx.topo.of("ncp_host"):
        if isinstance(h.value("unitsz"), int):
            ncps.setdefault((h.path, h.value("ncp")), []).append(h)
    for s in ctx.topo.of("vtam_start"):
        a = s.get("iobuf_size")
        size = a.value
        if a.span is None or not isinstance(size, int):
            continue
        if size < want or (size != want and not ncps):
            yield Hit(
                s.path,
                a.span,
                {"problem": f"IOBUF buffer size is {size}, not {want}"},
                subject=s.id,
            )
        for (path, ncp), hosts in ncps.items():
            own = [
                h for h in hosts if h.coded("subarea") and h.value("subarea") == s.value("hostsa")
            ]
            hosts = own or hosts
            if any(h.value("unitsz") == size for h in hosts):
                continue
            h = hosts[0]
            problem, severity = _differs(ctx, path, ncp, size, h.value("unitsz"))
            yield Hit(
                s.path,
                a.span,
                {"problem": problem},
                related=(related(h, "unitsz", f"UNITSZ of NCP {ncp}"),),
                severity=severity,
                subject=s.id,
            )


def _differs(
    ctx: Context, path: str, ncp: str, size: int, unitsz: int
) -> tuple[str, Severity | None]:
    """What a difference between IOBUF and an NCP's UNITSZ means for the NCP's release."""
    rel = release_of(ctx.topo, path, ncp)
    fact = release_fact("ncp", "unitsz_ignored")
    since, v = rel.since(fact.first), fact.release
    said = f"IOBUF buffer size {size} differs from UNITSZ={unitsz} of NCP {ncp}"
    if since is False:
        return (
            f"{said} ({rel.said}): before NCP {v} VTAM reads the NCP's data in units of "
            "UNITSZ, so the two must agree",
            None,
        )
    if since is True:
        return (
            f"{said}: VTAM ignores UNITSZ for {rel.said} and reads into its IOBUF buffers, so "
            f"nothing is lost; code UNITSZ={size} so that the NCP's deck says the same",
            Severity.INFO,
        )
    return (
        f"{said}: before NCP {v} VTAM reads the NCP's data in units of UNITSZ and the two "
        f"must agree, from {v} on it ignores UNITSZ; the NCP's release is not known (code "
        "VERSION on its BUILD statement, or declare the node's release)",
        Severity.INFO,
    )
