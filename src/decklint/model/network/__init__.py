"""The link layer: the links between the nodes of the site, from the evidence the decks
carry, one module per kind of evidence.

Each module of this package registers what it infers with `base.evidence(name, order, doc)`:
a function that reads the merged model (every node known, `Linker.site` gives each file's)
and adds links through `Linker.add`. A new kind of evidence is one module here, its line in
`READS` and its fixtures. The modules run in their `order` (one may read the links an earlier
one made); then a link of a symmetric kind that both ends state is drawn once. `base`
describes a link and its statuses.
"""

from __future__ import annotations

import importlib

from decklint.model.network.base import EVIDENCE, Evidence, Linker
from decklint.model.topology import Topology

# Each evidence module and the entity kinds it draws its links from: a module is imported and
# run only where the model holds one of them (a start list's run imports none of them); ()
# for one that always runs (`declared` draws the configuration's links too). A module may
# read other kinds along the way (the nodes, the VTAMs' start lists); those make no link
# alone. tests/test_link_reads.py keeps the list whole (every module of the package, no
# other) and honest: over every rule case and example network, a module adds a link or an
# external node only where the model holds a kind it names.
READS: dict[str, tuple[str, ...]] = {
    "bpxprm": ("bpx_filesystype",),
    "cics": ("cics_sit",),
    "cp": ("pu", "controller"),
    "cpu": ("nsk_process", "nsk_line"),
    "declared": (),
    "dlc": ("dlc_link", "nsdos_link", "controller", "nsk_pu"),
    "ee": ("path",),
    "inn": ("subarea_station", "pccu"),
    "ip": ("tcpip_route",),
    "mpc": ("mpc_station",),
    "owner": ("ncp",),
    "path": ("path",),
    "session": ("device", "connection", "ipconn"),
    "subarea": ("cdrm", "adjacent_sscp", "adjcp", "subarea_route", "subarea_station"),
    "telnet": ("tcpip_telnet_server", "telnet_lus"),
    "trl": ("tcpip_link", "tcpip_device"),
    "xca": ("pu",),
}


def kinds(topo: Topology | None = None) -> list[Evidence]:
    """The kinds of evidence, in the order they run: every kind, or those of the modules
    that read what `topo` holds (each module imported once, when first needed)."""
    wanted = [
        name
        for name, reads in READS.items()
        if topo is None or not reads or any(topo.of(kind) for kind in reads)
    ]
    modules = {importlib.import_module(f"{__name__}.{name}").__name__ for name in wanted}
    chosen = [e for e in EVIDENCE.values() if e.infer.__module__ in modules]
    return sorted(chosen, key=lambda e: (e.order, e.name))


def infer(topo: Topology, site: dict[str, str]) -> Linker:
    """Every link the evidence gives; the Linker keeps the external nodes they name."""
    linker = Linker(topo, site)
    run = kinds(topo)
    for ev in run:
        ev.infer(linker)
    linker.once({ev.name for ev in run if ev.symmetric})
    return linker
