"""Hostile configuration, site rules and streams: each is a clear error, never a traceback,
a hang or a quoted file that is not a configuration."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import lint as cli
from decklint.cli import main
from decklint.inputs.discover import walk
from decklint.lint.expr import ExprError, compile_expr
from decklint.lint.manifest import ManifestError, load_file
from decklint.lint.registry import manifest_files
from decklint.project.config import ConfigError, load

RUN = "import sys; from decklint._entry import main; sys.argv[0] = 'decklint'; main()"


def test_extends_never_quotes_a_file_that_is_not_a_configuration(tmp_path: Path) -> None:
    secret = tmp_path / "passwd"
    secret.write_text("root: x:0:0:hunter2\n")
    cfg = tmp_path / ".decklint.yaml"
    cfg.write_text(f"extends: {secret}\n")
    with pytest.raises(ConfigError) as exc:
        load(cfg)
    assert "not a configuration" in str(exc.value)
    assert "x:0:0" not in str(exc.value) and "hunter2" not in str(exc.value)


def test_alias_bomb_is_refused_quickly(tmp_path: Path) -> None:
    lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]']
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    cfg = tmp_path / ".decklint.yaml"
    cfg.write_text("\n".join(lines) + "\n")
    start = time.monotonic()
    with pytest.raises(ConfigError, match="expands to more than"):
        load(cfg)
    assert time.monotonic() - start < 2


def test_oversized_configuration_is_refused(tmp_path: Path) -> None:
    cfg = tmp_path / ".decklint.yaml"
    cfg.write_text("# " + "x" * (2 << 20) + "\n")
    with pytest.raises(ConfigError, match="larger than"):
        load(cfg)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1" * 5000 + " > 0", "digits"),
        (" * ".join(["1"] * 3000) + " > 0", "nests deeper"),
        ("not " * 5000 + "true", "nests deeper"),
        ("'\\x' == 'a'", "bad escape"),
        ("matches('aaa', '(a)\\\\1')", "backreferences"),
        ("matches('aaa', '(?=a)a')", "lookaround"),
        ("matches('aaa', 'a*+')", "possessive repeats"),
        ("matches('aaa', '(?>a)')", "atomic groups"),
        ("matches('aaa', 'x{5000}')", "more than 2000 states"),
    ],
)
def test_hostile_expressions_are_expression_errors(text: str, says: str) -> None:
    with pytest.raises(ExprError, match=says):
        compile_expr(text, set(), set())


def test_matches_keeps_to_safe_patterns() -> None:
    assert compile_expr("matches('ABC1', '[A-Z]+[0-9]')", set(), set())({}) is True
    assert compile_expr("matches('TCP', '(TCP|UDP)')", set(), set())({}) is True


@pytest.mark.parametrize("pattern", ["a*a*a*a*a*b", "(a+)+$", "(a|ab)*c", "(a|a)*b", ".*.*.*=x"])
def test_matches_takes_linear_time_on_shapes_that_backtrack(pattern: str) -> None:
    """`a*a*a*a*a*b` on 4,000 characters took `re` 40 s; the automaton follows every path at
    once, and answers as `re` does."""
    import re
    import time

    from decklint.lint.expr import _matches

    for subject in ("a" * 4000, "a" * 3999 + "b", "a" * 3990 + "=x"):
        started = time.perf_counter()
        _matches(subject, pattern)
        assert time.perf_counter() - started < 2.0, (pattern, len(subject))
    for subject in ("a" * 12, "a" * 11 + "b", "a" * 10 + "=x", "ab" * 6 + "c"):
        # short enough for re to answer too
        assert _matches(subject, pattern) == (re.fullmatch(pattern, subject) is not None)


def test_a_match_past_its_budget_is_cut_not_taken_for_an_answer() -> None:
    from decklint.lint import regex
    from decklint.lint.expr import MatchCut, _matches

    with pytest.raises(regex.Cut):
        regex.Matcher("(a?){900}a*").fullmatch("a" * 4000, budget=100_000)
    with pytest.raises(MatchCut, match="longer than matches"):
        _matches("a" * 5000, "a*")


RULE = """\
code: SIT009
name: hostile-site-rule
summary: A site rule with a hostile expression.
severity: error
target: model:mode
require: "{require}"
message: "never"
rationale: none
citation:
  document: appc
  section: RU size
