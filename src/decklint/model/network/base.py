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
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from decklint.core.entities import Attr, Entity, packed_attrs
from decklint.core.lowering import default
from decklint.core.source import Span
from decklint.model.topology import Topology

_HEX = re.compile(r"[0-9A-F]+")


def mac(value: Any) -> str | None:
    """A MAC address as 12 upper-case hex digits (X'...' and a trailing SAP dropped)."""
    if value is None:
        return None
    text = str(value).upper().replace("X'", "").replace("'", "").replace(".", "")
    m = _HEX.fullmatch(text)
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
    may read the links an earlier one made), and what it is, for the documentation."""

    name: str
    order: int
    doc: str
    infer: Callable[[Linker], None]


EVIDENCE: dict[str, Evidence] = {}


def evidence(name: str, order: int, doc: str) -> Callable[[Callable[[Linker], None]], Any]:
    """Register a module's `infer(linker)` as the evidence `name`."""

    def register(fn: Callable[[Linker], None]) -> Callable[[Linker], None]:
        EVIDENCE[name] = Evidence(name, order, doc, fn)
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
        }
        attrs = packed_attrs(name, defaults, extra or {})
        e = Entity("link", name, a.path, a.dialect, span_a, node_a, attrs)
        self.topo.entities.append(e)
        self.topo._by_kind["link"].append(e)
        return e

    def note(self, text: str) -> dict[str, Attr]:
        """The `note` value of a link: why its status is what it is."""
        return {"note": default(text)}
