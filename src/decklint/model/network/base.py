"""What every kind of evidence builds links with: the `Linker` over the merged model, and the
registry the evidence modules of this package put themselves in (`evidence`).

A link is an entity of kind `link` (core/kinds.py) anchored at its first end (file, line,
column of what it was inferred from) with its second end's file, line and column among its
values, a kind, a status and what it was inferred from (`via`). Statuses, as Batfish's edges:

* matched: both ends found, and they agree;
* half-open: the peer is found but does not point back, or only part of the pair is;
* unknown-peer: the name or address points at nothing in the linted files where it should;
* external: the decks name the peer as a node outside them (another domain's CDRM, an
  adjacent control point, a stack a BPXPRMxx member names): drawn as an external node;
* ambiguous: several candidates;
* declared: from the configuration's `topology: links:`.

A kind of evidence both ends of a link state alike (a CDRM each host defines for the other, a
channel-to-channel link station at each end) is `symmetric`: where both nodes' decks state
it, the two links it infers are drawn as one (`Linker.once`), its second end the other
node's definition, and `ends` says that both state it.
"""

import re
from collections import defaultdict
from collections.abc import Callable
from typing import Any, NamedTuple

from decklint.core.entities import Attr, Entity, packed_attrs
from decklint.core.lowering import default
from decklint.core.source import Span
from decklint.model.topology import Topology


def mac(value: Any) -> str | None:
    """A MAC address as 12 upper-case hex digits (X'...' and a trailing SAP dropped)."""
    if value is None:
        return None
    text = str(value).upper().replace("X'", "").replace("'", "").replace(".", "")
    m = re.fullmatch(r"[0-9A-F]+", text)
    if not m:
        return None
    if len(text) < 12:
        text = text.rjust(12, "0")
    return text[:12]


def short(name: Any) -> str:
    """RTPNET.OS2CP -> OS2CP."""
    return str(name or "").upper().rsplit(".", 1)[-1]


class Evidence(NamedTuple):
    """One kind of evidence: the links it infers, in which order among the others (a module
    may read the links an earlier one made), what it is, for the documentation, and whether
    both ends state it alike (`symmetric`: one link where both nodes' decks state it)."""

    name: str
    order: int
    doc: str
    infer: "Callable[[Linker], None]"
    symmetric: bool = False


EVIDENCE: dict[str, Evidence] = {}


def evidence(
    name: str, order: int, doc: str, symmetric: bool = False
) -> "Callable[[Callable[[Linker], None]], Any]":
    """Register a module's `infer(linker)` as the evidence `name`."""

    def register(fn: Callable[[Linker], None]) -> Callable[[Linker], None]:
        EVIDENCE[name] = Evidence(name, order, doc, fn, symmetric)
        return fn

    return register


