"""One finding per cause: the findings of one rule that share one root are reported as one,
with how many places it has and every place as a related location.

Two kinds of root are known:
- the one a rule's manifest names (`cause:`, rendered into `Finding.cause`): a mode table not
  among the linted files that many LUs and PUs name, one missing definition that many
  statements use; the findings of the rule with one key are one, wherever they are;
- one value judged against several partners: findings of one rule at one place, about one
  element, each with related locations (the partner it was judged against) that no other of
  them has; two judged against the same partner are about two values (an operand not coded
  is placed on its statement, as another one is) and stay apart.

The finding that stands for a cause is its first place's (in the findings' order), at the
highest severity of its places; its message is the manifest's cause message where it gives
one, else the first place's with the count added. The other places follow as `places`, and
their own related locations (their partners) join the first's. A run grouped so is the
default; `--show-all` (`Options.show_all`) lists every place as a finding of its own.

Inline suppressions see the places (a suppression at any place of a cause hides the cause:
`decklint.lint.suppress`), the per-file policy too (each place is kept, changed or dropped
before grouping), and the baseline keeps one identity per cause that depends on neither
line numbers nor which place comes first (`decklint.lint.baseline`).
"""

from __future__ import annotations

from collections.abc import Sequence

from decklint.core.findings import Finding, Related

GroupKey = tuple[object, ...]


def key(f: Finding) -> GroupKey | None:
    """What the finding shares with the others of its cause; None for a finding of its own."""
    if f.cause is not None:
        return (f.code, "cause", f.cause.key)
    if f.related:
        return (f.code, "place", f.path, tuple(f.span), f.subject)
    return None


def group(findings: Sequence[Finding]) -> list[Finding]:
    """The findings with each cause as one (in the order of its first place); a finding
    that already stands for several places is taken as it is."""
    groups: dict[GroupKey, list[Finding]] = {}
    out: list[Finding | GroupKey] = []
    for f in findings:
        k = key(f) if not f.places else None
        if k is None:
            out.append(f)
            continue
        members = groups.get(k)
        if members is None:
            groups[k] = [f]
            out.append(k)
        else:
            members.append(f)
    done: list[Finding] = []
    for item in out:
        if isinstance(item, Finding):
            done.append(item)
        elif item[1] == "place" and not _partners(groups[item]):
            done += groups[item]
        else:
            done.append(joined(groups[item]))
    return done


def _partners(members: Sequence[Finding]) -> bool:
    """Whether findings at one place are one value judged against several partners: each
    against another (two against the same partner judge two values: SENDSIZE and
    RECEIVESIZE, neither coded, both placed on their statement)."""
    return len({f.related for f in members}) == len(members)


def joined(members: Sequence[Finding]) -> Finding:
    """One finding for the members of one cause (the first stands for them)."""
    head = members[0]
    if len(members) == 1:
        return head
    rest = members[1:]
    count = len(members)
    related = list(head.related)
    for m in rest:
        related += [r for r in m.related if r not in related]
    places = tuple(Related(m.path, m.span, _place(m)) for m in rest)
    return head._replace(
        severity=max(m.severity for m in members),
        message=_message(head, count),
        related=tuple(related),
        places=places,
    )


def _place(f: Finding) -> str:
    """What a place of a cause is, as a related location of the finding that stands for it."""
    if f.cause is not None and f.cause.place:
        return f.cause.place
    return f.message


def _message(head: Finding, count: int) -> str:
    if head.cause is not None and head.cause.message:
        numbers = {"places.count": count, "places.others": count - 1}
        return "".join(
            str(numbers[part]) if n % 2 else part for n, part in enumerate(head.cause.message)
        )
    more = count - 1
    if head.cause is not None:
        what = "place" if more == 1 else "places"
        return f"{head.message} (and {more} more {what} of this cause, each a related location)"
    what = "partner" if more == 1 else "partners"
    return f"{head.message} (judged against {more} more {what} too, each a related location)"
