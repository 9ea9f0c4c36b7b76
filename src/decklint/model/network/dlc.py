"""A workstation's destination MAC address (CM/2 DESTINATION_ADDRESS, NS/DOS TRLD, AS/400
ADPTADR) -> the NCP line whose LOCADD it is, or the AS/400 LAN line whose ADPTADR it is;
half-open when no switched PU names the workstation's control point."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.model.network.base import Linker, evidence, mac


@evidence("dlc", 20, "a workstation's destination MAC address: the NCP or AS/400 line it reaches")
def infer(links: Linker) -> None:
    topo = links.topo
    by_mac: dict[str, list[Entity]] = defaultdict(list)
    for ln in topo.of("line"):
        m = mac(ln.value("locadd"))
        if m:
            by_mac[m].append(ln)
    for ln in topo.of("line_desc"):  # another AS/400's LAN line: its own ADPTADR
        m = mac(ln.value("adptadr"))
        if m:
            by_mac[m].append(ln)
    cps = links.control_points()
    pus_by_cp = {str(pu.value("cpname")).upper() for pu in topo.of("pu") if pu.value("cpname")}
    ends: list[tuple[Entity, str, str | None, str]] = []
    cp_of: dict[str, str] = {}  # file -> the CP name of the first workstation it defines
    for name, station in cps.items():
        if station.kind == "workstation":
            cp_of.setdefault(station.path, name)
    for e in topo.of("dlc_link"):
        ends.append((e, "destination_address", cp_of.get(e.path), "DESTINATION_ADDRESS"))
    for e in topo.of("nsdos_link"):
        ends.append((e, "destination", e.name, "TRLD"))
    for e in topo.of("controller"):
        ends.append((e, "adptadr", None, "ADPTADR"))
    for e in topo.of("nsk_pu"):  # a NonStop SNAX PU's remote station
        ends.append((e, "remote_mac", None, "LNRMTADDR"))
    any_ncp = bool(topo.of("line"))
    seen: set[tuple[str, str, int]] = set()
    for e, field, cp, via in ends:
        m = mac(e.value(field))
        if m is None:
            continue
        key = (e.path, e.name, e.span.line)
        if key in seen:
            continue
        seen.add(key)
        found = by_mac.get(m, [])
        if len(found) > 1:
            status = "ambiguous"
        elif not found:
            status = "unknown-peer"
        elif cp is not None and pus_by_cp and cp.upper() not in pus_by_cp:
            status = "half-open"
        else:
            status = "matched"
        line = found[0] if len(found) == 1 else None
        note = ""
        if status == "half-open":
            note = f"no switched PU names CP {cp}"
        elif status == "unknown-peer":
            note = "no linted NCP line has this LOCADD" if any_ncp else "no NCP linted"
        links.add(
            "dlc",
            f"{links.node(e)}-{line.name if line else m}",
            e,
            field,
            status,
            f"{via} = LOCADD",
            b=line,
            b_attr="locadd" if line else "",
            end_b=f"LINE {line.name}" if line else f"MAC {m}",
            extra={
                "frame": line.get("maxtsl") if line else default(None),
                "note": default(note),
            },
        )
