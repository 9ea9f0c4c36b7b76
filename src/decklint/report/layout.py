"""A layered drawing of the site for the HTML page: nodes in rows, few crossings, no line
through a box.

The Sugiyama scheme, small: each node gets a row (hosts and stacks, then NCPs, then
workstations; a node the configuration only declares sits next to what it links to), a link
that spans rows passes through a narrow slot ("dummy") in every row between, each row is
ordered by the mean position of its neighbours (barycenters, sweeping down and up), and the
positions become coordinates. Links in one row that are not neighbours arc above the row.
Pure geometry: no HTML here.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise

Point = tuple[float, float]

BOX_W, BOX_H = 170.0, 74.0
_SLOT, _GAP, _ROW_GAP, _MARGIN = 18.0, 26.0, 110.0, 30.0


@dataclass(frozen=True)
class Route:
    """How one link is drawn: an SVG path and where its label goes."""

    path: str
    label_at: Point


@dataclass(frozen=True)
class Band:
    """The part of one row a group (a system) takes: a box behind its nodes."""

    group: str
    x0: float
    y0: float
    x1: float
    y1: float
    first: bool  # the group's topmost band: where its name is written


@dataclass(frozen=True)
class Layout:
    width: float
    height: float
    pos: dict[str, Point]  # node centres
    routes: dict[tuple[str, str], Route]  # by (node a, node b) as given
    bands: tuple[Band, ...] = ()


def rows_for(
    names: list[str], tier: dict[str, int | None], edges: list[tuple[str, str]]
) -> dict[str, int]:
    """The row of every node. `tier` gives the row of the nodes that have one by their
    product; the others (None) go one row above their neighbours when those are all in the
    top row, else one row below the lowest of them, and to a last row when they have none."""
    near: dict[str, set[str]] = defaultdict(set)
    for a, b in edges:
        near[a].add(b)
        near[b].add(a)
    row = {n: t for n, t in tier.items() if t is not None and n in names}
    for _round in range(3):  # a declared node next to a declared node is placed after it
        for n in names:
            if n in row:
                continue
            known = [row[m] for m in near[n] if m in row]
            if known:
                row[n] = -1 if max(known) == 0 else max(known) + 1
    last = max(row.values(), default=0) + 1
    for n in names:
        row.setdefault(n, last)
    base = min(row.values(), default=0)
    used = sorted({r - base for r in row.values()})
    squeeze = {r: i for i, r in enumerate(used)}
    return {n: squeeze[r - base] for n, r in row.items()}


def layout(
    names: list[str],
    row: dict[str, int],
    edges: list[tuple[str, str]],
    groups: dict[str, str] | None = None,
) -> Layout:
    """The drawing; `groups` (node -> group, a system) keeps each group's nodes side by side
    in every row, with a band behind them."""
    rows: list[list[str]] = [[] for _ in range(max(row.values(), default=0) + 1)]
    for n in sorted(names):
        rows[row[n]].append(n)
    chains: dict[tuple[str, str], list[str]] = {}
    level = dict(row)
    for a, b in edges:
        ra, rb = row[a], row[b]
        if ra == rb:
            continue
        upper, lower = (a, b) if ra < rb else (b, a)
        chain = [upper]
        for r in range(min(ra, rb) + 1, max(ra, rb)):
            dummy = f"\0{a}\0{b}\0{r}"
            rows[r].append(dummy)
            level[dummy] = r
            chain.append(dummy)
        chain.append(lower)
        chains[(a, b)] = chain
    up: dict[str, list[str]] = defaultdict(list)
    down: dict[str, list[str]] = defaultdict(list)
    for chain in chains.values():
        for u, v in pairwise(chain):
            down[u].append(v)
            up[v].append(u)
    same: dict[str, list[str]] = defaultdict(list)
    for a, b in edges:
        if row[a] == row[b] and a != b:
            same[a].append(b)
            same[b].append(a)
    _order(rows, up, down, same)
    if groups:
        _group(rows, groups)
    pos = _coordinates(rows)
    width = max((_row_width(r) for r in rows), default=BOX_W) + 2 * _MARGIN
    arcs = _arc_heights(rows, edges, row)
    top = _MARGIN + max(arcs.get(0, 0.0), 0.0)
    pos = {n: (x + (width - _row_width(rows[level[n]])) / 2, top + y) for n, (x, y) in pos.items()}
    height = top + len(rows) * (BOX_H + _ROW_GAP) - _ROW_GAP + _MARGIN + 40
    routes: dict[tuple[str, str], Route] = {}
    for a, b in edges:
        if (a, b) in chains:
            routes[(a, b)] = _through([pos[n] for n in chains[(a, b)]], chains[(a, b)], names)
        elif a != b:
            routes[(a, b)] = _within(pos[a], pos[b], rows[row[a]], a, b)
    bands = _bands(rows, pos, groups or {})
    return Layout(width, height, {n: pos[n] for n in names}, routes, bands)


def _group(rows: list[list[str]], groups: dict[str, str]) -> None:
    """Each row's nodes of one group side by side, groups in the order of their mean place
    (a slot a long link passes through stays where it is among them)."""
    for r, row in enumerate(rows):
        at = {n: i for i, n in enumerate(row)}
        places: dict[str, list[int]] = defaultdict(list)
        for n in row:
            places[groups.get(n, "")].append(at[n])
        mean = {g: sum(v) / len(v) for g, v in places.items()}
        rows[r] = sorted(row, key=lambda n: (mean[groups.get(n, "")], at[n]))


def _bands(
    rows: list[list[str]], pos: dict[str, Point], groups: dict[str, str]
) -> tuple[Band, ...]:
    out: list[Band] = []
    seen: set[str] = set()
    pad = _GAP / 2 - 2
    for row in rows:
        runs: list[tuple[str, list[str]]] = []
        for n in row:
            g = groups.get(n, "")
            if n.startswith("\0") or not g:
                continue
            if runs and runs[-1][0] == g:
                runs[-1][1].append(n)
            else:
                runs.append((g, [n]))
        for g, members in runs:
            xs = [pos[n][0] for n in members]
            y = pos[members[0]][1]
            first = g not in seen
            seen.add(g)
            top = y - BOX_H / 2 - (18 if first else 8)
            out.append(
                Band(
                    g,
                    min(xs) - BOX_W / 2 - pad,
                    top,
                    max(xs) + BOX_W / 2 + pad,
                    y + BOX_H / 2 + 8,
                    first,
                )
            )
    return tuple(out)


def _order(
    rows: list[list[str]],
    up: dict[str, list[str]],
    down: dict[str, list[str]],
    same: dict[str, list[str]],
) -> None:
    """Barycenter ordering, four sweeps (down, up, down, up); in-row links pull a node
    toward its partners so that arcs stay short."""
    for sweep in range(4):
        going_down = sweep % 2 == 0
        order = range(1, len(rows)) if going_down else range(len(rows) - 2, -1, -1)
        for r in order:
            other = rows[r - 1] if going_down else rows[r + 1]
            at = {n: i / max(len(other), 1) for i, n in enumerate(other)}
            mine = {n: i / max(len(rows[r]), 1) for i, n in enumerate(rows[r])}

            links = up if going_down else down

            def key(
                n: str,
                at: dict[str, float] = at,
                mine: dict[str, float] = mine,
                links: dict[str, list[str]] = links,
            ) -> float:
                near = [at[m] for m in links[n] if m in at]
                near += [mine[m] for m in same.get(n, [])]
                return sum(near) / len(near) if near else mine[n]

            rows[r].sort(key=key)


def _width(n: str) -> float:
    return _SLOT if n.startswith("\0") else BOX_W


def _row_width(row: list[str]) -> float:
    return sum(_width(n) for n in row) + _GAP * max(len(row) - 1, 0)


def _coordinates(rows: list[list[str]]) -> dict[str, Point]:
    pos: dict[str, Point] = {}
    for r, row in enumerate(rows):
        x = 0.0
        for n in row:
            pos[n] = (x + _width(n) / 2, BOX_H / 2 + r * (BOX_H + _ROW_GAP))
            x += _width(n) + _GAP
    return pos


def _arc_heights(
    rows: list[list[str]], edges: list[tuple[str, str]], row: dict[str, int]
) -> dict[int, float]:
    out: dict[int, float] = {}
    for a, b in edges:
        if a != b and row[a] == row[b]:
            r = row[a]
            out[r] = max(out.get(r, 0.0), _arc(rows[r], a, b))
    return out


def _arc(row: list[str], a: str, b: str) -> float:
    between = abs(row.index(a) - row.index(b)) - 1
    return 0.0 if between <= 0 else min(26.0 + 12.0 * between, _ROW_GAP - 20.0)


def _through(points: list[Point], chain: list[str], names: list[str]) -> Route:
    """From the bottom of the upper box, through the slots of the rows between, to the top
    of the lower box; vertical tangents at every row so the line crosses rows in its slot."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    pts = [(x0, y0 + BOX_H / 2), *points[1:-1], (x1, y1 - BOX_H / 2)]
    d = [f"M{pts[0][0]:.0f},{pts[0][1]:.0f}"]
    for (px, py), (qx, qy) in pairwise(pts):
        my = (py + qy) / 2
        d.append(f"C{px:.0f},{my:.0f} {qx:.0f},{my:.0f} {qx:.0f},{qy:.0f}")
    (px, py), (qx, qy) = pts[-2], pts[-1]
    return Route(" ".join(d), ((px + qx) / 2, (py + qy) / 2 + 4))


def _within(a: Point, b: Point, row: list[str], na: str, nb: str) -> Route:
    """Neighbours in a row: a straight line between the boxes' sides; others: an arc above."""
    h = _arc(row, na, nb)
    (ax, ay), (bx, by) = a, b
    if h == 0.0:
        left, right = (a, b) if ax < bx else (b, a)
        x0, x1 = left[0] + BOX_W / 2, right[0] - BOX_W / 2
        return Route(f"M{x0:.0f},{ay:.0f} L{x1:.0f},{by:.0f}", ((x0 + x1) / 2, ay - BOX_H / 2 - 6))
    top = ay - BOX_H / 2
    d = f"M{ax:.0f},{top:.0f} C{ax:.0f},{top - h:.0f} {bx:.0f},{top - h:.0f} {bx:.0f},{top:.0f}"
    return Route(d, ((ax + bx) / 2, top - h * 0.75 - 3))
