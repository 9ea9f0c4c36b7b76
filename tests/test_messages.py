"""What a finding says: every warning and error says what to code; one of a rule with a value to
code (a number option, unless it says `target: false`) shows that value, or names the operand
or keyword to code another one it is about (`code MAXTSL=1108`, `code NOUDPQUEUELIMIT`); and
every severity a rule's findings take is one its manifest declares (what `decklint explain`
and docs/rules.md show).

Judged on what the rules really report: the findings of every failing case of every rule's
case file (fixtures/rules/<CODE>.yaml) and of its manifest's failing examples. A new rule
follows these as soon as it has a case file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from decklint import api
from decklint.core.findings import Severity
from decklint.lint.manifest import Manifest
from decklint.lint.registry import load_registry

from .conftest import FIXTURES
from .helpers import case_options

RULES = load_registry().rules
CASE_FILES = sorted((FIXTURES / "rules").glob("*.yaml"))

# What a message says to do: an instruction, the value or range the product accepts, or the
# name the user may have meant.
SAYS_WHAT_TO_CODE = re.compile(
    r"\b(?:code|coding|set|use|raise|lower|keep|remove|choose|reduce|increase|move|start|"
    r"change|make|give|define|join|turn|run|add|put|declare|lint|write|close|correct|"
    r"shrink|delete|maximize|estimate|drop|split|match|rename|replace|leave|spread|name)\b|"
    r"\bmust (?:be|name)\b|\ballowed range\b|\bone of\b|\bdid you mean\b|\b\d+-\d+\b",
    re.IGNORECASE,
)
# A value to code named outright: `code OPERAND=value`, `code KEYWORD`, `set OPERAND to n`.
NAMES_THE_VALUE = re.compile(r"\b(?:code|set|keep|use|start with)\s+[A-Z][A-Z0-9_#@$]*\b")
# Rules whose messages are not the rule's own words: the parser's account of what it expected
# (PRS001), a macro's own MNOTE text (PRS013).
NOT_OURS = frozenset({"PRS001", "PRS013"})


def _failing_runs() -> list[Any]:
    """(code, where, files, case) for every failing case and example of every rule."""
    out = []
    for path in CASE_FILES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for name, case in data["cases"].items():
            if case["expect"]:
                out.append(pytest.param(data["rule"], name, case, id=f"{data['rule']}-{name}"))
    for code, m in sorted(RULES.items()):
        for n, ex in enumerate(m.examples):
            if ex.expect_fail:
                case = {"files": ex.files, "config": ex.config or None}
                out.append(pytest.param(code, f"example {n + 1}", case, id=f"{code}-ex{n + 1}"))
    return out


RUNS = _failing_runs()


def _found(code: str, case: dict[str, Any], tmp_path: Path, mp: pytest.MonkeyPatch) -> Any:
    opts = case_options(case, tmp_path, mp)
    return opts, [f for f in api.lint_texts(case["files"], opts).findings if f.code == code]


def _shown(value: Any) -> set[str]:
    """How a message may write a number: as it is, in K or M, a fraction as a percentage."""
    out = {str(value)}
    if isinstance(value, float):
        out |= {f"{value:g}", f"{round(value * 100)}%"}
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1024:
        for unit, shift in (("K", 10), ("M", 20)):
            if value % (1 << shift) == 0:
                n = value >> shift
                out |= {f"{n}{unit}", f"{n} {unit}", f"{n}{unit}B", f"{n} {unit}B"}
    return out


def _targets(m: Manifest, opts: api.Options) -> list[Any]:
    given = opts.rule_options.get(m.code, {})
    return [given.get(o.name, o.default) for o in m.options.values() if o.target]


@pytest.mark.parametrize(("code", "name", "case"), RUNS)
def test_a_warning_or_error_says_what_to_code_and_its_value(
    code: str, name: str, case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = RULES[code]
    opts, found = _found(code, case, tmp_path, monkeypatch)
    targets = _targets(m, opts)
    for f in found:
        if f.severity < Severity.WARNING or code in NOT_OURS:
            continue  # an information says what is not judged, and why
        assert SAYS_WHAT_TO_CODE.search(f.message), f"{code} {name}: {f.message}"
        if targets:
            shows = any(text in f.message for v in targets for text in _shown(v))
            assert shows or NAMES_THE_VALUE.search(f.message), (
                f"{code} {name}: the message shows none of the values to code "
                f"({', '.join(map(str, targets))}): {f.message}"
            )


def _severity_set_by_config(code: str, case: dict[str, Any]) -> bool:
    rules = (case.get("config") or {}).get("rules") or {}
    got = rules.get(code) or rules.get(RULES[code].name)
    return isinstance(got, dict) and "severity" in got


@pytest.mark.parametrize(("code", "name", "case"), RUNS)
def test_every_severity_a_rule_reports_is_declared(
    code: str, name: str, case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if _severity_set_by_config(code, case):
        return
    m = RULES[code]
    _opts, found = _found(code, case, tmp_path, monkeypatch)
    for f in found:
        assert f.severity in m.reports, (
            f"{code} {name}: a {f.severity.label} finding, but the manifest declares "
            f"{m.graded} (add `severities:` saying when each applies): {f.message}"
        )


def test_explain_gives_the_severities_a_rule_reports() -> None:
    from click.testing import CliRunner

    from decklint.cli import main

    out = CliRunner().invoke(main, ["explain", "VTM006"]).output
    assert out.splitlines()[0] == "VTM006 mode-reference-undefined (info, warning or error)"
    assert "  info: a mode table not among the linted files" in out
    assert RULES["VTM006"].reports == (Severity.INFO, Severity.WARNING, Severity.ERROR)


@pytest.mark.parametrize(
    ("message", "says", "names"),
    [
        ("IOBUF buffer size is 128", False, False),  # what is wrong only
        ("BFRS is coded on PCCU; NCP takes it from the BUILD statement", False, False),
        ("MAXTSL=2044 on a TIC1: never above 1108; code MAXTSL=1108 or less", True, True),
        ("UDPCONFIG codes UDPQUEUELIMIT: datagrams are dropped; code NOUDPQUEUELIMIT", True, True),
        ("SSNDPAC=99: outside the allowed range 0-63", True, False),
        ("operand DSESLIN on APPL is not known; did you mean DSESLIM?", True, False),
    ],
)
def test_what_the_meta_tests_take_for_saying_what_to_code(
    message: str, says: bool, names: bool
) -> None:
    assert bool(SAYS_WHAT_TO_CODE.search(message)) is says
    assert bool(NAMES_THE_VALUE.search(message)) is names
