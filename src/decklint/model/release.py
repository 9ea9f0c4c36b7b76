"""A node's release: declared, or told by what its decks use; and the defaults it implies.

A node runs one release of each product whose decks it holds (a z/OS system's TCP/IP and
VTAM, the CICS regions beside them, an NCP). Per product family the release is, first, what a
deck states of itself (NCP BUILD VERSION=), then what the configuration declares (`nodes:
NAME: release:`), else a lower bound from what the decks use: a statement or operand that
exists only from a release (the catalogs' `since:`: `INTERFACE ... DEFINE IPAQENET` means
z/OS V1R10 or later), or a fact a catalog's `release_evidence` gives (NCP NEWDEFN=YES: V4R2
or later). A bound says what it rests on, and whether that fact is assumed.

A run may name the release each product is to be judged for, before an upgrade (a *target*:
`--target-release z/OS=3.1,VTAM=...`, `target-release:` in a configuration, for the whole run,
for the decks below that configuration's folder (a system), or per node under `nodes:`). The
release rules (REL) then say what the target removes, deprecates or changes of what the decks
use; `target_of` gives a node's target of a product, and `parse_targets` reads the spelling.

`until:` is not read as evidence: products go on accepting an operand after they stop using
it, so a deck that codes one says nothing certain about its release.

The defaults that changed between releases are the catalogs' `default_by_release`: each value
holds from its release until the next one's; before the first release the map names, the
first value holds (the catalogs start at the oldest release they cover); a value written `~`
(null) is not known from that release on. `choice` gives the value a node's release implies,
or every value it may be when the release does not decide.
"""

import functools
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from decklint import dialects
from decklint.core.ir import Statement
from decklint.knowledge.catalog import Dated, OperandEntry
from decklint.knowledge.facts import ncp_level
from decklint.model.topology import Topology

Level = tuple[int, ...]

# --------------------------------------------------------------------------- levels


_OS390 = r"OS/?390\s*V?([0-9]{1,6})?R([0-9]{1,6})"  # compiled when first used (re's cache)


def zos_level(text: str) -> tuple[int, int] | None:
    """(version, release) of a z/OS Communications Server level; OS/390 is version 0.

    Accepts V1R5, 1.5, z/OS V2R1, OS/390 V2R10, OS/390 R10 and the CS/390 numbering of the
    tuning documents (R4-R10 are OS/390, R12 = z/OS V1R2, R14 = V1R4, R15 = V1R5).
    """
    t = text.upper().replace(" ", "")
    m = re.fullmatch(_OS390, t)
    if m:
        return (0, int(m.group(2)))
    t = t.removeprefix("Z/OS").removeprefix("CS/390").removeprefix("CS390")
    m = re.fullmatch(r"V([0-9]{1,6})R([0-9]{1,6})", t)
    if m:
        v, r = int(m.group(1)), int(m.group(2))
        return (0, r) if v == 2 and r > 5 else (v, r)
    m = re.fullmatch(r"([0-9]{1,6})\.([0-9]{1,6})(\.[0-9]+)?", t)
    if m:
        return (int(m.group(1)), int(m.group(2)))
    m = re.fullmatch(r"R([0-9]{1,6})", t)
    if m:
        n = int(m.group(1))
        return (1, n - 10) if n >= 11 else (0, n)
    return None


def vm_level(text: str) -> int | None:
    """A VM TCP/IP function level: 310, FL310, 'function level 320', any z/VM (>= 310)."""
    t = text.upper()
    if "Z/VM" in t or "ZVM" in t:
        return 400
    m = re.search(r"([0-9]{1,6})\.([0-9]{1,6})", t)
    if m:
        return int(m.group(1)) * 100 + int(m.group(2)) * 10
    m = re.search(r"([0-9]{3})", t)
    return int(m.group(1)) if m else None


