"""Progress of a long run: the counts the library reports as it works."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from decklint import api
from decklint.pipeline import schedule
from decklint.progress import Progress

from .conftest import FIXTURES

LAB = FIXTURES / "networks" / "rtp-lab" / "baseline"


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
