"""Formatting the benchmark repository against a warm lint of it.

    python benchmarks/format_scale.py [--decks 2000] [--runs 3] [--jobs N]

Generates the repository `repo_scale.py` generates (--decks files: mode tables, switched major
nodes, NCP generations, z/OS TCP/IP profiles) and two copies of it: one to be formatted in
place, and one whose card decks were disarranged (the text of every continuation card that
has room moved to column 17), which the formatter lays out again and, the faults undone,
checks by parsing after. Each is linted once first, which fills the cache as a lint in the
repository would; then, in turn, each run times a warm lint (every file from the cache, the
run memo cleared), `decklint format --check` on the repository as generated, `decklint
format` writing the copy (copied again from the repository before each run, not timed), and
`decklint format --check` on the disarranged copy.

--jobs N is given to each `decklint format` (`--jobs 1`: in one process, no workers); without
it format uses every core, as it does by default. The warm lint is run as it is by default.

Numbers are medians over --runs. Nothing here is a test: speed is measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from repo_scale import generate


def _timed(cmd: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def _disarrange(folder: Path) -> int:
    """Move every continuation card's text one column right: the formatter's work."""
    n = 0
    for f in folder.rglob("*"):
        if not f.is_file():
            continue
        lines = f.read_text().split("\n")
        out = []
        for ln in lines:
            if ln.startswith(" " * 15) and ln[15:16].strip() and len(ln[:71].rstrip()) < 70:
                ln = " " + ln[:70] + ln[71:]  # the text one column right, the mark kept
                n += 1
            out.append(ln)
        f.write_text("\n".join(out))
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decks", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=None, help="processes for format (1: none)")
    args = ap.parse_args()
    exe = [sys.executable, "-m", "decklint"]
    fmt = [*exe, "format", *(["--jobs", str(args.jobs)] if args.jobs is not None else [])]
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        repo = tmp / "repo"
        lines, _cards = generate(repo, args.decks)
        messy = tmp / "messy"
        shutil.copytree(repo, messy)
        moved = _disarrange(messy)
        written = tmp / "written"
        shutil.copytree(repo, written)
        cache = tmp / "cache"
        env = dict(os.environ, DECKLINT_CACHE_DIR=str(cache), NO_COLOR="1")
        for folder in (repo, written, messy):  # fill the cache, as a lint there would
            _timed([*exe, "lint", "--exit-zero", str(folder)], env)
        memo = cache / "runs"  # the run memo, not the files
        warm, clean, writing, disarranged = [], [], [], []
        for _ in range(args.runs):
            shutil.rmtree(memo, ignore_errors=True)
            warm.append(_timed([*exe, "lint", "--exit-zero", str(repo)], env))
            clean.append(_timed([*fmt, "--check", "-q", str(repo)], env))
            shutil.rmtree(written)
            shutil.copytree(repo, written)  # the same paths and texts: the same cache entries
            writing.append(_timed([*fmt, "-q", str(written)], env))
            disarranged.append(_timed([*fmt, "--check", "-q", str(messy)], env))
        w, c, r, d = (statistics.median(x) for x in (warm, clean, writing, disarranged))
        jobs = f"format --jobs {args.jobs}" if args.jobs is not None else "format on every core"
        print(f"repository: {args.decks} decks, {lines} lines; {moved} cards disarranged; {jobs}")
        print(f"warm lint (cache, no memo):       {w:7.2f} s")
        print(f"format --check, as generated:     {c:7.2f} s  ({c / w:.2f}x the warm lint)")
        print(f"format, writing, as generated:    {r:7.2f} s  ({r / w:.2f}x the warm lint)")
        print(f"format --check, disarranged:      {d:7.2f} s  ({d / w:.2f}x the warm lint)")


if __name__ == "__main__":
    main()