def _vtam_level(text: str) -> Level | None:
    """VTAM's levels in one order: ACF/VTAM Level n, VTAM V1-V4, then the Communications
    Server of OS/390 and z/OS (numbered as z/OS)."""
    t = text.upper().replace(" ", "")
    m = re.fullmatch(r"(?:ACF/)?VTAMLEVEL([0-9]{1,6})", t)
    if m:
        return (0, 0, int(m.group(1)))
    if re.match(r"(Z/OS|OS/?390|CS/?390)", t):
        z = zos_level(t)
        return None if z is None else (2, *z)
    # 'V2R4' alone may be VTAM's or z/OS's: only 'VTAM V3R4' is read as VTAM's
    m = re.fullmatch(r"(?:ACF/)?VTAMV([0-9]{1,6})R([0-9]{1,6})(?:\.[0-9]+)?", t)
    return (1, int(m.group(1)), int(m.group(2))) if m else None


def _cics_level(text: str) -> Level | None:
    t = text.upper().replace(" ", "")
    m = re.fullmatch(r"CICS(TS|/ESA|/MVS)?V?([0-9]{1,6})(?:\.|R)([0-9]{1,6})(?:\.[0-9]+)?", t)
    if not m:
        return None
    era = {"TS": 2, "/ESA": 1, "/MVS": 0}.get(m.group(1) or "TS", 2)
    return (era, int(m.group(2)), int(m.group(3)))


def _zos(text: str) -> Level | None:
    return zos_level(text)


def _vm(text: str) -> Level | None:
    n = vm_level(text)
    return None if n is None else (n,)


def _ncp(text: str) -> Level | None:
    return ncp_level(text)


class Family(NamedTuple):
    """A product's line of releases: its name and how a release of it reads as a level."""

    key: str
    name: str
    level: Callable[[str], Level | None]


FAMILIES: dict[str, Family] = {
    f.key: f
    for f in (
        Family("zos", "z/OS", _zos),
        Family("vm", "VM TCP/IP", _vm),
        Family("vtam", "VTAM", _vtam_level),
        Family("ncp", "NCP", _ncp),
        Family("cics", "CICS", _cics_level),
    )
}
# The family a catalog's releases belong to when a release is written without its product
# ('V4R2' in the NCP catalog).
_CATALOG_FAMILY = {
    "tcpip": "zos",
    "tcpdata": "zos",
    "ftpdata": "zos",
    "vtam": "vtam",
    "ncp": "ncp",
    "cics": "cics",
}


def family_of(text: str, fallback: str) -> str:
    """The family a release names by its product word, else `fallback`."""
    t = text.upper().lstrip()
    if t.startswith(("Z/OS", "OS/390", "OS390", "CS/390", "CS390")):
        return "zos" if fallback != "vtam" else "vtam"
    if t.startswith("CICS"):
        return "cics"
    if t.startswith(("VTAM", "ACF/VTAM")):
        return "vtam"
    if t.startswith(("NCP", "ACF/NCP")):
        return "ncp"
    if t.startswith(("Z/VM", "VM", "FL", "FUNCTION LEVEL")):
        return "vm"
    return fallback


def named(family: str, text: str) -> str:
    """A release as a user reads it: 'z/OS V1R13' for a declared 'V1R13'."""
    f = FAMILIES.get(family)
    if f is None or re.match(r"[A-Za-z]+[/ ]", text) or text.upper().startswith(f.name.upper()):
        return text
    return f"{f.name} {text}"


# --------------------------------------------------------------------------- targets

# How a user names a product in a target ('z/OS=3.1'): word -> family.
_PRODUCT_WORDS = {
    "Z/OS": "zos",
    "ZOS": "zos",
    "OS/390": "zos",
    "TCP/IP": "zos",
    "TCPIP": "zos",
    "VTAM": "vtam",
    "SNA": "vtam",
    "NCP": "ncp",
    "CICS": "cics",
    "VM": "vm",
    "Z/VM": "vm",
    "ZVM": "vm",
}


