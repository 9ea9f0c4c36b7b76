"""`decklint diff` on a large repository: one deck changed between two commits.

    python benchmarks/diff_scale.py [--decks 2000] [--runs 3]

Generates the repository of `repo_scale.py` (--decks files of about 250 lines), commits it,
raises the RU sizes of one mode table in a second commit, fills the cache, then times, in
turn (medians over --runs, wall clock and the CPU time of the run and its children):

* warm lint of the head, answered by the run memo;
* warm lint of the head with the run memo cleared: every file from the cache, every rule run
  on the whole model;
* warm `decklint diff HEAD~1 HEAD`: both revisions read from git, each known to the run memo
  (their models built from the cache, their findings from the memo), then compared;
* the same diff with the run memo cleared: every rule runs on both revisions.

CPU time is the steadier figure on a shared machine. Nothing here is a test: speed is
measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from repo_scale import generate


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user and system, with its children) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def in_turn(
    cmds: list[tuple[list[str], Callable[[], None] | None]],
    cwd: Path,
    env: dict[str, str],
    runs: int,
) -> list[tuple[float, float]]:
    """Median (wall, CPU) of each command, the commands run in turn so that a shared
    machine's drift weighs on all of them alike; each command's callable runs before it."""
    got: list[list[tuple[float, float]]] = [[] for _ in cmds]
    for _ in range(runs):
        for slot, (cmd, before) in enumerate(cmds):
            if before is not None:
                before()
            got[slot].append(timed(cmd, cwd, env))
    return [(statistics.median(w for w, _ in g), statistics.median(c for _, c in g)) for g in got]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    exe = shutil.which("decklint")
    decklint = [exe] if exe else [sys.executable, "-m", "decklint"]
    tmp = Path(tempfile.mkdtemp(prefix="decklint-diff-"))
    cache = tmp / "cache"
    env = dict(
        os.environ,
        DECKLINT_CACHE_DIR=str(cache),
        NO_COLOR="1",
        GIT_AUTHOR_NAME="bench",
        GIT_AUTHOR_EMAIL="bench@example.com",
        GIT_COMMITTER_NAME="bench",
        GIT_COMMITTER_EMAIL="bench@example.com",
    )
    try:
        repo = tmp / "repo"
        n, cards = generate(repo, args.decks)
        for cmd in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "decks"]):
            subprocess.run(["git", *cmd], cwd=repo, env=env, check=True, capture_output=True)
        table = cards / "MODES0000"
        table.write_text(table.read_text().replace("RUSIZES=X'8989'", "RUSIZES=X'8D8D'"))
        subprocess.run(
            ["git", "commit", "-qam", "raise the RU sizes of one mode table"],
            cwd=repo,
            env=env,
            check=True,
            capture_output=True,
        )
        print(f"repository: {args.decks} decks, {n:,} lines, {os.cpu_count()} cores ({tmp})")
        lint = [*decklint, "lint", "--exit-zero", "--no-source", "."]
        diff = [*decklint, "diff", "--exit-zero", "HEAD~1", "HEAD"]
        for cmd in (lint, diff):  # fill the cache and the run memo: both revisions
            subprocess.run(cmd, cwd=repo, env=env, check=True, capture_output=True)

        def forget_runs() -> None:
            shutil.rmtree(cache / "runs", ignore_errors=True)  # the run memo, not the files

        rows = in_turn(
            [(lint, None), (lint, forget_runs), (diff, None), (diff, forget_runs)],
            repo,
            env,
            args.runs,
        )
        names = [
            "warm lint, run memo",
            "warm lint, every rule run",
            "warm diff, run memo",
            "warm diff, every rule run",
        ]
        (memo_w, memo_c), (rules_w, rules_c) = rows[0], rows[1]
        head = f"{'what':<28} {'wall s':>7} {'CPU s':>7}"
        print(f"{head}  {'CPU / lint memo':>15} {'/ lint rules':>12}")
        for name, (wall, cpu) in zip(names, rows, strict=True):
            print(
                f"{name:<28} {wall:>7.2f} {cpu:>7.2f}  {cpu / memo_c:>14.2f}x "
                f"{cpu / rules_c:>11.2f}x"
            )
        print(
            "wall-clock ratios: diff (memo) / lint (memo) "
            f"{rows[2][0] / memo_w:.2f}x, diff (rules) / lint (rules) {rows[3][0] / rules_w:.2f}x"
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
