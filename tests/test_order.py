"""Output order: byte-identical run to run, whatever the hash seed or the number of workers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from decklint.core.findings import Finding, Related, Severity
from decklint.core.source import Span

ROOT = Path(__file__).resolve().parent.parent


def _finding(related_path: str) -> Finding:
    span = Span(10, 12, 10, 15)
    return Finding(
        "ATCSTR00",
        span,
        "VTM005",
        "iobuf-size",
        Severity.WARNING,
        "IOBUF buffer size 384 differs from UNITSZ=4000 of NCP LAB45",
        "vtam",
        related=(Related(related_path, Span(19, 16, 19, 27), "UNITSZ of NCP LAB45"),),
    )


def test_findings_that_differ_only_in_a_related_place_never_tie() -> None:
    a, b = _finding("site/LAB45"), _finding("rtp-lab/LAB45")
    assert sorted([a, b], key=Finding.sort_key) == sorted([b, a], key=Finding.sort_key)


def _lint(seed: str, jobs: str, *fmt: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    cmd = [sys.executable, "-m", "decklint", "lint", "--no-cache", "--no-color", "-j", jobs]
    done = subprocess.run(
        [*cmd, *fmt, "fixtures/networks", "fixtures/topology"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    return done.stdout


def test_linting_the_fixtures_gives_the_same_bytes_every_run() -> None:
    for fmt in (("--format", "json"), ("--format", "text", "--no-source")):
        runs = {_lint(seed, jobs, *fmt) for seed, jobs in (("1", "1"), ("2", "2"), ("3", "1"))}
        assert len(runs) == 1, fmt