class TargetError(ValueError):
    """A target release decklint cannot read: the message says what is wrong."""


class Target(NamedTuple):
    """The release a node's product is judged for: its level, as the user wrote it ('z/OS
    3.1'), and who said so ('--target-release', 'target-release: in .decklint.yaml line 3')."""

    family: str
    level: Level
    said: str
    origin: str = ""


def parse_targets(text: str) -> dict[str, str]:
    """'z/OS=3.1,VTAM=V4R2' -> {'zos': 'z/OS 3.1', 'vtam': 'VTAM V4R2'}; a release without
    its product ('3.1', 'z/OS 3.1') is z/OS's. TargetError says what cannot be read. The
    release of each is checked by its product's numbering; VTAM, part of z/OS Communications
    Server, is given z/OS's target where no VTAM one is named."""
    out: dict[str, str] = {}
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        product, eq, release = part.partition("=")
        if not eq:
            product, release = "", part
        product, release = product.strip(), release.strip()
        if not release:
            raise TargetError(f"{part!r}: no release after {product}=")
        family = _PRODUCT_WORDS.get(product.upper()) if product else family_of(release, "zos")
        if family is None:
            known = ", ".join(sorted({"z/OS", "VTAM", "NCP", "CICS", "VM"}))
            raise TargetError(f"{part!r}: {product!r} is not a product decklint knows ({known})")
        if family in out:
            raise TargetError(f"{part!r}: a second target for {FAMILIES[family].name}")
        said = _spelled(family, release)
        if FAMILIES[family].level(said) is None:
            raise TargetError(
                f"{part!r}: {release!r} is not a release of {FAMILIES[family].name} "
                f"(write it as {_EXAMPLES[family]})"
            )
        out[family] = said
    if "zos" in out and "vtam" not in out:
        out["vtam"] = out["zos"]  # VTAM is z/OS Communications Server's SNA side
    return out


_EXAMPLES = {
    "zos": "3.1, 2.5 or V2R5",
    "vtam": "z/OS 3.1, or VTAM V4R2 before z/OS",
    "ncp": "V7R8",
    "cics": "CICS TS 6.1",
    "vm": "FL320, or z/VM",
}


def _spelled(family: str, release: str) -> str:
    """A target release as its family's numbering reads it and a user does: '3.1' is
    'z/OS 3.1'; a VTAM target is z/OS's numbering (VTAM has been part of z/OS since), except
    V3Rn and V4Rn, VTAM's own releases before OS/390."""
    text = release.strip()
    if family == "vtam" and _vtam_level(text) is None:
        m = re.fullmatch(r"V([34])R([0-9]{1,2})", text.upper())
        if m:  # VTAM V3 and V4 came before OS/390; a V1 or V2 target is z/OS's
            return f"VTAM {text.upper()}"
        if zos_level(text) is not None:
            return f"z/OS {text}"
    return named(family, text)


def targets_of(pairs: Iterable[tuple[str, str]], origin: str) -> dict[str, Target]:
    """Targets from (family, release) pairs, each with where it was said."""
    out = {}
    for family, said in pairs:
        f = FAMILIES.get(family)
        lv = f.level(said) if f is not None else None
        if lv is not None:
            out[family] = Target(family, lv, said, origin)
    return out


def target_of(topo: Topology, node: str, family: str) -> Target | None:
    """The release a node's product is judged for: the command line's, else the node's own
    `nodes: NAME: target-release:`, else that of the configuration nearest to the node's
    files (a system's folder), else the run's; None when no target is named."""
    cache: dict[tuple[str, str], Target | None] = topo.memo("release.targets", dict)
    key = (node, family)
    if key not in cache:
        cache[key] = _target(topo, node, family)
    return cache[key]


