"""A bounded run of the fuzzer's hostile configuration and output cases
(benchmarks/fuzz_hostile.py), so the generators and judges stay working; the long run is
`python benchmarks/fuzz.py --seconds 600`."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_hostile.py"
_spec = importlib.util.spec_from_file_location("fuzz_hostile", _PATH)
assert _spec and _spec.loader
fh = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fh)


@pytest.mark.parametrize("seed", range(40))
def test_hostile_configuration_is_handled(tmp_path: Path, seed: int) -> None:
    rnd = random.Random(seed)
    _text, args = fh.config_case(rnd, tmp_path)
    output, code, exc = fh.invoke(args, tmp_path)
    assert fh.judge_config(output, code, exc) is None


@pytest.mark.parametrize("seed", range(4))
def test_hostile_names_in_every_output(tmp_path: Path, seed: int) -> None:
    rnd = random.Random(seed)
    for args in fh.output_case(rnd, tmp_path):
        output, code, exc = fh.invoke(args, tmp_path)
        assert fh.judge_output(args, output, code, exc) is None, args


@pytest.mark.parametrize("seed", range(3))
def test_a_workspace_that_plants_code_runs_none_of_it(tmp_path: Path, seed: int) -> None:
    rnd = random.Random(seed)
    work = tmp_path / "ws"
    work.mkdir()
    marker, args, env = fh.workspace_case(rnd, work)
    output, code = fh.run_workspace(work, args, env)
    assert fh.judge_workspace(marker, output, code, "--untrusted" in args) is None, output[-2000:]


def test_the_judges_catch_what_they_are_for() -> None:
    assert fh.judge_config(f"x {fh.SECRET} y", 2, None)
    assert fh.judge_config(
        "PRS009 internal error in the rule engine (X); please report it", 2, None
    )
    assert fh.judge_config("", 1, KeyError("x"))
    assert fh.judge_workspace(Path(__file__), "", 0) == "code of the workspace ran"
    assert fh.judge_workspace(Path("/nonexistent"), fh.SITE_SAYS, 1)
    github = ["lint", "--format", "github"]
    assert fh.judge_output(github, "::add-mask::s\n", 1, None)
    assert fh.judge_output(["lint", "--format", "text"], "a\x1b[2Jb\n", 1, None)
    assert fh.judge_output(["lint", "--format", "junit"], "<a><b></a>", 1, None)
    assert fh.judge_output(["topology", "--format", "html"], '<a href="javascript:x">', 0, None)
    assert fh.judge_output(github, "::error file=a,line=1::m\n", 1, None) is None


@pytest.mark.parametrize("seed", range(200))
def test_site_rule_patterns_match_as_re_does(seed: int) -> None:
    assert fh.regex_case(random.Random(seed)) is None
