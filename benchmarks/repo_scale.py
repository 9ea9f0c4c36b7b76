"""Repository scale: thousands of decks, cold and warm, serial and parallel, and peak memory.

    python benchmarks/repo_scale.py [--decks 2000] [--runs 3]

Generates a definition repository of --decks files of about 250 lines each (mode tables,
switched major nodes, NCP generations, z/OS TCP/IP profiles in stack folders), then reports:

* bare Lark: card reader plus one LALR parse per statement over the card decks;
* cold serial (`--no-cache -j1`) and cold parallel (`--no-cache`, every core), run in turn;
* a cold run that fills the cache, and a warm run on the unchanged repository (answered by
  the run memo);
* in turn with cold serial runs: warm runs with the run memo cleared (every file from the
  cache, every rule run on the whole model), and runs after one deck changed (that deck is
  parsed again; the rules run on the whole model);
* peak resident memory of serial runs over a quarter, half and all of the decks.

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

from bench import bare_lark, mode_table, ncp, switched, tcpip_profile


def generate(root: Path, decks: int) -> tuple[int, Path]:
    """Write the repository; returns its line count and the folder of its card decks."""
    cards = root / "sna"
    cards.mkdir(parents=True)
    lines = 0
    for k in range(decks):
        kind = k % 4
        if kind == 0:
            text = mode_table(20, k)
            (cards / f"MODES{k:04d}").write_text("\n".join(text) + "\n")
        elif kind == 1:
            # the switched PUs name the mode table of the deck before
            text = [ln.replace(f"BTAB{k:04d}", f"BTAB{k - 1:04d}") for ln in switched(18, k)]
            (cards / f"SWNET{k:04d}").write_text("\n".join(text) + "\n")
        elif kind == 2:
            text = ncp(25, k)
            (cards / f"NCP{k:04d}").write_text("\n".join(text) + "\n")
        else:
            text = [ln for ln in tcpip_profile(40, k) if not ln.startswith("INCLUDE")]
            stack = root / "tcpip" / f"STACK{k:04d}"
            stack.mkdir(parents=True)
            (stack / "PROFILE.TCPIP").write_text("\n".join(text) + "\n")
        lines += len(text)
    return lines, cards


def subset(src: Path, dst: Path, fraction: float) -> None:
    """Copy every n-th file of the repository (memory is measured against the deck count)."""
    files = sorted(p for p in src.rglob("*") if p.is_file())
    step = round(1 / fraction)
    for i, f in enumerate(files):
        if i % step == 0:
            out = dst / f.relative_to(src)
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, out)


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Wall time and peak resident set (KiB) of one run; workers are measured by theirs."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - t, usage.ru_maxrss


def median_time(cmd: list[str], env: dict[str, str], runs: int, before: object = None) -> float:
    times = []
    for _ in range(runs):
        if callable(before):
            before()
        times.append(run(cmd, env)[0])
    return statistics.median(times)


def in_turn(
    cmds: list[list[str]], env: dict[str, str], runs: int, before: list[object] | None = None
) -> list[float]:
    """Median times of commands run in turn: on a shared machine whose speed drifts (two
    cores busy for a minute run slower than one), back-to-back medians of one command and
    then the other compare two different machines. `before[i]`, when callable, runs before
    each run of `cmds[i]` (untimed)."""
    times: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for slot, cmd in enumerate(cmds):
            prepare = before[slot] if before else None
            if callable(prepare):
                prepare()
            times[slot].append(run(cmd, env)[0])
    return [statistics.median(t) for t in times]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    exe = shutil.which("decklint")
    decklint = [exe] if exe else [sys.executable, "-m", "decklint"]
    tmp = Path(tempfile.mkdtemp(prefix="decklint-repo-"))
    cache = tmp / "cache"
    env = dict(os.environ, DECKLINT_CACHE_DIR=str(cache), NO_COLOR="1")
    try:
        repo = tmp / "repo"
        n, cards = generate(repo, args.decks)
        print(f"repository: {args.decks} decks, {n:,} lines, {os.cpu_count()} cores ({tmp})")
        lint = [*decklint, "lint", "--exit-zero", "--no-source", str(repo)]

        def wipe() -> None:
            shutil.rmtree(cache, ignore_errors=True)

        card_lines = sum(len(f.read_text().splitlines()) for f in cards.iterdir())
        bare = statistics.median(bare_lark(cards) for _ in range(max(1, args.runs // 2)))
        card_lint = median_time(
            [*decklint, "lint", "--exit-zero", "--no-source", "--no-cache", "-j1", str(cards)],
            env,
            args.runs,
        )
        serial, parallel = in_turn(
            [[*lint, "--no-cache", "-j1"], [*lint, "--no-cache"]], env, args.runs
        )
        fill = median_time(lint, env, args.runs, before=wipe)
        warm = median_time(lint, env, args.runs)
        warm1 = median_time([*lint, "-j1"], env, args.runs)

        def forget_runs() -> None:
            shutil.rmtree(cache / "runs", ignore_errors=True)  # the run memo, not the files

        victim = next(cards.iterdir())
        original = victim.read_text()
        count = [0]

        def touch() -> None:
            count[0] += 1
            victim.write_text(original + f"* CHANGED {count[0]}".ljust(72) + "\n")

        # The warm runs that run every rule, in turn with cold serial runs (their ratio is
        # the one the machine's drift would blur most: seconds against tens of seconds).
        cold, rules, changed = in_turn(
            [[*lint, "--no-cache", "-j1"], lint, lint], env, args.runs, [None, forget_runs, touch]
        )
        victim.write_text(original)

        rows = [
            ("bare Lark, card decks", card_lines / bare, bare, ""),
            ("decklint, card decks, serial", card_lines / card_lint, card_lint, ""),
            ("cold, serial (-j1 --no-cache)", n / serial, serial, "1.00x"),
            ("cold, parallel (--no-cache)", n / parallel, parallel, f"{serial / parallel:.2f}x"),
            ("cold, filling the cache", n / fill, fill, f"{serial / fill:.2f}x"),
            ("warm, unchanged", n / warm, warm, f"{serial / warm:.2f}x"),
            ("warm, unchanged, -j1", n / warm1, warm1, f"{serial / warm1:.2f}x"),
            ("cold, serial, again", n / cold, cold, f"{serial / cold:.2f}x"),
            ("warm, unchanged, every rule run", n / rules, rules, f"{cold / rules:.2f}x *"),
            ("warm, one deck changed", n / changed, changed, f"{cold / changed:.2f}x *"),
        ]
        print(f"{'what':<32} {'lines/s':>10} {'seconds':>9} {'vs cold serial':>15}")
        for what, rate, secs, ratio in rows:
            print(f"{what:<32} {rate:>10,.0f} {secs:>9.2f} {ratio:>15}")
        print("* against the cold serial runs taken in turn with them ('cold, serial, again')")
        print(f"decklint / bare Lark on the card decks: {bare / card_lint:.2f} of Lark's speed")

        print("peak memory, serial cold runs (one process):")
        for fraction in (0.25, 0.5, 1.0):
            part = repo if fraction == 1.0 else tmp / f"part{fraction}"
            if fraction != 1.0:
                subset(repo, part, fraction)
            lines = sum(len(f.read_text().splitlines()) for f in part.rglob("*") if f.is_file())
            _, rss = run(
                [*decklint, "lint", "--exit-zero", "--no-source", "--no-cache", "-j1", str(part)],
                env,
            )
            print(f"  {fraction:>4.0%} of the decks, {lines:>8,} lines: {rss / 1024:8.0f} MiB")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