def _target(topo: Topology, node: str, family: str) -> Target | None:
    settings = topo.settings
    forced = [t for t in settings.target_release if t[2] == "--target-release"]
    if forced:
        return targets_of([(f, r) for f, r, _o in forced], "--target-release").get(family)
    d = next((e for e in topo.of("declared_node") if str(e.name).upper() == node.upper()), None)
    said = d.value("target_release") if d is not None else None
    if d is not None and said:
        try:
            mine = parse_targets(str(said))
        except TargetError:
            mine = {}  # the configuration reader reported it
        a = d.get("target_release")
        line = a.span.line if a.span is not None else 0
        where = f"nodes: {node}: target-release (line {line} of {d.path})"
        if family in mine:
            return targets_of([(family, mine[family])], where).get(family)
    files = [p for p, n in topo.site.items() if n == node]
    best: tuple[int, Target] | None = None
    for folder, pairs, origin in settings.target_folders:
        if files and all(_inside(p, folder) for p in files):
            t = targets_of([(f, r) for f, r in pairs], origin).get(family)
            if t is not None and (best is None or len(folder) > best[0]):
                best = (len(folder), t)
    if best is not None:
        return best[1]
    run = [t for t in settings.target_release if t[0] == family]
    return targets_of([(f, r) for f, r, _o in run], run[0][2]).get(family) if run else None


def _inside(path: str, folder: str) -> bool:
    """Whether a linted file lies in a configuration's folder (both made absolute: a file may
    be named relative to the current folder or not)."""
    import os

    p, f = os.path.abspath(path), os.path.abspath(folder or ".")
    return p == f or p.startswith(f.rstrip(os.sep) + os.sep)


# --------------------------------------------------------------------------- releases


class Evidence(NamedTuple):
    """One thing that tells a node's release."""

    level: Level
    release: str  # the release as its source writes it ("z/OS V1R10", "V5R2.1")
    what: str  # what tells it ("INTERFACE ... DEFINE IPAQENET", "BUILD VERSION", "declared")
    path: str = ""
    line: int = 0
    how: str = "since"  # "deck" (the deck states it), "declared", "since" (a lower bound)
    assumed: str = ""  # why the fact it rests on is assumed ('' when confirmed)


class Release(NamedTuple):
    """What is known of a node's release of one product: the lowest and highest it can be
    (None: not bounded), said as a user reads it ('NCP V5R4 (BUILD VERSION)', 'z/OS V1R10
    or later (INTERFACE ... DEFINE IPAQENET)'; '' when nothing tells), and what told it."""

    low: Level | None
    high: Level | None
    said: str
    family: str = ""
    evidence: tuple[Evidence, ...] = ()

    def since(self, first: Level) -> bool | None:
        """Whether the release is `first` or later; None when the files do not tell."""
        if self.low is not None and self.low >= first:
            return True
        if self.high is not None and self.high < first:
            return False
        return None

    @property
    def known(self) -> bool:
        return self.low is not None and self.low == self.high

    @property
    def plain(self) -> str:
        """The release without what told it: 'z/OS V1R13', 'z/OS V1R10 or later', ''."""
        return self.said.split(" (", 1)[0]

    @property
    def disputed(self) -> Evidence | None:
        """Where the release is stated or declared: the highest thing the decks use that
        exists only from a later release (the declaration, or the deck, is then wrong)."""
        if not self.known or self.low is None:
            return None
        low = self.low
        later = [e for e in self.evidence if e.how == "since" and e.level > low]
        return max(later, key=lambda e: e.level) if later else None

    @property
    def assumed(self) -> str:
        """Why the bound rests on an assumed fact ('' when it does not)."""
        top = self.evidence[0] if self.evidence else None
        return top.assumed if top is not None and top.how == "since" else ""

    @property
    def where(self) -> str:
        """Where the deciding evidence is: 'PROFILE.TCPIP line 40', or ''."""
        top = self.evidence[0] if self.evidence else None
        if top is None or not top.path:
            return ""
        return f"{top.path} line {top.line}" if top.line else top.path


