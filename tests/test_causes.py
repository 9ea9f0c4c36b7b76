"""One finding per cause: findings that share one root are one finding with the count and
every place as a related location, in every output; --show-all lists them one by one;
suppressions and baselines work on the cause."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import api
from decklint.cli import main
from decklint.core.findings import Finding

MODES = "TUNEMODE MODETAB\n#INTER   MODEENT LOGMODE=#INTER\n         MODEEND\n"


def switched(name: str, table: str = "NOTLINTD", lus: int = 2) -> str:
    """A switched major node whose PU and LUs name a mode table."""
    out = [f"{name}SW   VBUILD TYPE=SWNET", f"{name}P1   PU    ADDR=01,MODETAB={table}"]
    out += [f"{name}L{n}   LU    LOCADDR={n},MODETAB={table}" for n in range(1, lus + 1)]
    return "\n".join(out) + "\n"


def vtm006(found: list[Finding]) -> list[Finding]:
    return [f for f in found if f.code == "VTM006"]


def test_a_table_not_linted_that_many_statements_name_is_one_finding() -> None:
    files = {"a.vtam": switched("A"), "b.vtam": switched("B", lus=3)}
    got = vtm006(api.lint_texts(files, api.Options(select=["VTM006"])).findings)
    assert len(got) == 1
    f = got[0]
    assert (f.path, f.span.line, f.place_count) == ("a.vtam", 2, 7)
    assert f.message.startswith("mode table NOTLINTD (MODETAB of PU AP1 and 6 more) is not")
    assert [(r.path, r.span.line, r.message) for r in f.places] == [
        ("a.vtam", 3, "MODETAB of LU AL1"),
        ("a.vtam", 4, "MODETAB of LU AL2"),
        ("b.vtam", 2, "MODETAB of PU BP1"),
        ("b.vtam", 3, "MODETAB of LU BL1"),
        ("b.vtam", 4, "MODETAB of LU BL2"),
        ("b.vtam", 5, "MODETAB of LU BL3"),
    ]


def test_show_all_lists_every_place() -> None:
    files = {"a.vtam": switched("A"), "b.vtam": switched("B", lus=3)}
    got = vtm006(api.lint_texts(files, api.Options(select=["VTM006"], show_all=True)).findings)
    assert len(got) == 7 and all(f.place_count == 1 for f in got)
    assert got[0].message.startswith("mode table NOTLINTD (MODETAB of PU AP1) is not")


def test_two_tables_are_two_causes() -> None:
    files = {"a.vtam": switched("A"), "b.vtam": switched("B", table="OTHERTAB")}
    got = vtm006(api.lint_texts(files, api.Options(select=["VTM006"])).findings)
    assert [(f.path, f.place_count) for f in got] == [("a.vtam", 3), ("b.vtam", 3)]


def test_one_value_judged_against_several_partners_is_one_finding() -> None:
    files = {
        "ATCSTR00": "IOBUF=(200,4000,,,100,50)\n",
        "n1.ncp": "B1       BUILD NEWNAME=N1\nH1       HOST  UNITSZ=4096,MAXBFRU=2\n",
        "n2.ncp": "B2       BUILD NEWNAME=N2\nH2       HOST  UNITSZ=2048,MAXBFRU=2\n",
    }
    (f,) = api.lint_texts(files, api.Options(select=["VTM005"])).findings
    assert f.place_count == 2 and "judged against 1 more partner too" in f.message
    assert {r.path for r in f.related} == {"n1.ncp", "n2.ncp"}
    assert len(api.lint_texts(files, api.Options(select=["VTM005"], show_all=True)).findings) == 2


def test_two_values_judged_against_one_partner_stay_two() -> None:
    """SENDSIZE and RECEIVESIZE, neither coded, are both placed on their statement and judged
    against the same mode: two problems, not one."""
    files = {
        "m.vtam": "TUNEMODE MODETAB\n#INTER   MODEENT LOGMODE=#INTER,RUSIZES=X'8C8C'\n"
        "         MODEEND\n",
        "c.csd": "DEFINE CONNECTION(C1) GROUP(G) NETNAME(N1)\n"
        "DEFINE SESSIONS(S1) GROUP(G) CONNECTION(C1) MODENAME(#INTER)\n",
    }
    got = [f for f in api.lint_texts(files).findings if f.code == "CIC002"]
    assert len(got) == 2 and all(f.place_count == 1 for f in got)


def test_a_suppression_at_one_place_hides_the_cause() -> None:
    b = switched("B").replace("BP1   PU", "* decklint: disable-next=VTM006\nBP1   PU")
    files = {"a.vtam": switched("A"), "b.vtam": b}
    found = api.lint_texts(files, api.Options(select=["VTM006", "SUP001"])).findings
    assert [f.code for f in found] == []


def test_a_suppression_elsewhere_is_still_unused() -> None:
    files = {"a.vtam": switched("A"), "b.vtam": "* decklint: disable-next=VTM006\n" + MODES}
    found = api.lint_texts(files, api.Options(select=["VTM006", "SUP001"])).findings
    assert sorted(f.code for f in found) == ["SUP001", "VTM006"]


def _json(*args: str) -> dict:  # type: ignore[type-arg]
    res = CliRunner().invoke(main, ["lint", "--format", "json", "--select", "VTM006", *args])
    return json.loads(res.output)  # type: ignore[no-any-return]


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.vtam").write_text(switched("A"))
    (tmp_path / "b.vtam").write_text(switched("B"))
    return tmp_path


def test_json_gives_the_count_and_every_place(site: Path) -> None:
    (f,) = _json("--no-cache", ".")["findings"]
    assert f["count"] == 6 and len(f["places"]) == 5
    assert f["places"][0] == {
        "path": "a.vtam",
        "line": 3,
        "column": 31,
        "end_line": 3,
        "end_column": 39,
        "message": "MODETAB of LU AL1",
    }
    assert len(_json("--no-cache", "--show-all", ".")["findings"]) == 6


def test_sarif_lists_every_place_as_a_related_location(site: Path) -> None:
    res = CliRunner().invoke(main, ["lint", "--format", "sarif", "--select", "VTM006", "."])
    (result,) = json.loads(res.output)["runs"][0]["results"]
    assert result["properties"] == {"count": 6}
    where = [
        (r["physicalLocation"]["artifactLocation"]["uri"], r["message"]["text"])
        for r in result["relatedLocations"]
    ]
    assert where[0] == ("a.vtam", "MODETAB of LU AL1") and len(where) == 5


def test_text_names_every_place(site: Path) -> None:
    res = CliRunner().invoke(main, ["lint", "--no-source", "--select", "VTM006", "."])
    lines = res.output.splitlines()
    assert lines[0].startswith("a.vtam:2:29 info VTM006 mode table NOTLINTD (MODETAB of PU AP1")
    assert [ln for ln in lines if ln.startswith("    also: ")][-1] == (
        "    also: b.vtam:4:31 MODETAB of LU BL2"
    )
    assert "1 finding in 2 files" in res.output


def _baseline(*args: str) -> list[str]:
    res = CliRunner().invoke(
        main, ["lint", "--format", "json", "--select", "VTM006", "--no-cache", *args]
    )
    return [f"{f['path']}:{f['line']}" for f in json.loads(res.output)["findings"]]


def test_a_baseline_holds_the_cause_wherever_its_places_are(site: Path) -> None:
    res = CliRunner().invoke(main, ["lint", "--write-baseline", "base.json", "--select", "VTM006"])
    assert "wrote 1 finding" in res.output
    entries = json.loads((site / "base.json").read_text())["files"]["a.vtam"]
    assert [e["cause"] for e in entries.values()] == ["mode table NOTLINTD"]
    # a.vtam no longer names the table, cards move in b.vtam, a new file names it first
    (site / "a.vtam").write_text(MODES)
    (site / "b.vtam").write_text("* A NEW CARD\n" + switched("B", lus=4))
    (site / "0.vtam").write_text(switched("C"))
    assert _baseline("--baseline", "base.json", ".") == []
    # another table not linted is a new cause
    (site / "0.vtam").write_text(switched("C", table="OTHERTAB"))
    assert _baseline("--baseline", "base.json", ".") == ["0.vtam:2"]


def test_a_baseline_written_place_by_place_still_holds_the_cause(site: Path) -> None:
    """A baseline from before findings were grouped holds each place by its own identity."""
    from decklint.lint import baseline

    found = api.lint_paths(["."], api.Options(select=["VTM006"], show_all=True))
    placed = [
        Finding(f.path, f.span, f.code, f.name, f.severity, f.message, f.dialect, f.subject)
        for f in found.findings
    ]
    assert len(placed) == 6
    baseline.write(site / "old.json", baseline.document(placed, baseline.Locator(found.parsed)))
    assert _baseline("--baseline", "old.json", ".") == []
    res = CliRunner().invoke(main, ["lint", "--baseline", "old.json", "--select", "VTM006,SUP"])
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize(
    ("over", "said"),
    [
        ({"cause": {"message": "m"}}, "cause takes key (required)"),
        ({"cause": {"key": "{name}", "place": "{places.count}"}}, "cannot count the places"),
        ({"cause": {"key": "{nosuch}"}}, "unknown field nosuch"),
        ({"severities": {"warning": "w"}}, "when the rule's severity (info) applies"),
        ({"severities": {"info": "i", "fatal": "f"}}, "unknown severity"),
        ({"options": {"n": {"type": "int", "default": 1, "target": "yes"}}}, "target must be"),
    ],
)
def test_a_manifest_says_its_causes_severities_and_targets_plainly(
    over: dict,
    said: str,  # type: ignore[type-arg]
) -> None:
    from decklint.lint.manifest import ManifestError, from_dict

    from .helpers import manifest_data

    with pytest.raises(ManifestError, match=re.escape(said)):
        from_dict(manifest_data(**over), "XYZ001-x.yaml")


def test_an_expression_rule_gives_its_cause_from_its_templates() -> None:
    from decklint.lint.manifest import from_dict
    from decklint.lint.runner import run_expr
    from decklint.model.topology import Topology

    from .helpers import manifest_data

    m = from_dict(
        manifest_data(
            require="1 == 2",
            message="mode {name} is checked",
            cause={
                "key": "every mode",
                "message": "{places.count} modes ({name} and {places.others} more) are checked",
                "place": "mode {name}",
            },
        ),
        "XYZ001-x.yaml",
    )
    modes = "T MODETAB\nA MODEENT LOGMODE=A\nB MODEENT LOGMODE=B\nC MODEENT LOGMODE=C\n  MODEEND\n"
    topo = api.lint_texts({"m.vtam": modes}).topology
    assert isinstance(topo, Topology)
    (f,) = causes_group(list(run_expr(m, topo, {})))
    assert f.message == "3 modes (A and 2 more) are checked" and f.place_count == 3
    assert [r.message for r in f.places] == ["mode B", "mode C"]


def causes_group(findings: list[Finding]) -> list[Finding]:
    from decklint.lint import causes

    return causes.group(findings)
