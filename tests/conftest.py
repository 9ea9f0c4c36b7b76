"""Shared test fixtures and the --update-golden flag."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
CORPUS = Path(os.environ.get("DECKLINT_CORPUS", ROOT.parent / "shared" / "corpus"))
SEEDS = Path(os.environ.get("DECKLINT_SEEDS", ROOT.parent / "shared" / "seeds"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite golden files from the current output (review the diff!)",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(autouse=True)
def _isolated_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = tmp_path_factory.getbasetemp()
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(base / "xdg-cache"))  # the key's folder
