"""`decklint topology`: the site's nodes and links as JSON, Graphviz DOT, Mermaid or one
self-contained HTML page (an SVG picture, the findings per node, links to each deck line).

Everything is computed from `export()`, whose JSON form is the stable schema
(`schema_version` 1): nodes with their product, files, release (`decklint.model.release`:
declared or told by the decks, and where), key values and findings; links with
their kind, status, both ends (node, what, file, line, column), values and findings.
"""

from __future__ import annotations

import functools
import html
import json
import os
import urllib.parse
from collections import defaultdict
from typing import Any

from decklint.model.topology import Topology
from decklint.report import layout
from decklint.report.safe import printable

SCHEMA_VERSION = 1
_SEVERITY_ORDER = ("error", "warning", "info")

_STYLE = {
    "matched": ("solid", "#2b6cb0"),
    "declared": ("solid", "#4a5568"),
    "half-open": ("dashed", "#b7791f"),
    "unknown-peer": ("dotted", "#c53030"),
    "external": ("dotted", "#718096"),
    "ambiguous": ("bold", "#c05621"),
}
_FILL = {"error": "#fed7d7", "warning": "#feebc8", "info": "#e2e8f0", "": "#ffffff"}
_STROKE = {"error": "#c53030", "warning": "#c05621", "info": "#4a5568", "": "#2d3748"}


@functools.cache
def _drawn() -> tuple[tuple[str, str, str], ...]:
    """The key values a node shows, as its kinds declare them (`KindSpec.drawn`):
    (kind, field, label), in their kinds' `drawn_order`."""
    from decklint.dialects.kinds import kinds

    drawn = sorted((k for k in kinds().values() if k.drawn), key=lambda k: k.drawn_order)
    return tuple((k.kind, field, label) for k in drawn for field, label in k.drawn)


def _esc(text: str, quote: bool = True) -> str:
    """HTML text with its control characters shown, not passed on."""
    return html.escape(printable(text), quote)


def _worst(counts: dict[str, int]) -> str:
    return next((s for s in _SEVERITY_ORDER if counts.get(s)), "")


def _values(topo: Topology, paths: set[str], name: str) -> dict[str, Any]:
    """The key values of a node, `label: value` (several entities: `a, b`)."""
    got: dict[str, list[str]] = defaultdict(list)
    for kind, field, label in _drawn():
        for e in topo.of(kind):
            if e.path in paths or (e.dialect == "config" and e.name == name):
                v = e.value(field)
                if v is not None and str(v) not in got[label]:
                    got[label].append(str(v))
    modes = sorted({m.name for m in topo.of("mode") if m.path in paths})
    if modes:
        got["modes"] = modes[:6] + (["..."] if len(modes) > 6 else [])
    return {k: ", ".join(v) for k, v in got.items() if v}


