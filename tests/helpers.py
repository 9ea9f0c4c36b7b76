"""Test helpers shared by the example and case tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from decklint import api
from decklint.model.settings import Settings
from decklint.project import Project


def options_for(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    dialect: str | None = None,
    config: dict[str, Any] | None = None,
    rule_options: dict[str, dict[str, Any]] | None = None,
    bulk_modes: list[str] | None = None,
) -> api.Options:
    """Options as a run with this configuration would have them (the real config path)."""
    if config:
        monkeypatch.chdir(tmp_path)
        (tmp_path / ".decklint.yaml").write_text(yaml.safe_dump(config))
        opts: api.Options = Project.load(".decklint.yaml").options(dialect)
        opts.policy = None  # the case judges one rule; the configuration only declares facts
        return opts
    settings = Settings(bulk_modes=frozenset(bulk_modes)) if bulk_modes else Settings()
    return api.Options(dialect=dialect, rule_options=rule_options or {}, settings=settings)


def case_options(
    case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> api.Options:
    """Options for a case of a rule's case file (fixtures/rules/<CODE>.yaml): its
    configuration, rule options and bulk modes."""
    return options_for(
        tmp_path,
        monkeypatch,
        config=case.get("config"),
        rule_options=case.get("options"),
        bulk_modes=case.get("settings", {}).get("bulk_modes"),
    )


def manifest_data(**over: Any) -> dict[str, Any]:
    """The smallest valid expression-rule manifest (XYZ001-x), with `over` changed."""
    raw: dict[str, Any] = {
        "code": "XYZ001",
        "name": "x",
        "summary": "s",
        "rationale": "r",
        "severity": "info",
        "target": "model:mode",
        "message": "m",
        "citation": {"document": "s", "section": "x"},
        "require": "1 == 1",
    }
    raw.update(over)
    return raw
