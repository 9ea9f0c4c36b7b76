"""Python checks: generators bound to a manifest code, yielding facts (Hits)."""

from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from decklint.core.findings import Citation, Fix, Related, Severity
from decklint.core.source import Span
from decklint.model.topology import Topology


class Hit(NamedTuple):
    """What a check found: where, the message arguments, and optional extras."""

    path: str
    span: Span
    args: Mapping[str, Any] = {}  # read only (the runner copies it)
    related: tuple[Related, ...] = ()
    severity: Severity | None = None
    subject: str = ""
    dialect: str = ""
    fix: Fix | None = None
    citation: Citation | None = None  # what this finding cites, in place of the rule's


class Context(NamedTuple):
    topo: Topology
    options: dict[str, Any]


CheckFn = Callable[[Context], Iterator[Hit]]
CHECKS: dict[str, CheckFn] = {}


def check(code: str) -> Callable[[CheckFn], CheckFn]:
    def register(fn: CheckFn) -> CheckFn:
        if code in CHECKS and CHECKS[code] is not fn:
            raise RuntimeError(f"two Python checks for {code}")
        CHECKS[code] = fn
        return fn

    return register


#: How a rule's Python check is found by its code and name (`decklint.checks.bound`): the
#: runner is handed it, so that the engine never imports the checks, which import it.
FindCheck = Callable[[str, str], CheckFn | None]


class FileRule(NamedTuple):
    """A rule as the file phase runs it (`Manifest.per_file`): its code and this run's
    options for it (part of every file's cache key, so a changed option is a miss)."""

    code: str
    name: str
    dialects: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    expr: bool = False  # an expression rule (else a Python check)
    kind: str | None = None  # the kind it inspects (`model:<kind>`); None for an `ir` rule
