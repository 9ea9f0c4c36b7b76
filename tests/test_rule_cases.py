"""Per-rule case files: fixtures/rules/<CODE>.yaml, exact `file:line:col CODE` expectations,
and for a rule with a fix, `fixed:` (each changed file's text once the fix loop has applied
that rule's fixes, safe and unsafe; `{}` when its findings there have no fix).

Run one rule's cases with `pytest -k NCP007`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from decklint import api
from decklint.fix import loop
from decklint.lint.registry import load_registry

from .conftest import FIXTURES
from .helpers import case_options

CASE_DIR = FIXTURES / "rules"
FILES = sorted(CASE_DIR.glob("*.yaml"))


def _load(path: Path) -> dict:  # type: ignore[type-arg]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["rule"] == path.stem, f"{path.name}: rule must be {path.stem}"
    return data  # type: ignore[no-any-return]


CASES = [
    pytest.param(p.stem, name, case, id=f"{p.stem}-{name}")
    for p in FILES
    for name, case in _load(p)["cases"].items()
]

FIXABLE = frozenset(c for c, m in load_registry().rules.items() if m.fix is not None)


def test_every_rule_has_a_case_file_with_fail_and_pass_cases() -> None:
    codes = {c for c, m in load_registry().rules.items() if not m.tested_by}
    assert {p.stem for p in FILES} == codes
    for p in FILES:
        cases = _load(p)["cases"]
        fails = [n for n, c in cases.items() if c["expect"]]
        passes = [n for n, c in cases.items() if not c["expect"]]
        assert fails and passes, f"{p.name} needs failing and passing cases"
        for n in cases:
            assert n.startswith(("fail_", "pass_")), f"{p.name}: case {n} is not fail_/pass_"
            assert n.startswith("fail_") == bool(cases[n]["expect"]), f"{p.name}: {n}"


@pytest.mark.parametrize(("code", "name", "case"), CASES)
def test_case(code: str, name: str, case: dict, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def, type-arg]
    opts = case_options(case, tmp_path, monkeypatch)
    res = api.lint_texts(case["files"], opts)
    got = [f"{f.path}:{f.span.line}:{f.span.col} {f.code}" for f in res.findings if f.code == code]
    assert got == case["expect"], f"{code} {name}: got {got}"
    assert not [f for f in res.findings if f.code == "PRS009" and f.severity.label == "error"]


def test_the_failing_cases_of_a_rule_with_a_fix_say_what_it_fixes() -> None:
    for p in FILES:
        for n, c in _load(p)["cases"].items():
            if p.stem in FIXABLE and c["expect"]:
                assert "fixed" in c, f"{p.name}: {n} needs `fixed:` (the rule has a fix)"
            elif "fixed" in c:
                assert p.stem in FIXABLE, f"{p.name}: {n} has `fixed:` but the rule has no fix"


@pytest.mark.parametrize(("code", "name", "case"), [c for c in CASES if "fixed" in c.values[2]])
def test_fixed(code: str, name: str, case: dict, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def, type-arg]
    opts = case_options(case, tmp_path, monkeypatch)
    opts.select, opts.ignore = [code], []
    inputs = [api.Input(path, text, True) for path, text in case["files"].items()]
    run = loop.run(inputs, opts, unsafe=True)
    assert run.converged, f"{code} {name}: {run.why}"
    assert run.texts == case["fixed"], f"{code} {name}: got {run.texts}"
