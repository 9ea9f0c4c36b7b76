"""SARIF (validated against the 2.1.0 schema), GitHub annotations, JUnit, parsable, files."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main

from .conftest import FIXTURES

LAB = FIXTURES / "networks" / "rtp-lab"
# The baseline's reviewed findings, one per line (see tests/test_network.py).
BASELINE_COUNT = len((LAB / "baseline.expected").read_text().splitlines())
SCHEMA = Path(__file__).resolve().parents[2] / "shared" / "schemas" / "sarif-schema-2.1.0.json"


def run(*args: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return CliRunner(env=env).invoke(main, ["lint", *args], catch_exceptions=False)


def test_sarif_validates_and_meets_code_scanning_rules() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    if not SCHEMA.is_file():
        pytest.skip("SARIF schema not available")
    res = run("--format", "sarif", str(LAB / "baseline"))
    doc = json.loads(res.output)
    jsonschema.validate(doc, json.loads(SCHEMA.read_text()))
    run_ = doc["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert {r["id"] for r in rules} == {r["ruleId"] for r in run_["results"]}
    for r in rules:
        assert r["shortDescription"]["text"] and r["fullDescription"]["text"]
        assert r["help"]["text"] and "helpUri" not in r
    levels = set()
    for res_ in run_["results"]:
        loc = res_["locations"][0]["physicalLocation"]
        assert not loc["artifactLocation"]["uri"].startswith(("/", "file:"))
        assert loc["region"]["startLine"] >= 1 and res_["message"]["text"]
        assert len(res_["partialFingerprints"]["decklintIdentity/v1"]) == 32
        assert rules[res_["ruleIndex"]]["id"] == res_["ruleId"]
        levels.add(res_["level"])
    assert levels == {"error", "warning", "note"}
    ncp007 = next(r for r in run_["results"] if r["ruleId"] == "NCP007")
    assert ncp007["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(
        "SWLAB"
    )


def test_sarif_fingerprints_survive_renumbering(tmp_path: Path) -> None:
    deck = "H1       HOST  UNITSZ=384,MAXBFRU=11".ljust(72) + "00000100\n"
    a = tmp_path / "a.ncp"
    a.write_text(deck)
    first = json.loads(run("--format", "sarif", str(a)).output)
    a.write_text("* new card\n" + deck.replace("00000100", "00007777"))
    second = json.loads(run("--format", "sarif", str(a)).output)

    def prints(d: dict) -> list[str]:  # type: ignore[type-arg]
        return [r["partialFingerprints"]["decklintIdentity/v1"] for r in d["runs"][0]["results"]]

    assert prints(first) == prints(second)
    assert (
        first["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"]
        == 1
    )


def test_github_annotations_escaped_capped_and_automatic(tmp_path: Path) -> None:
    res = run(str(LAB / "baseline"), env={"GITHUB_ACTIONS": "true"})
    lines = res.output.splitlines()
    assert lines[0].startswith("::") and "file=" in lines[0] and "title=" in lines[0]
    assert any(ln.startswith("::error ") for ln in lines)
    assert any(ln.startswith("::notice ") for ln in lines)
    assert lines[-1].startswith(f"decklint: {BASELINE_COUNT} findings")
    from decklint.core.findings import Finding, Severity
    from decklint.core.source import Span
    from decklint.report import github

    f = Finding(
        "a,b:c.ncp",
        Span(1, 2, 1, 3),
        "NCP001",
        "unitsz",
        Severity.WARNING,
        "100% bad\nreally",
        "ncp",
    )
    out = github.render([f] * 3, limit=2)
    assert "file=a%2Cb%3Ac.ncp" in out and "100%25 bad%0Areally" in out
    assert out.count("::warning") == 2 and "2 shown as annotations, 1 more" in out


def test_junit_xml(tmp_path: Path) -> None:
    target = tmp_path / "report.xml"
    res = run("--format", "junit", "--output", str(target), str(LAB / "baseline"))
    assert res.output == "" and res.exit_code == 1
    root = ET.parse(target).getroot()
    suites = root.findall("testsuite")
    assert len(suites) == 11  # ten decks and the configuration with the declared facts
    failures = root.findall(".//failure")
    assert len(failures) == BASELINE_COUNT == int(root.get("tests", "0"))
    assert any("NCP007" in (f.get("message") or "") for f in failures)


def test_parsable_and_statistics() -> None:
    res = CliRunner().invoke(main, ["lint", "--format", "parsable", str(LAB / "baseline")])
    assert ":29:16: [error] NCP007 RCVBUFC=4095" in res.stdout
    res = CliRunner().invoke(main, ["lint", "--statistics", str(LAB / "baseline")])
    assert "     3  VTM004  warning  bulk-mode-pacing" in res.stdout  # the counts alone
    assert "NCP007 RCVBUFC" not in res.output


@pytest.mark.parametrize("color", ["--color", "--no-color"])
def test_text_places_are_never_emoji(tmp_path: Path, color: str) -> None:
    deck = tmp_path / "LAB45.ncp"  # a finding on line 100: ':100:' is an emoji code to rich
    deck.write_text("* PAD\n" * 99 + "LAB45H   HOST  UNITSZ=384,MAXBFRU=11\n")
    out = run(color, "--no-source", "--select", "NCP001", str(deck)).output
    assert "LAB45.ncp:100:16" in out
    assert "\U0001f4af" not in out


def test_machine_outputs_written_as_made_are_the_documents_json_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """JSON and SARIF are written a finding at a time (a 50 MB deck's findings are not held
    as one document): the text is what `json.dumps` gives for the whole document."""
    import json

    monkeypatch.chdir(tmp_path)
    deck = "".join(
        f"H{i}       HOST  UNITSZ=384,MAXBFRU=11".ljust(72) + f"{i:08d}\n" for i in range(3)
    )
    Path("a.ncp").write_text(deck)
    for fmt, options in (("json", {"indent": 2, "sort_keys": True}), ("sarif", {"indent": 2})):
        out = CliRunner().invoke(main, ["lint", "--no-cache", "--format", fmt, "a.ncp"]).output
        assert json.loads(out)["findings" if fmt == "json" else "runs"]
        assert out == json.dumps(json.loads(out), **options) + "\n", fmt


def test_junit_is_written_a_suite_at_a_time_as_the_whole_tree_would_be() -> None:
    """The suites are written one by one; the text is what ElementTree gives the whole
    document indented, with the counts of the whole run on the root."""
    import io
    import xml.etree.ElementTree as ET

    from decklint import api
    from decklint.report import junit

    texts = {
        "a.ncp": "H1       HOST  UNITSZ=384,MAXBFRU=2\n",
        "b.ncp": "H1       HOST  UNITSZ=4000,MAXBFRU=2\n",
        "c <&>.ncp": "H1       HOST  UNITSZ=256,MAXBFRU=2\n",
    }
    result = api.lint_texts(texts)
    out = io.StringIO()
    junit.write(result.findings, result.files, out)
    text = out.getvalue()
    root = ET.fromstring(text.split("\n", 1)[1])
    ET.indent(root)
    whole = '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")
    assert text == whole + "\n"
    assert [s.get("name") for s in root] == sorted(texts)
    assert root.get("tests") == str(sum(int(s.get("tests") or 0) for s in root))
    assert root.get("failures") == str(len(result.findings))
    empty = io.StringIO()
    junit.write([], [], empty)
    assert ET.fromstring(empty.getvalue().split("\n", 1)[1]).get("tests") == "0"


def test_statistics_in_json_count_the_files_as_the_lint_does(tmp_path: Path) -> None:
    """`--statistics --format json` is JSON (it printed the text table), and its files are
    the lint's: those linted, apart from those read and not linted."""
    shutil.copytree(LAB / "baseline", tmp_path / "site")
    (tmp_path / "site" / "notes.txt").write_text("who changed what, and when\n")
    lint = CliRunner().invoke(main, ["lint", "--no-cache", "--no-source", str(tmp_path)])
    linted = lint.output.splitlines()[-2].split(" findings in ")[1].split(" files")[0]
    as_json = json.loads(
        CliRunner().invoke(main, ["lint", "--format", "json", str(tmp_path)]).stdout
    )
    res = CliRunner().invoke(main, ["lint", "--statistics", "--format", "json", str(tmp_path)])
    doc = json.loads(res.stdout)
    assert doc["files"]["linted"] == int(linted) == sum(1 for f in as_json["files"] if f["dialect"])
    assert doc["findings"] == len(as_json["findings"])  # the PRS009 of notes.txt too
    assert doc["files"]["not_linted"] == 1
    assert sum(r["count"] for r in doc["rules"]) == doc["findings"]
    assert {"code": "VTM004", "name": "bulk-mode-pacing", "severity": "warning"}.items() <= next(
        r for r in doc["rules"] if r["code"] == "VTM004"
    ).items()
    text = CliRunner().invoke(main, ["lint", "--statistics", str(tmp_path)])
    assert f"files: {doc['files']['linted']} linted, 1 not linted (" in text.stderr