def export(
    topo: Topology, findings: list[Any], link_codes: set[str] | None = None
) -> dict[str, Any]:
    """The stable JSON form of the site. A link shows the findings at either of its ends
    whose rule judges links (`link_codes`: the rules in the manifests' group `link`)."""
    site = topo.site
    by_node: dict[str, list[Any]] = defaultdict(list)
    by_place: dict[tuple[str, int], list[Any]] = defaultdict(list)
    declared_paths = {e.path: e for e in topo.of("declared_node")}
    at = _Placer(topo)
    for f in findings:
        node = site.get(f.path) or site.get(at.deck(f.path, f.span.line) or "")
        if node is None and f.path in declared_paths:
            node = _declared_owner(topo, f)
        if node is not None:
            by_node[node].append(f)
        by_place[(f.path, f.span.line)].append(f)
    nodes = []
    for n in sorted(topo.of("node"), key=lambda e: e.name):
        fs = sorted(by_node.get(n.name, []), key=lambda f: f.sort_key())
        counts = {s: sum(1 for f in fs if f.severity.label == s) for s in _SEVERITY_ORDER}
        nodes.append(
            {
                "name": n.name,
                "product": n.value("product"),
                "products": list(n.value("products") or ()),
                "files": list(dict.fromkeys(at.file(p) for p in n.value("paths") or ())),
                "declared": bool(n.value("declared")),
                "release": n.value("release"),
                "release_from": n.value("release_from"),
                "values": _values(topo, set(n.value("paths") or ()), n.name),
                "system": n.value("system") or "",
                "external": bool(n.value("external")),
                "outline": [at.group(g) for g in _outline(topo, n.value("paths") or ())],
                "findings": counts,
                "finding_list": [_finding(f) for f in fs],
            }
        )
    links = []
    for lk in sorted(topo.of("link"), key=lambda e: (e.value("kind"), e.name)):
        a_path, a_line, a_col = at.place(lk.path, lk.span.line, lk.span.col)
        b_path, b_line, b_col = at.place(lk.value("b_path"), lk.value("b_line"), lk.value("b_col"))
        at_a = by_place.get((a_path, a_line), [])
        at_b = by_place.get((b_path, b_line), []) if b_path else []
        codes = sorted(
            {f.code for f in (*at_a, *at_b) if link_codes is None or f.code in link_codes}
        )
        values = {
            k: lk.value(k)
            for k in ("frame", "mtu", "tcp_window", "send_window", "receive_window")
            if lk.value(k) is not None
        }
        links.append(
            {
                "name": lk.name,
                "kind": lk.value("kind"),
                "status": lk.value("status"),
                "via": lk.value("via"),
                "note": lk.value("note") or "",
                "ends": lk.value("ends") or "one",
                "a": {
                    "node": lk.value("node_a"),
                    "end": lk.value("end_a"),
                    "path": a_path,
                    "line": a_line,
                    "col": a_col,
                },
                "b": {
                    "node": lk.value("node_b") or None,
                    "end": lk.value("end_b"),
                    "path": b_path,
                    "line": b_line,
                    "col": b_col,
                },
                "values": values,
                "findings": codes,
            }
        )
    return {"schema_version": SCHEMA_VERSION, "nodes": nodes, "links": links}


class _Placer:
    """Where an output shows a place in a deck cut out of a file (a job's member): in that
    file, as the findings are (`Topology.placed`)."""

    def __init__(self, topo: Topology) -> None:
        self.placed = topo.placed
        self.by_file: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
        for deck, (container, first, _col, count) in self.placed.items():
            self.by_file[container].append((first, first + count - 1, deck))

    def file(self, path: str) -> str:
        got = self.placed.get(path)
        return got[0] if got else path

    def place(self, path: Any, line: Any, col: Any) -> tuple[Any, Any, Any]:
        got = self.placed.get(path) if path else None
        if got is None or not isinstance(line, int):
            return path, line, col
        container, first, off, _count = got
        return container, line + first - 1, (col + off) if isinstance(col, int) else col

    def group(self, g: dict[str, Any]) -> dict[str, Any]:
        """An outline group placed where outputs show it."""
        path, line, _col = self.place(g["path"], g["line"], 1)
        return {**g, "path": path, "line": line}

    def deck(self, path: str, line: int) -> str | None:
        """The deck of a file's line, where the file holds cut-out decks."""
        for first, last, deck in self.by_file.get(path, ()):
            if first <= line <= last:
                return deck
        return None


def _outline(topo: Topology, paths: tuple[str, ...]) -> list[dict[str, Any]]:
    """What a node holds, folded for reading: an NCP's lines with the PUs (and subarea link
    stations) under each; a VTAM's major nodes (its decks) with their PUs."""
    wanted = set(paths)
    if not wanted:
        return []
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for ln in topo.of("line"):
        if ln.path in wanted:
            out[(ln.path, ln.name)] = {
                "name": f"LINE {ln.name}",
                "path": ln.path,
                "line": ln.span.line,
                "pus": [],
            }
    for kind in ("pu", "subarea_station"):
        for e in topo.of(kind):
            if e.path not in wanted or (kind == "subarea_station" and e.value("statement") == "PU"):
                continue
            key = (e.path, str(e.value("line") or ""))
            if key not in out:
                key = (e.path, "")
                out.setdefault(
                    key,
                    {
                        "name": f"member {os.path.basename(e.path)}",
                        "path": e.path,
                        "line": 1,
                        "pus": [],
                    },
                )
            out[key]["pus"].append(e.name)
    return [g for _k, g in sorted(out.items()) if g["pus"] or g["name"].startswith("LINE")]


def _declared_owner(topo: Topology, f: Any) -> str | None:
    for e in topo.of("declared_node"):
        if e.path == f.path and any(
            a.span is not None and a.span.line == f.span.line for a in e.attrs.values()
        ):
            return e.name
    return None


