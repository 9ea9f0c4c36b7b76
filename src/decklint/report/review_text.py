"""`decklint diff` as text: the files, the model changes with both places and what they reach,
the findings new, fixed and moved, and whether the change fails. Colour only on a terminal,
never when NO_COLOR is set."""

from __future__ import annotations

import os
from typing import IO

from decklint.findings import Finding, Severity
from decklint.report.safe import printable
from decklint.review.changes import Change, Location
from decklint.review.revisions import Revision
from decklint.review.run import Review

_STYLE = {
    "added": "green",
    "appeared": "green",
    "removed": "red",
    "disappeared": "red",
    "renamed": "cyan",
    "changed": "yellow",
}
REACHES_SHOWN = 10  # per change; JSON has them all
_SEVERITY = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _where(loc: Location | None) -> str:
    return "-" if loc is None else loc.render()


def _side(rev: Revision) -> str:
    if rev.commit is None:
        return "the work tree"
    return f"{rev.label} ({rev.commit[:12]})"


def lines(review: Review, fail_on: Severity) -> list[str]:
    """The report as rich markup, one line each."""
    e = _e
    out = [f"[bold]decklint diff[/]: {e(_side(review.base))} -> {e(_side(review.head))}"]
    fc = review.files
    parts = [
        f"{len(items)} {what}"
        for items, what in (
            (fc.modified, "modified"),
            (fc.added, "added"),
            (fc.removed, "removed"),
            (fc.renamed, "renamed"),
        )
        if items
    ]
    out.append(
        f"files: {review.linted[0]} at base, {review.linted[1]} at head"
        + (f"; {', '.join(parts)}" if parts else "; none changed")
    )
    out += [f"  renamed {e(a)} -> {e(b)}" for a, b in fc.renamed]
    if review.configuration:
        out.append(
            f"configuration differs: {e(', '.join(review.configuration))} "
            "(both revisions judged with the configuration in effect here)"
        )
    out.append("")
    out.append(f"[bold]model[/]: {_n(len(review.changes), 'change')}")
    for c in review.changes:
        out += _change(c)
    found = review.findings
    out.append("")
    out.append(
        f"[bold]findings[/]: {len(found.new)} new, {len(found.fixed)} fixed, "
        f"{len(found.moved)} moved"
    )
    out += [_finding("new", f) for f in found.new]
    out += [_finding("fixed", f) for f in found.fixed]
    for m in found.moved:
        out.append(
            f"  [dim]moved[/] {e(_where(_loc(m.base)))} -> {e(_where(_loc(m.head)))} "
            f"[{_SEVERITY[m.head.severity]}]{m.head.severity.label}[/] "
            f"[bold]{m.head.code}[/] {e(m.head.message)}"
        )
    failing = found.failing(fail_on)
    out.append("")
    if failing:
        out.append(f"[bold red]{_n(len(failing), 'new finding')} at or above {fail_on.label}[/]")
    else:
        out.append(f"no new finding at or above {fail_on.label}")
    return out


def _e(text: str) -> str:
    """Text from decks and names as rich markup that shows it as it is."""
    from rich.markup import escape

    return escape(printable(text))


def _loc(f: Finding) -> Location:
    return Location(f.path, f.span.line, f.span.col)


def _finding(what: str, f: Finding) -> str:
    e = _e
    style = "bold" if what == "new" else "dim"
    return (
        f"  [{style}]{what}[/] {e(_where(_loc(f)))} "
        f"[{_SEVERITY[f.severity]}]{f.severity.label}[/] [bold]{f.code}[/] {e(f.message)}"
    )


def _change(c: Change) -> list[str]:
    e = _e
    head = f"  [{_STYLE.get(c.change, 'bold')}]{c.change}[/] {e(c.subject)}"
    if c.note:
        head += f" ({e(c.note)})"
    if not c.differences:
        if c.base is not None and c.head is not None:
            head += f"  {e(_where(c.base))} -> {e(_where(c.head))}"
        else:
            head += f"  {e(_where(c.head or c.base))}"
    out = [head]
    for d in c.differences:
        out.append(f"      {e(d.detail)}")
        out.append(f"          [dim]{e(_where(d.base))} -> {e(_where(d.head))}[/]")
    verb = "reaches" if c.change == "changed" else "still named by"
    for r in c.reaches[:REACHES_SHOWN]:
        how = f" ({e(r.usage)})" if r.usage else ""
        out.append(f"      {verb} {e(r.subject)}{how} [dim]{e(_where(r.where))}[/]")
    if len(c.reaches) > REACHES_SHOWN:
        out.append(f"      and {len(c.reaches) - REACHES_SHOWN} more (--format json lists all)")
    return out


def render(review: Review, stream: IO[str], fail_on: Severity, color: bool | None = None) -> None:
    from rich.console import Console

    if color is None:
        color = stream.isatty() and not os.environ.get("NO_COLOR")
    if os.environ.get("NO_COLOR"):
        color = False
    console = Console(
        file=stream,
        force_terminal=bool(color),
        no_color=not color,
        highlight=False,
        emoji=False,  # path:100:5 is no emoji
        soft_wrap=True,
        width=10_000 if not color else None,
    )
    console.print("\n".join(lines(review, fail_on)))
