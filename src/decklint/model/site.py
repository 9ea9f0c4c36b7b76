"""The site: which node every linted file belongs to.

A node is one product instance that owns definitions (a VTAM, an NCP, a TCP/IP stack, a
TN3270E server, z/OS UNIX, a CICS region, a workstation, a NonStop system); the system it
runs in (a z/OS, MVS or VM image) groups nodes and is no node (`decklint.model.systems`;
`decklint.model.regions` says which files make a CICS region). Each dialect's
registry entry says how its files find their node (`NodeRule`) and which product it is drawn
as. The configuration's `topology: nodes: NAME: files: [globs]` overrides the inference, and
nodes it declares without files (a Windows client, a Multiprise adapter) are nodes too. After
the links, a peer they name that no deck defines becomes an external node, and an NCP is
drawn in the system of the VTAM that owns it.
"""

from __future__ import annotations

import fnmatch
from collections import defaultdict
from pathlib import PurePath

from decklint import dialects
from decklint.core.entities import Attr, Entity
from decklint.core.lowering import default
from decklint.core.source import Span
from decklint.dialects.base import NodeRule
from decklint.model import regions, systems
from decklint.model.release import Release
from decklint.model.topology import Topology

# Products the configuration declares for nodes without files (a dialect's product is in
# the dialect registry).
_DECLARED = {
    "adapter": "Multiprise LAN adapter",
    "zos": "z/OS",
    "mvs": "MVS",
    "vm": "VM",
    "nonstop": "NonStop",
    "windows": "Windows",
    "linux": "Linux",
    "unix": "UNIX",
}


# What a node made of a TN3270E server's profile only is drawn as (`tcpip_telnet_server`).
TELNET_SERVER = "TN3270E server"


def _product(name: str) -> str:
    """The product a dialect's or a declared product's name stands for."""
    known = dialects.REGISTRY.get(name)
    return known.product if known is not None else _DECLARED.get(name, name)


def _drawn_as(names: list[str]) -> str:
    """Which of the dialects that make a node it is drawn as: the lowest ranked, else the
    first by name."""
    ranked = [(r, n) for n in names if (r := _rank(n)) is not None]
    return min(ranked)[1] if ranked else (names[0] if names else "")


def _rank(name: str) -> int | None:
    known = dialects.REGISTRY.get(name)
    return known.rank if known is not None else None


def _strip(key: str) -> str:
    return key.split(":", 1)[1] if ":" in key else key


def assign(topo: Topology) -> dict[str, str]:
    """File path -> node name, for every linted file, by each dialect's `NodeRule`."""
    anchors: dict[tuple[tuple[str, ...], str], dict[str, str]] = {}
    globs = topo.settings.node_files
    out: dict[str, str] = {}
    later: dict[str, list[tuple[str, NodeRule]]] = defaultdict(list)  # by -> files
    for path, dialect in sorted(topo.dialects.items()):
        if dialect == "config":
            continue
        named = next(
            (
                name
                for name, patterns in globs
                for g in patterns
                if fnmatch.fnmatch(path, g) or fnmatch.fnmatch(PurePath(path).name, g)
            ),
            None,
        )
        if named is not None:
            out[path] = named
            continue
        known = dialects.REGISTRY.get(dialect)
        rule = known.node if known is not None else NodeRule("named")
        if rule.by in ("vtam", "system", "region"):
            later[rule.by].append((path, rule))
        elif rule.by == "anchor":
            key = (rule.kinds, rule.field)
            if key not in anchors:
                anchors[key] = _anchors(topo, rule)
            system = systems.system_key(path, topo)
            out[path] = (
                anchors[key].get(system) or systems.system_name(system, topo) or _folder_name(path)
            )
        elif rule.by == "folder":
            out[path] = _folder_name(path)
        elif rule.by == "file":
            out[path] = PurePath(path).name.split(".")[0].upper()
        else:  # the node its definitions name (an NCP's NEWNAME, a workstation's CP name)
            node_keys = sorted({e.node for e in topo.entities_of(path)})
            out[path] = _strip(node_keys[0]) if node_keys else _folder_name(path)
    vtams, unnamed = systems.vtam_nodes(topo, [p for p, _r in later["vtam"]])
    taken = set(out.values())
    for path, name in vtams.items():  # a system's VTAM beside a node of that name
        out[path] = f"{name}/VTAM" if name in unnamed and name in taken else name
    _per_system(topo, later["system"], out)
    cics = [p for p, _r in later["region"]]
    out.update(regions.region_nodes(topo, cics, set(out.values())))
    return out


def _per_system(topo: Topology, files: list[tuple[str, NodeRule]], out: dict[str, str]) -> None:
    """One node of a product per system (z/OS UNIX: OMVS), qualified by the system where
    several systems have one."""
    by_name: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for path, rule in files:
        by_name[rule.field][systems.system_key(path, topo)].append(path)
    for name, by_system in by_name.items():
        # systems that show alike (two folders named PARMLIB) cannot be told apart: one node
        alike = len({systems.system_name(k, topo) for k in by_system}) == 1
        for key, paths in by_system.items():
            shown = name if alike else f"{name}/{systems.system_name(key, topo)}"
            out.update(dict.fromkeys(paths, shown))


def _anchors(topo: Topology, rule: NodeRule) -> dict[str, str]:
    """System (model/systems.py: the folder, unless the configuration says) -> the node the
    first entity of the rule's kinds in it gives."""
    out: dict[str, str] = {}
    for kind in rule.kinds:
        for e in topo.of(kind):
            if rule.when and not e.value(rule.when):
                continue
            if rule.field == "name":
                value: object = e.name
            elif rule.field == "node":
                value = "" if e.node.endswith(":" + _folder_name(e.path)) else _strip(e.node)
            else:
                value = e.value(rule.field)
            if value:
                out.setdefault(systems.system_key(e.path, topo), str(value))
    return out


