"""VTM005 judges the IOBUF buffer size against the channel-attached NCPs the VTAM owns (their
HOST UNITSZ), else against the size the APPC tuning guide recommends (4000).

The NCPs are those the ownership links give the VTAM (`channel`: its configuration list
activates them, their PCCU names its HOSTSA, or they are the NCPs of its system). An NCP owned
by several hosts codes one HOST per host: a VTAM is compared with the HOST whose SUBAREA is its
HOSTSA, else with every HOST. With an NCP to compare against, a size that differs from its
UNITSZ is reported as the NCP's release makes it matter (catalog `release_facts`: before NCP
V4R2 VTAM reads the NCP's data in UNITSZ units, from V4R2 on it ignores UNITSZ), and sizes that
agree below 4000 as a warning. Without one, a size below 4000 is an info that says no partner
NCP is linted: the guide's 4000 is for the buffers of channel-attached controllers (3172,
3174, 3745), which this VTAM may not have.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.core.findings import Severity
from decklint.knowledge.facts import release_fact
from decklint.lint.check import Context, Hit, check

_GUIDE = "the APPC tuning guide's size for the buffers VTAM moves channel data in"


def coded_as(start: Entity, size: int) -> str:
    """The IOBUF operand as coded, with its buffer size (the second position) changed."""
    raw = str(start.get("iobuf_size").raw or "")
    m = re.fullmatch(r"\(\s*([^,()]*)\s*,\s*[^,()]*(.*)\)", raw.strip())
    if not m:
        return f"IOBUF=(...,{size},...)"
    return f"IOBUF=({m.group(1)},{size}{m.group(2)})"


@check("VTM005")
def iobuf_size(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["size"]
    for s in ctx.topo.of("vtam_start"):
        a = s.get("iobuf_size")
        size = a.value
        if a.span is None or not isinstance(size, int):
            continue
        # the NCPs the VTAM owns, and how a finding points at them: only for a coded IOBUF
        from decklint.checks._wording import related
        from decklint.model.views.owners import owned_hosts

        vtam = ctx.topo.site.get(s.path, s.node)
        ncps = owned_hosts(ctx.topo, vtam)
        if not ncps:
            if size < want:
                yield Hit(
                    s.path,
                    a.span,
                    {
                        "problem": f"IOBUF buffer size is {size}, below {want}, {_GUIDE}; code "
                        f"{coded_as(s, want)}. No channel-attached NCP this VTAM owns is "
                        "linted to judge it against (its HOST UNITSZ): lint the NCPs with "
                        "the VTAM, or leave IOBUF as it is where no channel-attached "
                        "controller is used"
                    },
                    severity=Severity.INFO,
                    subject=s.id,
                )
            continue
        for ncp, hosts in sorted(ncps.items()):
            own = [
                h for h in hosts if h.coded("subarea") and h.value("subarea") == s.value("hostsa")
            ]
            hosts = [h for h in own or hosts if isinstance(h.value("unitsz"), int)]
            agree = [h for h in hosts if h.value("unitsz") == size]
            if not hosts or agree:
                if agree and size < want:
                    h = agree[0]
                    yield Hit(
                        s.path,
                        a.span,
                        {
                            "problem": f"IOBUF buffer size {size} agrees with UNITSZ={size} "
                            f"of NCP {ncp}, but both are below {want}, {_GUIDE}: code "
                            f"{coded_as(s, want)} and UNITSZ={want} on NCP {ncp}'s HOST"
                        },
                        related=(related(h, "unitsz", f"UNITSZ of NCP {ncp}"),),
                        subject=s.id,
                    )
                continue
            h = hosts[0]
            problem, severity = _differs(ctx, h.path, ncp, size, h.value("unitsz"), s, want)
            yield Hit(
                s.path,
                a.span,
                {"problem": problem},
                related=(related(h, "unitsz", f"UNITSZ of NCP {ncp}"),),
                severity=severity,
                subject=s.id,
            )


def _differs(
    ctx: Context, path: str, ncp: str, size: int, unitsz: int, s: Entity, want: int
) -> tuple[str, Severity | None]:
    """What a difference between IOBUF and an NCP's UNITSZ means for the NCP's release, and
    what to code."""
    from decklint.model.views.ncp import release_of

    rel = release_of(ctx.topo, path, ncp)
    fact = release_fact("ncp", "unitsz_ignored")
    since, v = rel.since(fact.first), fact.release
    target = max(unitsz, want) if size < want else unitsz
    code = f"code {coded_as(s, target)}" + (
        f" and UNITSZ={target} on NCP {ncp}'s HOST" if target != unitsz else ""
    )
    said = (
        f"IOBUF buffer size {size} differs from UNITSZ={unitsz} of NCP {ncp}, which this VTAM "
        "owns over a channel"
    )
    if since is False:
        return (
            f"{said} ({rel.said}): before NCP {v} VTAM reads the NCP's data in units of "
            f"UNITSZ, so the two must agree; {code}",
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
        f"VERSION on its BUILD statement, or declare the node's release); {code}",
        Severity.INFO,
    )
