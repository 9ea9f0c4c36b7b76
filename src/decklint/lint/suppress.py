"""Inline suppressions, written in each dialect's own comment syntax.

In a comment line (``*`` in column 1 for VTAM, NCP and DFHCSDUP decks)::

    * decklint: disable-next=NCP001,slodown   the next statement
    * decklint: disable=NCP005                from here on, until ...
    * decklint: enable=NCP005                 ... this line (or the end of the file)
    * decklint: disable-file=SNA006           the whole file

and in the remark of a statement (after its operands, on any of its cards)::

    H1       HOST  UNITSZ=384,      decklint: disable=NCP001

which covers that statement only. Findings that share one cause are one finding
(`decklint.lint.causes`): a suppression at any of its places hides it. Rules are named by
code, name, code prefix or group; with no ``=...`` every rule is meant. A directive that
suppresses nothing is reported (SUP001), and so is one that names no rule or a rule that
cannot be waived, such as a syntax error (SUP002).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from decklint.core.findings import Finding
from decklint.core.source import Span
from decklint.lint import causes
from decklint.lint.registry import Registry
from decklint.readers.base import ParsedFile

# Selectors are a comma list (blanks around the commas allowed); the first blank not before a
# comma ends it, and what follows is a remark, as the examples above show.
_SELECTOR = r"[A-Za-z0-9_#\-]+"
_DIRECTIVE = re.compile(
    r"decklint:\s*(disable-next|disable-file|disable|enable)\b"
    rf"(?:\s*=\s*({_SELECTOR}(?:[ \t]*,[ \t]*{_SELECTOR})*))?",
    re.IGNORECASE,
)


@dataclass
class Directive:
    path: str
    span: Span
    kind: str  # next | range | file | statement | enable
    selectors: tuple[str, ...]  # as written; empty = every rule
    first: int = 0  # first line covered
    last: int = 0  # last line covered
    codes: frozenset[str] | None = None  # resolved; None = every rule
    used: set[str] = field(default_factory=set)


def selectors(text: str) -> list[tuple[int, int, str]]:
    """Where each rule a directive in a line of text names is: (start, end, selector), the
    offsets 0-based with the end excluded."""
    out = []
    for m in _DIRECTIVE.finditer(text):
        if m.group(2) is None:
            continue
        for s in re.finditer(r"[^,\s]+", m.group(2)):
            out.append((m.start(2) + s.start(), m.start(2) + s.end(), s.group()))
    return out


def _parse(path: str, line: int, col: int, text: str, kind_hint: str) -> list[Directive]:
    out = []
    for m in _DIRECTIVE.finditer(text):
        verb = m.group(1).lower()
        sels = tuple(s.strip() for s in (m.group(2) or "").split(",") if s.strip())
        kind = {"disable-next": "next", "disable-file": "file", "enable": "enable"}.get(
            verb, "range" if kind_hint == "comment" else "statement"
        )
        start = col + m.start()
        out.append(Directive(path, Span(line, start, line, col + m.end()), kind, sels))
    return out


def _statement_ranges(pf: ParsedFile) -> list[tuple[int, int]]:
    ranges = []
    for u in pf.read.units:
        last = u.end_line
        for r in u.remarks:
            last = max(last, r.line)
        ranges.append((u.line, last))
    return sorted(ranges)


def directives(pf: ParsedFile) -> list[Directive]:
    """Every directive of one file, with the lines it covers."""
    path = pf.source.path
    found: list[Directive] = []
    for c in pf.read.comments:  # column 1: a comment line; further right: a start-list remark
        found += _parse(path, c.line, c.col, c.text, "comment" if c.col == 1 else "remark")
    for u in pf.read.units:
        for r in u.remarks:
            found += _parse(path, r.line, r.col, r.text, "remark")
    ranges = _statement_ranges(pf)
    total = len(pf.source.lines)
    found.sort(key=lambda d: (d.span.line, d.span.col))
    out: list[Directive] = []
    for d in found:
        line = d.span.line
        if d.kind == "file":
            d.first, d.last = 1, total
        elif d.kind == "next":
            nxt = next(((a, b) for a, b in ranges if a > line), None)
            d.first, d.last = nxt if nxt else (line + 1, line + 1)
        elif d.kind == "statement":
            own = next(((a, b) for a, b in ranges if a <= line <= b), (line, line))
            d.first, d.last = own
        elif d.kind == "range":
            d.first, d.last = line, total
        out.append(d)
    # an enable closes the open ranges it names (or all of them)
    for e in [d for d in out if d.kind == "enable"]:
        for d in out:
            if (
                d.kind == "range"
                and d.first < e.span.line <= d.last
                and (not e.selectors or set(e.selectors) & set(d.selectors) or not d.selectors)
            ):
                d.last = e.span.line
    return [d for d in out if d.kind != "enable"]


@dataclass
class Outcome:
    kept: list[Finding]
    suppressed: list[Finding]
    problems: list[tuple[str, Span, str, str]]  # (path, span, code, message)


def apply(
    findings: Sequence[Finding],
    by_path: dict[str, list[Directive]],
    registry: Registry,
) -> Outcome:
    """Drop the findings the directives cover; report unused and invalid directives."""
    problems: list[tuple[str, Span, str, str]] = []
    unwaivable = {m.code for m in registry.rules.values() if m.unsuppressible}
    for dirs in by_path.values():
        for d in dirs:
            if not d.selectors:
                d.codes = None
                continue
            codes: set[str] = set()
            for s in d.selectors:
                hits = registry.matching(s)
                if not hits:
                    problems.append(
                        (
                            d.path,
                            d.span,
                            "SUP002",
                            f"suppression names {s!r}, which is no rule code, name, "
                            "prefix or group; correct it (decklint rules lists them)",
                        )
                    )
                codes |= {m.code for m in hits}
            blocked = codes & unwaivable
            if blocked:
                problems.append(
                    (
                        d.path,
                        d.span,
                        "SUP002",
                        f"{', '.join(sorted(blocked))} cannot be suppressed "
                        "(parse errors and skipped files are always reported); remove "
                        f"{'it' if len(blocked) == 1 else 'them'} from the directive and "
                        "correct the deck",
                    )
                )
            d.codes = frozenset(codes - unwaivable)
    kept: list[Finding] = []
    dropped: list[Finding] = []
    hidden: set[causes.GroupKey] = set()  # causes a suppression at one of their places hides
    for f in findings:
        hit = None
        if f.code not in unwaivable:
            for d in by_path.get(f.path, ()):
                if d.first <= f.span.line <= d.last and (d.codes is None or f.code in d.codes):
                    hit = d
                    break
        if hit is None:
            kept.append(f)
        else:
            hit.used.add(f.code)
            dropped.append(f)
            k = causes.key(f)
            if k is not None:
                hidden.add(k)
    if hidden:  # a cause is one finding: hidden at one place, hidden at all
        dropped += [f for f in kept if causes.key(f) in hidden]
        kept = [f for f in kept if causes.key(f) not in hidden]
    for dirs in by_path.values():
        for d in dirs:
            if d.codes is not None and not d.codes:
                continue  # nothing valid to suppress: already reported as SUP002
            if not d.used:
                what = ", ".join(d.selectors) if d.selectors else "every rule"
                problems.append(
                    (
                        d.path,
                        d.span,
                        "SUP001",
                        f"this suppression ({what}) suppresses nothing; remove it",
                    )
                )
    return Outcome(kept, dropped, problems)


def collect(parsed: Iterable[ParsedFile]) -> dict[str, list[Directive]]:
    out = {}
    for pf in parsed:
        ds = directives(pf)
        if ds:
            out[pf.source.path] = ds
    return out