def unknown(family: str) -> Release:
    return Release(None, None, "", family)


def releases(topo: Topology) -> dict[str, dict[str, Release]]:
    """Node -> family -> its release, for every node of the site (built once per run)."""
    return topo.memo("release.nodes", lambda: _infer(topo))  # type: ignore[no-any-return]


def release_of(topo: Topology, node: str, family: str) -> Release:
    """The release of one product of a node; unknown when nothing tells it."""
    return releases(topo).get(node, {}).get(family) or unknown(family)


def of_file(topo: Topology, path: str, catalog_name: str = "") -> Release | None:
    """The release of the node a file belongs to, for the product a catalog describes (any
    product of the node when no catalog is named); None when the site does not know the file
    or the node runs no product whose release decklint reads."""
    node = topo.site.get(path)
    rels = releases(topo).get(node, {}) if node is not None else {}
    fam = _CATALOG_FAMILY.get(catalog_name)
    if fam in rels:
        return rels[fam]
    if catalog_name == "tcpip" and "vm" in rels:
        return rels["vm"]
    return next(iter(rels.values()), None) if not catalog_name else None


def node_of(topo: Topology, path: str, name: str = "") -> str:
    """The node a file belongs to (`name` when the site does not know the file)."""
    return topo.site.get(path) or name


def _infer(topo: Topology) -> dict[str, dict[str, Release]]:
    paths: dict[str, list[str]] = defaultdict(list)
    for path, node in topo.site.items():
        paths[node].append(path)
    declared = {str(d.name).upper(): d for d in topo.of("declared_node")}
    products = _stack_products(topo)
    out: dict[str, dict[str, Release]] = {}
    for node in sorted(set(paths) | {str(d.name) for d in declared.values()}):
        files = sorted(paths.get(node, []))
        families = {f for p in files if (f := _family(topo, p, products)) is not None}
        d = declared.get(node.upper())
        if not files and d is not None and str(d.value("product")) in FAMILIES:
            families = {str(d.value("product"))}
        found: dict[str, list[Evidence]] = defaultdict(list)
        for p in files:
            for fam, ev in _evidence(topo, p, products):
                found[fam].append(ev)
        said = d.value("release") if d is not None else None
        if d is not None and said:
            a = d.get("release")
            for fam in families:
                lv = FAMILIES[fam].level(str(said))
                if lv is not None:
                    line = a.span.line if a.span is not None else 0
                    found[fam].append(Evidence(lv, str(said), "declared", d.path, line, "declared"))
        out[node] = {fam: _release(fam, found.get(fam, [])) for fam in sorted(families)}
    return out


def _release(family: str, evs: list[Evidence]) -> Release:
    """The release the evidence gives: the deck's own word, else the declaration, else the
    highest lower bound (the evidence that gives it first)."""
    for how in ("deck", "declared"):
        exact = [e for e in evs if e.how == how]
        if exact:
            e = exact[0]
            rest = tuple(x for x in evs if x is not e)
            said = f"{named(family, e.release)} ({e.what})"
            return Release(e.level, e.level, said, family, (e, *rest))
    if not evs:
        return unknown(family)
    ordered = sorted(evs, key=lambda e: (e.level, bool(e.assumed) is False), reverse=True)
    top = ordered[0]
    mark = ", assumed" if top.assumed else ""
    said = f"{named(family, top.release)} or later ({top.what}{mark})"
    return Release(top.level, None, said, family, tuple(ordered))


def _stack_products(topo: Topology) -> dict[str, str]:
    """File -> the product of the stack or Telnet server it belongs to (zos or vm)."""
    by_name = {
        e.name: str(e.value("product") or "zos")
        for kind in ("tcpip_stack", "tcpip_telnet_server")
        for e in topo.of(kind)
    }
    return {p.path: by_name.get(p.scope, "zos") for p in topo.of("tcpip_profile")}


