"""docs/architecture.md stays true: every folder and file it names exists."""

from __future__ import annotations

import re

from .conftest import ROOT

DOC = ROOT / "docs" / "architecture.md"


def _named() -> set[str]:
    return set(re.findall(r"`([\w./<>-]+)`", DOC.read_text(encoding="utf-8")))


def test_every_path_it_names_exists() -> None:
    missing = []
    for name in sorted(_named()):
        if "/" in name:  # a path from the top of the repository; <...> is a placeholder
            path = ROOT / name.split("<")[0]
            if not path.exists():
                missing.append(name)
        elif name.endswith((".py", ".lark", ".md")) and "<" not in name:  # a file's bare name
            tops = ("src", "docs", "grammars")
            missing += [] if any((ROOT / t).rglob(name) for t in tops) else [name]
    assert not missing, f"docs/architecture.md names paths that do not exist: {missing}"


def test_it_names_the_package_folders() -> None:
    named = _named()
    for folder in sorted((ROOT / "src" / "decklint").iterdir()):
        if folder.is_dir() and not folder.name.startswith(("_", ".")):
            assert f"src/decklint/{folder.name}/" in named, f"{folder.name}/ is not described"
