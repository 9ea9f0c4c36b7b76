"""Keyword tables written as the syntax diagrams write them: the shortest abbreviation in
capitals, the rest in lower case (`TCPSENDBfrsize`, `TCPWindowsize`)."""

from __future__ import annotations


def spelled(spelled: str) -> tuple[str, int]:
    """`BEGINRoutes` -> ("BEGINROUTES", 6): the name and its shortest abbreviation."""
    n = 0
    while n < len(spelled) and not spelled[n].islower():
        n += 1
    return spelled.upper(), n


def abbreviations(entries: list[tuple[str, int, object]]) -> dict[str, object]:
    """Every accepted spelling (each abbreviation) -> its keyword; full names win ties,
    abbreviations two keywords share are left out."""
    out: dict[str, object] = {}
    clash: set[str] = set()
    full = {name for name, _n, _k in entries}
    for name, shortest, kw in entries:
        for i in range(shortest, len(name) + 1):
            p = name[:i]
            if p in full and p != name:
                continue
            if p in out and out[p] is not kw and p != name:
                clash.add(p)
                continue
            out[p] = kw
    for p in clash:
        if p not in full:
            out.pop(p, None)
    return out


def words(text: str) -> frozenset[str]:
    """A keyword set written as blank-separated text (easy to correct by hand)."""
    return frozenset(text.split())