def _folder_name(path: str) -> str:
    return (PurePath(path).parent.name or PurePath(path).stem).upper()


def build_nodes(topo: Topology, files: dict[str, str]) -> None:
    """The `node` entities: every node of a file, and every node the configuration declares."""
    paths: dict[str, list[str]] = defaultdict(list)
    for path, node in files.items():
        paths[node].append(path)
    declared = {e.name: e for e in topo.of("declared_node")}
    first_entity: dict[str, Entity] = {}
    for path, ents in topo.files():
        owner = files.get(path)
        if owner is not None and ents:
            first_entity.setdefault(owner, ents[0])
    for e in topo.entities[topo.merged :]:  # a TCP/IP stack, a declared node
        owner = files.get(e.path)
        if owner is not None:
            first_entity.setdefault(owner, e)
    servers = {e.name for e in topo.of("tcpip_telnet_server")}
    for name in sorted(set(paths) | set(declared)):
        made_by = sorted({topo.dialects[p] for p in paths.get(name, [])})
        d = declared.get(name)
        main = _drawn_as(made_by)
        said = str(d.value("product")) if d is not None else "declared"
        if said == "unknown" and d is not None and d.value("adapter"):
            said = "adapter"
        product = _product(main) or _product(said)
        products = tuple(dict.fromkeys(_product(x) for x in made_by))
        if name in servers and made_by == ["tcpip"]:
            product, products = TELNET_SERVER, (TELNET_SERVER,)
        anchor = first_entity.get(name) or d
        release, where = _release(topo, name, d)
        attrs = {
            "name": Attr(name),
            "product": default(product),
            "family": default(main or said),
            "products": default(products),
            "files": default(len(paths.get(name, []))),
            "paths": default(tuple(sorted(paths.get(name, [])))),
            "declared": default(d is not None),
            "release": default(release),
            "release_from": default(where),
            "system": default(_system_of(topo, paths.get(name, []))),
            "external": default(False),
        }
        path = anchor.path if anchor else "-"
        span = anchor.span if anchor else Span(1, 1, 1, 1)
        e = Entity("node", name, path, "site", span, name, attrs, "")
        topo.entities.append(e)
        topo._by_kind["node"].append(e)
    topo.site = dict(files)


def _said(r: Release) -> str:
    """A release, and the evidence against it where the decks use something later."""
    e = r.disputed
    if e is None:
        return r.said
    at = f" at {e.path} line {e.line}" if e.path else ""
    return f"{r.said}, but the decks use {e.what}{at}, which exists from {e.release}"


def _release(topo: Topology, name: str, d: Entity | None) -> tuple[str | None, str | None]:
    """A node's release as a user reads it ('z/OS V1R10 or later (INTERFACE ... DEFINE
    IPAQENET)', one per product where several are known) and where the deciding evidence
    is; a declared release no product reads is shown as declared."""
    from decklint.model.release import releases

    rels = [r for r in releases(topo).get(name, {}).values() if r.said]
    if rels:
        where = "; ".join(r.where for r in rels if r.where) or None
        return "; ".join(_said(r) for r in rels), where
    declared = d.value("release") if d is not None else None
    return (f"{declared} (declared)", None) if declared else (None, None)


def _system_of(topo: Topology, paths: list[str]) -> str:
    """The system most of a node's files sit in, as shown ('' for a node without files)."""
    names = [systems.system_name(systems.system_key(p, topo), topo) for p in sorted(paths)]
    return max(dict.fromkeys(names), key=names.count) if names else ""


def owned_systems(topo: Topology) -> None:
    """An NCP is drawn in the system of the VTAM that owns it (its ownership links)."""
    owner: dict[str, str] = {}
    for lk in topo.of("link"):
        if lk.value("kind") in ("channel", "owner") and lk.value("status") == "matched":
            owner.setdefault(str(lk.value("node_a")), str(lk.value("node_b")))
    if not owner:
        return
    nodes = {n.name: n for n in topo.of("node")}
    built = {}
    for name, vtam in owner.items():
        n, v = nodes.get(name), nodes.get(vtam)
        if n is None or v is None or n.value("system") == v.value("system"):
            continue
        attrs = dict(n.attrs)
        attrs["system"] = default(v.value("system"))
        built[id(n)] = Entity("node", n.name, n.path, n.dialect, n.span, n.node, attrs, n.scope)
    if built:
        topo.entities[:] = [built.get(id(e), e) for e in topo.entities]
        topo._by_kind["node"] = [built.get(id(e), e) for e in topo._by_kind["node"]]


def external_nodes(topo: Topology, externals: dict[str, tuple[str, Entity]]) -> None:
    """A node for each peer the links name but no linted deck defines (another domain's
    CDRM, a stack a BPXPRMxx member names), drawn as external: where it is named first."""
    for name, (product, where) in sorted(externals.items()):
        attrs = {
            "name": Attr(name),
            "product": default(product),
            "family": default(""),
            "products": default((product,)),
            "files": default(0),
            "paths": default(()),
            "declared": default(False),
            "release": default(None),
            "release_from": default(None),
            "system": default(""),
            "external": default(True),
        }
        e = Entity("node", name, where.path, "site", where.span, name, attrs, "")
        topo.entities.append(e)
        topo._by_kind["node"].append(e)
