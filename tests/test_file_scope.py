"""Rules with `scope: file` run on each file as it is parsed, and find what they would find
on the merged model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from decklint import api
from decklint.dialects.kinds import resolved_kinds
from decklint.lint.manifest import Manifest, ManifestError, from_dict, load_file
from decklint.lint.registry import load_registry

from .conftest import CORPUS, FIXTURES
from .helpers import manifest_data

NETWORKS = sorted(p for p in (FIXTURES / "networks").glob("*/*") if p.is_dir())
RULE_EXAMPLES = FIXTURES / "rules"


def _all(path: Path) -> list[tuple[Any, ...]]:
    res = api.lint_paths([str(path)], api.Options(select=("ALL",)))
    return [
        (f.path, f.span, f.code, f.severity, f.message, f.subject, f.related, f.fix)
        for f in res.findings
    ]


def _on_the_merged_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every model rule back on the merged model, as before `scope: file`."""
    monkeypatch.setattr(Manifest, "per_file", property(lambda m: m.target == "ir"))


@pytest.mark.parametrize("network", NETWORKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_per_file_rules_find_what_they_find_on_the_merged_model(
    network: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    per_file = _all(network)
    _on_the_merged_model(monkeypatch)
    assert _all(network) == per_file


def test_per_file_rules_on_the_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    if not CORPUS.is_dir():
        pytest.skip("no corpus")
    per_file = _all(CORPUS)
    _on_the_merged_model(monkeypatch)
    assert _all(CORPUS) == per_file


def test_the_per_file_rules_run_in_the_file_phase_and_hold_findings() -> None:
    scoped = [m for m in load_registry().rules.values() if m.scope == "file"]
    rules = [m for m in scoped if m.target != "engine"]
    assert len(rules) >= 30
    for m in rules:
        assert m.per_file and m.deck_decides and m.target_kind is not None
        assert m.target_kind not in resolved_kinds()
    # the engine's findings about how one file was read or parsed: decided by that file, not
    # run in the file phase (the engine reports them itself)
    engine = [m for m in scoped if m.target == "engine"]
    assert {"PRS001", "PRS009", "PRS011", "SUP002"} <= {m.code for m in engine}
    assert all(m.deck_decides and not m.per_file for m in engine)
    res = api.lint_paths([str(FIXTURES / "networks" / "site" / "baseline")])
    codes = {f.code for f in res.findings}
    assert codes & {m.code for m in rules}  # some of them fire on the example network


def _raw(**over: Any) -> dict[str, Any]:
    return manifest_data(**{"scope": "file", **over})


def test_scope_file_is_refused_where_resolve_builds_or_moves_elements() -> None:
    assert from_dict(_raw(), "XYZ001-x.yaml").per_file
    for target in ("model:link", "model:tcpip_stack", "model:tcpip_route", "model:node"):
        with pytest.raises(ManifestError, match="scope file needs"):
            from_dict(_raw(target=target, require=None, impl="python"), "XYZ001-x.yaml")
    with pytest.raises(ManifestError, match="scope file needs"):
        from_dict(_raw(target="topology", require=None, impl="python"), "XYZ001-x.yaml")
    engine = from_dict(_raw(target="engine", require=None, impl="python"), "XYZ001-x.yaml")
    assert engine.deck_decides and not engine.per_file
    with pytest.raises(ManifestError, match="scope must be"):
        from_dict(_raw(scope="stack"), "XYZ001-x.yaml")


def test_a_site_rule_cannot_run_per_file(tmp_path: Path) -> None:
    import yaml

    path = tmp_path / "XYZ001-x.yaml"
    path.write_text(yaml.safe_dump(_raw()))
    with pytest.raises(ManifestError, match="site rule runs on the whole model"):
        load_file(path, user=True)
    path.write_text(yaml.safe_dump(_raw(scope="network")))
    assert not load_file(path, user=True).per_file


CASE_FILES = sorted(RULE_EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_every_rule_case_finds_the_same_per_file_and_on_the_merged_model(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The case files hold small networks of several decks, built to show each rule, so a
    rule that wrongly claimed `scope: file` would lose (or gain) findings here."""
    import yaml

    from .helpers import case_options

    cases = yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]

    def found(case: dict[str, Any], where: Path) -> list[tuple[Any, ...]]:
        where.mkdir()
        opts = case_options(case, where, monkeypatch)
        res = api.lint_texts(case["files"], opts)
        return [(f.path, f.span, f.code, f.message, f.subject, f.fix) for f in res.findings]

    per_file = {n: found(c, tmp_path / f"a-{n}") for n, c in cases.items()}
    _on_the_merged_model(monkeypatch)
    merged = {n: found(c, tmp_path / f"b-{n}") for n, c in cases.items()}
    assert merged == per_file
