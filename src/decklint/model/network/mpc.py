"""A multipath channel between two VTAMs (`mpc`): a local SNA major node's PU that names a
TRLE (TRLE=) is a link station over the channel that TRLE defines; the VTAM at its far end
is the one whose TRLE reads on the subchannels this one writes on and writes on those it
reads on (SNA Resource Definition Reference, TRL major node: READ and WRITE; a read
subchannel of one end is a write subchannel of the other). Device numbers are each host's,
so only a pair whose numbers are swapped is joined; a partner TRLE no local PU of its VTAM
uses is half-open. Both VTAMs' stations are one link."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.model.network.base import Linker, evidence


def _hex(devices: tuple[int, ...]) -> str:
    return ",".join(f"{d:04X}" for d in devices)


@evidence(
    "mpc",
    97,
    "a local PU's TRLE: the VTAM whose TRLE reads and writes the other way round",
    symmetric=True,
)
def infer(links: Linker) -> None:
    topo = links.topo
    trles: dict[tuple[str, str], Entity] = {}  # (node, name) -> TRLE
    for t in topo.of("trle"):
        trles.setdefault((links.node(t), t.name), t)
    stations: dict[tuple[str, str], list[Entity]] = defaultdict(list)  # (node, TRLE) -> PUs
    for s in topo.of("mpc_station"):
        stations[(links.node(s), str(s.value("trle")))].append(s)
    for s in topo.of("mpc_station"):
        me = links.node(s)
        name = str(s.value("trle"))
        trle = trles.get((me, name))
        read, write = (
            (trle.value("read"), trle.value("write")) if trle is not None else (None, None)
        )
        how = f"PU {s.name} TRLE={name}"
        if not read or not write:
            why = (
                f"no linted TRLE {name}"
                if trle is None
                else f"TRLE {name} codes no READ and WRITE device numbers"
            )
            links.add(
                "mpc",
                f"{me}-{s.name}",
                s,
                "trle",
                "unknown-peer",
                how,
                end_b="the channel's far end",
                end_a=f"PU {s.name}",
                extra={"note": default(why)},
            )
            continue
        far = [
            u
            for (node, _n), u in trles.items()
            if node != me and u.value("read") == write and u.value("write") == read
        ]
        how += f" READ={_hex(read)} WRITE={_hex(write)}"
        if len(far) != 1:
            note = (
                f"no linted TRLE of another VTAM reads {_hex(write)} and writes {_hex(read)}"
                if not far
                else "several VTAMs' TRLEs: " + ", ".join(sorted(links.node(u) for u in far))
            )
            links.add(
                "mpc",
                f"{me}-{s.name}",
                s,
                "trle",
                "unknown-peer" if not far else "ambiguous",
                how,
                end_b="the channel's far end",
                end_a=f"PU {s.name}",
                extra={"note": default(note)},
            )
            continue
        u = far[0]
        peer = links.node(u)
        theirs = stations.get((peer, u.name), [])
        links.add(
            "mpc",
            f"{me}-{peer}-{s.name}",
            s,
            "trle",
            "matched" if theirs else "half-open",
            how,
            b=theirs[0] if theirs else u,
            b_attr="trle" if theirs else "",
            b_node=peer,
            end_b=f"PU {theirs[0].name}" if theirs else f"TRLE {u.name}",
            end_a=f"PU {s.name}",
            extra={
                "note": default("" if theirs else f"no local SNA PU of {peer} uses TRLE {u.name}")
            },
        )
