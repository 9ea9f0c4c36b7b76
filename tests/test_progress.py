"""Progress of a long run: the library's counts, and the line the command draws from them only
for a person at a terminal: on standard error, never in a pipe, in CI, or on the terminal a
machine format is written to."""

from __future__ import annotations

import fcntl
import io
import os
import select
import shutil
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import api
from decklint.cli import main
from decklint.core.progress import Progress
from decklint.pipeline import schedule
from decklint.report.progress import Display

from .conftest import FIXTURES

LAB = FIXTURES / "networks" / "rtp-lab" / "baseline"
RUN = "import sys; from decklint._entry import main; sys.argv[0] = 'decklint'; main()"
SHOWN = b"files read"  # in the progress line, never in a report of these decks


@pytest.fixture
def lab(tmp_path: Path) -> Path:
    dst = tmp_path / "lab"
    shutil.copytree(LAB, dst)
    return dst


def _file_phase(seen: list[Progress]) -> list[Progress]:
    return [p for p in seen if not p.rules]


def test_the_callback_counts_the_files_read_parsed_and_from_the_cache(lab: Path) -> None:
    n = len(api.gather([str(lab)]))
    seen: list[Progress] = []
    api.lint_paths([str(lab)], api.Options(cache=True, progress=seen.append))
    assert seen[0] == Progress(n, n)
    assert [p.parsed for p in _file_phase(seen)] == list(range(n + 1))  # once per file
    last = seen[-1]
    assert (last.files, last.read, last.parsed, last.cached) == (n, n, n, 0)
    assert last.rules_run == last.rules > 10
    rules = [p.rules_run for p in seen if p.rules]
    assert rules == list(range(last.rules + 1))  # once per rule on the whole model

    seen.clear()
    api.lint_paths([str(lab)], api.Options(cache=True, progress=seen.append))
    assert [p.cached for p in _file_phase(seen)] == list(range(n + 1))
    assert seen[-1][:4] == (n, n, 0, n)


def test_parallel_parsing_is_counted_here_as_the_files_come_back(
    lab: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schedule, "PARALLEL_MIN_CHARS", 0)
    n = len(api.gather([str(lab)]))
    seen: list[Progress] = []
    result = api.lint_paths([str(lab)], api.Options(jobs=2, progress=seen.append))
    assert result.stats.workers == 2
    assert [p.parsed for p in _file_phase(seen)] == list(range(n + 1))
    assert seen[-1].rules_run == seen[-1].rules > 0


def test_decks_cut_out_of_a_file_are_counted_not_the_file(tmp_path: Path) -> None:
    jcl = tmp_path / "GEN.jcl"
    jcl.write_text(
        "//GEN JOB\n//S1 EXEC PGM=IEBUPDTE\n//SYSIN DD DATA\n"
        "./ ADD NAME=APPL1\nAPPL1    VBUILD TYPE=APPL\n"
        "./ ADD NAME=APPL2\nAPPL2    VBUILD TYPE=APPL\n./ ENDUP\n/*\n"
    )
    (tmp_path / "one.vtam").write_text("A1 VBUILD TYPE=APPL\n")
    gathered: list[Progress] = []
    inputs = api.gather([str(tmp_path)], progress=gathered.append)
    assert len(inputs) == 4  # the JCL, its two decks, the deck
    assert gathered[-1] == Progress(4, 3)
    seen: list[Progress] = []
    api.lint_inputs(inputs, api.Options(progress=seen.append))
    assert seen[0] == Progress(4, 3) and seen[-1][:4] == (4, 3, 3, 0)


def test_a_run_answered_by_the_run_memo_says_every_file_came_from_the_cache(lab: Path) -> None:
    inputs = api.gather([str(lab)])
    n = len(inputs)
    api.lint_inputs(inputs, api.Options(cache=True), b"id")
    seen: list[Progress] = []
    got = api.lint_inputs(inputs, api.Options(cache=True, progress=seen.append), b"id")
    assert got.stats.memo and seen == [Progress(n, n, 0, n)]


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_line_waits_for_its_delay_and_is_cleared_when_closed() -> None:
    clock, out = _Clock(), io.StringIO()
    shown = Display(out, delay=1.0, clock=clock)
    shown(Progress(5, 5, 1))
    clock.now = 0.9
    shown(Progress(5, 5, 2))
    assert out.getvalue() == ""  # a run that ends before the delay shows nothing
    clock.now = 1.2
    shown(Progress(5, 5, 3, 1))
    assert "5 files read, 3 parsed, 1 cached" in out.getvalue()
    drawn = len(out.getvalue())
    shown.close()
    shown(Progress(5, 5, 5))
    assert len(out.getvalue()) > drawn  # cleared...
    assert "5 parsed" not in out.getvalue()  # ...and nothing drawn after


# ------------------------------------------------------------------ the command


def test_the_report_is_the_same_with_and_without_a_delay_when_not_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = ["lint", "--no-cache", str(LAB)]
    before = CliRunner().invoke(main, args)
    monkeypatch.setenv("DECKLINT_PROGRESS_DELAY", "0")
    monkeypatch.delenv("CI", raising=False)
    after = CliRunner().invoke(main, args)
    assert after.output == before.output and SHOWN.decode() not in after.output