def file_family(topo: Topology, path: str) -> str | None:
    """The product family a file's release is read in (z/OS for a z/OS stack's profile, VM
    for a VM stack's, the dialect's own otherwise); None when decklint reads none."""
    products = topo.memo("release.products", lambda: _stack_products(topo))
    return _family(topo, path, products)


def _family(topo: Topology, path: str, products: Mapping[str, str]) -> str | None:
    dialect = topo.dialects.get(path, "")
    if dialect == "tcpip":
        product = products.get(path, "zos")
        return product if product in FAMILIES else None
    entry = dialects.REGISTRY.get(dialect)
    return entry.family if entry is not None else None  # the record's: what its decks are for


# --------------------------------------------------------------------------- evidence


def _evidence(
    topo: Topology, path: str, products: Mapping[str, str]
) -> Iterable[tuple[str, Evidence]]:
    """(family, evidence) of one file: what it codes that exists only from a release (each
    thing once, where first coded), and what a dialect's deck states of its own release (NCP
    BUILD VERSION, NEWDEFN)."""
    dialect = topo.dialects.get(path, "")
    own = _family(topo, path, products)
    if own is None:
        return
    if dialect == "ncp":
        yield from (("ncp", e) for e in _ncp_evidence(topo, path))
    from decklint.model import catalogued  # the statement -> catalog entry lookup

    names = catalogued.catalog_names(dialect, path)
    ops = frozenset().union(*(dated_ops(n) for n in names))
    if not ops:
        return
    entries: dict[tuple[Any, ...], _Dated | None] = {}
    seen: set[str] = set()
    for st in topo.coding(path, ops):
        if not _asks(st, ops):
            continue
        key = _signature(st)
        if key not in entries:
            entries[key] = _dated_entry(dialect, path, st, catalogued)
        found = entries[key]
        if found is None:
            continue
        for what, dated, line in _dated_in(st, found, catalogued):
            if what in seen:
                continue
            seen.add(what)
            fam = family_of(dated.release, _CATALOG_FAMILY.get(found.entry.product, own))
            lv = FAMILIES[fam].level(dated.release) if fam in FAMILIES else None
            if lv is None or fam != own:
                continue
            why = (dated.note or "not confirmed in a manual") if dated.assumed else ""
            yield fam, Evidence(lv, dated.release, what, path, line, "since", why)


def _asks(st: Statement, ops: frozenset[str]) -> bool:
    if st.kind == "item":
        return any(o.name is not None and o.name.upper() in ops for o in st.operands)
    return st.op in ops or (st.label or "") in ops


def _signature(st: Statement) -> tuple[Any, ...]:
    """What decides a statement's catalog entry (its words, a CICS DEFINE's resource)."""
    first = st.operands[0].name if st.operands else None
    words = tuple(o.value.upper() for o in st.operands[:3] if o.name is None)
    return (st.kind, st.op, st.label, first, words)


class _Dated(NamedTuple):
    """A catalog entry with something dated on it, and the names of its dated operands."""

    entry: Any  # decklint.model.catalogued.Entry
    operands: frozenset[str]


def _dated_entry(dialect: str, path: str, st: Statement, catalogued: Any) -> _Dated | None:
    e = catalogued.entry(dialect, path, st)
    if e is None:
        return None
    body = e.statement
    dated = frozenset(n for n, op in body.operands.items() if op.since_fact is not None)
    return _Dated(e, dated) if dated or body.since_fact is not None else None


