"""The site: which node every linted file belongs to.

A node is a system that owns definitions: a VTAM host (the VTAMLST and CICS files of one
folder, named by the SSCPNAME of its start list), an NCP (its NEWNAME), a workstation (the CP
name its definitions give), a TCP/IP stack (and the TCPIP.DATA, FTP.DATA, IVTPRM00, BPXPRMxx
and CICS Sockets files beside its profile), a NonStop system (its folder). The configuration's
`topology: nodes: NAME: files: [globs]` overrides the inference, and nodes it declares
without files (a Windows client, a Multiprise adapter) are nodes too.
"""

from __future__ import annotations

import fnmatch
from collections import defaultdict
from pathlib import PurePath

from decklint.model.entities import Attr, Entity
from decklint.model.lowering import default
from decklint.model.topology import Topology
from decklint.source import Span

# Dialects whose files belong to the host or z/OS system of their folder.
_HOST = ("vtam", "cics")
_ZOS_SIDE = ("tcpdata", "ivtprm", "bpxprm", "ezacicd")
_PRODUCT = {
    "vtam": "VTAM",
    "cics": "CICS",
    "ncp": "NCP",
    "cm2": "CM/2",
    "nsdos": "NS/DOS",
    "aix": "AIX",
    "as400": "AS/400",
    "tcpip": "TCP/IP",
    "tcpdata": "TCP/IP",
    "ivtprm": "CSM",
    "bpxprm": "z/OS UNIX",
    "ezacicd": "CICS Sockets",
    "scf": "NonStop",
    "tsm": "ADSM",
    "adapter": "Multiprise LAN adapter",
    # products the configuration declares for nodes without files
    "zos": "z/OS",
    "mvs": "MVS",
    "vm": "VM",
    "nonstop": "NonStop",
    "windows": "Windows",
    "linux": "Linux",
    "unix": "UNIX",
}
# The product a node is drawn as, when several dialects make it.
_RANK = ("ncp", "tcpip", "vtam", "scf", "cm2", "nsdos", "aix", "as400", "cics", "tsm")


def _strip(key: str) -> str:
    return key.split(":", 1)[1] if ":" in key else key


def assign(topo: Topology) -> dict[str, str]:
    """File path -> node name, for every linted file."""
    sscp: dict[str, str] = {}
    for e in topo.of("vtam_start"):
        if e.value("sscpname"):
            sscp.setdefault(_folder(e.path), str(e.value("sscpname")))
    stacks: dict[str, str] = {}
    for e in topo.of("tcpip_stack"):
        stacks.setdefault(_folder(e.path), e.name)
    nsdos_names: dict[str, str] = {}
    for e in topo.of("nsdos_link") + topo.of("nsdos_frame"):
        if not e.node.endswith(":" + _folder_name(e.path)):
            nsdos_names.setdefault(_folder(e.path), _strip(e.node))
    globs = topo.settings.node_files
    out: dict[str, str] = {}
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
        folder = _folder(path)
        if dialect in _HOST:
            out[path] = sscp.get(folder) or _folder_name(path)
        elif dialect in _ZOS_SIDE:
            out[path] = stacks.get(folder) or _folder_name(path)
        elif dialect in ("scf", "tsm"):
            out[path] = _folder_name(path)
        elif dialect == "nsdos":
            out[path] = nsdos_names.get(folder) or _folder_name(path)
        elif dialect in ("aix", "as400"):
            out[path] = PurePath(path).name.split(".")[0].upper()
        else:  # the node its definitions name (an NCP's NEWNAME, a workstation's CP name)
            node_keys = sorted({e.node for e in topo.entities_of(path)})
            out[path] = _strip(node_keys[0]) if node_keys else _folder_name(path)
    return out


def _folder(path: str) -> str:
    return str(PurePath(path).parent)


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
    for name in sorted(set(paths) | set(declared)):
        dialects = sorted({topo.dialects[p] for p in paths.get(name, [])})
        d = declared.get(name)
        main = next((x for x in _RANK if x in dialects), dialects[0] if dialects else "")
        said = str(d.value("product")) if d is not None else "declared"
        if said == "unknown" and d is not None and d.value("adapter"):
            said = "adapter"
        product = _PRODUCT.get(main, main) or _PRODUCT.get(said, said)
        anchor = first_entity.get(name) or d
        attrs = {
            "name": Attr(name),
            "product": default(product),
            "family": default(main or said),
            "products": default(tuple(dict.fromkeys(_PRODUCT.get(x, x) for x in dialects))),
            "files": default(len(paths.get(name, []))),
            "paths": default(tuple(sorted(paths.get(name, [])))),
            "declared": default(d is not None),
        }
        path = anchor.path if anchor else "-"
        span = anchor.span if anchor else Span(1, 1, 1, 1)
        e = Entity("node", name, path, "site", span, name, attrs, "")
        topo.entities.append(e)
        topo._by_kind["node"].append(e)
    topo.site = dict(files)
