"""The link layer: the links between the nodes of the site, from the evidence the decks
carry, one module per kind of evidence.

Each module of this package registers what it infers with `base.evidence(name, order, doc)`:
a function that reads the merged model (every node known, `Linker.site` gives each file's)
and adds links through `Linker.add`. A new kind of evidence is one module here and its
fixtures; nothing else names it. The modules run in their `order` (one may read the links an
earlier one made); then a link of a symmetric kind that both ends state is drawn once.
`base` describes a link and its statuses.
"""

from __future__ import annotations

import importlib
import pkgutil

from decklint.model.network.base import EVIDENCE, Evidence, Linker
from decklint.model.topology import Topology

_LOADED: list[Evidence] = []


def kinds() -> list[Evidence]:
    """Every kind of evidence, in the order it runs (its modules imported once)."""
    if not _LOADED:
        for info in pkgutil.iter_modules(__path__):
            if info.name != "base" and not info.name.startswith("_"):
                importlib.import_module(f"{__name__}.{info.name}")
        _LOADED.extend(sorted(EVIDENCE.values(), key=lambda e: (e.order, e.name)))
    return _LOADED


def infer(topo: Topology, site: dict[str, str]) -> Linker:
    """Every link the evidence gives; the Linker keeps the external nodes they name."""
    linker = Linker(topo, site)
    for ev in kinds():
        ev.infer(linker)
    linker.once({ev.name for ev in kinds() if ev.symmetric})
    return linker
