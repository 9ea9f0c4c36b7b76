"""The kill loop: `decklint format` killed (SIGKILL, every process of it) at random moments of a
run over a tree of decks, again and again; after each kill every file must be byte for byte
as it was or as formatted, its hard links still one file, and the next run must finish the
work and clear what the killed one left.

    python benchmarks/format_kill.py [--decks 2000] [--runs 30] [--seed 34]

The tree (written here, decks of our own): VTAM application major nodes with the faults
`decklint format` undoes (a mark pushed to column 73, a card continued in column 17) and
remarks to align, with remarks holding markup, lines ending in LF, CRLF or both, sequence
numbers or none, one deck in ten with a second hard link (rewritten in place), in folders of
a hundred. Before the loop the tree is formatted once in a copy: that is what "formatted"
means for each file. Each run copies the pristine tree (hard links kept), starts `decklint
format --no-cache` in a new session, kills the session after a random part of the time a
whole run takes, and judges the files; then runs `decklint format` again, unkilled, and
judges that every file is formatted and nothing decklint names `.NAME.PID.N.tmp` or
`.NAME.PID.N.*.keep` is left (or, for a `.keep`, that the run named its file). Nothing here
is a test.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from decklint.platform.children import decklint_command

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz_format


def tree(root: Path, decks: int, rnd: random.Random) -> None:
    """The decks (fuzz_format's generator, with its faults), a tenth hard-linked."""
    for i in range(decks):
        folder = root / f"vtamlst{i // 100:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        case = fuzz_format.deck(rnd)
        deck = folder / f"APPL{i:04d}"
        deck.write_bytes(case.text.encode("utf-8"))
        if i % 10 == 3:
            os.link(deck, folder / f"LINK{i:04d}")


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def pairs(root: Path) -> list[tuple[Path, Path]]:
    """Each hard-linked deck and its second name."""
    return [(p.with_name("APPL" + p.name[4:]), p) for p in root.rglob("LINK*")]


def litter(root: Path) -> list[str]:
    return sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob(".*")
        if p.name.endswith((".tmp", ".keep"))
    )


def format_run(root: Path) -> subprocess.Popen[bytes]:
    cmd = decklint_command("format", "--no-cache", str(root))
    return subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True
    )


def copy(src: Path, dst: Path) -> None:
    """The tree with its hard links (cp -a keeps them; shutil.copytree would not)."""
    subprocess.run(["cp", "-a", str(src), str(dst)], check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=34)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    base = Path(tempfile.mkdtemp(prefix="decklint-kill-"))
    pristine, done = base / "pristine", base / "done"
    tree(pristine, args.decks, rnd)
    old = snapshot(pristine)
    copy(pristine, done)
    t = time.monotonic()
    first = format_run(done)
    out = first.communicate()[0].decode(errors="replace")
    whole = time.monotonic() - t
    new = snapshot(done)
    changed = sum(1 for k in old if old[k] != new[k])
    print(
        f"tree: {len(old):,} files ({args.decks:,} decks) in {base}; a whole run takes "
        f"{whole:.1f} s and changes {changed:,} files: {out.strip().splitlines()[-1]}"
    )
    violations = kills = torn = 0
    states = {"old": 0, "new": 0}
    left_after_kill = left_after_next = 0
    for run in range(args.runs):
        work = base / f"run{run:03d}"
        copy(pristine, work)
        proc = format_run(work)
        # half of the kills anywhere, half in the last part of a run, where the files are written
        time.sleep(rnd.uniform(0.05, whole * 1.1) if run % 2 else rnd.uniform(0.6, 1.05) * whole)
        killed = proc.poll() is None
        if killed:
            os.killpg(proc.pid, signal.SIGKILL)
            kills += 1
        proc.wait()
        now = snapshot(work)
        for name, data in now.items():
            if name.rsplit("/", 1)[-1].startswith("."):
                continue
            if data == old[name]:
                states["old"] += 1
            elif data == new[name]:
                states["new"] += 1
            else:
                violations += 1
                print(f"run {run}: {name} is neither as it was nor as formatted")
        torn += sum(1 for a, b in pairs(work) if not os.path.samefile(a, b))
        left = litter(work)
        left_after_kill += len(left)
        again = subprocess.run(
            decklint_command("format", "--no-cache", str(work)),
            capture_output=True,
            text=True,
            check=False,
        )
        after = snapshot(work)
        wrong = [k for k in new if after.get(k) != new[k]]
        still = litter(work)
        named = [k for k in still if k.endswith(".keep") and k in again.stdout + again.stderr]
        left_after_next += len(still) - len(named)
        if wrong or (still and len(named) < len(still)):
            violations += 1
            print(f"run {run}: after the next run {len(wrong)} files not formatted, left {still}")
        shutil.rmtree(work)
        print(
            f"run {run}: {'killed' if killed else 'ended before the kill'}; temporary files "
            f"left: {len(left)}; the next run's exit: {again.returncode}",
            flush=True,
        )
    print(
        f"runs: {args.runs}, killed: {kills}; files after a kill: {states['old']:,} as they "
        f"were, {states['new']:,} formatted, {violations} neither; hard links broken: {torn}"
    )
    print(
        f"temporary files a kill left: {left_after_kill}; left after the next run: "
        f"{left_after_next}"
    )
    shutil.rmtree(base)
    sys.exit(1 if violations or torn else 0)


if __name__ == "__main__":
    main()
