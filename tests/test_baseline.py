"""Baselines: identities survive renumbering and inserted cards; the ratchet (SUP003)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main


def card(text: str, cont: str = " ", seq: str = "") -> str:
    return text.ljust(71) + cont + seq


def deck(seq_base: int = 100, extra: bool = False) -> str:
    lines = [
        card("LAB45    BUILD BFRS=240,", "X", f"{seq_base:08d}"),
        card("               SLODOWN=50,SUBAREA=4", " ", f"{seq_base + 1:08d}"),
    ]
    if extra:
        lines.insert(0, card("* A NEW COMMENT CARD", " ", "00000001"))
        lines.append(card("P1       PCCU  MAXDATA=65535,DELAY=0", " ", "00009999"))
    lines.append(card("H1       HOST  UNITSZ=384,MAXBFRU=11", " ", f"{seq_base + 2:08d}"))
    return "\n".join(lines) + "\n"


def run(*args: str) -> tuple[int, list[str]]:
    res = CliRunner().invoke(main, ["lint", "--format", "json", *args])
    if res.exit_code == 2:
        return 2, [res.output]
    doc = json.loads(res.output)
    return res.exit_code, [f"{f['line']}:{f['code']}" for f in doc["findings"]]


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "LAB45.ncp").write_text(deck())
    res = CliRunner().invoke(main, ["lint", "--write-baseline", "base.json", "LAB45.ncp"])
    assert res.exit_code == 0 and "wrote 2 findings" in res.output
    return tmp_path


def test_baseline_hides_known_findings(repo: Path) -> None:
    assert run("LAB45.ncp")[1] == ["2:NCP005", "3:NCP001"]
    assert run("--baseline", "base.json", "LAB45.ncp") == (0, [])


def test_renumbered_and_inserted_cards_are_not_new(repo: Path) -> None:
    (repo / "LAB45.ncp").write_text(deck(seq_base=5000, extra=True))
    code, found = run("--baseline", "base.json", "LAB45.ncp")
    assert found == [] and code == 0


def test_a_new_problem_is_reported(repo: Path) -> None:
    (repo / "LAB45.ncp").write_text(
        deck() + "TR       GROUP ECLTYPE=(PHYSICAL,ANY)\n"
        "TL       LINE  ADDRESS=(1088,FULL),ADAPTER=TIC1,MAXTSL=2044\n"
    )
    code, found = run("--baseline", "base.json", "--select", "NCP009", "LAB45.ncp")
    assert code == 1 and found == ["5:NCP009"]


def test_fixed_findings_must_leave_the_baseline(repo: Path) -> None:
    (repo / "LAB45.ncp").write_text(deck().replace("UNITSZ=384", "UNITSZ=4000"))
    code, found = run("--baseline", "base.json", "LAB45.ncp")
    assert code == 1 and found == ["1:SUP003"]
    code, found = run("--baseline", "base.json", "--update-baseline", "LAB45.ncp")
    assert code == 0 and found == []
    doc = json.loads((repo / "base.json").read_text())
    assert sorted(e["code"] for e in doc["files"]["LAB45.ncp"].values()) == ["NCP005"]
    # the ratchet: the fixed problem comes back and is new again
    (repo / "LAB45.ncp").write_text(deck())
    assert run("--baseline", "base.json", "LAB45.ncp")[1] == ["3:NCP001"]


def test_missing_or_broken_baseline_is_an_error(repo: Path) -> None:
    assert run("--baseline", "nope.json", "LAB45.ncp")[0] == 2
    (repo / "bad.json").write_text("{]")
    assert run("--baseline", "bad.json", "LAB45.ncp")[0] == 2
    res = CliRunner().invoke(main, ["lint", "--update-baseline", "LAB45.ncp"])
    assert res.exit_code == 2


def test_the_summary_says_how_many_findings_the_baseline_held(repo: Path) -> None:
    res = CliRunner().invoke(main, ["lint", "--no-source", "--baseline", "base.json", "LAB45.ncp"])
    assert res.exit_code == 0
    assert res.output.splitlines()[-1] == (
        "no findings in 1 file (2 more held by the baseline, not shown)"
    )
    (repo / "LAB45.ncp").write_text(
        deck() + "TR       GROUP ECLTYPE=(PHYSICAL,ANY)\n"
        "TL       LINE  ADDRESS=(1088,FULL),ADAPTER=TIC1,MAXTSL=2044\n"
    )
    res = CliRunner().invoke(main, ["lint", "--no-source", "--baseline", "base.json", "LAB45.ncp"])
    assert res.output.splitlines()[-1].endswith(" info (2 more held by the baseline, not shown)")
    res = CliRunner().invoke(main, ["lint", "--format", "json", "--baseline", "base.json", "."])
    assert json.loads(res.output)["summary"]["baselined"] == 2
    quiet = CliRunner().invoke(main, ["lint", "-q", "--baseline", "base.json", "LAB45.ncp"])
    assert "held by the baseline" not in quiet.output
