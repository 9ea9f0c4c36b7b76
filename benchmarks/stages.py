"""Where a lint's time goes: each stage of the pipeline timed in one process (bench.py --profile).

    python benchmarks/stages.py FOLDER [FOLDER ...] [--runs 3]

The stages are decklint's own functions, wrapped for the length of the measurement (nothing
in decklint carries a timer): each wrapper charges the time spent inside it, less the time of
the stages it calls, to its stage, so the shares add up to the whole run. Time is the
process's CPU time, which other work on a shared machine moves less than the clock. A stage marked
whole (`parsed again`) is charged everything beneath it: that work exists only because the
file phase dropped the statements. The lint runs as the command runs it (`api.lint_paths`,
--no-cache), in one process (`jobs=1`), then the findings are rendered as text; the runs after
the first are measured (the first pays for imports and building parsers), and each stage's
figure is its median over them.

A wrapped function that is no longer there is an error, not a zero: rename a stage's function
and this file must follow.
"""

from __future__ import annotations

import argparse
import functools
import gc
import io
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

# (stage, "module:function" or "module:Class.method", whole). In the pipeline's order; a
# function of a module is replaced wherever a loaded module holds it (`from m import f`).
STAGES: tuple[tuple[str, str, bool], ...] = (
    ("read/decode", "decklint.inputs.gather:gather", False),
    ("detection", "decklint.inputs.discover:detect", False),
    ("evidence", "decklint.inputs.evidence:against", False),
    ("evidence", "decklint.inputs.evidence:semicolon_comments", False),
    ("templates", "decklint.readers.templates:read", False),
    ("card reading", "decklint.readers.cards:read_assembler", False),
    ("card reading", "decklint.readers.cards:read_option_list", False),
    ("card reading", "decklint.dialects.tcpip.reader:blank", False),
    ("card reading", "decklint.dialects.tcpip.reader:tokens", False),
    ("damage repair", "decklint.readers.damage:indentation", False),
    ("damage repair", "decklint.readers.damage:needs_cleaning", False),
    ("damage repair", "decklint.readers.damage:clean", False),
    ("damage repair", "decklint.readers.cards:_mark_census", False),
    ("lost operands", "decklint.readers.lost_operands:lost", False),
    ("assembler classification", "decklint.readers.assembler.reader:classify", False),
    ("assembler classification", "decklint.readers.assembler.reader:parse_instruction", False),
    ("macro expansion", "decklint.readers.assembler.conditional:assemble", False),
    ("fast path (scanner)", "decklint.readers.scan:statement", False),
    ("fast path (scanner)", "decklint.readers.scan:command", False),
    ("Lark parse", "lark:Lark.parse", False),
    ("file rules", "decklint.lint.runner:run_file_rules", False),
    ("slim (drop text)", "decklint.pipeline.filephase:slim", False),
    ("model/resolve/links", "decklint.model.topology:Topology.merge", False),
    ("model/resolve/links", "decklint.model.resolve:resolve", False),
    ("network rules", "decklint.lint.runner:run_rules", False),
    ("parsed again", "decklint.pipeline.filephase:reparse", True),
    ("suppress/place", "decklint.pipeline.run:_suppress", False),
    ("suppress/place", "decklint.pipeline.run:_place_embedded", False),
    ("suppress/place", "decklint.lint.causes:group", False),
)
# Each dialect's own parse (statements from the reader's units: the IR built from Lark's
# trees, or a free-format reader's) and lowering are wrapped in its spec.
PARSE_REST = "statement building"
LOWERING = "lowering"
REPORTING = "reporting"
OTHER = "other"


