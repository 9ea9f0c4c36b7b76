"""Which files make one system, and which make one VTAM in it.

A *system* is one z/OS, MVS or VM image: the configuration's `topology: systems:` says which
files belong to it where the decks cannot, else a file's system is its folder, the folder
above for one named after a library (SYSA/VTAMLST, SYSA/TCPPARMS and SYSA/PARMLIB are SYSA;
a deck cut out of a job is its job file's). A system is no node: it groups the nodes of the
products that run in it, and names what its decks leave unnamed (a VTAM without a start
list; files linted from inside their folder have no folder name, and name it by a member).

A VTAM is every VTAM deck that evidence ties to it, wherever the files sit:

* a start list (ATCSTRxx) names its configuration list (CONFIG=xx -> ATCCONxx);
* a configuration list names the major nodes it activates (a deck is that member: the member
  its path names, its VBUILD or LBUILD label, or a word of its file name);
* a deck uses a mode, USS or interpret table another deck defines (MODETAB=, USSTAB=, LOGTAB=);
* decks cut out of one job write one library.

Evidence never joins two VTAMs whose start lists name them differently. What evidence leaves
apart joins the one VTAM of its system; a deck of tables only (loaded from VTAMLIB, often kept
in another folder) joins the run's one VTAM; a system with no start list is one VTAM, named by
the system; in a system with several VTAMs, a deck nothing ties to any stands alone, named by
its member. A VTAM is named by its SSCPNAME, else by its start list's member (ATCSTR00).
"""

from __future__ import annotations

import fnmatch
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import PurePath

from decklint.model.topology import Topology
from decklint.readers.base import deck_member, library_folder, member_name

_WORD = re.compile(r"[A-Z@#$][A-Z0-9@#$]{0,7}")
# Kinds a deck of tables only holds: VTAM loads them from VTAMLIB, whichever VTAM it is.
_TABLE_KINDS = frozenset(
    {"modetab", "mode", "uss_table", "uss_command", "interpret_table", "logon_sequence"}
)
_TABLE_SYMBOLS = ("modetab", "usstab", "intab")


def system_key(path: str, topo: Topology) -> str:
    """The system a file belongs to: a configured system's name, else its folder's path (the
    folder above, for a folder named after a library)."""
    known: dict[str, str] = topo.memo("systems.keys", dict)
    key = known.get(path)
    if key is None:
        key = known[path] = _system_key(path, topo)
    return key


def _system_key(path: str, topo: Topology) -> str:
    for name, globs in topo.settings.system_files:
        if any(fnmatch.fnmatch(path, g) or fnmatch.fnmatch(PurePath(path).name, g) for g in globs):
            return name
    return str(library_folder(PurePath(_container(path)).parent))


def system_name(key: str, topo: Topology) -> str:
    """How a system is shown: a configured system's name, else its folder's name."""
    if any(name == key for name, _g in topo.settings.system_files):
        return key
    return PurePath(key).name.upper()


def _container(path: str) -> str:
    """The file a deck was cut out of (`LOAD.jcl(ATCCON00)` -> `LOAD.jcl`), else the path."""
    member = member_name(path)
    return path[: path.rfind("(")] if member is not None else path


def member_keys(path: str, topo: Topology) -> tuple[set[str], set[str]]:
    """The names a configuration list may use for a deck: (exact, loose). Exact: the member
    its path names and its major node's label (VBUILD, LBUILD, BUILD NEWNAME); loose: the
    words of its file name (`VTAMLST.n07.mac`: N07)."""
    exact: set[str] = set(_major_nodes(topo).get(path, ()))
    m = member_name(path)
    if m:
        exact.add(m.upper())
    name = PurePath(_container(path)).name.upper()
    loose = {w for w in re.split(r"[^A-Z0-9@#$]+", name) if _WORD.fullmatch(w)}
    return exact, loose


def _major_nodes(topo: Topology) -> dict[str, list[str]]:
    """File -> the names of the major nodes it defines (a VBUILD or LBUILD label, an NCP's
    NEWNAME), from the symbols and entities: never the statements, which a large run keeps
    only as text."""

    def build() -> dict[str, list[str]]:
        out: dict[str, list[str]] = defaultdict(list)
        for d in topo.symbols.definitions:
            if d.kind == "major_node":
                out[d.path].append(d.name)
        for n in topo.of("ncp"):
            out[n.path].append(n.name)
        return out

    return topo.memo("systems.major_nodes", build)  # type: ignore[no-any-return]


