"""Python checks: generators bound to a manifest code, yielding facts (Hits)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from decklint.core.findings import Citation, Fix, Related, Severity
from decklint.core.source import Span
from decklint.model.topology import Topology


@dataclass(frozen=True)
class Hit:
    """What a check found: where, the message arguments, and optional extras."""

    path: str
    span: Span
    args: dict[str, Any] = field(default_factory=dict)
    related: tuple[Related, ...] = ()
    severity: Severity | None = None
    subject: str = ""
    dialect: str = ""
    fix: Fix | None = None
    citation: Citation | None = None  # what this finding cites, in place of the rule's


@dataclass(frozen=True)
class Context:
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


def check_module(code: str, name: str) -> str:
    """The module that holds the Python check of a rule: checks/<code>_<snake_name>.py."""
    return f"decklint.checks.{code.lower()}_{name.replace('-', '_')}"


def load_check(code: str, name: str) -> CheckFn | None:
    """Import only the module of one rule (start-up time matters for pre-commit)."""
    import importlib

    if code not in CHECKS:
        try:
            importlib.import_module(check_module(code, name))
        except ModuleNotFoundError:
            return None
    return CHECKS.get(code)


@dataclass(frozen=True)
class FileRule:
    """A rule as the file phase runs it (`Manifest.per_file`): its code and this run's
    options for it (part of every file's cache key, so a changed option is a miss)."""

    code: str
    name: str
    dialects: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    expr: bool = False  # an expression rule (else a Python check)
    kind: str | None = None  # the kind it inspects (`model:<kind>`); None for an `ir` rule


def load_checks() -> dict[str, CheckFn]:
    """Every Python check, its module found by name as `load_check` finds one: the checks
    import the rule engine, never the reverse."""
    import importlib
    import pkgutil

    package = importlib.import_module("decklint.checks")
    for mod in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"decklint.checks.{mod.name}")
    return CHECKS