def _dated_in(st: Statement, found: _Dated, catalogued: Any) -> Iterable[tuple[str, Dated, int]]:
    """(what, its `since`, line) for the statement and each operand it codes that has one."""
    e, dated = found
    body = e.statement
    title = _title(st, body.name)
    if body.since_fact is not None:
        yield title, body.since_fact, st.span.line
    if not dated:
        return
    for o in st.operands:
        if o.name is not None:
            op = body.operands.get(o.name.upper()) if o.name.upper() in dated else None
        else:
            op = catalogued.keyword_operand(e, o.value.upper())
        if isinstance(op, OperandEntry) and op.since_fact is not None:
            name = op.name if o.name is None else o.name.upper()
            what = name if st.kind == "item" else f"{title} {name}"
            yield what, op.since_fact, o.span.line


def title(st: Statement, key: str) -> str:
    """A statement as a user reads its catalog entry: 'INTERFACE ... DEFINE IPAQENET'."""
    return _title(st, key)


def _title(st: Statement, key: str) -> str:
    """'INTERFACE ... DEFINE IPAQENET' for a statement catalogued by its type."""
    if " " in key:
        first, _, rest = key.partition(" ")
        return f"{first} ... DEFINE {rest}" if first == "INTERFACE" else f"{first} ... {rest}"
    return key or st.op


@functools.cache
def dated_ops(catalog_name: str) -> frozenset[str]:
    """The statement words (and start options) of a catalog that something dated hangs on:
    a statement with `since:`, or one with an operand that has one."""
    from decklint.knowledge.catalog import catalog

    cat = catalog(catalog_name)
    if cat is None:
        return frozenset()
    out: set[str] = set()
    for key, body in cat.raw.items():
        if not isinstance(body, dict):
            continue
        operands = body.get("operands")
        dated = body.get("since") or (
            isinstance(operands, dict)
            and any(isinstance(v, dict) and v.get("since") for v in operands.values())
        )
        if dated:
            out.add(key.split(" ", 1)[0].upper())
    if catalog_name == "cics" and out:
        out |= {"DEFINE", "ALTER"}  # a DEFINE is catalogued by the resource it defines
    options = cat.extra.get("start_options")
    if isinstance(options, dict):
        out |= {
            str(k).upper() for k, v in options.items() if isinstance(v, dict) and v.get("since")
        }
    return frozenset(out)


def _ncp_evidence(topo: Topology, path: str) -> Iterable[Evidence]:
    """What an NCP deck states of its release: BUILD VERSION (the release itself), and the
    operands the catalog's `release_evidence` gives a lowest release for (NEWDEFN=YES)."""
    ncp = next((e for e in topo.of("ncp") if e.path == path), None)
    if ncp is None:
        return
    version = ncp.get("version")
    if version.value is not None and (lv := ncp_level(str(version.value))) is not None:
        line = version.span.line if version.span else ncp.span.line
        yield Evidence(lv, str(version.value), "BUILD VERSION", path, line, "deck")
    newdefn = ncp.get("newdefn")
    floor = ncp_release_facts().get("NEWDEFN")
    if newdefn.value is not None and "YES" in str(newdefn.value) and floor is not None:
        line = newdefn.span.line if newdefn.span else ncp.span.line
        why = _ncp_evidence_note("NEWDEFN")
        yield Evidence(floor, f"V{floor[0]}R{floor[1]}", "NEWDEFN", path, line, "since", why)


@functools.cache
def ncp_release_facts() -> dict[str, tuple[int, int]]:
    """The first release each of the NCP catalog's `release_facts` holds for, and the lowest
    release each `release_evidence` tells (grammars/catalogs/ncp.yaml)."""
    from decklint.knowledge.catalog import catalog

    cat = catalog("ncp")
    extra = cat.extra if cat is not None else {}
    out: dict[str, tuple[int, int]] = {}
    for key, body in (extra.get("release_facts") or {}).items():
        if (lv := ncp_level(str(body.get("from", "")))) is not None:
            out[key] = lv
    for key, body in (extra.get("release_evidence") or {}).items():
        if (lv := ncp_level(str(body.get("at_least", "")))) is not None:
            out[key] = lv
    return out


