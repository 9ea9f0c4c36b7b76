"""Python checks, one module per rule (see rules/ for what each one does).

Each module registers its check with the rule engine (`decklint.lint.check.check`); the
engine is handed `bound` by the pipeline and never imports this package itself.
"""

from __future__ import annotations

import importlib

from decklint.lint.check import CHECKS, CheckFn


def module_of(code: str, name: str) -> str:
    """The module that holds the Python check of a rule: checks/<code>_<snake_name>.py."""
    return f"{__name__}.{code.lower()}_{name.replace('-', '_')}"


def bound(code: str, name: str) -> CheckFn | None:
    """The check bound to a rule, its module alone imported (start-up time matters for
    pre-commit); None where the rule has no module here."""
    if code not in CHECKS:
        try:
            importlib.import_module(module_of(code, name))
        except ModuleNotFoundError:
            return None
    return CHECKS.get(code)


def load_all() -> dict[str, CheckFn]:
    """Every Python check, each module imported as `bound` imports one."""
    import pkgutil  # here only: a run binds the checks it runs (`bound`)

    for mod in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{mod.name}")
    return CHECKS
