"""The `decklint` command's process entry: exit codes and output survive the fast exit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from decklint.cli import main

from .conftest import FIXTURES

SITE = FIXTURES / "networks" / "site" / "baseline"
RUN = "import sys; from decklint._entry import main; sys.argv[0] = 'decklint'; main()"


def _entry(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_findings_exit_1_with_the_whole_report_written(tmp_path: Path) -> None:
    args = ["lint", "--no-cache", "--no-color", str(SITE)]
    done = _entry(*args)
    inline = CliRunner().invoke(main, args)
    assert done.returncode == inline.exit_code == 1
    assert done.stdout == inline.output and len(done.stdout) > 10_000
    assert "Traceback" not in done.stderr


def test_a_clean_run_exits_0_and_a_usage_error_2() -> None:
    assert _entry("rules").returncode == 0
    bad = _entry("lint", "--no-such-option")
    assert bad.returncode == 2 and "No such option" in bad.stderr


def test_a_reader_that_stops_early_costs_no_traceback() -> None:
    cmd = f'{sys.executable} -c "{RUN}" lint --no-cache {SITE} | head -n 1'
    done = subprocess.run(cmd, shell=True, capture_output=True, text=True, check=False)
    assert done.stdout.count("\n") == 1
    assert "Traceback" not in done.stderr