def test_sarif_a_file_outside_the_current_folder_is_an_absolute_uri_without_a_base(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SARIF 2.1.0 §3.4.4: uriBaseId goes with a relative reference only; a file outside the
    folder decklint runs in gets an absolute file:// URI alone (relative ones keep the base)."""
    outside, here = tmp_path / "outside", tmp_path / "here"
    outside.mkdir()
    here.mkdir()
    (outside / "LAB45.ncp").write_text("H1       HOST  UNITSZ=384,MAXBFRU=11\n")
    (here / "LAB46.ncp").write_text("H1       HOST  UNITSZ=384,MAXBFRU=11\n")
    monkeypatch.chdir(here)
    doc = json.loads(run("--format", "sarif", "--select", "NCP001", "../outside", ".").output)
    where = sorted(
        sorted(r["locations"][0]["physicalLocation"]["artifactLocation"].items())
        for r in doc["runs"][0]["results"]
    )
    assert where == sorted(
        [
            [("uri", (outside / "LAB45.ncp").resolve().as_uri())],
            [("uri", "LAB46.ncp"), ("uriBaseId", "%SRCROOT%")],
        ]
    )
    if SCHEMA.is_file():
        jsonschema = pytest.importorskip("jsonschema")
        jsonschema.validate(doc, json.loads(SCHEMA.read_text()))


def test_gitlab_code_quality_report(tmp_path: Path) -> None:
    """GitLab's code quality artifact: a JSON array, one issue a finding, each with its own
    fingerprint that survives renumbered cards."""
    res = run("--format", "gitlab", str(LAB / "baseline"))
    issues = json.loads(res.stdout)
    assert len(issues) == BASELINE_COUNT
    for issue in issues:
        assert set(issue) >= {"description", "check_name", "fingerprint", "severity", "location"}
        assert issue["severity"] in {"major", "minor", "info"}
        assert "rtp-lab/baseline/" in issue["location"]["path"]
        assert issue["location"]["lines"]["begin"] >= 1
        assert issue["description"].startswith(issue["check_name"] + " ")
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    ncp007 = next(i for i in issues if i["check_name"] == "NCP007")
    assert ncp007["severity"] == "major" and ncp007["location"]["lines"]["begin"] == 29
    # a comment card inserted above the findings: the same fingerprints
    shutil.copytree(LAB / "baseline", tmp_path / "site")
    before = {i["fingerprint"] for i in json.loads(run("--format", "gitlab", str(tmp_path)).stdout)}
    lab45 = tmp_path / "site" / "LAB45"
    lab45.write_text("* A NEW COMMENT CARD\n" + lab45.read_text())
    moved = json.loads(run("--format", "gitlab", str(tmp_path)).stdout)
    assert {i["fingerprint"] for i in moved} == before
    assert run("--format", "gitlab", "--select", "VTM022", str(LAB / "baseline")).stdout == "[]\n"


def test_concise_is_one_line_a_finding() -> None:
    out = run("--format", "concise", str(LAB / "baseline")).stdout.splitlines()
    assert out[-1].startswith(f"{BASELINE_COUNT} findings in 10 files: ")
    findings = out[:-1]
    assert len(findings) == BASELINE_COUNT
    assert any("rtp-lab/baseline/LAB45:29:16: error NCP007 RCVBUFC=4095" in ln for ln in out)
    assert not any(ln.startswith(" ") for ln in out)  # no source, related places, citation
    quiet = run("--format", "concise", "-q", str(LAB / "baseline")).stdout.splitlines()
    assert quiet == findings
