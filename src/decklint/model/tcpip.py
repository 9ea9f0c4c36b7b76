"""TCP/IP stacks: which profile files make one stack, its name, and its effective settings.

A stack is a profile that no linted file INCLUDEs, with the members it INCLUDEs (found among
the linted files by member name), in include order. The stack's settings are the coded ones
of its files (the including profile's last) and, for what no file codes, the catalog's default
for the node's release (`decklint.model.release`: declared, or told by what its decks use),
set by `settle` once the site's releases are known. Where the release does not decide a
default that changed between releases, the setting is None and its note names each value.

A stack is complete, and judged on what it leaves uncoded (the stack-wide "not coded"
findings, an undefined name as an error), when three things hold: a main profile is among
its files (one with a statement only the profile the stack reads first codes: TCPCONFIG,
PORT, AUTOLOG, INCLUDE, a VM pool ...), every INCLUDE found its member, and its files look
like a whole stack (one codes a stack-wide configuration statement: TCPCONFIG, UDPCONFIG,
IPCONFIG, GLOBALCONFIG, ASSORTEDPARMS; or attaches the stack to a network: DEVICE, LINK,
INTERFACE, HOME). A snippet (an AUTOLOG block from an installation guide, a PORT list) and a
member linted without its profile are not: what they leave out is coded elsewhere.

A profile whose files code Telnet blocks only (TELNETGLOBALS, TELNETPARMS, BEGINVTAM, and
INCLUDEs) is a TN3270E server's, which runs in its own address space: a `tcpip_telnet_server`,
a node of its own bound to the stack its TCPIPJOBNAME names, and no stack. The rules that judge
a stack's settings (its buffers, SOMAXCONN, the ports it reserves) never see it; the Telnet
rules judge its blocks (`decklint.model.views.telnet`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from pathlib import PurePath
from typing import Any

from decklint.core.entities import Attr, Entity
from decklint.core.lowering import default
from decklint.model.release import Choice, Release, choice, release_of
from decklint.model.release import vm_level as vm_level
from decklint.model.release import zos_level as zos_level
from decklint.model.topology import Topology

# Stack settings whose default is a catalog entry's (grammars/catalogs/tcpip.yaml), by release
# where it changed: field -> (statement, operand).
CATALOGUED: dict[str, tuple[str, str]] = {
    "tcpsendbfrsize": ("TCPCONFIG", "TCPSENDBFRSIZE"),
    "tcprcvbufrsize": ("TCPCONFIG", "TCPRCVBUFRSIZE"),
    "tcpmaxrcvbufrsize": ("TCPCONFIG", "TCPMAXRCVBUFRSIZE"),
    "udpsendbfrsize": ("UDPCONFIG", "UDPSENDBFRSIZE"),
    "udprcvbufrsize": ("UDPCONFIG", "UDPRCVBUFRSIZE"),
    "somaxconn": ("SOMAXCONN", "MAX_BACKLOG"),
    "finwait2time": ("TCPCONFIG", "FINWAIT2TIME"),
    "ecsalimit": ("GLOBALCONFIG", "ECSALIMIT"),
    "poollimit": ("GLOBALCONFIG", "POOLLIMIT"),
}
# Which word of a pair holds when a profile codes neither (the catalog says it in the word's
# meaning, "(default)", but has no field for it yet); the same in every release.
_WORD_DEFAULTS: dict[str, Any] = {
    "udpqueuelimit": True,
    "delayacks": "DELAYACKS",
    "pathmtudiscovery": False,
    "rfc1323": True,
}


def release_family(product: str) -> str:
    """The release family of a stack's product: z/OS, or VM's function levels."""
    return "vm" if product == "vm" else "zos"


def catalog_number(value: Any) -> Any:
    """A catalog default as the model holds it: '256K' as 262144, '0K' as 0."""
    if isinstance(value, str):
        m = re.fullmatch(r"([0-9]{1,12})([KM]?)", value.strip().upper())
        if m:
            return int(m.group(1)) * {"": 1, "K": 1024, "M": 1024 * 1024}[m.group(2)]
    return value


def stack_default(field: str, rel: Release) -> Choice:
    """What a stack setting no file codes is for the stack's release."""
    from decklint.knowledge.catalog import catalog

    statement, operand = CATALOGUED[field]
    cat = catalog("tcpip")
    op = cat.operand(statement, operand) if cat is not None else None
    return choice(op, rel, catalog_number)