class _Union:
    """Files joined by evidence; a group's start lists name it (several names never join)."""

    def __init__(self, files: Iterable[str]) -> None:
        self.parent = {f: f for f in files}
        self.names: dict[str, set[str]] = {f: set() for f in self.parent}

    def find(self, f: str) -> str:
        while self.parent[f] != f:
            self.parent[f] = self.parent[self.parent[f]]
            f = self.parent[f]
        return f

    def join(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        na, nb = self.names[ra], self.names[rb]
        if na and nb and na != nb:
            return  # two VTAMs: evidence never merges them
        self.parent[rb] = ra
        self.names[ra] = na | nb

    def groups(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = defaultdict(list)
        for f in sorted(self.parent):
            out[self.find(f)].append(f)
        return out


def vtam_nodes(topo: Topology, files: list[str]) -> tuple[dict[str, str], set[str]]:
    """File -> the VTAM it belongs to, for the VTAM decks `files` (see the module's
    docstring), and the names that are a system's (no deck names that VTAM)."""
    if not files:
        return {}, set()
    u = _Union(files)
    starts = {}  # path -> the VTAM its start list names
    lists: dict[str, list[str]] = defaultdict(list)  # configuration list name -> paths
    for s in topo.of("vtam_start"):
        if s.path not in u.parent:
            continue
        if s.value("members") is None:
            starts[s.path] = str(s.value("sscpname") or s.name)
            u.names[s.path] = {starts[s.path]}
        else:
            lists[s.name].append(s.path)
    # a start list's CONFIG=xx names its configuration list ATCCONxx: the one of its own
    # system, else the run's only one where that one's system has no start list
    started = {system_key(p, topo) for p in starts}
    for s in topo.of("vtam_start"):
        config = s.value("config")
        if s.path not in starts or config is None:
            continue
        found = lists.get(f"ATCCON{str(config).upper()[-2:]:0>2}", [])
        mine = [p for p in found if system_key(p, topo) == system_key(s.path, topo)]
        if not mine and len(found) == 1 and system_key(found[0], topo) not in started:
            mine = found
        if len(mine) == 1:
            u.join(s.path, mine[0])
    # a configuration list's entries name the decks it activates
    exact: dict[str, list[str]] = defaultdict(list)
    loose: dict[str, list[str]] = defaultdict(list)
    for f in files:
        ex, lo = member_keys(f, topo)
        for k in ex:
            exact[k].append(f)
        for k in lo:
            loose[k].append(f)
    for entry in topo.of("config_entry"):
        if entry.path not in u.parent:
            continue
        found = exact.get(entry.name) or loose.get(entry.name, [])
        here = system_key(entry.path, topo)
        found = [f for f in found if system_key(f, topo) == here] or found
        if len(found) == 1:
            u.join(entry.path, found[0])
    # decks cut out of one job write one library
    by_job: dict[str, list[str]] = defaultdict(list)
    for f in files:
        if member_name(f) is not None:
            by_job[_container(f)].append(f)
    for members in by_job.values():
        for f in members[1:]:
            u.join(members[0], f)
    # a deck that uses a table another deck defines
    defined: dict[tuple[str, str], list[str]] = defaultdict(list)
    for d in topo.symbols.definitions:
        if d.kind in _TABLE_SYMBOLS and d.path in u.parent:
            defined[(d.kind, d.name)].append(d.path)
    for r in topo.symbols.references:
        if r.kind in _TABLE_SYMBOLS and r.path in u.parent:
            for target in defined.get((r.kind, r.name), ()):
                if target != r.path:
                    u.join(r.path, target)
    return _named(topo, u, starts)


def _named(topo: Topology, u: _Union, starts: dict[str, str]) -> tuple[dict[str, str], set[str]]:
    groups = u.groups()
    named = {root: next(iter(u.names[root])) for root in groups if u.names[root]}
    by_system: dict[str, set[str]] = defaultdict(set)  # system -> the VTAMs named in it
    for root, fs in groups.items():
        if root in named:
            for f in fs:
                by_system[system_key(f, topo)].add(named[root])
    everywhere = set(named.values())
    out: dict[str, str] = {}
    alone: dict[str, list[str]] = defaultdict(list)  # system -> roots nothing named
    systems: set[str] = set()
    for root, fs in groups.items():
        name = named.get(root)
        if name is None:
            systems = {system_key(f, topo) for f in fs}
            theirs = {n for s in systems for n in by_system.get(s, ())}
            if len(theirs) == 1:
                name = next(iter(theirs))
            elif len(everywhere) == 1 and _tables_only(topo, fs):
                name = next(iter(everywhere))
        if name is not None:
            out.update(dict.fromkeys(fs, name))
        else:
            alone[system_key(fs[0], topo)].append(root)
    for system, roots in alone.items():
        if not by_system.get(system):  # a system without a start list is one VTAM
            name = system_name(system, topo) or deck_member(groups[roots[0]][0]).upper()
            systems.add(name)
            for root in roots:
                out.update(dict.fromkeys(groups[root], name))
        else:  # beside several VTAMs: each group stands alone, named by its member
            for root in roots:
                out.update(dict.fromkeys(groups[root], deck_member(groups[root][0]).upper()))
    return out, systems


def _tables_only(topo: Topology, files: list[str]) -> bool:
    kinds = {e.kind for f in files for e in topo.entities_of(f)}
    return bool(kinds) and kinds <= _TABLE_KINDS
