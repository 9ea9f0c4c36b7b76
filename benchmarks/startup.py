"""Where a cold start's time goes: `decklint lint` on one 20-line deck, taken apart.

    python benchmarks/startup.py [--python PATH] [--runs 9] [--list]

`bench.py` times a cold start whole, against yamllint's. This says what it is made of, for
the two ways a user meets it: `--no-cache` (the catalogs, manifests and grammars still come
from the cache folder, the deck is parsed) and as pre-commit runs it (the cache in use, the
deck edited since the last run). The deck is bench.py's: a VTAM start list (ATCSTRxx).

Each run is a new process of `--python` (an installed decklint: a checkout without written
bytecode compiles every module on every start). Two kinds of run are taken in turn:

* plain: the command as a user runs it, timed whole (clock and CPU), beside `python -c pass`
  (the interpreter's own start);
* instrumented: the same command in a process that counts, while it runs, the time spent in
  import statements (the modules decklint imports, its own and others', with what they run
  when imported), the classes made (dataclasses, NamedTuples, enums: a class is made when
  its module is imported, and a frozen dataclass compiles six functions to be made), the
  regular expressions compiled (re's cache misses) and the modules imported.

The instrumented figures are medians over the runs; the wrappers cost a little time of their
own, so they are read as shares, not added to the plain figures. `--list` also prints the
dataclasses a run makes (most expensive first) and decklint's modules it imports.

Nothing here is a test: speed is measured, never asserted (`tests/test_cold_start.py` holds
what a start imports).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The instrumented process: decklint's command line run in it, the counts written as JSON.
CHILD = r"""
import gc, sys, time
gc.disable()  # as decklint's entry point does, before anything is imported
out_path, argv = sys.argv[1], sys.argv[2:]
import collections, contextlib, dataclasses, enum, importlib._bootstrap as boot, io, json, re
now = time.perf_counter
tally = collections.defaultdict(float)
count = collections.Counter()
made = []
depth = [0]

def timed(kind, fn):
    def wrapper(*a, **k):
        t = now()
        try:
            return fn(*a, **k)
        finally:
            tally[kind] += now() - t
            count[kind] += 1
    return wrapper

find_and_load = boot._find_and_load
def load(name, import_):
    if depth[0]:
        return find_and_load(name, import_)
    depth[0] += 1
    t = now()
    try:
        return find_and_load(name, import_)
    finally:
        depth[0] -= 1
        tally["imports"] += now() - t
boot._find_and_load = load

process_class = dataclasses._process_class
def dataclass_made(cls, *a):
    t = now()
    got = process_class(cls, *a)
    dt = now() - t
    tally["dataclasses"] += dt
    count["dataclasses"] += 1
    made.append((dt, f"{cls.__module__}.{cls.__qualname__}", bool(a[5])))
    return got
dataclasses._process_class = dataclass_made
collections.namedtuple = timed("namedtuples", collections.namedtuple)
enum.EnumType.__new__ = staticmethod(timed("enums", enum.EnumType.__new__))

compile_ = re._compile
def compiled(pattern, flags):
    if type(pattern) is str and (str, pattern, flags) not in re._cache:
        t = now()
        got = compile_(pattern, flags)
        tally["regexes"] += now() - t
        count["regexes"] += 1
        return got
    return compile_(pattern, flags)
re._compile = compiled

before = set(sys.modules)
sys.argv = ["decklint", *argv]
t0 = now()
import decklint.cli
with contextlib.redirect_stdout(io.StringIO()):
    try:
        decklint.cli.main()
    except SystemExit:
        pass
tally["run"] = now() - t0
modules = sorted(set(sys.modules) - before)
with open(out_path, "w") as fh:
    json.dump({"tally": tally, "count": count, "made": sorted(made, reverse=True),
               "modules": modules}, fh)
"""


def _plain(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Clock and CPU seconds of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _instrumented(python: str, args: list[str], env: dict[str, str], tmp: Path) -> dict:
    out = tmp / "counts.json"
    got = subprocess.run(
        [python, "-c", CHILD, str(out), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        check=False,
    )
    if got.returncode:
        raise SystemExit(f"the instrumented run failed:\n{got.stderr[-3000:]}")
    data: dict = json.loads(out.read_text())
    return data


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", default=sys.executable, help="the interpreter decklint is in")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--list", action="store_true", help="the dataclasses made, the modules")
    args = ap.parse_args()
    python = args.python
    decklint = shutil.which("decklint", path=str(Path(python).parent)) or ""
    command = [decklint] if decklint else [python, "-m", "decklint"]
    tmp = Path(tempfile.mkdtemp(prefix="decklint-startup-"))
    env = dict(os.environ, DECKLINT_CACHE_DIR=str(tmp / "cache"), NO_COLOR="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode written once
    deck = tmp / "ATCSTR20"
    body = "\n".join(f"OPTION{i}=VALUE{i}," for i in range(19)) + "\nLAST=1\n"
    cases = {
        "--no-cache": ["lint", "--exit-zero", "--no-cache", str(deck)],
        "cache in use, deck edited": ["lint", "--exit-zero", str(deck)],
    }
    try:
        deck.write_text(body)
        for argv in cases.values():  # not timed: bytecode written, the cache folder filled
            subprocess.run([*command, *argv], capture_output=True, env=env, check=False)
        python_start: list[float] = []
        plain: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        counted: dict[str, list[dict]] = {name: [] for name in cases}
        for k in range(args.runs):  # every kind of run in turn, so load moves them alike
            python_start.append(_plain([python, "-c", "pass"], env)[0])
            for name, argv in cases.items():
                deck.write_text(f"* EDIT {k}\n" + body)
                plain[name].append(_plain([*command, *argv], env))
                deck.write_text(f"* EDIT {k}.\n" + body)
                counted[name].append(_instrumented(python, argv, env, tmp))
        print(f"decklint: {' '.join(command)}; {args.runs} runs of each, medians, ms")
        print(f"python -c pass: {_ms(python_start)}")
        for name in cases:
            runs = counted[name]

            def med(kind: str, of: str = "tally", runs: list[dict] = runs) -> float:
                return statistics.median(r[of].get(kind, 0) for r in runs)

            print(f"\n{name}")
            print(
                f"  whole process, clock / CPU     {_ms([w for w, _ in plain[name]]):>7} / "
                f"{_ms([c for _, c in plain[name]])}"
            )
            print(f"  instrumented: lint, in process {med('run') * 1000:7.1f}")
            print(f"    in import statements         {med('imports') * 1000:7.1f}")
            print(f"    the rest (the work)          {(med('run') - med('imports')) * 1000:7.1f}")
            for kind, what in (
                ("dataclasses", "dataclasses made"),
                ("namedtuples", "NamedTuples made"),
                ("enums", "enums made"),
                ("regexes", "regexes compiled"),
            ):
                n = med(kind, "count")
                print(f"    {what + ':':<22} {n:4.0f} {med(kind) * 1000:7.1f}")
            mods = [len(r["modules"]) for r in runs]
            own = [len([m for m in r["modules"] if m.startswith("decklint")]) for r in runs]
            print(
                f"  modules imported: {statistics.median(mods):.0f}, "
                f"decklint's {statistics.median(own):.0f}"
            )
            if args.list:
                last = runs[-1]
                print("  dataclasses made (ms, frozen):")
                for dt, qual, frozen in last["made"]:
                    print(f"    {dt * 1000:5.2f} {qual}{' frozen' if frozen else ''}")
                print(
                    "  decklint's modules: "
                    + " ".join(m for m in last["modules"] if m.startswith("decklint"))
                )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
