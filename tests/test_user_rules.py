"""A site's own rules: loaded from the repository through `rule-paths`, run like shipped ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main

SITE_RULE = """\
code: SIT001
name: bulk-mode-must-be-x8d8d
summary: Site standard - every bulk mode is coded X'8D8D' with pacing 63.
severity: error
target: model:mode
where: "bulk"
require: "rusizes == '8D8D' and pacing_min == 63"
anchor: rusizes
message: "site standard: bulk mode {name} must be X'8D8D' with pacing 63 (has {rusizes})"
rationale: |
  Our bulk transfers between the data centres are tuned for 64 KB RUs; every bulk mode in
  every table must say so.
citation:
  document: appc
  section: RU size
examples:
  - dialect: vtam
    fail: |
      T        MODETAB
      #BATCH   MODEENT LOGMODE=#BATCH,RUSIZES=X'8989'
               MODEEND
"""
MODES = (
    "T        MODETAB\n#BATCH   MODEENT LOGMODE=#BATCH,RUSIZES=X'8989',PSNDPAC=63\n"
    "         MODEEND\n"
)


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "site-rules" / "modes").mkdir(parents=True)
    (tmp_path / ".decklint.yaml").write_text("rule-paths: [site-rules]\n")
    (tmp_path / "modes.vtam").write_text(MODES)
    return tmp_path


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args))


def test_site_rule_runs_like_a_shipped_one(repo: Path) -> None:
    (repo / "site-rules" / "modes" / "SIT001-bulk-mode-must-be-x8d8d.yaml").write_text(SITE_RULE)
    res = run("lint", "--format", "json", "modes.vtam")
    found = [f for f in json.loads(res.output)["findings"] if f["code"] == "SIT001"]
    assert len(found) == 1 and found[0]["severity"] == "error"
    assert found[0]["message"].startswith("site standard: bulk mode #BATCH must be")
    assert (found[0]["line"], found[0]["column"]) == (2, 33)
    assert run("lint", "--select", "SIT001", "--format", "json", "modes.vtam").exit_code == 1
    assert "SIT001" in run("rules").output
    assert "Our bulk transfers" in run("explain", "bulk-mode-must-be-x8d8d").output
    (repo / ".decklint.yaml").write_text("rule-paths: [site-rules]\nrules: {SIT001: disable}\n")
    assert "SIT001" not in run("lint", "--format", "json", "modes.vtam").output


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            ("require: \"rusizes == '8D8D' and pacing_min == 63\"", 'require: "rusize == 1"'),
            "unknown field 'rusize'",
        ),
        (
            ("require: \"rusizes == '8D8D' and pacing_min == 63\"", 'require: "rusizes =="'),
            "does not parse",
        ),
        (("name: bulk-mode-must-be-x8d8d", "name: slodown"), "already used"),
        (("severity: error", "severity: fatal"), "unknown severity"),
        (("target: model:mode", "target: model:router"), "known kind"),
        (('where: "bulk"', "impl: python"), "site rule is an expression rule"),
        (("summary:", "summary: [unclosed"), "not valid YAML"),
    ],
)
def test_broken_site_rule_is_a_configuration_error(
    repo: Path, change: tuple[str, str], words: str
) -> None:
    text = SITE_RULE.replace(*change)
    name = (
        "SIT001-slodown.yaml" if "slodown" in change[1] else "SIT001-bulk-mode-must-be-x8d8d.yaml"
    )
    (repo / "site-rules" / "modes" / name).write_text(text)
    res = run("lint", "modes.vtam")
    assert res.exit_code == 2, res.output
    assert name in res.output and words in res.output
    assert "Traceback" not in res.output
