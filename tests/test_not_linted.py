"""Nothing vanishes silently: every file a run does not lint is named, in every output.

A file no dialect was recognised in, and that shows nothing against being a deck (a text), is
a PRS009 information in every format; the text report names it once, in its summary. A file
that shows it is no deck (a script, CMS tags, JSON, ...), a job or markdown with no deck in
it, and a file a folder walk did not read for its name (`x.sh`, `x.py`) get no finding of any
kind, named on the command line or not, and every output names them: the text summary, JSON's
`not_linted`, SARIF's notifications, JUnit's skipped tests, a GitHub notice, parsable lines. A
binary file keeps its PRS009 warning. The language server gives none of them a diagnostic.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main

APPLS = "APPLS    VBUILD TYPE=APPL\nCICSA    APPL  AUTH=(ACQ)\n"
NOTES = "Change window notes\nRestart the stack after the change.\n"
SCRIPT = "#!/bin/sh\nSERVERNAME=$(grep -i '^servername' dsm.sys)\n"


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["lint", "--no-cache", *args], catch_exceptions=False)
    return res.exit_code, res.output


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    site = tmp_path / "site"
    site.mkdir()
    (site / "APPLS").write_text(APPLS)
    (site / "NOTES").write_text(NOTES)
    (site / "helper").write_text(SCRIPT)
    (site / "blob").write_bytes(b"\x00\x01\x02" * 40)
    return site


def test_the_text_summary_names_each_file_not_linted_once(folder: Path) -> None:
    code, out = run("--no-source", "site")
    lines = out.splitlines()
    assert code == 1, out  # the binary file's PRS009 warning, as before
    assert "site/blob:1:1 warning PRS009 binary file" in lines[0]
    assert not [ln for ln in lines if "site/NOTES:" in ln or "site/helper:" in ln], out
    assert lines[-3].startswith("1 finding in 1 file: 0 error, 1 warning, 0 info")
    assert lines[-2].startswith("1 file not recognised: site/NOTES (if it is a deck, name its")
    assert lines[-1] == "1 file is no deck: site/helper (a script: #! on its first line)"


@pytest.mark.parametrize("fmt", ["json", "sarif", "junit", "github", "parsable"])
def test_machine_formats_give_the_text_its_prs009_and_the_script_nothing(
    folder: Path, fmt: str
) -> None:
    (folder / "deploy.sh").write_text(SCRIPT)  # passed by its name: not even read
    _code, out = run("--format", fmt, "--exit-zero", "site")
    assert "site/NOTES" in out and "no dialect recognised" in out
    # named, as not linted, and never as a finding
    assert "site/helper" in out and "a script: #! on its first line" in out
    assert "site/deploy.sh" in out and "not read: a .sh file is never a deck" in out
    if fmt == "json":
        doc = json.loads(out)
        got = {(f["path"], f["code"], f["severity"]) for f in doc["findings"]}
        assert got == {("site/blob", "PRS009", "warning"), ("site/NOTES", "PRS009", "info")}
        assert {"path": "site/helper", "dialect": None} in doc["files"]
        assert {p["path"] for p in doc["not_linted"]} == {
            "site/NOTES",
            "site/helper",
            "site/deploy.sh",
        }
    if fmt == "sarif":
        (run_,) = json.loads(out)["runs"]
        notes = run_["invocations"][0]["toolExecutionNotifications"]
        assert {
            n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for n in notes
        } == {
            "site/NOTES",
            "site/helper",
            "site/deploy.sh",
        }
        assert not [r for r in run_["results"] if "helper" in json.dumps(r)]
    if fmt == "junit":
        assert out.count("<skipped ") == 2  # the script and deploy.sh; NOTES has its PRS009


def test_quiet_has_no_summary_so_the_text_is_a_finding_line(folder: Path) -> None:
    _code, out = run("--no-source", "--quiet", "site")
    assert "site/NOTES:1:1 info PRS009 no dialect recognised" in out
    assert "helper" not in out and "not recognised:" not in out


def test_a_folder_names_the_files_it_passed_by_their_names(folder: Path) -> None:
    (folder / "deploy.sh").write_text(SCRIPT)
    (folder / "README.md").write_text("# The lab\n\nNothing fenced here.\n")
    (folder / "LOADJOB").write_text("//LOAD JOB 1\n//S1 EXEC PGM=IEFBR14\n")
    _code, out = run("--no-source", "site")
    lines = out.splitlines()
    assert lines[-2] == (
        "3 files are no decks: site/LOADJOB (a job with no deck in it: no step reads in-stream "
        "data as one), site/README.md (no deck fenced in it), site/helper (a script: #! on "
        "its first line)"
    )
    assert lines[-1] == (
        "1 file not read, by its name (scripts, documents, data): site/deploy.sh (name a file "
        "to lint it)"
    )
    # the same file alone: no finding either, and named
    code, out = run("--no-source", "site/LOADJOB")
    assert code == 0 and out.splitlines()[-1].startswith("1 file is no deck: site/LOADJOB (a job")


def test_a_script_named_on_the_command_line_gets_no_finding(folder: Path) -> None:
    code, out = run("--format", "json", "site/helper")
    assert code == 0 and json.loads(out)["findings"] == []
    code, out = run("--fail-on", "info", "site/helper")
    assert code == 0
    assert out.splitlines() == [
        "no findings in 0 files",
        "1 file is no deck: site/helper (a script: #! on its first line)",
    ]


def test_the_text_not_recognised_fails_at_info_in_every_format(folder: Path) -> None:
    (folder / "blob").unlink()
    assert run("--fail-on", "info", "site")[0] == 1
    assert run("--fail-on", "info", "--format", "json", "site")[0] == 1
    assert run("site")[0] == 0  # information never fails by default


def test_a_long_list_is_cut(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for n in range(12):
        (tmp_path / f"note{n:02d}").write_text(NOTES)
    _code, out = run(".")
    line = out.splitlines()[-1]
    assert line.startswith("12 files not recognised: note00, note01, ")
    assert "note09 and 2 more (if one is a deck" in line and "note10" not in line


def test_the_run_memo_keeps_the_names(folder: Path) -> None:
    first = CliRunner().invoke(main, ["lint", "--no-source", "site"]).output
    again = CliRunner().invoke(main, ["lint", "--no-source", "site"]).output
    assert first == again and "1 file not recognised: site/NOTES" in again


def test_a_baseline_holds_the_prs009_and_the_summary_still_names_the_file(folder: Path) -> None:
    (folder / "blob").unlink()
    assert run("--write-baseline", "base.json", "site")[0] == 0
    code, out = run("--baseline", "base.json", "--fail-on", "info", "site")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "no findings in 1 file (1 more held by the baseline, not shown)"
    assert lines[1].startswith("1 file not recognised: site/NOTES (")
    assert lines[2] == "1 file is no deck: site/helper (a script: #! on its first line)"
    assert len(lines) == 3


def test_the_language_server_gives_them_no_diagnostics(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("pygls")
    from decklint.server.network import Network

    monkeypatch.chdir(folder)
    net = Network([Path(".")])
    net.load()
    run_ = net.lint(net.snapshot())
    assert "NOTES" not in run_.findings and "helper" not in run_.findings
    assert "blob" not in run_.findings
