"""Which files make one CICS region, and what it is called.

A region is one CICS, named by its APPLID. Its files are those that give its system
initialization parameters (SIT overrides, a DFHSIT macro: the `cicssit` dialect), one region
for each APPLID (DBDCCICS, CICS's default, where none is coded), and the CSD input whose
groups it installs (the `cics` dialect): a CSD file belongs to

* the region whose GRPLIST names a list the file adds its groups to (ADD GROUP(g) LIST(l);
  a list name of GRPLIST may hold * and +: CICS TS System Initialization Parameter
  Reference, GRPLIST), the nearest of them (folder, file name) where several do;
* else the one region of its system;
* else, in a system without a SIT, with the other CSD files of its system one region named
  by the system (as a VTAM without a start list is), `SYSTEM/CICS` where a node already has
  the system's name; beside several regions, a region of its own named by its file.

A CSD is often shared by several regions; a file whose lists name no one region's GRPLIST
goes with its system's region where there is one, and stays its own otherwise.
"""

from __future__ import annotations

import fnmatch
from collections import defaultdict

from decklint.model.systems import nearest, system_key, system_name
from decklint.model.topology import Topology
from decklint.readers.base import deck_member


def _matches(pattern: str, name: str) -> bool:
    """A GRPLIST name against a list: * any characters, + one (CICS's filename characters)."""
    return fnmatch.fnmatchcase(name, pattern.replace("?", "[?]").replace("+", "?"))


def region_nodes(topo: Topology, files: list[str], taken: set[str]) -> dict[str, str]:
    """File -> the region it belongs to, for the CICS files `files` (SIT and CSD)."""
    out: dict[str, str] = {}
    grplists: dict[str, set[str]] = defaultdict(set)  # region -> its GRPLIST names
    by_system: dict[str, set[str]] = defaultdict(set)  # system -> its regions
    wanted = set(files)
    for sit in topo.of("cics_sit"):
        if sit.path not in wanted:
            continue
        name = str(sit.value("applid") or "")
        if not name:
            continue
        out[sit.path] = name
        grplists[name].update(str(g) for g in sit.value("grplist") or ())
        by_system[system_key(sit.path, topo)].add(name)
    sit_files = dict(out)
    lists: dict[str, set[str]] = defaultdict(set)  # CSD file -> the lists it adds groups to
    for e in topo.of("cics_list"):
        if e.path in wanted:
            lists[e.path].add(e.name)
    alone: dict[str, list[str]] = defaultdict(list)  # system -> CSD files nothing places
    for path in sorted(wanted - set(out)):
        named = {
            region
            for region, patterns in grplists.items()
            for lst in lists.get(path, ())
            for p in patterns
            if _matches(p, lst)
        }
        if len(named) > 1:  # a shared CSD: the region whose SIT is nearest
            near = nearest(path, sorted(p for p, n in sit_files.items() if n in named))
            named = {sit_files[p] for p in near}
        mine = by_system.get(system_key(path, topo), set())
        if len(named) == 1:
            out[path] = next(iter(named))
        elif len(mine) == 1:
            out[path] = next(iter(mine))
        else:
            alone[system_key(path, topo)].append(path)
    for system, paths in alone.items():
        if by_system.get(system):  # beside several regions: each file alone, by its name
            for path in paths:
                out[path] = deck_member(path).upper()
            continue
        name = system_name(system, topo) or "CICS"
        if name in taken:
            name = f"{name}/CICS"
        out.update(dict.fromkeys(paths, name))
    return out
