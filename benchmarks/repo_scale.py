"""Repository scale: thousands of decks, cold and warm, serial and parallel, and peak memory.

    python benchmarks/repo_scale.py [--decks 2000] [--runs 3]
    python benchmarks/repo_scale.py --shape huge [--megabytes 50]
    python benchmarks/repo_scale.py --shape many [--files 200000]

The default shape generates a definition repository of --decks files of about 250 lines each
(mode tables, switched major nodes, NCP generations, z/OS TCP/IP profiles in stack folders),
then reports:

* bare Lark: card reader plus one LALR parse per statement over the card decks;
* cold serial (`--no-cache -j1`) and cold parallel (`--no-cache`, every core), run in turn;
* a cold run that fills the cache, and a warm run on the unchanged repository (answered by
  the run memo);
* in turn with cold serial runs: warm runs with the run memo cleared (every file from the
  cache, every rule run on the whole model), and runs after one deck changed (that deck is
  parsed again; the rules run on the whole model);
* peak resident memory of serial runs over a quarter, half and all of the decks.

The other shapes measure memory against size (see `shapes`): `huge` is one NCP generation of
about --megabytes (thousands of lines, PUs and LUs), `many` is --files small files of the
common dialects in folders of a thousand. Each reports the time and peak memory of cold serial
and parallel runs, a run filling the cache, a warm run with every file from the cache, and a
warm run answered by the run memo; `--steps` picks some of them, `--timeout` stops a run.

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
from shapes import huge_deck, many_files


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


def tree_rss(pid: int) -> int:
    """Resident set (KiB) of a process and its descendants now (0 once it is gone)."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
        todo += [int(k) for k in kids]
    return total


def run_sampled(
    cmd: list[str], env: dict[str, str], timeout: float | None = None
) -> tuple[float, int, int, bool]:
    """Wall time, peak resident set (KiB) of the largest process (the kernel's count), peak
    of the sum over the process and its workers (sampled), and whether it finished in time."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    peak, finished = 0, True
    while True:
        pid, _, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        peak = max(peak, tree_rss(proc.pid))
        if timeout is not None and time.perf_counter() - t > timeout:
            proc.kill()
            _, _, usage = os.wait4(proc.pid, 0)
            finished = False
            break
        time.sleep(0.05)
    return time.perf_counter() - t, usage.ru_maxrss, max(peak, usage.ru_maxrss), finished


STEPS = ("cold-serial", "cold-parallel", "fill", "warm-files", "warm-memo")


def shape_runs(args: argparse.Namespace, decklint: list[str], tmp: Path) -> None:
    """The `huge` and `many` shapes: time and peak memory of each step, against lines."""
    cache = tmp / "cache"
    env = dict(os.environ, DECKLINT_CACHE_DIR=str(cache), NO_COLOR="1")
    repo = tmp / "repo"
    t = time.perf_counter()
    if args.shape == "huge":
        deck = huge_deck(args.megabytes)
        (repo / "ncp").mkdir(parents=True)
        (repo / "ncp" / "HUGE.ncp").write_text("\n".join(deck) + "\n")
        n = len(deck)
        what = f"one deck of {(repo / 'ncp' / 'HUGE.ncp').stat().st_size / 1e6:.1f} MB"
    else:
        n = many_files(repo, args.files)
        what = f"{args.files:,} files"
    made = time.perf_counter() - t
    print(f"shape {args.shape}: {what}, {n:,} lines (made in {made:.0f} s), ({tmp})")
    budget = n / 500_000 * 1024
    print(f"memory budget: {budget:,.0f} MiB (1 GiB per 500,000 lines)")
    lint = [*decklint, "lint", "--exit-zero", "--no-source", str(repo)]
    steps = {
        "cold-serial": ("cold, serial (-j1 --no-cache)", [*lint, "--no-cache", "-j1"], None),
        "cold-parallel": ("cold, parallel (--no-cache)", [*lint, "--no-cache"], None),
        "fill": ("cold, filling the cache", lint, lambda: shutil.rmtree(cache, True)),
        "warm-files": (
            "warm, every file from the cache",
            [*lint, "-j1"],
            lambda: shutil.rmtree(cache / "runs", True),
        ),
        "warm-memo": ("warm, unchanged (run memo)", lint, None),
    }
    wanted = [s for s in STEPS if s in args.steps.split(",")]
    print(f"{'what':<34} {'lines/s':>9} {'seconds':>8} {'peak MiB':>9} {'all MiB':>8}")
    for step in wanted:
        label, cmd, before = steps[step]
        results = []
        for _ in range(args.runs):
            if before is not None:
                before()
            results.append(run_sampled(cmd, env, args.timeout))
        secs, rss, tree, finished = sorted(results)[len(results) // 2]
        note = "" if finished else f"  stopped after {args.timeout:.0f} s"
        print(
            f"{label:<34} {n / secs:>9,.0f} {secs:>8.1f} {rss / 1024:>9,.0f} "
            f"{tree / 1024:>8,.0f}{note}",
            flush=True,
        )
    print("peak MiB: the largest process; all MiB: it and its workers together (sampled)")


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
    ap.add_argument("--runs", type=int, default=None, help="3; 1 for huge and many")
    ap.add_argument("--shape", choices=("decks", "huge", "many"), default="decks")
    ap.add_argument("--megabytes", type=float, default=50.0, help="the huge deck's size")
    ap.add_argument("--files", type=int, default=200_000, help="how many files, for many")
    ap.add_argument("--steps", default=",".join(STEPS), help="huge, many: " + ",".join(STEPS))
    ap.add_argument("--timeout", type=float, default=None, help="seconds a run may take")
    args = ap.parse_args()
    exe = shutil.which("decklint")
    decklint = [exe] if exe else [sys.executable, "-m", "decklint"]
    tmp = Path(tempfile.mkdtemp(prefix="decklint-repo-"))
    if args.shape != "decks":
        args.runs = args.runs or 1
        try:
            shape_runs(args, decklint, tmp)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    args.runs = args.runs or 3
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