def _ncp_evidence_note(key: str) -> str:
    from decklint.knowledge.catalog import catalog

    cat = catalog("ncp")
    body = ((cat.extra if cat is not None else {}).get("release_evidence") or {}).get(key) or {}
    if str(body.get("confidence", "")) != "low":
        return ""
    return str(body.get("note") or "not confirmed in a manual")


# --------------------------------------------------------------------------- defaults


class Choice(NamedTuple):
    """What a setting no deck codes is on a node: each value it may be for the releases the
    node may run, with the releases it holds for ('before z/OS V2R1'; '' where it never
    changed). A value None is not known for those releases."""

    options: tuple[tuple[Any, str], ...]
    release: Release

    @property
    def value(self) -> Any:
        """The one value the release decides, else None."""
        return self.options[0][0] if len(self.options) == 1 else None

    @property
    def decided(self) -> bool:
        return len(self.options) == 1 and self.options[0][0] is not None

    def values(self) -> list[Any]:
        """The known values it may be."""
        return [v for v, _ in self.options if v is not None]

    def said(self) -> str:
        """'16384 before z/OS V2R1, 65536 from z/OS V2R1'; a value not known between two
        known ones is said so once."""
        parts = [f"{v} {when}".strip() for v, when in self.options if v is not None]
        gaps = [when for v, when in self.options if v is None]
        if not gaps:
            return ", ".join(parts)
        if self.options[-1][0] is None:
            return ", ".join([*parts, f"not known {self.options[-1][1]}".strip()])
        return ", ".join(parts) + " (not known in between)"


def choice(
    op: OperandEntry | None, rel: Release, convert: Callable[[Any], Any] = lambda v: v
) -> Choice:
    """The default of an operand on a node of release `rel`: the catalog's `default`, or
    the values of its `default_by_release` the release may take."""
    if op is None:
        return Choice(((None, ""),), rel)
    runs = _runs(op, rel)
    if not runs:
        if op.default_by_release:  # written for another product's releases
            return Choice(((None, ""),), rel)
        return Choice(((None if op.default is None else convert(op.default), ""),), rel)
    out: list[tuple[Any, str]] = []
    for i, (lv, _key, value) in enumerate(runs):
        start = None if i == 0 else lv  # the first value holds before its release too
        end = runs[i + 1][0] if i + 1 < len(runs) else None
        if _overlaps(start, end, rel):
            out.append((None if value is None else convert(value), _when(i, runs)))
    if len(out) == 1:
        return Choice(((out[0][0], ""),), rel)
    return Choice(tuple(out), rel)


def _runs(op: OperandEntry, rel: Release) -> list[tuple[Level, str, Any]]:
    """The entry's releases that the node's product numbers, in order, a release whose
    value is the one before it left out."""
    out: list[tuple[Level, str, Any]] = []
    for lv, key, value in _keyed(op, rel):
        if not out or out[-1][2] != value:
            out.append((lv, key, value))
    return out


def _keyed(op: OperandEntry, rel: Release) -> list[tuple[Level, str, Any]]:
    """The entry's releases that the node's product numbers, in order."""
    fam = FAMILIES.get(rel.family)
    if fam is None:
        return []
    out = []
    for key, value in op.default_by_release.items():
        if family_of(key, rel.family) != rel.family:
            continue
        lv = fam.level(key)
        if lv is not None:
            out.append((lv, key, value))
    return sorted(out, key=lambda t: t[0])


def _overlaps(start: Level | None, end: Level | None, rel: Release) -> bool:
    """Whether [start, end) meets the releases the node may run, [low, high]."""
    if end is not None and rel.low is not None and rel.low >= end:
        return False
    return not (start is not None and rel.high is not None and rel.high < start)


def _when(i: int, keyed: list[tuple[Level, str, Any]]) -> str:
    if i == 0:
        return f"before {keyed[1][1]}" if len(keyed) > 1 else ""
    return f"from {keyed[i][1]}"
