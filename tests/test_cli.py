"""The command line, end to end through click's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main

from .conftest import FIXTURES

LAB = FIXTURES / "networks" / "rtp-lab"


def run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def test_baseline_fails_and_tuned_passes() -> None:
    base = run("lint", str(LAB / "baseline"))
    assert base.exit_code == 1
    assert "NCP007" in base.output
    cited = '"Getting the most from APPC: A network tuning guide" (IBM APPC Market Enablement'
    assert f"see {cited}, March 1994), \u00a7 " in base.output
    tuned = run("lint", str(LAB / "tuned"))
    assert tuned.exit_code == 0, tuned.output
    assert " error " not in tuned.output and " warning " not in tuned.output


def test_text_output_has_location_caret_and_summary() -> None:
    res = run("lint", "--select", "NCP007", str(LAB / "baseline"))
    lines = res.output.splitlines()
    head = next(ln for ln in lines if " NCP007 " in ln)
    assert head.startswith(str(LAB / "baseline" / "LAB45")) or "LAB45:29:16 error NCP007" in head
    i = lines.index(head)
    assert "RCVBUFC=4095" in lines[i + 1]
    assert lines[i + 2].strip() == "^" * len("RCVBUFC=4095")
    assert lines[-1].startswith("1 finding in 10 files: 1 error, 0 warning, 0 info")


def test_json_output_is_stable_and_complete() -> None:
    a = run("lint", "--format", "json", str(LAB / "baseline"))
    b = run("lint", "--format", "json", str(LAB / "baseline"))
    assert a.output == b.output
    doc = json.loads(a.output)
    assert doc["schema_version"] == 1
    assert doc["summary"]["error"] >= 1
    f = doc["findings"][0]
    assert set(f) >= {
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "code",
        "name",
        "severity",
        "message",
        "dialect",
        "citation",
        "related",
    }
    keys = [(x["path"], x["line"], x["column"], x["code"]) for x in doc["findings"]]
    assert keys == sorted(keys)


def test_select_ignore_by_code_name_prefix() -> None:
    only = json.loads(
        run("lint", "--format", "json", "--select", "NCP", str(LAB / "baseline")).output
    )
    assert {f["code"][:3] for f in only["findings"]} == {"NCP"}
    named = json.loads(
        run("lint", "--format", "json", "--select", "slodown", str(LAB / "baseline")).output
    )
    assert {f["code"] for f in named["findings"]} == {"NCP005"}
    ign = json.loads(
        run(
            "lint",
            "--format",
            "json",
            "--ignore",
            "NCP,VTM",
            "--ignore",
            "SNA003",
            str(LAB / "baseline"),
        ).output
    )
    assert not {f["code"] for f in ign["findings"]} & {"NCP005", "VTM002", "SNA003"}


def test_unknown_selector_is_a_usage_error() -> None:
    res = CliRunner().invoke(main, ["lint", "--select", "NOPE99", str(LAB / "tuned")])
    assert res.exit_code == 2 and "NOPE99" in res.output


def test_exit_zero_and_info_never_fails(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert run("lint", "--exit-zero", str(LAB / "baseline")).exit_code == 0
    deck = tmp_path / "modes.vtam"
    deck.write_text("T MODETAB\nM MODEENT LOGMODE=M,RUSIZES=X'8585'\n MODEEND\n")
    res = run("lint", "--select", "PRS006,NCP013", str(deck))
    assert res.exit_code == 0


def test_stdin_with_filename() -> None:
    deck = "H1       HOST  UNITSZ=384,MAXBFRU=2\n"
    res = run("lint", "-", "--stdin-filename", "LAB45.ncp", stdin=deck)
    assert res.exit_code == 1
    assert "LAB45.ncp:1:16 warning NCP001" in res.output


def test_dialect_option_and_bad_dialect() -> None:
    deck = "H1       HOST  UNITSZ=384,MAXBFRU=2\n"
    res = run("lint", "-", "--dialect", "ncp", stdin=deck)
    assert "NCP001" in res.output
    bad = CliRunner().invoke(main, ["lint", "-", "--dialect", "cobol"], input=deck)
    assert bad.exit_code == 2


def test_missing_path_is_a_usage_error_with_what_it_may_mean(tmp_path) -> None:  # type: ignore[no-untyped-def]
    res = run("lint", str(tmp_path / "nope"))
    assert res.exit_code == 2 and "no such file or folder" in res.output
    assert "Traceback" not in res.output and "PRS009" not in res.output
    (tmp_path / "decks").mkdir()
    res = run("lint", str(tmp_path / "deks"))
    assert res.exit_code == 2
    assert f"did you mean {tmp_path / 'decks'}?" in res.output


def test_binary_file_is_skipped_with_a_note(tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "ATCSTR00"
    f.write_bytes(b"\x00\x01\x02SSCPID=01\x00")
    res = run("lint", str(f))
    assert "binary" in res.output and "Traceback" not in res.output


def test_folders_skip_hidden_and_gitignored(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = "H1       HOST  UNITSZ=384,MAXBFRU=2\n"
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.ncp").write_text(bad)
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "y.ncp").write_text(bad)
    (tmp_path / ".gitignore").write_text("build/\n*.bak\n")
    (tmp_path / "z.ncp.bak").write_text(bad)
    (tmp_path / "ok.ncp").write_text("H1       HOST  UNITSZ=4000,MAXBFRU=2\n")
    res = run("lint", "--format", "json", str(tmp_path))
    doc = json.loads(res.output)
    assert [f["path"].rsplit("/", 1)[-1] for f in doc["files"]] == ["ok.ncp"]


def test_no_color_plain_output(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("NO_COLOR", "1")
    res = run("lint", "--color", str(LAB / "baseline"))
    assert "\x1b[" not in res.output


def test_color_when_forced() -> None:
    res = run("lint", "--color", "--select", "NCP007", str(LAB / "baseline"))
    assert "\x1b[" in res.output


def test_explain_rules_dialects() -> None:
    ex = run("explain", "NCP007")
    assert ex.exit_code == 0
    assert "RCVBUFC" in ex.output and 'Source: "Getting the most from APPC' in ex.output
    assert "Fails:" in ex.output and "Passes:" in ex.output
    assert run("explain", "rcvbufc-two-frames").output == ex.output
    bad = CliRunner().invoke(main, ["explain", "XYZ123"])
    assert bad.exit_code == 2
    rules = run("rules", "--dialect", "cics")
    assert "CIC001" in rules.output and "NCP001" not in rules.output
    dia = run("dialects")
    assert all(d in dia.output for d in ("vtam", "ncp", "cics"))


def test_explain_says_when_the_editor_shows_a_rule_before_the_network_is_linted() -> None:
    assert "Decided by the deck alone" in run("explain", "VTM012").output
    assert "Decided by" not in run("explain", "VTM006").output


def test_parse_dumps() -> None:
    deck = str(FIXTURES / "dialects" / "ncp" / "sdlc.ncp")
    ir = run("parse", deck, "--dump", "ir")
    assert "MAXBUFRU" in ir.output and "entities" not in ir.output
    model = run("parse", deck, "--dump", "model")
    assert "kind: ncp" in model.output
    tree = run("parse", deck, "--dump", "tree")
    assert "keyword" in tree.output


def test_paths_are_shown_as_relpath_would_show_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from decklint.inputs.gather import _display, gather

    here = tmp_path / "repo"
    (here / "net").mkdir(parents=True)
    (tmp_path / "other").mkdir()
    monkeypatch.chdir(here)
    cwd = str(here) + "/"
    paths = ["net/a.vtam", ".", "net", "../other/b", "net/../net/c", str(here / "net" / "d")]
    paths += [str(here), str(tmp_path / "other" / "e"), str(here) + "x/f", "/"]
    for p in paths:
        assert _display(Path(p), cwd) == _display(Path(p)), p
    assert _display(Path(str(here / "net" / "d")), cwd) == "net/d"
    (here / "net" / "g.vtam").write_text("G VBUILD TYPE=APPL\n")
    assert [i.path for i in gather([str(here)])] == ["net/g.vtam"]
    assert [i.path for i in gather(["net"])] == ["net/g.vtam"]
    assert [i.path for i in gather([str(tmp_path / "repo" / "net" / "g.vtam")])] == ["net/g.vtam"]


def test_lint_takes_its_parameters_as_one_record() -> None:
    from decklint.cli.lint import LintArgs, lint

    assert {p.name for p in lint.params} == set(LintArgs._fields)
    assert issubclass(LintArgs, tuple)  # a NamedTuple: immutable, cheap to create at start


def test_ctrl_c_ends_a_run_with_the_shells_status_not_the_findings_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from decklint import api

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(api, "lint_inputs", interrupted)
    deck = tmp_path / "a.vtam"
    deck.write_text("T MODETAB\n")
    res = CliRunner().invoke(main, ["lint", "--no-cache", str(deck)])
    assert res.exit_code == 130, res.output
    assert "interrupted" in res.output and "Traceback" not in res.output


# ruff's habits (the users issue, item 6)

DECK = "APPLS    VBUILD TYPE=APPL\nA1       APPL  AUTH=(ACQ,PASS)\n"
NCP = "B1       BUILD SLODOWN=12,BFRS=240\n"


def test_no_path_lints_the_current_folder(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.ncp").write_text(NCP)
    res = run("lint", "--format", "json")
    assert [f["path"] for f in json.loads(res.stdout)["findings"]] == ["g.ncp"]


def test_output_format_is_format(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "g.ncp").write_text(NCP)
    a = run("lint", "--output-format", "json", str(tmp_path))
    b = run("lint", "--format", "json", str(tmp_path))
    assert json.loads(a.stdout) == json.loads(b.stdout)


def test_extend_select_and_extend_ignore_add_to_the_configuration(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.ncp").write_text(NCP)
    (tmp_path / ".decklint.yaml").write_text("select: [NCP004]\n")

    def codes(*args: str) -> set[str]:
        out = run("lint", "--format", "json", *args, "g.ncp").stdout
        return {f["code"] for f in json.loads(out)["findings"]}

    assert codes() == set()  # BFRS=240 is right
    assert codes("--extend-select", "NCP005") == {"NCP005"}
    assert codes("--select", "NCP005,NCP004", "--extend-ignore", "NCP005") == set()


def test_statistics_prints_counts_not_findings(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "g.ncp").write_text(NCP)
    res = run("lint", "--statistics", "--no-source", str(tmp_path))
    assert res.stdout.split() == ["1", "NCP005", "warning", "slodown", "(1", "fixable)"]
    assert "g.ncp:1" not in res.output


def test_show_fixes_lists_what_fix_would_do(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "g.ncp").write_text(NCP)
    res = run("lint", "--show-fixes", str(tmp_path))
    assert "0 fixable with --fix, 1 more with --unsafe-fixes" in res.stderr
    assert "g.ncp:1:16 NCP005 code SLODOWN=6 (--unsafe-fixes)" in res.stderr
    fixed = run("lint", "--fix", "--unsafe-fixes", "--show-fixes", str(tmp_path))
    assert "fixed 1 finding in" in fixed.stderr


def test_a_subfolder_run_reports_no_configuration_finding_about_other_nodes() -> None:
    site = FIXTURES / "networks" / "site" / "baseline"
    whole = run("lint", "--format", "json", str(site))
    sub = run("lint", "--format", "json", str(site / "LAB45"))
    paths = {f["path"] for f in json.loads(sub.stdout)["findings"]}
    assert paths and all("LAB45" in p for p in paths), paths
    config = [f for f in json.loads(whole.stdout)["findings"] if f["path"].endswith(".yaml")]
    assert config, "linting the whole site judges its configuration"


def test_did_you_mean_for_configuration_and_catalog_keys(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".decklint.yaml").write_text("selct: [VTM]\n")
    (tmp_path / "a.vtam").write_text(DECK)
    res = run("lint", "a.vtam")
    assert res.exit_code == 2 and "unknown setting 'selct'; did you mean select?" in res.output
    assert "did you mean MAXDATA" in run("explain", "vtam:MAXDAT").output
    assert "did you mean RUSIZES?" in run("explain", "vtam:MODEENT.RUSIZE").output
    assert "did you mean vtam?" in run("explain", "vtm:MODEENT").output
