"""`decklint diff --format markdown`: a pull-request comment. A short summary table, then the
details folded; a hidden marker (`MARKER`) lets CI find its own comment and update it.

Every place is a link to the file at its revision's commit and line: relative to the
pull request's page (`../blob/COMMIT/PATH#LLINE`, which GitHub resolves from
`/OWNER/REPO/pull/N`), or under `links` (`https://github.com/OWNER/REPO`) when given. A side
that is the work tree has no commit to link to: its places are plain text. A finding that
only moved shows one place, its path once with the line it was at and the line it is at.

Text from decks is escaped so that it shows as written: no markup, no HTML, no mentions or
issue links, no forged marker. GitHub refuses comments over 65,536 characters: the details
stop at `LIMIT` and say how many rows were left out.
"""

from __future__ import annotations

from collections.abc import Iterable

from decklint.core.findings import Finding, Severity
from decklint.report.safe import markdown
from decklint.review.changes import Change, Location
from decklint.review.revisions import Revision
from decklint.review.run import Review

MARKER = "<!-- decklint-diff -->"
LIMIT = 60_000
REACHES = 10  # listed per change


def md(text: str) -> str:
    """Deck text as markdown that shows it as written (also inside a table cell)."""
    return markdown(text)


class _Places:
    """Places as links to the file at a revision (see the module's docstring)."""

    def __init__(self, links: str | None) -> None:
        self.base = links.rstrip("/") if links else ".."

    def at(self, loc: Location | None, rev: Revision) -> str:
        if loc is None:
            return ""
        text = md(f"{loc.path}:{loc.line}")
        return text if rev.commit is None else f"[{text}]({self.href(loc, rev.commit)})"

    def moved(self, was: Location, now: Location, rev: Revision) -> str:
        text = md(f"{now.path}:{was.line} \u2192 {now.line}")
        if was.path != now.path:
            text = md(f"{was.path}:{was.line} \u2192 {now.path}:{now.line}")
        return text if rev.commit is None else f"[{text}]({self.href(now, rev.commit)})"

    def href(self, loc: Location, commit: str) -> str:
        from urllib.parse import quote

        # only the commit, the path (percent-encoded) and the line: nothing of the deck's
        # text, and no scheme but the one `links` gives
        return f"{self.base}/blob/{quote(commit, safe='')}/{quote(loc.path)}#L{loc.line}"


def _side(rev: Revision) -> str:
    if rev.commit is None:
        return "the work tree"
    return f"{md(rev.label)} ({rev.commit[:12]})"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def render(review: Review, fail_on: Severity, links: str | None = None) -> str:
    found = review.findings
    places = _Places(links)
    failing = found.failing(fail_on)
    fc = review.files
    files = ", ".join(
        f"{len(items)} {what}"
        for items, what in (
            (fc.modified, "modified"),
            (fc.added, "added"),
            (fc.removed, "removed"),
            (fc.renamed, "renamed"),
        )
        if items
    )
    verdict = (
        f"**{_n(len(failing), 'new finding')} at or above {fail_on.label}**: this change fails."
        if failing
        else f"No new finding at or above {fail_on.label}."
    )
    out = [
        MARKER,
        "### decklint: what this change does to the network",
        "",
        f"{_side(review.base)} → {_side(review.head)}. {verdict}",
        "",
        "| | |",
        "|---|---:|",
        f"| Model changes | {len(review.changes)} |",
        f"| New findings | {len(found.new)} |",
        f"| Fixed findings | {len(found.fixed)} |",
        f"| Moved findings | {len(found.moved)} |",
        f"| Files changed | {files or 'none'} |",
        "",
    ]
    if review.configuration:
        out += [
            f"The configuration differs ({md(', '.join(review.configuration))}): both "
            "revisions were judged with the head's.",
            "",
        ]
    budget = [LIMIT - sum(len(x) + 1 for x in out)]
    if review.changes:
        table = _changes(review.changes, places, review)
        out += _fold(f"Model changes ({len(review.changes)})", table, budget)
    if found.new:
        table = _findings(found.new, places, review.head)
        out += _fold(f"New findings ({len(found.new)})", table, budget)
    if found.fixed:
        table = _findings(found.fixed, places, review.base)
        out += _fold(f"Fixed findings ({len(found.fixed)})", table, budget)
    if found.moved:
        rows = [
            f"| {m.head.code} | {places.moved(_loc(m.base), _loc(m.head), review.head)} "
            f"| {md(m.head.message)} |"
            for m in found.moved
        ]
        out += _fold(
            f"Findings that only moved ({len(found.moved)}): the same finding, another line",
            (["| rule | where | message |", "|---|---|---|"], rows),
            budget,
        )
    if fc.renamed:
        rows = [f"| {md(a)} | {md(b)} |" for a, b in fc.renamed]
        out += _fold(
            f"Files renamed ({len(fc.renamed)})",
            (["| was | now |", "|---|---|"], rows),
            budget,
        )
    return "\n".join(out) + "\n"


def _loc(f: Finding) -> Location:
    return Location(f.path, f.span.line, f.span.col)


Table = tuple[list[str], list[str]]  # header lines, rows


def _changes(changes: Iterable[Change], places: _Places, review: Review) -> Table:
    rows = []

    def where(base: Location | None, head: Location | None) -> str:
        # one place: the head's, else (a removal) the base's
        return places.at(head, review.head) if head is not None else places.at(base, review.base)

    for c in changes:
        what = md(c.subject) + (f" ({md(c.note)})" if c.note else "")
        if not c.differences:
            rows.append(f"| {c.change} | {what} | | {where(c.base, c.head)} |")
        for i, d in enumerate(c.differences):
            first = (c.change, what) if i == 0 else ("", "")
            detail = md(d.detail.replace(" -> ", " \u2192 "))
            rows.append(f"| {first[0]} | {first[1]} | {detail} | {where(d.base, d.head)} |")
        if c.reaches:
            reached = "; ".join(
                md(r.subject) + (f" ({md(r.usage)})" if r.usage else "")
                for r in c.reaches[:REACHES]
            )
            more = len(c.reaches) - REACHES
            verb = "reaches" if c.change == "changed" else "still named by"
            rows.append(f"| | | {verb} {reached}{f'; and {more} more' if more > 0 else ''} | |")
    return ["| | element | change | where |", "|---|---|---|---|"], rows


def _findings(findings: Iterable[Finding], places: _Places, rev: Revision) -> Table:
    rows = [
        f"| {f.severity.label} | {f.code} | {places.at(_loc(f), rev)} | {md(f.message)} |"
        for f in findings
    ]
    return ["| severity | rule | where | message |", "|---|---|---|---|"], rows


def _fold(summary: str, table: Table, budget: list[int]) -> list[str]:
    """A folded section with as many rows as the comment has room for."""
    head, rows = table
    out = ["<details>", f"<summary>{summary}</summary>", "", *head]
    used = sum(len(x) + 1 for x in out) + 40
    kept = 0
    for row in rows:
        if used + len(row) + 1 > budget[0]:
            break
        out.append(row)
        used += len(row) + 1
        kept += 1
    if kept < len(rows):
        out += ["", f"…and {len(rows) - kept} more (run `decklint diff` for all of them)."]
    out += ["", "</details>", ""]
    budget[0] -= sum(len(x) + 1 for x in out)
    return out