def defaulted(c: Choice) -> Attr:
    """The Attr of a setting no file codes: its value where the release decides it (noted
    with the release, where one is known), else None with a note that names each value it
    may be, or says it is not known."""
    said = c.release.said
    if c.decided:
        return default(c.value, said)
    if len(c.options) == 1:
        return default(None, f"its default is not known for {said or 'the release'}")
    return default(None, f"{c.said()}; the release is {said or 'not known'}")


def resolve(topo: Topology) -> None:
    profiles = topo.of("tcpip_profile")
    if not profiles:
        return
    from decklint.dialects.tcpip.profile import stack_name  # a run with a profile only

    paths = [p.path for p in profiles]
    index: dict[str, list[str]] = defaultdict(list)
    words: dict[str, list[str]] = defaultdict(list)
    for p in paths:
        for key in member_keys(p):
            index[key].append(p)
        for key in _words(p):
            words[key].append(p)
    includes: dict[str, list[tuple[Entity, str | None]]] = defaultdict(list)
    included: set[str] = set()
    for inc in topo.of("tcpip_include"):
        src = inc.path
        found = [t for t in index.get(inc.name, []) if t != src]
        if not found:  # a member kept under a longer name: site-PROF2-notes holds PROF2
            found = [t for t in words.get(inc.name, []) if t != src]
        target = found[0] if len(found) == 1 else None
        includes[src].append((inc, target))
        if target is not None:
            included.add(target)
    roots = [p for p in paths if p not in included] or paths[:1]
    owner: dict[str, str] = {}
    members: dict[str, list[str]] = {}
    for root in roots:
        order: list[str] = []
        _walk(root, includes, order, owner, root)
        members[root] = order
    for p in paths:  # members of an include cycle no root reaches
        if p not in owner:
            members[p] = [p]
            owner[p] = p
    by_path = {p.path: p for p in profiles}
    unnamed = _one_stack_per_system(topo, members, owner, by_path)
    names = _names(members, unnamed)
    declared = {name: {k: v for k, v, _l in facts} for name, _p, facts in topo.settings.declared}
    moved = {p: names[owner[p]] for p in paths if names[owner[p]] != stack_name(p)}
    targets = {(inc.path, inc.span): t for f in includes.values() for inc, t in f}
    servers = {r for r, files in members.items() if all(by_path[f].value("telnet") for f in files)}
    readers = {p: "the Telnet server" if owner[p] in servers else "the stack" for p in paths}
    _rehome(topo, moved, targets, readers)
    for root, files in members.items():
        name = names[root]
        facts = declared.get(name, {})
        unresolved = [inc for f in files for inc, target in includes.get(f, []) if target is None]
        if root in servers:
            _telnet_server(topo, name, [by_path[f] for f in files], facts, unresolved)
        else:
            _stack(topo, name, [by_path[f] for f in files], facts, unresolved)


def member_keys(path: str) -> set[str]:
    """The names an INCLUDE may use for this file: its name, stem and last qualifier."""
    name = PurePath(path).name.upper()
    keys = {name, name.rsplit(".", 1)[0] if "." in name else name, name.rsplit(".", 1)[-1]}
    m = re.search(r"\(([^()]+)\)\Z", name)
    if m:
        keys.add(m.group(1))
    return keys


def _walk(
    path: str,
    includes: dict[str, list[tuple[Entity, str | None]]],
    order: list[str],
    owner: dict[str, str],
    root: str,
) -> None:
    if path in owner:
        return
    owner[path] = root
    for _inc, target in includes.get(path, []):
        if target is not None:
            _walk(target, includes, order, owner, root)
    order.append(path)  # included members first, the including profile last (it wins)


# The job name of a stack no deck names: TCPIP, the name TCPIP.DATA's TCPIPJOBNAME takes
# when not coded (IP Configuration Reference, TCPIPJOBNAME statement).
DEFAULT_JOB = "TCPIP"


def _words(path: str) -> set[str]:
    """The words of a file's name that may be a member's name (`site-PROF2-notes`: PROF2)."""
    name = PurePath(path).name.upper()
    return {
        w for w in re.split(r"[^A-Z0-9@#$]+", name) if re.fullmatch(r"[A-Z@#$][A-Z0-9@#$]{0,7}", w)
    }


