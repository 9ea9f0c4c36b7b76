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
* a deck uses a mode, USS or interpret table another deck of its system defines (MODETAB=,
  USSTAB=, LOGTAB=); a deck of tables only joins the VTAM whose decks use it;
* decks cut out of one job write one library.

Where a name points at several decks (three hosts' VTAMLSTs in one folder, or in one
configured system), the nearest is taken (`nearest`: the same folder, then the file name
sharing most words), and a deck several lists name goes with the nearest list.

Evidence never joins two VTAMs whose start lists name them differently. What evidence leaves
apart joins the one VTAM of its system; a deck of tables only (loaded from VTAMLIB, often kept
in another folder) joins the run's one VTAM; a system with no start list is one VTAM, named by
its own CDRM where its CDRM major node says which that is, else by the system; in a system
with several VTAMs, a deck nothing ties joins the one whose files are named alike, else
stands alone, named by its member. A VTAM is named by its SSCPNAME, else by its start list's
member (ATCSTR00); two systems' start lists of one name are two VTAMs, NAME/SYSTEM.
"""

from __future__ import annotations

import fnmatch
import functools
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
    # a start list's CONFIG=xx names its configuration list ATCCONxx: the nearest one of its
    # own system, else the run's only one where that one's system has no start list
    started = {system_key(p, topo) for p in starts}
    for s in topo.of("vtam_start"):
        config = s.value("config")
        if s.path not in starts or config is None:
            continue
        found = lists.get(f"ATCCON{str(config).upper()[-2:]:0>2}", [])
        mine = [p for p in found if system_key(p, topo) == system_key(s.path, topo)]
        if not mine and len(found) == 1 and system_key(found[0], topo) not in started:
            mine = found
        mine = nearest(s.path, mine, f"ATCCON{str(config).upper()[-2:]:0>2}")
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
    # (of its own system first; of another only where that system has no VTAM lists of its
    # own), and a deck several lists may name belongs to the nearest of them
    listed = {system_key(p, topo) for p in starts} | {
        system_key(p, topo) for ps in lists.values() for p in ps
    }
    chosen: dict[str, list[str]] = defaultdict(list)  # deck -> the lists that name it
    for entry in topo.of("config_entry"):
        if entry.path not in u.parent:
            continue
        found = exact.get(entry.name) or loose.get(entry.name, [])
        here = system_key(entry.path, topo)
        mine = [f for f in found if system_key(f, topo) == here] or [
            f for f in found if system_key(f, topo) not in listed
        ]
        found = nearest(entry.path, mine, entry.name)
        if len(found) == 1 and entry.path not in chosen[found[0]]:
            chosen[found[0]].append(entry.path)
    for deck, naming in chosen.items():
        best = nearest(deck, naming)
        if len(best) == 1:
            u.join(best[0], deck)
    # decks cut out of one job write one library
    by_job: dict[str, list[str]] = defaultdict(list)
    for f in files:
        if member_name(f) is not None:
            by_job[_container(f)].append(f)
    for members in by_job.values():
        for f in members[1:]:
            u.join(members[0], f)
    # a deck that uses a table another deck of its system defines; a deck of tables only
    # (VTAMLIB's, often kept in another folder), the VTAM whose decks use its tables, where
    # they are one VTAM's: every VTAM has IBM's tables (ISTINCLM), so a table another system's
    # decks use too ties no two of them
    defined: dict[tuple[str, str], list[str]] = defaultdict(list)
    for d in topo.symbols.definitions:
        if d.kind in _TABLE_SYMBOLS and d.path in u.parent:
            defined[(d.kind, d.name)].append(d.path)
    users: dict[str, set[str]] = defaultdict(set)  # a deck of tables only -> its users
    only: dict[str, bool] = {}  # deck -> whether it holds tables only (asked per reference)
    for r in topo.symbols.references:
        if r.kind in _TABLE_SYMBOLS and r.path in u.parent:
            for target in defined.get((r.kind, r.name), ()):
                if target == r.path:
                    continue
                tables = only.get(target)
                if tables is None:
                    tables = only[target] = _tables_only(topo, [target])
                if tables:
                    users[target].add(r.path)
                elif system_key(target, topo) == system_key(r.path, topo):
                    u.join(r.path, target)
    for table, using in users.items():
        roots = {u.find(f) for f in using}
        if len(roots) > 1:  # several VTAMs' decks use it: the nearest's
            roots = {u.find(f) for f in nearest(table, sorted(using))}
        if len(roots) == 1:
            u.join(next(iter(roots)), table)
    return _named(topo, u, starts)


@functools.lru_cache(maxsize=8192)
def _words(path: str) -> tuple[frozenset[str], str]:
    """The words of a file's name (of the job it was cut out of) but its extension, and the
    extension: `hs-vmesa-cdrm.vtamlst` is HS, VMESA and CDRM, and VTAMLST."""
    name = PurePath(_container(path)).name.upper()
    stem, dot, ext = name.rpartition(".")
    if not (dot and stem):
        stem, ext = name, ""
    return frozenset(w for w in re.split(r"[^A-Z0-9@#$]+", stem) if w), ext


def _shared(mine: frozenset[str], theirs: frozenset[str]) -> int:
    """Words two names share, a word that starts another counting (`VM` and `VMESA`)."""
    same = mine & theirs
    rest = [y for y in theirs - same if len(y) > 1]
    return len(same) + sum(
        1
        for x in mine - same
        if len(x) > 1 and any(y.startswith(x) or x.startswith(y) for y in rest)
    )


def _alike(a: str, b: str, name: str = "") -> tuple[int, bool]:
    """How alike two files are named: the words they share (beside `name`; a word that
    starts another counts, `vm` and `vmesa`), then whether their extensions are the same (a
    format, weaker than a word)."""
    (wa, ea), (wb, eb) = _words(a), _words(b)
    drop = {name.upper()}
    return _shared(wa - drop, wb - drop), bool(ea) and ea == eb


def nearest(origin: str, candidates: list[str], name: str = "") -> list[str]:
    """Of the decks a name points at, the ones nearest the deck that names it: those in its
    folder, then those whose file names share most words with its own (beside the name
    itself: `hs-vmesa-atccon00` names `hs-vmesa-cdrm` rather than `hackersmacker-os390-cdrm`).
    Members of one library kept in one folder, or a repository's files named by system, are
    told apart so; the others stay candidates."""
    if len(candidates) <= 1:
        return candidates
    folder = PurePath(_container(origin)).parent
    here = [c for c in candidates if PurePath(_container(c)).parent == folder]
    pick = here or candidates
    if len(pick) <= 1:
        return pick
    shared = {c: _alike(origin, c, name) for c in pick}
    best = max(shared.values())
    return [c for c in pick if shared[c] == best]


def _named(topo: Topology, u: _Union, starts: dict[str, str]) -> tuple[dict[str, str], set[str]]:
    groups = u.groups()
    named = {root: next(iter(u.names[root])) for root in groups if u.names[root]}
    named.update(_own_sscps(topo, groups, named, starts))
    _apart(topo, groups, named, starts)
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
            keys = {system_key(f, topo) for f in fs}
            theirs = {n for k in keys for n in by_system.get(k, ())}
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
            whole = {"": [f for root in roots for f in groups[root]]}
            own = _own_sscps(topo, whole, {}, starts, lists_only=False).get("")
            name = own or system_name(system, topo) or deck_member(groups[roots[0]][0]).upper()
            if own is None:
                systems.add(name)
            for root in roots:
                out.update(dict.fromkeys(groups[root], name))
        else:  # beside several VTAMs: the one whose files are named alike, else alone
            vtams = {f: out[f] for f in out if system_key(f, topo) == system}
            for root in roots:
                name = _named_alike(groups[root], vtams)
                out.update(
                    dict.fromkeys(groups[root], name or deck_member(groups[root][0]).upper())
                )
    return out, systems


def _named_alike(files: list[str], theirs: dict[str, str]) -> str | None:
    """The VTAM (of `theirs`: file -> VTAM) whose files' names share most words with one of
    `files` (`hs-vmesa-istsdcos-costab` beside `hs-vmesa-cdrm`), where one alone does: a
    repository that names its files by system says whose a deck is. Each VTAM's words are
    taken together, so a folder of many members costs one comparison a VTAM."""
    vocab: dict[str, set[str]] = defaultdict(set)
    exts: dict[str, set[str]] = defaultdict(set)
    for g, vtam in theirs.items():
        words, ext = _words(g)
        vocab[vtam] |= words
        exts[vtam].add(ext)
    best: dict[str, tuple[int, bool]] = {}
    for f in files:
        words, ext = _words(f)
        for vtam, known in vocab.items():
            score = (_shared(words, frozenset(known)), bool(ext) and ext in exts[vtam])
            best[vtam] = max(best.get(vtam, (0, False)), score)
    top = max(best.values(), default=(0, False))
    winners = [v for v, n in best.items() if n == top]
    return winners[0] if top[0] > 0 and len(winners) == 1 else None


def _apart(
    topo: Topology, groups: dict[str, list[str]], named: dict[str, str], starts: dict[str, str]
) -> None:
    """Two systems' start lists that give one name are two VTAMs (a network's copy before
    and after a change, a test system cloned from production): each is named with its system
    (`RTPVTAM/BASELINE`, `RTPVTAM/TUNED`), as a configuration can name them apart."""
    systems: dict[str, set[str]] = defaultdict(set)  # name -> the systems of its start lists
    home: dict[str, str] = {}  # root -> the system of its start list
    for root, fs in groups.items():
        if root in named:
            keys = sorted({system_key(f, topo) for f in fs if f in starts})
            if keys:
                home[root] = keys[0]
                systems[named[root]].update(keys)
    for root, key in home.items():
        if len(systems[named[root]]) > 1:
            named[root] = f"{named[root]}/{system_name(key, topo)}"


def _own_sscps(
    topo: Topology,
    groups: dict[str, list[str]],
    named: dict[str, str],
    starts: dict[str, str],
    lists_only: bool = True,
) -> dict[str, str]:
    """The SSCP a VTAM without a linted start list is, where its decks say: a group holding a
    configuration list (one VTAM's whole VTAMLST) whose CDRM major node defines, beside the
    CDRMs of other domains, its own (SNA Resource Definition Reference, CDRM major node: a
    host defines its own CDRM and those of the hosts it talks to). Its own is the one CDRM
    left when those its explicit routes lead to (PATH DESTSA, ERn) and the SSCPs other start
    lists name are set aside. A start list of its system whose SSCPNAME or HOSTSA is that
    CDRM's claims the group instead (root -> the name). Without `lists_only`, any group
    (the decks of a system that holds no start list: one VTAM's)."""
    hosts: dict[str, tuple[str, object]] = {}  # start list path -> (SSCP name, HOSTSA)
    for st in topo.of("vtam_start"):
        if st.path in starts:
            hosts[st.path] = (starts[st.path], st.value("hostsa"))
    taken = {name for name, _sa in hosts.values()}
    lists = {s.path for s in topo.of("vtam_start") if s.value("members") is not None}
    out: dict[str, str] = {}
    for root, fs in groups.items():
        if root in named or (lists_only and not any(f in lists for f in fs)):
            continue  # named, or no configuration list: no whole VTAMLST
        ents = [e for f in fs for e in topo.entities_of(f)]
        far: set[object] = set()
        for r in (e for e in ents if e.kind == "subarea_route"):
            far.update(r.value("destsa") or ())
            far.update(adj for _er, adj, _tg in r.value("routes") or ())
        own = {
            (c.name, c.value("subarea"))
            for c in ents
            if c.kind == "cdrm" and c.name not in taken and c.value("subarea") not in far
        }
        if len(own) != 1:
            continue
        name, subarea = next(iter(own))
        keys = {system_key(f, topo) for f in fs}
        claims = [
            p
            for p, (sscp, hostsa) in hosts.items()
            if system_key(p, topo) in keys and (sscp == name or hostsa == subarea)
        ]
        out[root] = starts[claims[0]] if len(claims) == 1 else name
    return out


def _tables_only(topo: Topology, files: list[str]) -> bool:
    kinds = {e.kind for f in files for e in topo.entities_of(f)}
    return bool(kinds) and kinds <= _TABLE_KINDS