"""


def test_hostile_site_rule_is_a_configuration_error_naming_the_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "site").mkdir()
    (tmp_path / ".decklint.yaml").write_text("rule-paths: [site]\n")
    (tmp_path / "site" / "SIT009.yaml").write_text(RULE.format(require="1" * 5000 + " > 0"))
    (tmp_path / "a.vtam").write_text("T MODETAB\n")
    res = CliRunner().invoke(main, ["lint", "a.vtam"])
    assert res.exit_code == 2, res.output
    assert "SIT009" in res.output and "configuration error" in res.output


def test_site_rule_folders_are_walked_within_bounds(tmp_path: Path) -> None:
    (tmp_path / "deep" / "a" / "b" / "c" / "d" / "e").mkdir(parents=True)
    (tmp_path / "deep" / "a" / "one.yaml").write_text("x")
    (tmp_path / "deep" / "a" / "b" / "c" / "d" / "e" / "far.yaml").write_text("x")
    assert [p.name for p in manifest_files(tmp_path / "deep", user=True)] == ["one.yaml"]
    for i in range(250):
        (tmp_path / "wide" / f"f{i}").mkdir(parents=True)
    with pytest.raises(ManifestError, match="more than"):
        manifest_files(tmp_path / "wide", user=True)


def test_deeply_nested_folders_are_walked(tmp_path: Path) -> None:
    """Folders nested deeper than the call stack allows (1,200 in a real tree; here 300
    under a lowered limit, so that the tree is still removable the usual way)."""
    path = str(tmp_path / "deep")
    os.mkdir(path)
    for _ in range(300):
        path = os.path.join(path, "d")
        os.mkdir(path)
    Path(path, "x.vtam").write_text("X\n")
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 150)
    try:
        found = [p.name for p in walk([str(tmp_path / "deep")])]
    finally:
        sys.setrecursionlimit(limit)
    assert found == ["x.vtam"]


def test_standard_input_is_read_up_to_a_stated_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "STDIN_LIMIT", 10)
    res = CliRunner().invoke(main, ["lint", "-"], input=b"X" * 11)
    assert res.exit_code == 2 and "larger than" in res.output


def _entry(*args: str, close: int) -> subprocess.CompletedProcess[str]:
    r, w = os.pipe()
    try:
        return subprocess.run(
            [sys.executable, "-c", RUN, *args],
            stdin=subprocess.DEVNULL if close != 0 else r,
            stdout=subprocess.DEVNULL if close != 1 else w,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            preexec_fn=lambda: os.close(close),
        )
    finally:
        os.close(r)
        os.close(w)


def test_closed_standard_input_is_a_usage_error() -> None:
    res = _entry("lint", "-", close=0)
    assert res.returncode == 2 and "standard input" in res.stderr
    assert "Traceback" not in res.stderr


def test_closed_standard_output_is_an_error() -> None:
    res = _entry("lint", "-", close=1)
    assert res.returncode == 2 and "standard output is closed" in res.stderr
    assert "Traceback" not in res.stderr


def test_site_rule_of_nested_aliases_is_refused_quickly(tmp_path: Path) -> None:
    lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]']
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    rule = tmp_path / "SIT009-hostile-site-rule.yaml"
    rule.write_text("\n".join(lines) + "\nmessage: *a9\n")
    start = time.monotonic()
    with pytest.raises(ManifestError, match="aliases of aliases"):
        load_file(rule, user=True)
    assert time.monotonic() - start < 2


@pytest.mark.parametrize(
    "text",
    [
        "min('a', 1) == 1",  # unlike values: a TypeError inside a function
        "len(5) > 1",
        "-'a' == 1",
        "1 in 2",
        "'a' * 999999999 == 'a'",  # never repeats a text (a gigabyte per evaluation)
        "'%d' % 1 == '1'",  # never formats a text
        "floor('x') == 1",
    ],
)
def test_values_of_the_wrong_type_are_unknown_not_engine_errors(text: str) -> None:
    assert compile_expr(text, set(), set())({}) is None


def test_site_rule_failing_on_a_value_is_not_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "site").mkdir()
    (tmp_path / ".decklint.yaml").write_text("rule-paths: [site]\n")
    rule = RULE.format(require="min(name, 1) == 1").replace("SIT009", "SIT001")
    (tmp_path / "site" / "SIT001-hostile-site-rule.yaml").write_text(rule)
    (tmp_path / "a.vtam").write_text("T MODETAB\nM MODEENT LOGMODE=M\n MODEEND\n")
    res = CliRunner().invoke(main, ["lint", "--no-cache", "a.vtam"])
    assert "internal error" not in res.output, res.output
    assert res.exit_code == 0, res.output
