"""`decklint watch`: lint again when a file changes, and say only what changed; run without
waiting (the loop's sleep does the edits, or does nothing)."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import api
from decklint.cli import main
from decklint.cli.watch import WatchArgs, watch_cmd
from decklint.core.findings import Finding
from decklint.pipeline import watch
from decklint.pipeline.watch import Run

from .conftest import FIXTURES

LAB = FIXTURES / "networks" / "rtp-lab" / "baseline"
RUN = "import sys; from decklint._entry import main; sys.argv[0] = 'decklint'; main()"


@pytest.fixture
def lab(tmp_path: Path) -> Path:
    dst = tmp_path / "lab"
    shutil.copytree(LAB, dst)
    return dst


def _runs(lab: Path, looks: int | None = None) -> Iterator[Run]:
    return watch.watch(
        lambda: watch.snapshot([str(lab)]),
        lambda: api.lint_paths([str(lab)], api.Options(cache=True)),
        interval=0,
        looks=looks,
        sleep=lambda _s: None,
    )


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def _codes(findings: tuple[Finding, ...]) -> list[tuple[str, str]]:
    return [(Path(f.path).name, f.code) for f in findings]


def test_the_first_run_has_every_finding_then_only_what_changed(lab: Path) -> None:
    runs = _runs(lab)
    first = next(runs)
    everything = api.lint_paths([str(lab)]).findings
    assert first.changed == () and first.gone == ()
    assert list(first.new) == everything and first.findings == len(everything) > 20
    assert first.files == 10

    _edit(lab / "LAB45", "RCVBUFC=4095", "RCVBUFC=9000")
    second = next(runs)
    assert second.changed == (str(lab / "LAB45"),)
    assert _codes(second.gone) == [("LAB45", "NCP007")] and second.new == ()
    assert second.findings == first.findings - 1

    _edit(lab / "LAB45", "RCVBUFC=9000", "RCVBUFC=4095")
    third = next(runs)
    assert _codes(third.new) == [("LAB45", "NCP007")] and third.gone == ()


def test_a_finding_that_only_moved_is_not_new(lab: Path) -> None:
    runs = _runs(lab)
    next(runs)
    deck = lab / "LAB45"
    deck.write_text("* a remark that moves every line down\n" + deck.read_text())
    moved = next(runs)
    assert moved.changed == (str(deck),) and moved.new == moved.gone == ()


def test_a_finding_whose_message_changed_is_said_again(lab: Path) -> None:
    runs = _runs(lab)
    next(runs)
    _edit(lab / "LAB45", "RCVBUFC=4095", "RCVBUFC=5000")  # still too small
    again = next(runs)
    assert _codes(again.gone) == _codes(again.new) == [("LAB45", "NCP007")]
    assert "5000" in again.new[0].message and "4095" in again.gone[0].message


def test_a_file_that_disappears_takes_its_findings_with_it(lab: Path) -> None:
    runs = _runs(lab)
    first = next(runs)
    before = [f for f in first.new if f.path.endswith("SWLAB")]
    (lab / "SWLAB").unlink()
    gone = next(runs)
    assert gone.changed == (str(lab / "SWLAB"),) and gone.files == 9
    assert {f for f in gone.gone if f.path.endswith("SWLAB")} == set(before) != set()


def test_an_unreadable_file_is_a_finding_not_a_crash(
    lab: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = _runs(lab)
    next(runs)
    deck = lab / "APPLLAB"
    deck.chmod(0)  # changes its stamp; root reads it anyway, so reading is refused below
    real = Path.read_bytes

    def refuse(self: Path) -> bytes:
        if self.name == "APPLLAB":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    try:
        locked = next(runs)
    finally:
        deck.chmod(0o644)
    assert locked.changed == (str(deck),)
    assert [(f.code, f.message) for f in locked.new] == [
        ("PRS009", "cannot read: Permission denied")
    ]
    assert {f.code for f in locked.gone} == {"VTM009"}  # its two findings went with its text


def test_nothing_changed_is_no_run(lab: Path) -> None:
    assert len(list(_runs(lab, looks=3))) == 1


def test_a_run_that_could_not_lint_is_said_and_the_next_compares_with_the_last_good(
    lab: Path,
) -> None:
    results: list[api.LintResult | str] = [
        api.lint_paths([str(lab)]),
        "configuration error: x",
        api.lint_paths([str(lab)]),
    ]
    edits = iter([lambda: (lab / "LAB45").touch(), lambda: (lab / "SWLAB").touch()])
    runs = list(
        watch.watch(
            lambda: watch.snapshot([str(lab)]),
            lambda: results.pop(0),
            interval=0,
            looks=2,
            sleep=lambda _s: next(edits)(),
        )
    )
    assert [r.error for r in runs] == ["", "configuration error: x", ""]
    assert runs[2].new == runs[2].gone == ()


def test_a_slow_look_is_not_repeated_at_once(lab: Path) -> None:
    pauses: list[float] = []

    def slow() -> watch.Snapshot:
        time.sleep(0.05)
        return {}

    list(watch.watch(slow, lambda: "x", interval=0.01, looks=2, sleep=pauses.append))
    assert len(pauses) == 2 and all(p >= 0.05 * watch.LOOK_SHARE for p in pauses)


def test_the_files_looked_at_are_those_lint_reads(lab: Path) -> None:
    (lab / "notes.md").write_text("# no deck here\n")
    (lab / "tool.py").write_text("print(1)\n")
    (lab / ".hidden").write_text("X VBUILD TYPE=APPL\n")
    seen = {Path(p).name for p in watch.snapshot([str(lab)])}
    # what lint reads (a folder walk names tool.py as not read, by its name); markdown is
    # read for the decks it may come to hold
    read = {
        Path(i.path).name for i in api.gather([str(lab)]) if not i.problem.startswith("not read")
    }
    assert seen == read and "notes.md" in seen
    assert "tool.py" not in seen and ".hidden" not in seen


# ------------------------------------------------------------------ the command


def _sleeper(*edits: Callable[[], None]) -> Callable[[float], None]:
    todo = list(edits)

    def sleep(_seconds: float) -> None:
        if todo:
            todo.pop(0)()

    return sleep


def test_the_command_prints_every_finding_then_the_changes(
    lab: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(lab.parent)
    monkeypatch.setattr(
        watch.time, "sleep", _sleeper(lambda: _edit(lab / "LAB45", "RCVBUFC=4095", "RCVBUFC=9000"))
    )
    got = CliRunner().invoke(main, ["watch", "--looks", "2", "--no-color", "lab"])
    assert got.exit_code == 0, got.output
    lines = got.stdout.splitlines()
    total = next(i for i, ln in enumerate(lines) if not ln.startswith("+ "))
    assert total > 20 and all(ln.startswith("+ lab/") for ln in lines[:total])
    assert lines[total].endswith(f" {total} findings in 10 files")
    assert lines[total + 1 :] == [
        "- lab/LAB45:29:16 error NCP007 RCVBUFC=4095 cannot hold two whole frames (peripheral "
        "PU OS2PU MAXDATA=4000); code at least 8000",
        lines[-1],
    ]
    assert lines[-1].endswith(
        f" lab/LAB45 changed: 0 new, 1 gone; {total - 1} findings in 10 files"
    )
    assert "looking for changes every 1 second" in got.stderr


def test_a_broken_configuration_while_watching_is_said_and_watching_goes_on(
    lab: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(lab.parent)
    config = lab / ".decklint.yaml"
    good = config.read_text()
    monkeypatch.setattr(
        watch.time,
        "sleep",
        _sleeper(
            lambda: config.write_text(good + "bulk-modes: [X\n"), lambda: config.write_text(good)
        ),
    )
    got = CliRunner().invoke(main, ["watch", "--looks", "2", "--no-color", "lab"])
    assert got.exit_code == 0, got.output
    summaries = [ln for ln in got.stdout.splitlines() if not ln.startswith(("+ ", "- "))]
    assert len(summaries) == 3
    assert "lab/.decklint.yaml changed: not linted: configuration error:" in summaries[1]
    assert summaries[2].endswith(
        "lab/.decklint.yaml changed: 0 new, 0 gone; 41 findings in 10 files"
    )


def test_a_configuration_error_at_the_start_is_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("select: [\n")
    got = CliRunner().invoke(main, ["watch", "--looks", "0", "--config", str(bad), str(LAB)])
    assert got.exit_code == 2 and "configuration error" in got.stderr


def test_ctrl_c_ends_the_command_cleanly(lab: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(_seconds: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(watch.time, "sleep", interrupt)
    got = CliRunner().invoke(main, ["watch", "--no-color", str(lab)])
    assert got.exit_code == 0 and "Aborted" not in got.output
    assert got.stdout.count(" findings in 10 files") == 1


def test_an_interrupt_from_the_terminal_exits_0_without_a_traceback(lab: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", RUN, "watch", "--interval", "0.2", str(lab)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stderr is not None
    assert "Ctrl-C stops" in proc.stderr.readline()  # the first run is done
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and "Traceback" not in err
    assert out.count(" findings in 10 files") == 1


def test_the_command_takes_its_parameters_as_one_record() -> None:
    import dataclasses

    assert {p.name for p in watch_cmd.params} == {f.name for f in dataclasses.fields(WatchArgs)}
    assert dataclasses.is_dataclass(WatchArgs) and WatchArgs.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_standard_input_cannot_be_watched() -> None:
    got = CliRunner().invoke(main, ["watch", "--looks", "0", "-"])
    assert got.exit_code == 2 and "standard input" in got.stderr


@pytest.mark.parametrize("color", [False, True])
def test_a_place_on_line_100_is_never_an_emoji(color: bool) -> None:
    import io

    from decklint.core.findings import Finding, Severity
    from decklint.core.source import Span
    from decklint.report import changes

    f = Finding(
        "LAB45.ncp", Span(100, 16, 100, 20), "NCP001", "unitsz", Severity.WARNING, "m", "ncp"
    )
    out = io.StringIO()
    changes.render(Run(0.0, (), (f,), (), 1, 1), out, color=color)
    assert "LAB45.ncp:100:16" in out.getvalue() and "\U0001f4af" not in out.getvalue()


def test_quiet_prints_the_findings_that_came_and_went_only(
    lab: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(lab.parent)
    config = lab / ".decklint.yaml"
    good = config.read_text()
    monkeypatch.setattr(
        watch.time,
        "sleep",
        _sleeper(
            lambda: _edit(lab / "LAB45", "RCVBUFC=4095", "RCVBUFC=9000"),
            lambda: config.write_text(good + "bulk-modes: [X\n"),
        ),
    )
    got = CliRunner().invoke(main, ["watch", "-q", "--looks", "3", "--no-color", "lab"])
    assert got.exit_code == 0, got.output
    lines = got.stdout.splitlines()
    others = [ln for ln in lines if not ln.startswith(("+ lab/", "- lab/"))]
    assert len(others) == 1 and "lab/.decklint.yaml changed: not linted:" in others[0]
    assert sum(ln.startswith("- lab/LAB45:29:16 error NCP007") for ln in lines) == 1
    assert got.stderr == ""
