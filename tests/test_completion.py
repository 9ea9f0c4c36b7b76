"""Shell completion: the scripts, and what completing a command line offers."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.shell_completion import BashComplete
from click.testing import CliRunner

from decklint import api, dialects
from decklint.cli import main
from decklint.cli.lint import FORMATS

RUN = "import sys; from decklint._entry import main; sys.argv[0] = 'decklint'; main()"


def _complete(args: list[str], incomplete: str) -> list[tuple[str, str]]:
    done = BashComplete(main, {}, "decklint", "_DECKLINT_COMPLETE")
    return [(c.type, c.value) for c in done.get_completions(args, incomplete)]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_command_prints_a_script_for_each_shell(shell: str) -> None:
    got = CliRunner().invoke(main, ["completion", shell])
    assert got.exit_code == 0
    assert "decklint" in got.stdout and "_DECKLINT_COMPLETE" in got.stdout


def test_an_unknown_shell_is_a_usage_error() -> None:
    assert CliRunner().invoke(main, ["completion", "csh"]).exit_code == 2


def test_select_and_ignore_complete_rule_codes() -> None:
    got = _complete(["lint", "--select"], "VTM")
    vtam = sorted(m.code for m in api.manifests() if m.code.startswith("VTM"))
    assert got and all(value.startswith("VTM") for _, value in got)
    assert [v for _, v in got if v != "VTM"] == vtam
    assert ("plain", "NCP005") in _complete(["lint", "--ignore"], "ncp00")


def test_the_last_item_of_a_comma_list_is_completed() -> None:
    got = _complete(["lint", "--select"], "NCP,VTM00")
    assert got and all(value.startswith("NCP,VTM00") for _, value in got)
    assert ("plain", "NCP,VTM001") in got


def test_rule_names_and_groups_complete_too() -> None:
    names = [v for _, v in _complete(["lint", "--select"], "l")]
    assert "link" in names  # a group
    assert "limits-set" in names  # a rule's name
    assert ("plain", "NCP007") in _complete(["explain"], "NCP00")


def test_formats_dialects_and_paths_complete() -> None:
    assert [v for _, v in _complete(["lint", "--format"], "")] == FORMATS
    assert [v for _, v in _complete(["lint", "--dialect"], "")] == dialects.names()
    assert [v for _, v in _complete(["topology", "--dialect"], "n")] == ["ncp", "nsdos"]
    assert _complete(["lint"], "deck") == [("file", "deck")]


def test_completing_loads_no_rule_and_no_parser() -> None:
    code = (
        "import sys\n"
        "from click.shell_completion import BashComplete\n"
        "from decklint.cli import main\n"
        "c = BashComplete(main, {}, 'decklint', '_DECKLINT_COMPLETE')\n"
        "for args, last in ((['lint', '--select'], 'VTM'), (['lint', '--dialect'], '')):\n"
        "    assert c.get_completions(args, last)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'yaml')\n"
        "    or m.startswith(('decklint.lint', 'decklint.pipeline', 'decklint.model'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_installed_command_answers_the_shell() -> None:
    env = dict(
        os.environ,
        _DECKLINT_COMPLETE="bash_complete",
        COMP_WORDS="decklint lint --select VTM00",
        COMP_CWORD="3",
    )
    done = subprocess.run(
        [sys.executable, "-c", RUN], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "plain,VTM001" in lines and all(ln.startswith("plain,VTM00") for ln in lines)


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_bash_completes_through_the_script(tmp_path: Path) -> None:
    script = tmp_path / "decklint.bash"
    script.write_text(CliRunner().invoke(main, ["completion", "bash"]).stdout)
    driver = tmp_path / "decklint"  # what the script runs: this decklint
    driver.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -c {shlex.quote(RUN)}\n")
    driver.chmod(0o755)
    probe = (
        f"source {shlex.quote(str(script))}; COMP_WORDS=(decklint lint --format js); "
        f"COMP_CWORD=3; _decklint_completion {shlex.quote(str(driver))}; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(["bash", "--norc", "-c", probe], capture_output=True, text=True)
    assert done.stdout.split() == ["json"], done.stderr