class Linker:
    """The merged model, the node of every file, and the links made so far."""

    def __init__(self, topo: Topology, site: dict[str, str]) -> None:
        self.topo = topo
        self.site = site
        self.nodes = {e.name for e in topo.of("node")}
        # external nodes the links name: name -> (product, where it is named)
        self.externals: dict[str, tuple[str, Entity]] = {}

    def node(self, e: Entity) -> str:
        if e.kind in ("node", "declared_node"):
            return e.name
        return self.site.get(e.path, e.node)

    def product(self, node: str) -> str:
        """The product a node is drawn as ('' for none)."""
        return str(self._products().get(node, ""))

    def _products(self) -> dict[str, str]:
        return self.topo.memo(  # type: ignore[no-any-return]
            "network.products", lambda: {n.name: n.value("product") for n in self.topo.of("node")}
        )

    def control_points(self) -> dict[str, Entity]:
        """CP name -> what defines it: a workstation's own definition, else a node of that
        name (an NS/DOS or AIX node named by its file or NODE statement)."""
        out = {e.name: e for e in self.topo.of("node") if e.value("files")}
        out.update({short(w.value("name") or w.name): w for w in self.topo.of("workstation")})
        return out

    def external(self, name: str, product: str, where: Entity) -> str:
        """A node the decks name but do not define (drawn as external); its name."""
        if name not in self.nodes:
            self.externals.setdefault(name, (product, where))
        return name

    def add(
        self,
        kind: str,
        name: str,
        a: Entity,
        a_attr: str,
        status: str,
        via: str,
        b: Entity | None = None,
        b_attr: str = "",
        b_node: str | None = None,
        end_b: str = "",
        extra: dict[str, Attr] | None = None,
        end_a: str = "",
    ) -> Entity:
        span_a = a.anchor(a_attr) if a_attr else a.span
        placed = b is not None and b.kind != "node"  # a node is no one definition
        b_span: Span | None = (b.anchor(b_attr) if b_attr else b.span) if placed and b else None
        node_a = self.node(a)
        node_b = b_node if b_node is not None else (self.node(b) if b is not None else "")
        defaults = {
            "kind": kind,
            "node_a": node_a,
            "node_b": node_b,
            "end_a": end_a or f"{a.kind} {a.name}",
            "end_b": end_b or (f"{b.kind} {b.name}" if b is not None else ""),
            "status": status,
            "via": via,
            "b_path": b.path if placed and b is not None else None,
            "b_line": b_span.line if b_span else None,
            "b_col": b_span.col if b_span else None,
            "frame": None,
            "ends": "one",
        }
        attrs = packed_attrs(name, defaults, extra or {})
        e = Entity("link", name, a.path, a.dialect, span_a, node_a, attrs)
        self.topo.entities.append(e)
        self.topo._by_kind["link"].append(e)
        return e

    def note(self, text: str) -> dict[str, Attr]:
        """The `note` value of a link: why its status is what it is."""
        return {"note": default(text)}

    def once(self, kinds: set[str]) -> None:
        """Draw once what both ends state: for each kind of `kinds`, a link from A to B and
        one from B to A (each found, matched or half-open) become one link, from the node
        first by name, its second end the other node's definition. Where both ends give a
        value they must agree on (`agree`: a transmission group's number), a difference
        makes the link half-open and says so."""
        by: dict[tuple[str, str, str], list[Entity]] = defaultdict(list)
        for e in self.topo.of("link"):
            kind, a, b = str(e.value("kind")), e.value("node_a"), e.value("node_b")
            if kind in kinds and b and a != b and e.value("status") in ("matched", "half-open"):
                by[(kind, a, b)].append(e)
        made: dict[int, Entity | None] = {}
        for (kind, a, b), forward in by.items():
            back = by.get((kind, b, a), [])
            if a > b or not back:
                continue
            for f, r in _pairs(forward, back):
                made[id(f)] = _joined(f, r)
                made[id(r)] = None
        if not made:
            return
        topo = self.topo
        topo.entities[:] = [
            x for e in topo.entities if (x := made.get(id(e), e) if e.kind == "link" else e)
        ]
        topo._by_kind["link"] = [x for e in topo._by_kind["link"] if (x := made.get(id(e), e))]


def _pairs(forward: list[Entity], back: list[Entity]) -> list[tuple[Entity, Entity]]:
    """The links of two nodes in both directions, paired: those whose `agree` values are the
    same first, then the rest in order."""
    left = list(back)
    out: list[tuple[Entity, Entity]] = []
    rest: list[Entity] = []
    for f in forward:
        r = next((x for x in left if x.value("agree") == f.value("agree")), None)
        if r is None:
            rest.append(f)
            continue
        left.remove(r)
        out.append((f, r))
    out.extend(zip(rest, left, strict=False))
    return out


def _joined(f: Entity, r: Entity) -> Entity:
    """One link of `f` (A to B) and `r` (B to A): A's end is f's, B's end r's first end."""
    attrs = dict(f.attrs)
    span = r.span
    a_via, b_via = str(f.value("via")), str(r.value("via"))
    notes = [str(n) for n in (f.value("note"), r.value("note")) if n]
    status = "matched"
    agree_a, agree_b = f.value("agree"), r.value("agree")
    if agree_a is not None and agree_b is not None and agree_a != agree_b:
        status = "half-open"
        what = str(f.value("agree_what") or "")
        notes = [
            f"{what} {agree_a} at {f.value('node_a')}, {agree_b} at {r.value('node_a')}".strip()
        ]
    attrs.update(
        {
            "status": default(status),
            "via": default(f"{a_via} at {f.value('node_a')}; {b_via} at {r.value('node_a')}"),
            "end_b": default(r.value("end_a")),
            "b_path": default(r.path),
            "b_line": default(span.line),
            "b_col": default(span.col),
            "note": default("; ".join(dict.fromkeys(notes))),
            "ends": default("both"),
            "agree_b": default(agree_b),
        }
    )
    return Entity("link", f.name, f.path, f.dialect, f.span, f.node, attrs)
