"""`decklint topology --format text`: the site as a tree a person reads in a terminal.

Systems, then the nodes of each (product, files, findings), and under each node the links it
starts: kind, the node at the other end, status, what the link was inferred from, and both
ends' file:line; a link both nodes' decks state is drawn under the first and named under the
second. Peers the decks name but do not define come last. Computed from the JSON
form (`topology.export`); plain text, every name escaped for the terminal.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from decklint.report.safe import printable


def _where(end: dict[str, Any]) -> str:
    if not end.get("path"):
        return ""
    return f"{end['path']}:{end['line']}" if end.get("line") else str(end["path"])


def _counts(n: dict[str, Any]) -> str:
    parts = [f"{c} {s}{'s' if c != 1 else ''}" for s, c in n["findings"].items() if c]
    return "; " + ", ".join(parts) if parts else ""


def to_text(data: dict[str, Any]) -> str:
    links: dict[str, list[dict[str, Any]]] = defaultdict(list)
    back: dict[str, list[dict[str, Any]]] = defaultdict(list)  # both ends: the second's node
    for lk in data["links"]:
        links[lk["a"]["node"] or ""].append(lk)
        if lk.get("ends") == "both" and lk["b"]["node"]:
            back[lk["b"]["node"]].append(lk)
    by_system: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for n in data["nodes"]:
        by_system["" if n.get("external") else n.get("system") or "-"].append(n)
    names = {n["name"] for n in data["nodes"]}
    out = [f"{len(data['nodes'])} nodes, {len(data['links'])} links ({_statuses(data['links'])})"]
    for system in sorted(by_system, key=lambda k: (k in ("", "-"), k)):
        title = {"": "peers named but not linted", "-": "declared and other nodes"}.get(
            system, f"system {system}"
        )
        out.append("")
        out.append(printable(title))
        for n in by_system[system]:
            files = len(n["files"])
            what = "external" if n.get("external") else f"{files} file{'s' if files != 1 else ''}"
            out.append(
                f"  {printable(n['product'] or '?')} {printable(n['name'])} ({what}{_counts(n)})"
            )
            for lk in sorted(links.get(n["name"], []), key=lambda x: (x["kind"], x["name"])):
                out.extend(_link(lk))
            for lk in sorted(back.get(n["name"], []), key=lambda x: (x["kind"], x["name"])):
                out.append(
                    printable(
                        f"    {lk['kind']} <- {lk['a']['node']}: {lk['a']['end']} "
                        f"({lk['status']}, both ends; drawn under {lk['a']['node']})"
                    )
                )
    orphans = [lk for a, ls in links.items() if a not in names for lk in ls]
    if orphans:
        out.append("")
        out.append("links from names that are no node")
        for lk in orphans:
            out.extend(_link(lk))
    return "\n".join(out) + "\n"


def _link(lk: dict[str, Any]) -> list[str]:
    node, end = lk["b"]["node"] or "", lk["b"]["end"] or ""
    # the far end as one phrase: "VTAM ATCSTR00", "OS390: subarea 6", "? TRLE PORTNAME=PORTB"
    if not node:
        far = f"? {end}".strip()
    elif end.endswith(f" {node}") or end.endswith(f"({node})") or not end:
        far = end.replace(f" ({node})", "") if end.endswith(f"({node})") else end or node
        far = f"{node}: {far}" if end.endswith(f"({node})") else far
    else:
        far = f"{node}: {end}"
    note = f": {lk['note']}" if lk.get("note") else ""
    codes = f" [{' '.join(lk['findings'])}]" if lk["findings"] else ""
    both = ", both ends" if lk.get("ends") == "both" else ""
    lines = [
        printable(f"    {lk['kind']} -> {far} ({lk['status']}{both}{note}){codes}"),
        printable(f"      from {lk['a']['end']} {_where(lk['a'])}  [{lk['via']}]"),
    ]
    if lk["b"].get("path"):
        lines.append(printable(f"      to   {_where(lk['b'])}"))
    return lines


def _statuses(links: list[dict[str, Any]]) -> str:
    counts: dict[str, int] = defaultdict(int)
    for lk in links:
        counts[lk["status"]] += 1
    return ", ".join(f"{v} {k}" for k, v in sorted(counts.items())) or "none"
