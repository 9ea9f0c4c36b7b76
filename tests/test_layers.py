"""The package stands on floors: each imports only what stands beneath it, and no two modules
import each other, however far round.

The imports are read from the source (every `import`, at the top of a module or inside a
function, and every `importlib.import_module` of a literal name), so a lazy import is held
to the floors as much as one at the top.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "decklint"

# From the ground up. A package may import its own modules and those of the floors beneath
# it; never one on its own floor or above. `docs/architecture.md` says what each holds.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("_version",),  # written when decklint is built
    ("decklint", "core", "platform"),  # the base floor: records, the machine
    ("knowledge",),  # the product catalogs and what reads them
    ("readers",),  # text into statements
    ("dialects",),  # the registry and the dialect packages
    ("inputs", "model"),  # files gathered and detected; the model of the network
    ("lint",),  # the rule engine
    ("checks",),  # the Python checks, which the engine is handed
    ("pipeline",),  # a run's order
    ("api", "project", "fix", "fmt", "ide"),  # what a run is made into
    ("review",),  # two revisions, each a project linted
    ("report", "server"),  # what is shown to people and editors
    ("cli",),  # the command line
    ("_entry",),  # the process
    ("__main__",),
)
FLOOR = {name: level for level, names in enumerate(FLOORS) for name in names}


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imported(module: str, path: Path) -> Iterator[tuple[str, int]]:
    """The decklint modules a module imports, with the line of each import."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            # `from pkg import mod` imports the module; `from pkg import name`, the package
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        for name in names:
            if name in MODULES and name != module:
                yield name, node.lineno


def _room(module: str) -> str:
    """The package of the floors a module belongs to: decklint.lint.runner -> lint."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


IMPORTS = {m: sorted(set(_imported(m, p))) for m, p in MODULES.items()}


def test_every_package_has_a_floor() -> None:
    assert sorted({_room(m) for m in MODULES} - FLOOR.keys()) == []


def test_no_import_runs_up_a_floor_or_across_one() -> None:
    wrong = [
        f"{MODULES[m].relative_to(PACKAGE.parent)}:{line}: {_room(m)} imports {_room(n)} ({n})"
        for m, imported in IMPORTS.items()
        for n, line in imported
        if _room(m) != _room(n) and FLOOR[_room(n)] >= FLOOR[_room(m)]
    ]
    assert wrong == []


def test_no_circle_of_modules() -> None:
    """Tarjan's strongly connected components over every import: each must be one module."""
    graph = {m: sorted({n for n, _line in imported}) for m, imported in IMPORTS.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    assert circles == []


@pytest.mark.parametrize("room", ["dialects"])
def test_dialects_hold_only_the_registry_and_dialect_packages(room: str) -> None:
    """`dialects/` holds its registry (`__init__.py`, `base.py`: the record a package declares,
    `kinds.py`: the kinds they declare, assembled) and one package per dialect, nothing else."""
    folder = PACKAGE / room
    loose = sorted(p.name for p in folder.glob("*.py"))
    assert loose == ["__init__.py", "base.py", "kinds.py"]
    for sub in folder.iterdir():
        if sub.is_dir() and sub.name != "__pycache__":
            assert (sub / "__init__.py").is_file(), f"{sub.name} is no dialect package"
            assert (sub / "reader.py").is_file() or (sub / "spec.py").is_file(), sub.name


def test_the_package_root_holds_only_the_entry_points() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name != "_version.py")
    assert loose == ["__init__.py", "__main__.py", "_entry.py", "api.py"]  # _version: built