def _on_terminal(
    *args: str, env: dict[str, str] | None = None, stdout_pipe: bool = False
) -> tuple[int, bytes, bytes]:
    """Run decklint with standard error (and output, unless `stdout_pipe`) on a terminal of
    120 columns; the exit status, what the terminal showed, and what the pipe got."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    full = {k: v for k, v in os.environ.items() if k not in ("CI", "GITHUB_ACTIONS", "NO_COLOR")}
    full.update({"DECKLINT_PROGRESS_DELAY": "0", "TERM": "xterm", **(env or {})})
    proc = subprocess.Popen(
        [sys.executable, "-c", RUN, *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE if stdout_pipe else slave,
        stderr=slave,
        env=full,
    )
    os.close(slave)
    shown = b""
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        shown += chunk
    piped = proc.stdout.read() if proc.stdout else b""
    proc.wait(60)
    os.close(master)
    return proc.returncode, shown, piped


def test_a_run_on_a_terminal_shows_the_line_then_clears_it_for_the_findings() -> None:
    code, shown, _ = _on_terminal("lint", "--no-cache", "--select", "NCP007", str(LAB))
    assert code == 1
    assert SHOWN in shown and b"rules " in shown
    # the findings come after the line was cleared, and end with the summary
    assert shown.index(b"NCP007") > shown.rindex(SHOWN)
    assert shown.rstrip().endswith(b"1 finding in 10 files: 1 error, 0 warning, 0 info")


def test_a_run_shorter_than_the_delay_shows_nothing() -> None:
    code, shown, _ = _on_terminal(
        "lint", "--select", "NCP007", str(LAB), env={"DECKLINT_PROGRESS_DELAY": "600"}
    )
    assert code == 1 and b"NCP007" in shown and SHOWN not in shown


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--format", "json"], {}),
        (["--format", "parsable"], {}),
        (["--quiet"], {}),
        ([], {"CI": "true"}),
        ([], {"GITHUB_ACTIONS": "true"}),
        ([], {"TERM": "dumb"}),
    ],
)
def test_no_line_for_a_machine_format_quiet_or_ci_even_on_a_terminal(
    args: list[str], env: dict[str, str]
) -> None:
    code, shown, _ = _on_terminal("lint", "--no-cache", *args, str(LAB), env=env)
    assert code == 1 and shown and SHOWN not in shown


def test_the_line_shows_on_standard_error_while_the_output_goes_to_a_pipe() -> None:
    for args in ([], ["--format", "json"]):
        code, shown, piped = _on_terminal("lint", "--no-cache", *args, str(LAB), stdout_pipe=True)
        assert code == 1 and b"NCP007" in piped
        assert SHOWN in shown and SHOWN not in piped


def test_no_line_through_pipes() -> None:
    env = dict(os.environ, DECKLINT_PROGRESS_DELAY="0")
    env.pop("CI", None)
    done = subprocess.run(
        [sys.executable, "-c", RUN, "lint", "--no-cache", str(LAB)],
        capture_output=True,
        env=env,
        check=False,
    )
    assert done.returncode == 1 and b"NCP007" in done.stdout
    assert SHOWN not in done.stdout + done.stderr and b"\x1b" not in done.stdout + done.stderr


# ------------------------------------------------------------------ --quiet


def _run(*args: str) -> tuple[int, str, str]:
    got = CliRunner().invoke(main, list(args))
    return got.exit_code, got.stdout, got.stderr


def test_quiet_keeps_the_findings_and_drops_the_summary() -> None:
    code, out, _ = _run("lint", "--select", "NCP007", str(LAB))
    qcode, quiet, _ = _run("lint", "-q", "--select", "NCP007", str(LAB))
    assert code == qcode == 1
    assert out.endswith("1 finding in 10 files: 1 error, 0 warning, 0 info\n")
    assert quiet == out[: out.rindex("1 finding in")]
    assert "NCP007" in quiet and 'see "Getting the most' in quiet  # the finding, citation and all


def test_quiet_prints_nothing_when_there_is_nothing_to_report(tmp_path: Path) -> None:
    (tmp_path / "a.vtam").write_text("A1 VBUILD TYPE=APPL\n")
    assert _run("lint", str(tmp_path)) == (0, "no findings in 1 file\n", "")
    assert _run("lint", "--quiet", str(tmp_path)) == (0, "", "")


def test_quiet_drops_the_counts_of_what_was_written(tmp_path: Path) -> None:
    baseline = tmp_path / "b.json"
    code, _, err = _run("lint", "--write-baseline", str(baseline), str(LAB))
    assert code == 0 and "wrote" in err
    code, _, err = _run("lint", "-q", "--write-baseline", str(baseline), str(LAB))
    assert code == 0 and err == "" and baseline.is_file()
    deck = tmp_path / "n.ncp"
    deck.write_text("B1       BUILD BFRS=240,SUBAREA=4\n")  # SLODOWN=6: an unsafe fix
    _, out, err = _run("lint", "--diff", "--unsafe-fixes", "--select", "NCP005", str(deck))
    assert "not written" in err and "SLODOWN" in out
    _, qout, qerr = _run("lint", "-q", "--diff", "--unsafe-fixes", "--select", "NCP005", str(deck))
    assert qout == out and "not written" not in qerr
