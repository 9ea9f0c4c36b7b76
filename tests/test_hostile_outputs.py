"""Hostile file names and deck lines in every output: no workflow command, terminal escape,
broken XML or script link gets through; a declared link to no node draws, not crashes."""

from __future__ import annotations

import json
import os
import re
import urllib.parse
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main
from decklint.core.findings import Finding, Severity
from decklint.core.source import Span
from decklint.report import github, safe

DECK = "H1       HOST  UNITSZ=384,MAXBFRU=11\x1b[2J".ljust(72) + "00000100\n"
EVIL = "a\x1b]0;owned\x07\x9b31m.ncp"


def cli(*args: str) -> str:
    res = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return res.output


@pytest.fixture
def evil(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(tmp_path)
    (tmp_path / EVIL).write_text(DECK)
    return EVIL


def test_printable_shows_controls_and_keeps_what_is_asked() -> None:
    assert safe.printable("a\x1bb\x9b\x00\udc80") == "a\\x1bb\\x9b\\x00\\udc80"
    assert safe.printable("a\tb\nc", keep="\t\n") == "a\tb\nc"
    assert safe.printable("plain ÄÖ text") == "plain ÄÖ text"


def test_github_lines_past_the_cap_cannot_inject_commands() -> None:
    names = ["x\n::add-mask::secret\n::error file=pwn.yml::owned", "::warning::x", "##[add-mask]s"]
    findings = [
        Finding(n, Span(1, 1, 1, 2), "NCP001", "unitsz", Severity.WARNING, "m\n::notice::x", "ncp")
        for n in names
    ]
    out = github.render(findings * 2, limit=1)
    lines = out.splitlines()
    assert len(lines) == 1 + 5 + 1  # one annotation, five log lines, the summary
    assert [ln for ln in lines if ln.lstrip().startswith("::")] == lines[:1]
    assert "##[" not in out and "\x1b" not in out


@pytest.mark.parametrize("fmt", ["text", "concise", "parsable", "github"])
def test_no_terminal_escape_reaches_the_terminal(evil: str, fmt: str) -> None:
    out = cli("lint", "--format", fmt, evil)
    assert "NCP" in out
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", out), out
    assert "a\\x1b]0;owned\\x07\\x9b31m.ncp" in out


def test_text_caret_still_points_under_the_value(tmp_path: Path) -> None:
    deck = tmp_path / "b.ncp"
    deck.write_text("H1\x1b     HOST  UNITSZ=384,MAXBFRU=11".ljust(72) + "00000100\n")
    out = cli("lint", "--format", "text", str(deck)).splitlines()
    src = next(i for i, ln in enumerate(out) if "HOST" in ln and "\\x1b" in ln)
    caret = out[src + 1]
    assert out[src][caret.index("^")] != " "


def test_junit_is_well_formed_with_control_characters(evil: str) -> None:
    (Path(evil).parent / "c\x01\x02.ncp").write_text(DECK)
    out = cli("lint", "--format", "junit", evil, "c\x01\x02.ncp")
    root = ET.fromstring(out)
    assert {s.get("name") for s in root.findall("testsuite")} == {
        "a\\x1b]0;owned\\x07\\x9b31m.ncp",
        "c\\x01\\x02.ncp",
    }


def test_json_and_sarif_stay_valid(evil: str) -> None:
    assert json.loads(cli("lint", "--format", "json", evil))["findings"]
    assert json.loads(cli("lint", "--format", "sarif", evil))["runs"]
    issues = json.loads(cli("lint", "--format", "gitlab", evil))
    assert issues and all(i["location"]["path"] == "a\x1b]0;owned\x07\x9b31m.ncp" for i in issues)


def test_html_links_only_to_relative_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("javascript:alert(1)").mkdir()
    Path("javascript:alert(1)/SWLAB.vtam").write_text("SWLAB    VBUILD TYPE=SWNET\n")
    Path("javascript:alert(2).ncp").write_text(DECK)
    page = cli("topology", "--format", "html", ".")
    hrefs = re.findall(r'href="([^"]*)"', page)
    assert any("alert" in h for h in hrefs)
    for h in hrefs:
        assert not urllib.parse.urlsplit(h).scheme and not h.startswith("//"), h


@pytest.mark.parametrize("between", [["GHOSTA", "GHOSTB"], ["GHOSTA", "SWLAB"]])
def test_declared_link_to_no_node_is_drawn_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, between: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("SWLAB.vtam").write_text("SWLAB    VBUILD TYPE=SWNET\n")
    Path(".decklint.yaml").write_text(f"topology:\n  links:\n    - between: {between}\n")
    for fmt in ("json", "dot", "mermaid", "html"):
        res = CliRunner().invoke(main, ["topology", "--format", fmt, "."])
        assert res.exception is None or isinstance(res.exception, SystemExit), res.output
        assert res.exit_code == 0
        assert "GHOSTA" in res.output or (fmt == "mermaid" and "SWLAB" not in between)


def test_action_inputs_reach_the_shell_only_through_the_environment(tmp_path: Path) -> None:
    import shutil
    import subprocess

    import yaml

    action = yaml.safe_load((Path(__file__).resolve().parents[1] / "action.yml").read_text())
    steps = action["runs"]["steps"]
    for step in steps:
        assert "${{" not in step.get("run", ""), step["name"]
    if shutil.which("bash") is None:
        pytest.skip("no bash")
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "decklint").write_text('#!/bin/sh\nfor a in "$@"; do echo "<$a>"; done\n')
    (fake / "decklint").chmod(0o755)
    lint = next(s for s in steps if s.get("id") == "lint")
    env = {
        "PATH": f"{fake}:/usr/bin:/bin",
        "GITHUB_OUTPUT": str(tmp_path / "out"),
        "DECKLINT_ARGS": "--fail-on error $(touch pwned) `touch pwned`;touch pwned",
        "DECKLINT_PATHS": "decks/* -x $(touch pwned)",
    }
    res = subprocess.run(
        ["bash", "-c", lint["run"]], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert not (tmp_path / "pwned").exists()
    words = res.stdout.splitlines()
    assert words[:8] == [
        "<lint>",
        "<--format>",
        "<github>",
        "<--fail-on>",
        "<error>",
        "<$(touch>",
        "<pwned)>",
        "<`touch>",
    ]
    assert "<--><decks/*>" in "".join(words) and "<-x>" in words


# Bidirectional controls reorder what a reader sees; GitHub's runner obeys `##[` anywhere in a
# line and `::` at its start; a name that is not UTF-8 is a string with surrogates in Python.
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
WORKFLOW = re.compile(r"##\[|^\s*::", re.M)


@pytest.fixture
def bidi(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.chdir(tmp_path)
    names = ["a\u202egpj.ncp", "##[add-mask]MASKME.ncp", "::error::pwn.ncp"]
    for name in names:
        Path(name).write_text(DECK.replace("HOST", f"HOST{BIDI}", 1).replace("H1 ", "::"))
    return names


def test_bidi_controls_are_escapes() -> None:
    assert safe.printable(BIDI) == "".join(f"\\u{ord(c):04x}" for c in BIDI)


@pytest.mark.parametrize("fmt", ["text", "concise", "parsable", "github", "junit"])
def test_bidi_and_workflow_commands_are_shown_not_obeyed(bidi: list[str], fmt: str) -> None:
    out = cli("lint", "--format", fmt, *bidi)
    assert "PRS002" in out and "MASKME" in out and "pwn" in out, out
    assert not set(BIDI) & set(out), out
    assert "a\\u202egpj.ncp" in out
    ours = re.compile(r"^::(error|warning|notice) file=[^:]*::", re.M) if fmt == "github" else None
    assert not WORKFLOW.search(ours.sub("", out) if ours else out), out
    if fmt == "junit":
        ET.fromstring(out)


def test_plain_neutralises_workflow_commands_only() -> None:
    assert safe.plain("##[add-mask]x") == "#\\x23[add-mask]x"
    assert safe.plain("  ::error::x") == "  \\x3a:error::x"
    assert safe.plain("a\n::warning::b", keep="\n") == "a\n\\x3a:warning::b"
    assert safe.plain("SYS1::x #[1] #x") == "SYS1::x #[1] #x"


def test_markdown_links_nothing_a_name_holds() -> None:
    from decklint.report.safe import markdown

    out = markdown("www.evil-example.com.vtam ftp://a.example @octocat #7 \u202e")
    assert "www." not in out and "://" not in out
    assert "&#64;&#8203;octocat" in out and "&#35;&#8203;7" in out
    assert "\\u202e" in out


def test_a_name_that_is_not_utf8_in_every_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / os.fsdecode(b"bad\xff\xfe.ncp")).write_text(DECK)
    name = os.fsdecode(b"bad\xff\xfe.ncp")
    res = CliRunner().invoke(main, ["lint", "--format", "sarif", name])
    assert res.exit_code == 1, res.output
    doc = json.loads(res.output)
    for result in doc["runs"][0]["results"]:
        where = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert where["uri"] == "bad%FF%FE.ncp"
        assert result["partialFingerprints"]["decklintIdentity/v1"]
    res = CliRunner().invoke(main, ["lint", "--format", "json", name])
    assert json.loads(res.output)["findings"][0]["path"] == "bad\\udcff\\udcfe.ncp"
    res = CliRunner().invoke(main, ["lint", "--write-baseline", "b.json", name])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(main, ["lint", "--baseline", "b.json", name])
    assert res.exit_code == 0, res.output
    for fmt in ("text", "concise", "parsable", "github", "junit"):
        assert "bad\\udcff\\udcfe.ncp" in cli("lint", "--format", fmt, name)
    issues = json.loads(cli("lint", "--format", "gitlab", name))
    assert issues[0]["location"]["path"] == "bad\\udcff\\udcfe.ncp"
    res = CliRunner().invoke(
        main, ["watch", "--no-color", "--interval", "0.1", "--looks", "1", name]
    )
    assert res.exit_code == 0, res.output
    assert "+ bad\\udcff\\udcfe.ncp:1:" in res.output
