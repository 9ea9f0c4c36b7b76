"""How fast, and how well, decklint tells a file's dialect.

    python benchmarks/detect.py [--decks 2000] [--files 9000] [--runs 3] [--others DIR ...]

Generates a repository (the card decks and profiles of repo_scale.py, whose names mostly tell
nothing, and the small named files of its `many` shape) and times `detect` on every file,
once as named and once with its name hidden (content alone), in one process: the median of
--runs. `--others` folders (documentation, /etc, source trees: text nobody meant as a deck)
are detected with their names hidden, and every file taken for a deck is counted by dialect.
Speed is measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from repo_scale import generate
from shapes import many_files

from decklint.core.source import SourceFile
from decklint.inputs.discover import detect
from decklint.inputs.gather import decode


def texts(root: Path) -> list[tuple[str, str]]:
    """(path, text) of every text file under root."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            try:
                if not os.path.isfile(path) or os.path.getsize(path) > 2_000_000:
                    continue
                with open(path, "rb") as fh:
                    text, _why = decode(fh.read())
            except OSError:
                continue
            if text is not None:
                out.append((path, text))
    return out


def timed(files: list[tuple[str, str]], hidden: bool) -> tuple[float, Counter[str | None]]:
    """Seconds to detect every file (its source made first, as the file phase does), and the
    dialects found."""
    found: Counter[str | None] = Counter()
    spent = 0.0
    for path, text in files:
        src = SourceFile.from_text("MEMBER" if hidden else path, text)
        start = time.perf_counter()
        found[detect(src).dialect] += 1
        spent += time.perf_counter() - start
    return spent, found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=2000)
    ap.add_argument("--files", type=int, default=9000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--others", nargs="*", default=[], help="folders of text that is no deck")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        generate(root / "decks", args.decks)
        many_files(root / "many", args.files)
        files = texts(root)
    lines = sum(t.count("\n") for _p, t in files)
    print(f"{len(files)} generated files, {lines} lines")
    for hidden in (False, True):
        runs = [timed(files, hidden) for _ in range(args.runs)]
        spent = statistics.median(s for s, _f in runs)
        found = runs[0][1]
        what = "names hidden" if hidden else "as named"
        print(
            f"  {what}: {spent:.3f} s, {spent / len(files) * 1e6:.0f} us a file; "
            f"not recognised: {found[None]}"
        )
    for folder in args.others:
        others = texts(Path(folder))
        spent, found = timed(others, True)
        claimed = {str(k): v for k, v in sorted(found.items(), key=str) if k is not None}
        print(
            f"{folder}: {len(others)} text files, {spent:.3f} s; "
            f"taken for decks: {sum(claimed.values())} {claimed}"
        )


if __name__ == "__main__":
    main()
