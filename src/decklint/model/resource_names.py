"""Which VTAM resource names defined twice name two resources (PRS004), and which are one
resource defined in two places.

VTAM and NCP decks share one name space: VTAM reads an NCP major node's LINE, PU and LU
names into its domain beside the names of its own major nodes, and refuses a second
resource of a name it has (SNA Resource Definition Reference, "Format of definition
statements" and the name restrictions of its overview; messages IST381I and IST1267I:
"the same name as another resource in this domain"). So PRS004 compares the names of both.
Three ways of defining one resource twice are legitimate and not reported:

- two copies of one deck: a member kept in two libraries, an NCP generation deck linted
  beside VTAM's copy of it (files whose statements are the same as coded: operation, name
  and operands; two switched major nodes that code one LU alike are not copies);
- two NCP decks of one NCP (the same BUILD NEWNAME, else BUILD name): a generation source
  and VTAM's copy of it need not hold the same operands, but name the same resources;
- a CDRSC and the resource it stands for in another domain: a CDRSC names a resource
  another VTAM owns, by that resource's own name (CDRSC, cdrscname). Within one domain VTAM
  allows only one static definition of a resource, so a CDRSC beside the real resource is
  still reported;
- a link station, line or group of one domain and one of another (PU, LINE, GROUP, TRLE):
  each host names its own end of a connection, and two hosts that reach one partner often
  give their link stations its name (VMESAPU in the OS/390 host's channel-attachment major
  node and in the VSE host's).

A domain is a VTAM and the NCPs it owns (`domains`: the nodes of the model, a folder where
none is known).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import PurePath

from decklint.core.ir import Statement
from decklint.core.records import Definition
from decklint.model.topology import Topology

# The statement a definition is made by (None: not found, e.g. a macro's wildcard).
Finder = Callable[[Definition], Statement | None]
# What a file holds as coded, to tell two copies of one deck.
Content = Callable[[str], object]


# Statements whose names are the domain's own: a host's end of a connection.
_STATIONS = frozenset({"PU", "LINE", "GROUP", "TRLE"})


def domain(path: str) -> str:
    """The domain a deck belongs to where no node is known: its folder."""
    return str(PurePath(path).parent)


def domains(topo: Topology) -> Callable[[str], str]:
    """The domain of each deck: the VTAM node it belongs to, for an NCP's deck the VTAM that
    owns the NCP (its channel or owner link), else the deck's own node, else its folder."""
    owner: dict[str, str] = {}
    for lk in topo.of("link"):
        if lk.value("kind") in ("channel", "owner") and lk.value("status") == "matched":
            owner.setdefault(str(lk.value("node_a")), str(lk.value("node_b")))
    site = topo.site

    def of(path: str) -> str:
        node = site.get(path)
        if node is None:
            return domain(path)
        return owner.get(node, node)

    return of


class Decks:
    """What `same_resource` asks of the run: each definition's statement, each file's
    content, the NCP a file of the ncp dialect generates ("" where unknown), and the domain
    of a deck."""

    def __init__(
        self,
        find: Finder,
        content: Content,
        ncp_of: Callable[[str], str],
        domain_of: Callable[[str], str] = domain,
    ) -> None:
        self.find = find
        self.content = content
        self.ncp_of = ncp_of
        self.domain = domain_of


def same_resource(a: Definition, b: Definition, decks: Decks) -> bool:
    """Whether two definitions of one name define one resource (see the module's notes)."""
    sa, sb = decks.find(a), decks.find(b)
    if sa is None or sb is None:
        return False
    if sa.op == sb.op and a.path != b.path and decks.content(a.path) == decks.content(b.path):
        return True
    ncp_of = decks.ncp_of
    if a.dialect == b.dialect == "ncp" and sa.op == sb.op:
        na, nb = ncp_of(a.path), ncp_of(b.path)
        if na and na == nb:
            return True
    apart = decks.domain(a.path) != decks.domain(b.path)
    if sa.op in _STATIONS or sb.op in _STATIONS:
        return apart
    if (sa.op == "CDRSC") != (sb.op == "CDRSC"):
        return apart
    return sa.op == sb.op == "CDRSC" and apart


