"""Findings of two revisions compared by the identity a baseline keeps (rule, file, statement,
operand; never a line number): fixed, new, and moved (the same finding somewhere else)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from decklint.core.findings import Finding, Severity
from decklint.lint import baseline


class Moved(NamedTuple):
    base: Finding
    head: Finding


class FindingChanges(NamedTuple):
    new: tuple[Finding, ...]
    fixed: tuple[Finding, ...]
    moved: tuple[Moved, ...]
    kept: int  # findings in both revisions, where they were

    def failing(self, threshold: Severity) -> tuple[Finding, ...]:
        """The new findings at or above the threshold: the ones a review fails on."""
        return tuple(f for f in self.new if f.severity >= threshold)


def compare(
    base: Sequence[Finding],
    head: Sequence[Finding],
    base_locator: baseline.Locator,
    head_locator: baseline.Locator,
    renames: Mapping[str, str],
) -> FindingChanges:
    """`renames`: a file's path at base -> at head (its findings keep their identity).

    A finding the same in both (its file followed through renames) is kept without asking
    its identity: most findings of a large repository are, and an identity reads the
    statements of the finding's file. An identity hashes the rule and the file, so only the
    findings of a rule and file that both sides still have are asked for theirs."""
    old, now, moves, kept = _same(base, head, renames)

    def where(f: Finding) -> str:
        """The file a finding is in at head (a cause's: any, `baseline.ANY_FILE`)."""
        return baseline.ANY_FILE if f.cause is not None else renames.get(f.path, f.path)

    def here(f: Finding) -> str:
        return baseline.ANY_FILE if f.cause is not None else f.path

    both = {(f.code, where(f)) for f in old} & {(f.code, here(f)) for f in now}
    new = [f for f in now if (f.code, here(f)) not in both]
    fixed = [f for f in old if (f.code, where(f)) not in both]
    before: dict[str, list[Finding]] = defaultdict(list)
    for f in sorted(old, key=Finding.sort_key):
        if (f.code, where(f)) in both:
            before[baseline.identity(f, base_locator, renames.get(f.path, f.path))].append(f)
    after: dict[str, list[Finding]] = defaultdict(list)
    for f in sorted(now, key=Finding.sort_key):
        if (f.code, here(f)) in both:
            after[baseline.identity(f, head_locator)].append(f)
    for ident in before.keys() | after.keys():
        was, is_ = before.get(ident, []), after.get(ident, [])
        for fb, fh in zip(was, is_, strict=False):
            if (fb.path, fb.span.line, fb.span.col) == (fh.path, fh.span.line, fh.span.col):
                kept += 1  # the same place, a new message (a value in it changed)
            else:
                moves.append(Moved(fb, fh))
        fixed += was[len(is_) :]
        new += is_[len(was) :]
    return FindingChanges(
        tuple(sorted(new, key=Finding.sort_key)),
        tuple(sorted(fixed, key=Finding.sort_key)),
        tuple(sorted(moves, key=lambda m: m.head.sort_key())),
        kept,
    )


def _same(
    base: Sequence[Finding], head: Sequence[Finding], renames: Mapping[str, str]
) -> tuple[list[Finding], list[Finding], list[Moved], int]:
    """The findings of base and of head that the other side does not have as they are, the
    same findings in a renamed file (moved), and how many others are the same."""
    left: Counter[Finding] = Counter(head)
    old: list[Finding] = []
    moves: list[Moved] = []
    kept = 0
    for f in base:
        there = f._replace(path=renames[f.path]) if f.path in renames else f
        if left[there] > 0:
            left[there] -= 1
            if there is f:
                kept += 1
            else:
                moves.append(Moved(f, there))
        else:
            old.append(f)
    now = []
    for f in head:
        if left[f] > 0:
            left[f] -= 1
            now.append(f)
    return old, now, moves, kept
