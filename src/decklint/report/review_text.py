"""`decklint diff` as text: the files, the model changes with both places and what they reach,
the findings new, fixed and moved, and whether the change fails. Colour only on a terminal,
never when NO_COLOR is set."""

from __future__ import annotations

from typing import IO, NamedTuple

from decklint.core.findings import Finding, Severity
from decklint.report.console import colour, console
from decklint.report.safe import plain
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


class _Ink(NamedTuple):
    """Colour through rich markup on a terminal; plain text otherwise (no rich at all)."""

    color: bool

    def t(self, text: str) -> str:
        """Text from decks and names, shown as it is."""
        if not self.color:
            return plain(text)
        from rich.markup import escape

        return escape(plain(text))

    def s(self, style: str, text: str) -> str:
        """`text` (already through `t`, or our own words) in a style."""
        return f"[{style}]{text}[/]" if self.color else text


def lines(review: Review, fail_on: Severity, ink: _Ink) -> list[str]:
    """The report, one line each (rich markup when in colour)."""
    t, s = ink.t, ink.s
    out = [f"{s('bold', 'decklint diff')}: {t(_side(review.base))} -> {t(_side(review.head))}"]
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
    out += [f"  renamed {t(a)} -> {t(b)}" for a, b in fc.renamed]
    if review.configuration:
        out.append(
            f"configuration differs: {t(', '.join(review.configuration))} "
            "(both revisions judged with the configuration in effect here)"
        )
    out.append("")
    out.append(f"{s('bold', 'model')}: {_n(len(review.changes), 'change')}")
    for c in review.changes:
        out += _change(c, ink)
    found = review.findings
    out.append("")
    out.append(
        f"{s('bold', 'findings')}: {len(found.new)} new, {len(found.fixed)} fixed, "
        f"{len(found.moved)} moved"
    )
    out += [_finding(s("bold", "new"), f, ink) for f in found.new]
    out += [_finding(s("dim", "fixed"), f, ink) for f in found.fixed]
    for m in found.moved:
        was = f"{s('dim', 'moved')} {t(_where(_loc(m.base)))} ->"
        out.append(_finding(was, m.head, ink))
    failing = found.failing(fail_on)
    out.append("")
    if failing:
        out.append(s("bold red", f"{_n(len(failing), 'new finding')} at or above {fail_on.label}"))
    else:
        out.append(f"no new finding at or above {fail_on.label}")
    return out


def _loc(f: Finding) -> Location:
    return Location(f.path, f.span.line, f.span.col)


def _finding(what: str, f: Finding, ink: _Ink) -> str:
    t, s = ink.t, ink.s
    sev = s(_SEVERITY[f.severity], f.severity.label)
    return f"  {what} {t(_where(_loc(f)))} {sev} {s('bold', f.code)} {t(f.message)}"


def _change(c: Change, ink: _Ink) -> list[str]:
    t, s = ink.t, ink.s
    head = f"  {s(_STYLE.get(c.change, 'bold'), c.change)} {t(c.subject)}"
    if c.note:
        head += f" ({t(c.note)})"
    if not c.differences:
        if c.base is not None and c.head is not None:
            head += f"  {t(_where(c.base))} -> {t(_where(c.head))}"
        else:
            head += f"  {t(_where(c.head or c.base))}"
    out = [head]
    for d in c.differences:
        out.append(f"      {t(d.detail)}")
        out.append(f"          {s('dim', f'{t(_where(d.base))} -> {t(_where(d.head))}')}")
    verb = "reaches" if c.change == "changed" else "still named by"
    for r in c.reaches[:REACHES_SHOWN]:
        how = f" ({t(r.usage)})" if r.usage else ""
        out.append(f"      {verb} {t(r.subject)}{how} {s('dim', t(_where(r.where)))}")
    if len(c.reaches) > REACHES_SHOWN:
        out.append(f"      and {len(c.reaches) - REACHES_SHOWN} more (--format json lists all)")
    return out


def render(review: Review, stream: IO[str], fail_on: Severity, color: bool | None = None) -> None:
    color = colour(stream, color)
    text = "\n".join(lines(review, fail_on, _Ink(color)))
    if not color:
        stream.write(text + "\n")
        return
    console(stream, color).print(text)