def content(stmts: Sequence[Statement]) -> tuple[object, ...]:
    """A deck's statements as coded (operation, name, operands), for comparing copies."""
    return tuple(
        (st.op, (st.label or "").upper(), tuple((o.name, o.text.upper()) for o in st.operands))
        for st in stmts
    )


def distinct(defs: Sequence[Definition], decks: Decks) -> list[Definition]:
    """The definitions of one name less those that repeat an earlier one's resource, in the
    order given: the first stays, each later one that is a resource of its own follows.

    Each definition is compared with those kept through an index of what `same_resource`
    compares (the statement's operation with the file's content, the NCP, the domain), not
    with each of them in turn: 50,000 definitions of one name cost 50,000 lookups, not a
    billion comparisons. The answer is that of `same_resource` against every one kept."""
    kept: list[Definition] = []
    index = _Kept(decks)
    for d in defs:
        st = decks.find(d)
        if st is None:
            kept.append(d)  # nothing to compare: a resource of its own, and none repeats it
        elif not index.repeats(d, st.op):
            kept.append(d)
            index.add(d, st.op)
    return kept


class _Kept:
    """The definitions kept so far (each with its statement), indexed for `same_resource`."""

    def __init__(self, decks: Decks) -> None:
        self.decks = decks
        self.contents: dict[object, int] = {}  # a file's content -> its number
        self.content_of: dict[str, int] = {}  # path -> the number of its content
        self.copies: Counter[tuple[str, int]] = Counter()  # (op, content): kept
        self.copies_in: Counter[tuple[str, int, str]] = Counter()  # and in one file
        self.ncps: set[tuple[str, str]] = set()  # (op, NCP) of the ncp dialect's kept
        self.domains: Counter[str] = Counter()  # domain: kept
        self.cdrscs: Counter[str] = Counter()  # domain: kept CDRSCs
        self.stations: Counter[str] = Counter()  # domain: kept link stations, lines, groups
        self.total = self.cdrsc_total = self.station_total = 0

    def _content(self, path: str) -> int:
        got = self.content_of.get(path)
        if got is None:
            got = self.contents.setdefault(self.decks.content(path), len(self.contents))
            self.content_of[path] = got
        return got

    def repeats(self, d: Definition, op: str) -> bool:
        """Whether `same_resource(k, d)` holds for a definition k kept."""
        cid = self._content(d.path)
        if self.copies[(op, cid)] > self.copies_in[(op, cid, d.path)]:
            return True  # the same statement in a copy of its file (another path)
        if d.dialect == "ncp":
            ncp = self.decks.ncp_of(d.path)
            if ncp and (op, ncp) in self.ncps:
                return True  # a statement of the same NCP's other deck
        here = self.decks.domain(d.path)
        if op == "CDRSC" or op in _STATIONS:  # any resource kept in another domain
            return self.total > self.domains[here]
        if self.station_total > self.stations[here]:
            return True  # a link station kept in another domain
        return self.cdrsc_total > self.cdrscs[here]  # a CDRSC kept in another domain

    def add(self, d: Definition, op: str) -> None:
        cid = self._content(d.path)
        self.copies[(op, cid)] += 1
        self.copies_in[(op, cid, d.path)] += 1
        if d.dialect == "ncp":
            ncp = self.decks.ncp_of(d.path)
            if ncp:
                self.ncps.add((op, ncp))
        here = self.decks.domain(d.path)
        self.domains[here] += 1
        self.total += 1
        if op == "CDRSC":
            self.cdrscs[here] += 1
            self.cdrsc_total += 1
        if op in _STATIONS:
            self.stations[here] += 1
            self.station_total += 1