def _finding(f: Any) -> dict[str, Any]:
    return {
        "code": f.code,
        "severity": f.severity.label,
        "path": f.path,
        "line": f.span.line,
        "col": f.span.col,
        "message": f.message,
    }


def to_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


# ---------------------------------------------------------------------------------- DOT


def short_release(said: str) -> str:
    """'z/OS V1R10 or later' of 'z/OS V1R10 or later (INTERFACE ... DEFINE IPAQENET)': a
    drawing's label names the release, the node's section what tells it."""
    return "; ".join(part.split(" (", 1)[0] for part in said.split("; "))


def _label_lines(n: dict[str, Any]) -> list[str]:
    lines = [n["name"], n["product"] or ""]
    if n.get("release"):
        lines.append(short_release(n["release"]))
    lines += [f"{k} {v}" for k, v in list(n["values"].items())[:4]]
    worst = _worst(n["findings"])
    if worst:
        lines.append(
            ", ".join(f"{c} {s}" for s, c in n["findings"].items() if c)  # 2 error, 1 warning
        )
    return lines


def _link_label(lk: dict[str, Any]) -> str:
    parts = [lk["kind"] + (f" x{lk['count']}" if lk.get("count", 1) > 1 else "")]
    for k in ("frame", "mtu", "tcp_window"):
        if k in lk["values"]:
            parts.append(f"{k} {lk['values'][k]}")
    if lk["status"] not in ("matched", "declared"):
        parts.append(lk["status"])
    if lk["findings"]:
        parts.append(" ".join(lk["findings"]))
    return " ".join(parts)