class Clock:
    """Exclusive time per stage: a stack of the stages running, each charged its own time."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self._stack: list[list[Any]] = []  # [stage, start, time of the stages beneath]
        self._whole = 0  # inside a stage charged whole: the stages beneath are not timed

    def wrap(self, stage: str, fn: Callable[..., Any], whole: bool = False) -> Callable[..., Any]:
        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            if self._whole:
                return fn(*args, **kwargs)
            with self.stage(stage, whole):
                return fn(*args, **kwargs)

        timed.__wrapped_stage__ = fn  # type: ignore[attr-defined]
        return timed

    @contextmanager
    def stage(self, stage: str, whole: bool = False) -> Iterator[None]:
        frame = [stage, time.process_time(), 0.0]
        self._stack.append(frame)
        self._whole += whole
        try:
            yield
        finally:
            self._whole -= whole
            self._stack.pop()
            took = time.process_time() - frame[1]
            self.spent[stage] = self.spent.get(stage, 0.0) + took - frame[2]
            self.calls[stage] = self.calls.get(stage, 0) + 1
            if self._stack:
                self._stack[-1][2] += took


def _resolve(target: str) -> tuple[Any, str, Any]:
    """(owner, attribute, original) of "module:function" or "module:Class.method"."""
    import importlib

    modname, _, qual = target.partition(":")
    owner: Any = importlib.import_module(modname)
    *path, attr = qual.split(".")
    for part in path:
        owner = getattr(owner, part)
    if not hasattr(owner, attr):
        raise SystemExit(f"stages.py: {target} is gone: update STAGES in {__file__}")
    return owner, attr, getattr(owner, attr)


@contextmanager
def hooked(clock: Clock) -> Iterator[None]:
    """Every stage's function wrapped, in its module and wherever it was imported; undone after."""
    from decklint import dialects

    for name in dialects.names():
        dialects.get(name)  # every reader imported first, so that each takes the wrapped names
    undo: list[tuple[Any, str, Any]] = []
    try:
        for stage, target, whole in STAGES:
            owner, attr, fn = _resolve(target)
            new = clock.wrap(stage, fn, whole)
            places = [owner]
            if isinstance(owner, type(sys)):
                places += [
                    m
                    for name, m in list(sys.modules.items())
                    if name.startswith("decklint") and m is not owner and vars(m).get(attr) is fn
                ]
            for place in places:
                undo.append((place, attr, fn))
                setattr(place, attr, new)
        for name in dialects.names():
            spec = dialects.get(name)
            undo.append((dialects._SPECS, name, spec))
            dialects._SPECS[name] = spec._replace(
                parse=clock.wrap(PARSE_REST, spec.parse),
                lower=clock.wrap(LOWERING, spec.lower),
            )
        yield
    finally:
        for place, attr, fn in reversed(undo):
            if isinstance(place, dict):
                place[attr] = fn
            else:
                setattr(place, attr, fn)
        for name, m in list(sys.modules.items()):  # a module imported during the run
            if name.startswith("decklint"):
                for attr, value in list(vars(m).items()):
                    if hasattr(value, "__wrapped_stage__"):
                        setattr(m, attr, value.__wrapped_stage__)


def one_run(folders: Sequence[str]) -> tuple[dict[str, float], float]:
    """One lint of `folders` with every stage timed: (seconds per stage, whole seconds)."""
    from decklint import api
    from decklint.report import text

    clock = Clock()
    with hooked(clock):
        t = time.process_time()
        result = api.lint_paths(list(folders), api.Options(jobs=1))
        with clock.stage(REPORTING):
            lines: dict[str, list[str]] = {}

            def line_of(path: str, n: int) -> str:
                if path not in lines:
                    pf = result.parsed.get(path)
                    lines[path] = pf.source.lines if pf is not None else []
                got = lines[path]
                return got[n - 1] if 0 < n <= len(got) else ""

            text.render(
                result.findings,
                line_of,
                io.StringIO(),
                color=False,
                files_linted=len(result.files),
                unlinted=result.unlinted,
            )
        whole = time.process_time() - t
    spent = dict(clock.spent)
    spent[OTHER] = whole - sum(spent.values())
    return spent, whole


def profile(folders: Sequence[str], runs: int = 3) -> tuple[dict[str, float], float]:
    """Median seconds per stage and of the whole run, over `runs` runs after a first one.

    The cyclic collector is off, as in the command (`decklint._entry`): with it on, the
    first allocation after the file phase scanned every object the run had made, a cost the
    command never pays (it was most of "other"). Each run's garbage is collected before the
    next, untimed."""
    was = gc.isenabled()
    gc.disable()
    try:
        one_run(folders)  # imports, parsers built, catalogs read: start-up, not throughput
        got = []
        for _ in range(runs):
            gc.collect()
            got.append(one_run(folders))
    finally:
        if was:
            gc.enable()
    stages = list(dict.fromkeys([s for s, _, _ in STAGES] + [PARSE_REST, LOWERING, REPORTING]))
    stages.append(OTHER)
    median = {s: statistics.median(g.get(s, 0.0) for g, _ in got) for s in stages}
    return median, statistics.median(w for _, w in got)


def table(title: str, spent: dict[str, float], whole: float, lines: int) -> str:
    """The share table: stage, milliseconds, share of the run; the whole run's lines/s."""
    out = [
        f"{title}: {lines:,} lines, {whole:.2f} s CPU in one process ({lines / whole:,.0f} lines/s)"
    ]
    out.append(f"  {'stage':<26} {'ms':>8} {'share':>7}")
    for stage, secs in spent.items():
        out.append(f"  {stage:<26} {secs * 1000:>8.0f} {secs / whole:>6.1%}")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    lines = sum(
        len(f.read_text(errors="replace").splitlines())
        for d in args.folders
        for f in Path(d).rglob("*")
        if f.is_file()
    )
    spent, whole = profile(args.folders, args.runs)
    print(table(", ".join(args.folders), spent, whole, lines))


if __name__ == "__main__":
    main()