def _one_stack_per_system(
    topo: Topology,
    members: dict[str, list[str]],
    owner: dict[str, str],
    by_path: dict[str, Entity],
) -> dict[str, str]:
    """Profile members no linted profile INCLUDEs, two or more in a system whose files hold no
    main profile (nor a file named as one, PROFILE.TCPIP): the OBEYFILE and INCLUDE members of
    the system's one stack, whose profile is not among them, unless two define one device or
    interface. They are one stack, named by the default job name (qualified by its system
    where several systems have one). Root -> that name."""
    from decklint.model.systems import system_key, system_name

    loose: dict[str, list[str]] = defaultdict(list)
    mains: set[str] = set()
    for root, files in members.items():
        profs = [by_path[f] for f in files]
        key = system_key(root, topo)
        if all(p.value("telnet") for p in profs):
            continue  # a TN3270E server's profile: no stack
        if any(p.value("main") or _profile_named(p.path) for p in profs):
            mains.add(key)
        else:
            loose[key].append(root)
    out: dict[str, str] = {}
    # two members or more (a lone one may as well be a sample: it keeps its file's name)
    systems = [
        k
        for k, roots in loose.items()
        if k not in mains and len(roots) > 1 and _one_stack(topo, roots, members)
    ]
    for key in systems:
        roots = sorted(loose[key])
        first = roots[0]
        for root in roots[1:]:
            for f in members.pop(root):
                owner[f] = first
                members[first].insert(-1, f)
        shown = {system_name(k, topo) for k in systems}
        out[first] = DEFAULT_JOB if len(shown) == 1 else f"{DEFAULT_JOB}/{system_name(key, topo)}"
    return out


def _profile_named(path: str) -> bool:
    """A file named as a stack's profile data set (PROFILE.TCPIP, TCPIP.PROFILE.TCPIP)."""
    from decklint.dialects.tcpip.profile import GENERIC

    name = PurePath(path).name.upper()
    return name in GENERIC or name.startswith("PROFILE.") or name.endswith(".PROFILE.TCPIP")


def _one_stack(topo: Topology, roots: list[str], members: dict[str, list[str]]) -> bool:
    """Whether members can be one stack's: no two define one device or interface (samples
    of one interface before and after a change are two stacks' files, not one)."""
    if len(roots) < 2:
        return True
    owner: dict[tuple[str, str], str] = {}
    files = {f: root for root in roots for f in members[root]}
    for d in topo.symbols.definitions:
        root = files.get(d.path)
        if root is None or d.kind not in ("tcpip_link", "tcpip_device"):
            continue
        if owner.setdefault((d.kind, d.name.upper()), root) != root:
            return False
    return True


def _names(members: dict[str, list[str]], given: dict[str, str]) -> dict[str, str]:
    from decklint.dialects.tcpip.profile import stack_name

    out = {root: given.get(root) or stack_name(root) for root in members}
    seen: dict[str, int] = defaultdict(int)
    for root, name in sorted(out.items()):
        seen[name] += 1
        if seen[name] > 1:
            out[root] = f"{name}/{PurePath(root).name.upper()}"
    return out


def _rehome(
    topo: Topology,
    moved: dict[str, str],
    targets: dict[tuple[str, Any], str | None],
    readers: dict[str, str],
) -> None:
    """Move the elements and symbols of the files whose stack is not the one they make on
    their own (`moved`: path -> stack; members an INCLUDE found, a name two stacks share) and
    give each INCLUDE the file it found (`target`, None when no linted file is the member) and
    who reads it (`readers`: path -> the stack, or the Telnet server). Every other element
    keeps the node and scope its lowering gave it."""
    built: dict[int, Entity] = {}
    ents = topo.entities
    touched = set(moved) | {inc.path for inc in topo.of("tcpip_include")}
    for path in sorted(touched):
        for start, end in topo._ranges.get(path, ()):
            for i in range(start, end):
                e = ents[i]
                stack = moved.get(path)
                if stack is None and e.kind != "tcpip_include":
                    continue
                attrs: Mapping[str, Attr] = e.attrs
                if e.kind == "tcpip_include":
                    attrs = {
                        **attrs,
                        "target": default(targets.get((e.path, e.span))),
                        "reader": default(readers.get(e.path, "the stack")),
                    }
                node, scope = (e.node, e.scope) if stack is None else (f"tcpip:{stack}", stack)
                new = Entity(e.kind, e.name, e.path, e.dialect, e.span, node, attrs, scope)
                ents[i] = built[id(e)] = new
    for kind in {e.kind for e in built.values()}:
        topo._by_kind[kind] = [built.get(id(e), e) for e in topo._by_kind[kind]]
    if moved:
        topo.symbols.move_files(moved)