def drawn(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The links to draw: one per pair of nodes, kind and status (`count` says how many),
    self-loops left out (they stay in the JSON and the tables)."""
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    for lk in data["links"]:
        a, b = lk["a"]["node"], lk["b"]["node"]
        if a == b:
            continue
        key = (a, b or lk["b"]["end"], lk["kind"], lk["status"])
        if key in out:
            out[key]["count"] += 1
            out[key]["findings"] = sorted({*out[key]["findings"], *lk["findings"]})
        else:
            out[key] = {**lk, "count": 1}
    return list(out.values())


def _dot_id(name: str) -> str:
    return '"' + printable(name).replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(data: dict[str, Any]) -> str:
    out = [
        "graph site {",
        "  rankdir=LR;",
        '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
        '  edge [fontname="Helvetica", fontsize=9];',
    ]
    for n in data["nodes"]:
        worst = _worst(n["findings"])
        label = "\\n".join(printable(s).replace('"', "'") for s in _label_lines(n))
        out.append(
            f'  {_dot_id(n["name"])} [label="{label}", fillcolor="{_FILL[worst]}", '
            f'color="{_STROKE[worst]}"{", penwidth=2" if worst in ("error", "warning") else ""}];'
        )
    for i, lk in enumerate(drawn(data)):
        a, b = lk["a"]["node"], lk["b"]["node"]
        if not b:
            b = f"? {lk['b']['end']}"
            out.append(f'  {_dot_id(b)} [shape=plaintext, style="", fontcolor="#c53030"];')
        style, color = _STYLE.get(lk["status"], ("solid", "#2d3748"))
        if lk["findings"]:
            color = "#c53030"
        label = printable(_link_label(lk)).replace('"', "'")
        out.append(
            f'  {_dot_id(a)} -- {_dot_id(b)} [label="{label}", style={style}, '
            f'color="{color}"];  // {i}'
        )
    out.append("}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------- Mermaid


def to_mermaid(data: dict[str, Any]) -> str:
    ids = {n["name"]: f"n{i}" for i, n in enumerate(data["nodes"])}
    out = ["graph LR"]
    for n in data["nodes"]:
        label = "<br/>".join(_esc(s, quote=True) for s in _label_lines(n))
        out.append(f'  {ids[n["name"]]}["{label}"]')
    unknown = 0
    for lk in drawn(data):
        a = ids.get(lk["a"]["node"])
        b = ids.get(lk["b"]["node"] or "")
        far = lk["b"]["end"]
        if a is None and b is not None:  # a declared link from a name that is no node
            a, b, far = b, None, lk["a"]["end"]
        if a is None:
            continue
        if b is None:
            b = f"u{unknown}"
            unknown += 1
            out.append(f'  {b}(("? {_esc(far, quote=True)}"))')
        label = _esc(_link_label(lk), quote=True)
        arrow = "---" if lk["status"] in ("matched", "declared") else "-.-"
        out.append(f'  {a} {arrow}|"{label}"| {b}')
    out += [
        "  classDef error fill:#fed7d7,stroke:#c53030,stroke-width:3px;",
        "  classDef warning fill:#feebc8,stroke:#c05621,stroke-width:2px;",
    ]
    for n in data["nodes"]:
        worst = _worst(n["findings"])
        if worst in ("error", "warning"):
            out.append(f"  class {ids[n['name']]} {worst};")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------- HTML

_TIER = {
    "VTAM": 0,
    "TCP/IP": 0,
    "TN3270E server": 0,
    "NonStop": 0,
    "z/OS": 0,
    "MVS": 0,
    "VM": 0,
    "NCP": 1,
    "CM/2": 2,
    "NS/DOS": 2,
    "AIX": 2,
    "AS/400": 2,
    "ADSM": 2,
}
# Worst first: the status a drawn pair of nodes shows when several links join them.
_STATUS_ORDER = ("unknown-peer", "ambiguous", "half-open", "external", "declared", "matched")


def _pairs(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The drawn links grouped by pair of nodes: one line per pair, its label the kinds."""
    out: dict[frozenset[str], list[dict[str, Any]]] = {}
    ends: dict[frozenset[str], tuple[str, str]] = {}
    for lk in drawn(data):
        b = lk["b"]["node"] or f"?{lk['b']['end']}"
        key = frozenset((lk["a"]["node"], b))
        ends.setdefault(key, (lk["a"]["node"], b))
        out.setdefault(key, []).append(lk)
    pairs = []
    for key, links in out.items():
        a, b = ends[key]
        status = min((lk["status"] for lk in links), key=_STATUS_ORDER.index)
        pairs.append(
            {
                "a": a,
                "b": b,
                "links": links,
                "status": status,
                "findings": sorted({c for lk in links for c in lk["findings"]}),
            }
        )
    return pairs


def _rows(data: dict[str, Any], edges: list[tuple[str, str]]) -> dict[str, int]:
    tier: dict[str, int | None] = {}
    for n in data["nodes"]:
        declared_host = not n["files"] and n["product"] in ("z/OS", "MVS", "VM", "NonStop")
        tier[n["name"]] = _TIER.get(n["product"] or "", 2) if n["files"] or declared_host else None
    return layout.rows_for([n["name"] for n in data["nodes"]], tier, edges)


def to_html(data: dict[str, Any], base: str = ".") -> str:
    """One page, no external resources: the SVG picture, then the nodes, links and findings.
    Deck locations link to the files relative to `base` (the page's folder)."""
    names = [n["name"] for n in data["nodes"]]
    pairs = []
    for p in _pairs(data):
        if p["a"] not in names:  # a declared link from a name that is no node
            if p["b"] not in names:
                continue  # neither end is a node: the links table shows it
            p = {**p, "a": p["b"], "b": p["a"]}
        pairs.append(p)
    edges = [(p["a"], p["b"]) for p in pairs if p["b"] in names]
    systems = {n["name"]: n.get("system") or "" for n in data["nodes"]}
    drawing = layout.layout(names, _rows(data, edges), edges, systems)
    width, height = int(drawing.width), int(drawing.height)
    svg = [
        f'<svg id="site" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="site topology">'
    ]
    for band in drawing.bands:
        svg.append(
            f'<g class="system" data-system="{_esc(band.group)}">'
            f'<rect x="{band.x0:.0f}" y="{band.y0:.0f}" width="{band.x1 - band.x0:.0f}" '
            f'height="{band.y1 - band.y0:.0f}" rx="10" fill="#edf2f7" stroke="#a0aec0" '
            'stroke-dasharray="4 3" />'
            + (
                f'<text x="{band.x0 + 8:.0f}" y="{band.y0 + 13:.0f}" class="sys">'
                f"{_esc('system ' + band.group)}</text>"
                if band.first
                else ""
            )
            + "</g>"
        )
    for p in pairs:
        style, color = _STYLE.get(p["status"], ("solid", "#2d3748"))
        if p["findings"]:
            color = "#c53030"
        dash = {"dashed": "6 4", "dotted": "2 3"}.get(style, "")
        width_px = 3 if style == "bold" or p["findings"] else 1.6
        route = drawing.routes.get((p["a"], p["b"]))
        ghost = ""
        if route is None:  # the far end is no node: a stub below the box, named
            x, y = drawing.pos[p["a"]]
            y0 = y + layout.BOX_H / 2
            route = layout.Route(
                f"M{x:.0f},{y0:.0f} L{x + 40:.0f},{y0 + 44:.0f}", (x + 44, y0 + 30)
            )
            ghost = (
                f'<text x="{x + 44:.0f}" y="{y0 + 56:.0f}" class="unknown">{_esc(p["b"])}</text>'
            )
        title = _esc(
            "\n".join(
                f"{lk['kind']} {lk['status']}: {lk['a']['end']} - {lk['b']['end']} ({lk['via']})"
                for lk in p["links"]
            )
        )
        kinds = " ".join(sorted({lk["kind"] for lk in p["links"]}))
        label = ", ".join(dict.fromkeys(_link_label(lk) for lk in p["links"]))
        lx, ly = route.label_at
        svg.append(
            f'<g class="link" data-status="{p["status"]}" data-kind="{_esc(kinds)}">'
            f"<title>{title}</title>"
            f'<path d="{route.path}" fill="none" stroke="{color}" stroke-width="{width_px}"'
            + (f' stroke-dasharray="{dash}"' if dash else "")
            + " />"
            f'<text x="{lx:.0f}" y="{ly:.0f}" class="ll">{_esc(label)}</text>{ghost}</g>'
        )
    for n in data["nodes"]:
        x, y = drawing.pos[n["name"]]
        worst = _worst(n["findings"])
        lines = _label_lines(n)
        bw, bh = layout.BOX_W, layout.BOX_H
        svg.append(
            f'<g class="node" id="node-{_esc(n["name"])}" data-worst="{worst}">'
            f"<title>{_esc(n['name'])}</title>"
            f'<a href="#n-{_esc(n["name"])}">'
            f'<rect x="{x - bw / 2:.0f}" y="{y - bh / 2:.0f}" width="{bw:.0f}" '
            f'height="{bh:.0f}" rx="8" fill="{_FILL[worst]}" stroke="{_STROKE[worst]}" '
            f'stroke-width="{2 if worst in ("error", "warning") else 1}" />'
        )
        for j, text in enumerate(lines[:5]):
            cls = "nn" if j == 0 else "nv"
            text = text if len(text) <= 30 else text[:28] + "..."
            svg.append(
                f'<text x="{x:.0f}" y="{y - bh / 2 + 16 + j * 13:.0f}" class="{cls}">'
                f"{_esc(text)}</text>"
            )
        svg.append("</a></g>")
    svg.append("</svg>")
    body = [_HEAD, "<h1>decklint: site topology</h1>", _legend(data), _filters(data)]
    body.append("\n".join(svg))
    body.append("<h2>Nodes</h2>")
    by_system: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for n in data["nodes"]:
        by_system["(external)" if n.get("external") else n.get("system") or ""].append(n)
    for system in sorted(by_system, key=lambda k: (k in ("", "(external)"), k)):
        title = (
            "Peers named but not linted"
            if system == "(external)"
            else f"System {system}"
            if system
            else "Declared and other nodes"
        )
        body.append(f'<section class="sysinfo"><h3>{_esc(title)}</h3>')
        body.extend(_node_section(n, base) for n in by_system[system])
        body.append("</section>")
    body.append("<h2>Links</h2>")
    body.append(_links_table(data, base))
    body.append(_SCRIPT)
    body.append("</body></html>")
    return "\n".join(body) + "\n"


def _filters(data: dict[str, Any]) -> str:
    """A search box (nodes, links and findings whose text holds it) and a switch per link
    status and kind: what a page of hundreds of nodes needs to be read."""
    statuses = sorted({lk["status"] for lk in data["links"]})
    kinds = sorted({lk["kind"] for lk in data["links"]})

    def box(cls: str, value: str) -> str:
        v = _esc(value)
        return f'<label><input type="checkbox" class="{cls}" value="{v}" checked/> {v}</label>'

    return (
        '<form class="filters" onsubmit="return false">'
        '<label>Search <input type="search" id="q" placeholder="node, file, kind, code"/></label>'
        + ('<span class="sw">status: ' + " ".join(box("st", x) for x in statuses) + "</span>")
        + ('<span class="sw">kind: ' + " ".join(box("kd", x) for x in kinds) + "</span>")
        + "</form>"
    )


def _href(path: str | None, line: int | None, base: str) -> str:
    """A relative link to a deck file, URL-encoded: never a scheme such as `javascript:`."""
    if not path:
        return "#"
    try:
        rel = os.path.relpath(path, base)
    except ValueError:  # another drive
        return "#"
    # a name that is not UTF-8: its bytes as they are on disk
    url = urllib.parse.quote(os.fsencode(rel.replace(os.sep, "/")), safe="/")
    return html.escape(url) + (f"#L{line}" if line else "")


def _where(path: str | None, line: int | None, col: int | None, base: str) -> str:
    if not path:
        return ""
    text = (f"{path}:{line}:{col}" if col else f"{path}:{line}") if line else path
    return f'<a class="loc" href="{_href(path, line, base)}">{_esc(text)}</a>'


def _legend(data: dict[str, Any]) -> str:
    n_err = sum(n["findings"]["error"] for n in data["nodes"])
    n_warn = sum(n["findings"]["warning"] for n in data["nodes"])
    errors = f"{n_err} error{'s' if n_err != 1 else ''}"
    warnings = f"{n_warn} warning{'s' if n_warn != 1 else ''}"
    by_status: dict[str, int] = defaultdict(int)
    for lk in data["links"]:
        by_status[lk["status"]] += 1
    statuses = ", ".join(f"{v} {k}" for k, v in sorted(by_status.items()))
    return (
        f'<p class="summary">{len(data["nodes"])} nodes, {len(data["links"])} links '
        f"({_esc(statuses)}); {errors} and {warnings} on the nodes. "
        "Solid lines: matched or declared; dashed: half-open; dotted: unknown peer (red) or "
        "a peer named but not linted (grey); "
        "red: a finding at one of the link's ends.</p>"
    )


def _node_section(n: dict[str, Any], base: str) -> str:
    name = _esc(n["name"])
    rows = "".join(
        f"<tr><td>{_esc(k)}</td><td>{_esc(str(v))}</td></tr>" for k, v in n["values"].items()
    )
    files = ", ".join(_where(p, None, None, base) for p in n["files"]) or "declared only"
    found = "".join(
        f'<li class="{f["severity"]}"><span class="code">{f["code"]}</span> '
        f"{_where(f['path'], f['line'], f['col'], base)} {_esc(f['message'])}</li>"
        for f in n["finding_list"]
    )
    release = ""
    if n.get("release"):
        at = f" ({_esc(n['release_from'])})" if n.get("release_from") else ""
        release = f"<p>Release: {_esc(n['release'])}{at}</p>"
    if n.get("external"):
        files = "none: a peer the decks name, not among the linted files"
    outline = "".join(
        f"<details><summary>{_esc(g['name'])} ({len(g['pus'])}) "
        f"{_where(g['path'], g['line'], None, base)}</summary>"
        f'<p class="pus">{_esc(", ".join(g["pus"]))}</p></details>'
        for g in n.get("outline") or ()
    )
    text = " ".join(
        [n["name"], str(n["product"]), *n["files"], *(f["code"] for f in n["finding_list"])]
    )
    return (
        f'<section class="nodeinfo" id="n-{name}" data-text="{_esc(text.lower())}"><h4>{name} '
        f"<small>{_esc(' + '.join(n['products']) or str(n['product']))}</small></h4>"
        f"<p>Files: {files}</p>"
        + release
        + (f"<table>{rows}</table>" if rows else "")
        + (f'<div class="outline">{outline}</div>' if outline else "")
        + (f'<ul class="findings">{found}</ul>' if found else "<p>No findings.</p>")
        + "</section>"
    )


def _links_table(data: dict[str, Any], base: str) -> str:
    rows = []
    for lk in data["links"]:
        text = " ".join(
            str(x or "")
            for x in (
                lk["kind"],
                lk["status"],
                lk["a"]["node"],
                lk["a"]["end"],
                lk["a"]["path"],
                lk["b"]["node"],
                lk["b"]["end"],
                lk["b"]["path"],
                lk["via"],
                *lk["findings"],
            )
        )
        rows.append(
            f'<tr class="{lk["status"]}" data-status="{_esc(lk["status"])}" '
            f'data-kind="{_esc(lk["kind"])}" data-text="{_esc(text.lower())}">'
            f"<td>{_esc(lk['kind'])}</td>"
            f"<td>{_esc(lk['status'])}{' (both ends)' if lk['ends'] == 'both' else ''}</td>"
            f"<td>{_esc(lk['a']['node'] or '')}: {_esc(lk['a']['end'])}<br/>"
            f"{_where(lk['a']['path'], lk['a']['line'], lk['a']['col'], base)}</td>"
            f"<td>{_esc(lk['b']['node'] or '?')}: {_esc(lk['b']['end'])}<br/>"
            f"{_where(lk['b']['path'], lk['b']['line'], lk['b']['col'], base)}</td>"
            f"<td>{_esc(lk['via'] or '')} {_esc(lk['note'])}</td>"
            f"<td>{_esc(' '.join(lk['findings']))}</td></tr>"
        )
    return (
        '<table class="links"><tr><th>kind</th><th>status</th><th>one end</th>'
        "<th>other end</th><th>inferred from</th><th>findings</th></tr>"
        + "".join(rows)
        + "</table>"
    )


_HEAD = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"/><title>decklint: site topology</title>
<style>
body{font-family:Helvetica,Arial,sans-serif;margin:1.5em;color:#1a202c}
h1{font-size:1.4em} h2{font-size:1.15em;margin-top:1.6em} h3{font-size:1em;margin:.2em 0}
svg{border:1px solid #cbd5e0;background:#fafafa}
.nn{font-size:12px;font-weight:bold;text-anchor:middle}
.nv{font-size:10px;text-anchor:middle;fill:#2d3748}
.ll{font-size:9px;text-anchor:middle;fill:#2d3748;paint-order:stroke;stroke:#fafafa;stroke-width:3px}
.unknown{font-size:10px;fill:#c53030}
table{border-collapse:collapse;font-size:.85em;margin:.4em 0}
td,th{border:1px solid #cbd5e0;padding:.2em .5em;vertical-align:top}
.nodeinfo{border-top:1px solid #e2e8f0;padding:.4em 0}
.findings{font-size:.85em} .error .code{color:#c53030;font-weight:bold}
.warning .code{color:#c05621;font-weight:bold} .info .code{color:#4a5568}
.loc{font-family:monospace} .summary{color:#4a5568}
tr.unknown-peer td,tr.half-open td{background:#fffaf0}
.sys{font-size:11px;fill:#4a5568;font-style:italic}
.filters{margin:.6em 0;font-size:.85em} .filters .sw{margin-left:1.2em}
.sysinfo{border-left:3px solid #cbd5e0;padding-left:.8em;margin:.8em 0}
h4{font-size:.95em;margin:.2em 0} .pus{font-size:.8em;font-family:monospace;margin:.2em 1em}
.hidden{display:none} g.dim{opacity:.15}
</style></head><body>"""


# The filters' behaviour: no external resource, no data from the decks (they are in the page's
# attributes, escaped, and only compared as text).
_SCRIPT = """<script>
(function () {
  var q = document.getElementById("q");
  function on(cls) {
    var out = {};
    document.querySelectorAll("input." + cls).forEach(function (b) { out[b.value] = b.checked; });
    return out;
  }
  function apply() {
    var t = (q.value || "").toLowerCase(), st = on("st"), kd = on("kd");
    document.querySelectorAll("section.nodeinfo").forEach(function (s) {
      s.classList.toggle("hidden", t !== "" && s.dataset.text.indexOf(t) < 0);
    });
    document.querySelectorAll("table.links tr[data-status]").forEach(function (r) {
      var shown = st[r.dataset.status] !== false && kd[r.dataset.kind] !== false &&
        (t === "" || r.dataset.text.indexOf(t) >= 0);
      r.classList.toggle("hidden", !shown);
    });
    document.querySelectorAll("g.link").forEach(function (g) {
      var kinds = (g.dataset.kind || "").split(" ");
      var shown = st[g.dataset.status] !== false &&
        kinds.some(function (k) { return kd[k] !== false; });
      g.classList.toggle("dim", !shown);
    });
    document.querySelectorAll("g.node").forEach(function (g) {
      var s = document.getElementById("n-" + g.id.slice(5));
      g.classList.toggle("dim", t !== "" && (!s || s.classList.contains("hidden")));
    });
  }
  q.addEventListener("input", apply);
  document.querySelectorAll("form.filters input[type=checkbox]").forEach(function (b) {
    b.addEventListener("change", apply);
  });
})();
</script>"""
