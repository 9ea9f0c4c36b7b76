"""REL003: a setting the stack does not code whose default changes between the release the
stack runs and its target release: what the deck will do after the upgrade.

The defaults by release are the catalog's (`default_by_release`: the TCP buffers and
SOMAXCONN at z/OS V2R1, Telnet's SCANINTERVAL). Only with a target release, only on a
complete stack (a member linted alone may leave the setting to the rest of the profile), and
only where the stack's release may take another value than the target does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from decklint.checks._release import cited, target
from decklint.knowledge.catalog import catalog, events
from decklint.lint.check import Context, Hit, check
from decklint.model.release import Choice, Release, choice
from decklint.model.tcpip import CATALOGUED, catalog_number
from decklint.model.views.stacks import stacks
from decklint.model.views.telnet import (
    NOT_HERE,
    TELNET_TIMERS,
    effective_telnet,
    telnet_owners,
)


@check("REL003")
def default_changes_at_target(ctx: Context) -> Iterator[Hit]:
    owners = [s for s in telnet_owners(ctx.topo) if s.product == "zos"]
    if not owners or not any(target(ctx.topo, s.name, "zos") for s in owners):
        return  # no z/OS stack is judged for a target (and the catalog is not read)
    cat = catalog("tcpip")
    if cat is None:
        return
    for s in stacks(ctx.topo):
        if s.product != "zos" or not s.judge_defaults:
            continue
        at = target(ctx.topo, s.name, "zos")
        if at is None:
            continue
        goal = Release(at.level, at.level, at.said, "zos")
        for field, (statement, operand) in CATALOGUED.items():
            op = cat.operand(statement, operand)
            a = s.entity.get(field)
            if op is None or not op.default_by_release or a.coded:
                continue
            coded = statement if statement != "SOMAXCONN" else "SOMAXCONN"
            name = operand if statement != "SOMAXCONN" else ""
            label = f"{coded} {name}".strip()
            yield from _changed(
                s,
                op,
                label,
                choice(op, s.rel, catalog_number),
                choice(op, goal, catalog_number),
                at.said,
                s.where(field),
                cat.statement(statement),
            )
    for s in telnet_owners(ctx.topo):
        if s.product != "zos":
            continue
        at = target(ctx.topo, s.name, "zos")
        if at is None:
            continue
        goal = Release(at.level, at.level, at.said, "zos")
        for b, eff in effective_telnet(s):
            for field, statement in TELNET_TIMERS.items():
                timer = eff.get(field)
                op = cat.operand(statement, "SECONDS")
                if timer is None or timer is NOT_HERE or timer.coded:
                    continue
                if op is None or not op.default_by_release:
                    continue
                yield from _changed(
                    s,
                    op,
                    statement,
                    choice(op, s.rel),
                    choice(op, goal),
                    at.said,
                    (b.path, b.span),
                    cat.statement(statement),
                )


def _changed(
    s: Any, op: Any, label: str, now: Choice, then: Choice, said: str, where: Any, statement: Any
) -> Iterator[Hit]:
    if not then.decided or (now.decided and now.value == then.value):
        return
    if now.decided:
        today = f"{now.value} on {s.rel.said}"
    else:
        today = f"{now.said()}, and the stack's release is {s.rel.said or 'not known'}"
    path, span = where
    source = next(
        (
            e.source
            for e in events(op, fallback=statement.source if statement else "")
            if e.kind == "default" and e.value == str(then.value)
        ),
        op.source or (statement.source if statement else ""),
    )
    yield Hit(
        path,
        span,
        {
            "stack": s.name,
            "setting": label,
            "today": today,
            "then": then.value,
            "target": said,
        },
        subject=s.entity.id,
        dialect="tcpip",
        citation=cited(source),
    )
