"""Every registered dialect declares what the shared model needs of it, so that adding one
touches only its grammar, its modules, its fixtures and the registry."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint import dialects
from decklint.core.kinds import MODEL_KINDS
from decklint.dialects import kinds as dialect_kinds
from decklint.dialects.kinds import kinds

NAMES = dialects.names()
NODE_RULES = {"named", "vtam", "system", "region", "anchor", "folder", "file"}


@pytest.mark.parametrize("name", NAMES)
def test_registry_entry_is_complete(name: str) -> None:
    d = dialects.REGISTRY[name]
    assert d.name == name, f"{name}: its DIALECT record is named {d.name!r}"
    assert d.module == f"decklint.dialects.{name}.spec", "one name per dialect, its package too"
    assert d.globs, f"{name}: no file names say the dialect"
    assert d.product.strip(), f"{name}: no product to draw its nodes as"
    assert d.node.by in NODE_RULES, f"{name}: node rule {d.node.by!r} is not one of {NODE_RULES}"
    if d.node.by == "anchor":
        assert d.node.kinds and d.node.field, f"{name}: an anchor rule names kinds and a field"
        for k in d.node.kinds:
            assert k in kinds(), f"{name}: its node rule names the undeclared kind {k!r}"
    assert d.rank is None or isinstance(d.rank, int)


def test_ranks_are_distinct() -> None:
    ranks = [d.rank for d in dialects.REGISTRY.values() if d.rank is not None]
    assert len(ranks) == len(set(ranks))


@pytest.mark.parametrize("name", NAMES)
def test_module_spec_agrees_with_registry(name: str) -> None:
    spec = dialects.get(name)
    assert spec.name == name
    assert spec.globs == dialects.REGISTRY[name].globs


@pytest.mark.parametrize("name", NAMES)
def test_dialect_declares_its_kinds(name: str) -> None:
    declared = dialect_kinds.of(name)
    assert declared, f"{name}: dialects/{name}/kinds.py declares no entity kind"
    for spec in declared:
        assert "name" in spec.fields


def test_kinds_are_declared_once_and_only_for_registered_dialects() -> None:
    every = [*MODEL_KINDS, *dialect_kinds.declared()]
    assert len(every) == len(kinds())  # kinds() also raises on a kind declared twice
    packages = {p.parent.name for p in Path(dialects.__file__).parent.glob("*/kinds.py")}
    assert packages == set(NAMES)


def test_registry_facts_need_no_dialect_module() -> None:
    """The model reads the registry and the kind declarations without any dialect's parser."""
    import subprocess
    import sys

    code = (
        "import sys; from decklint.dialects.kinds import kinds; kinds(); "
        "from decklint.model import site; "
        "from decklint import dialects; "
        "loaded = {n for n, d in dialects.REGISTRY.items() "
        "if d.module in sys.modules or f'decklint.dialects.{n}.reader' in sys.modules}; "
        "print(sorted(loaded))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