def _stack(
    topo: Topology,
    name: str,
    profiles: list[Entity],
    facts: dict[str, Any],
    unresolved: list[Entity],
) -> None:
    coded: dict[str, Attr] = {}
    product = str(facts.get("product") or "")
    for prof in profiles:
        for k, a in prof.attrs.items():
            if k == "product":
                product = product or str(a.value or "")
            elif k not in ("name", "main", "whole", "telnet"):
                coded[k] = a
    product = product or "zos"
    release = str(facts["release"]) if "release" in facts else None
    attrs: dict[str, Attr] = {
        "name": Attr(name),
        "product": default(product),
        "release": default(release),  # the node's release, once `settle` knows it
        "files": default(len(profiles)),
        # complete: every INCLUDE found, a main profile among the files and a whole stack
        # among them (see the module's docstring)
        "complete": default(
            not unresolved
            and any(p.value("main") for p in profiles)
            and any(p.value("whole") for p in profiles)
        ),
        "main": default(any(p.value("main") for p in profiles)),
        "unresolved_includes": default(tuple(u.name for u in unresolved)),
    }
    for key in CATALOGUED:  # the default is the release's: `settle`
        attrs[key] = coded.get(key) or default(None, "the release is not yet known")
    for key, value in _WORD_DEFAULTS.items():
        attrs[key] = coded.get(key) or default(value)
    for key in ("gateway", "beginroutes"):
        attrs[key] = coded.get(key) or default(False)
    for k, a in coded.items():
        attrs.setdefault(k, a)
    root = profiles[-1]
    e = Entity("tcpip_stack", name, root.path, "tcpip", root.span, f"tcpip:{name}", attrs, name)
    topo.entities.append(e)
    topo._by_kind[e.kind].append(e)


def _telnet_server(
    topo: Topology,
    name: str,
    profiles: list[Entity],
    facts: dict[str, Any],
    unresolved: list[Entity],
) -> None:
    """A TN3270E server: its own node, named like a stack after its profile, bound to the
    stack its TELNETGLOBALS TCPIPJOBNAME names. Without one the server listens on the only
    stack, or with CINET on every stack (IP Configuration Guide, "Associating Telnet with one
    TCP/IP stack"): which one, no deck says."""
    files = {p.path for p in profiles}
    blocks = [e for e in topo.of("telnet_params") if e.path in files]
    blocks.sort(key=lambda b: b.value("block") != "TELNETGLOBALS")
    stack = next((b.get("tcpipjobname") for b in blocks if b.get("tcpipjobname").coded), None)
    attrs: dict[str, Attr] = {
        "name": Attr(name),
        "product": default(str(facts.get("product") or "zos")),
        "release": default(str(facts["release"]) if "release" in facts else None),
        "files": default(len(profiles)),
        "stack": stack or default(None, "TCPIPJOBNAME not coded"),
        "unresolved_includes": default(tuple(u.name for u in unresolved)),
    }
    root = profiles[-1]
    e = Entity(
        "tcpip_telnet_server", name, root.path, "tcpip", root.span, f"tcpip:{name}", attrs, name
    )
    topo.entities.append(e)
    topo._by_kind[e.kind].append(e)


def settle(topo: Topology) -> None:
    """Give each stack the defaults of its node's release, and each stack and TN3270E server
    the release itself (said as a user reads it), once the site's releases are known."""
    for kind in ("tcpip_stack", "tcpip_telnet_server"):
        built = {}
        for e in topo.of(kind):
            product = str(e.value("product") or "zos")
            rel = release_of(topo, e.name, release_family(product))
            attrs = dict(e.attrs)
            attrs["release"] = default(rel.said or None)
            if kind == "tcpip_stack":
                for key in CATALOGUED:
                    if not e.coded(key):
                        attrs[key] = defaulted(stack_default(key, rel))
            built[id(e)] = Entity(kind, e.name, e.path, e.dialect, e.span, e.node, attrs, e.scope)
        if built:
            topo.entities[:] = [built.get(id(x), x) for x in topo.entities]
            topo._by_kind[kind] = [built.get(id(x), x) for x in topo._by_kind[kind]]
