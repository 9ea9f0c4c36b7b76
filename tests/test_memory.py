"""A run's memory grows with its model, not with every file's lines and statements, and its
work on one large deck grows with the deck (docs/decisions.md, "Memory against size").

Memory is traced (tracemalloc), not read from the process, so the bounds hold on any machine;
work is counted in lines of decklint run, never timed."""

from __future__ import annotations

import gc
import os
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

from decklint import api, dialects
from decklint.core.ir import Statements
from decklint.core.source import SourceFile
from decklint.lint import baseline, edits


def _card(text: str, more: bool) -> str:
    return text.ljust(71) + ("X" if more else " ")


def _statement(label: str, op: str, operands: list[str]) -> list[str]:
    cards = []
    for i, opnd in enumerate(operands):
        last = i == len(operands) - 1
        head = f"{label:<8} {op:<5} " if i == 0 else " " * 15
        cards.append(_card(head + opnd + ("" if last else ","), not last))
    return cards


def ncp_deck(groups: int, tag: str = "N") -> str:
    """An NCP generation: an SDLC line, a PU and its LUs per group (every PU names a mode
    table no linted file defines: one finding per PU)."""
    lines = _statement(f"{tag}P", "PCCU", ["CUADDR=0A0", "MAXDATA=65535", "DELAY=0"])
    lines += _statement(tag, "BUILD", ["BFRS=240", "SLODOWN=6", f"NEWNAME={tag}", "SUBAREA=5"])
    for g in range(groups):
        lines += _statement(f"{tag}G{g:04d}", "GROUP", ["LNCTL=SDLC", "DIAL=NO"])
        lines += _statement(f"{tag}S{g:04d}", "LINE", [f"ADDRESS=({g % 256:03d},HALF)"])
        lines += _statement(f"{tag}P{g:04d}", "PU", ["ADDR=C1", "PUTYPE=2", "MODETAB=LABMODES"])
        for u in range(2):
            lines += _statement(f"{tag}L{g:04d}{u}", "LU", [f"LOCADDR={u + 2}", "DLOGMOD=IBMX"])
    lines.append(_card("         GENEND", False))
    return "\n".join(lines) + "\n"


def _retained_per_line(files: dict[str, str]) -> float:
    """Bytes a finished run still holds per line linted, while its result is alive."""
    api.lint_texts(files)  # imports, grammars, rules: what any run loads once
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        result = api.lint_texts(files)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert result.findings  # the bound holds for a run with findings to report
    return held / sum(t.count("\n") for t in files.values())


def _fresh(files: str) -> float:
    """`_retained_per_line` of `files` (an expression over this module) measured in a process
    of its own: what the tests before it loaded and cached would count in this one (in the
    whole suite that added a third to the figure, after the corpora were formatted)."""
    import subprocess

    here = Path(__file__).resolve().parent
    code = f"import test_memory as t; print(t._retained_per_line({files}))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(here), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return float(done.stdout.split()[-1])


def test_a_large_deck_leaves_its_model_not_its_lines_and_statements() -> None:
    # Its model and findings are about 700 bytes a line; with its lines and statements kept
    # as well, more than twice that.
    assert _fresh('{"big.ncp": t.ncp_deck(300)}') < 1000


def test_many_small_files_leave_their_model_not_their_parses() -> None:
    assert _fresh('{f"site/N{k:03d}.ncp": t.ncp_deck(3, f"N{k:03d}") for k in range(150)}') < 1000


def test_statements_read_after_the_run_are_those_of_the_parse() -> None:
    text = ncp_deck(5)
    result = api.lint_texts({"big.ncp": text})
    pf = result.parsed["big.ncp"]
    assert pf.source.text == text
    fresh = dialects.get("ncp").parse(SourceFile.from_text("big.ncp", text))
    assert tuple(pf.statements) == tuple(fresh.statements)
    assert tuple(result.topology.statements["big.ncp"]) == tuple(fresh.statements)
    assert [st.op for st in pf.statements[:3]] == ["PCCU", "BUILD", "GROUP"]


def test_statements_are_kept_only_for_a_caller_that_reads_them_all() -> None:
    # A baseline or SARIF output reads the statements of every file with a finding: parsing
    # them again would cost that run its parse time twice.
    text = ncp_deck(5)
    lazy = api.lint_texts({"big.ncp": text}).topology.statements["big.ncp"]
    opts = api.Options(keep_statements=True)
    kept = api.lint_texts({"big.ncp": text}, opts).topology.statements["big.ncp"]
    assert isinstance(lazy, Statements) and not lazy.unpacked
    assert isinstance(kept, Statements) and kept.unpacked
    assert tuple(lazy) == tuple(kept)


@contextmanager
def _lines_run(modules: tuple[str, ...]) -> Iterator[list[int]]:
    """Count the lines of code run in the named modules (a measure of work, not of time)."""
    count = [0]

    def local(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        if event == "line":
            count[0] += 1
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        return local if frame.f_code.co_filename.endswith(modules) else None

    sys.settrace(calls)
    try:
        yield count
    finally:
        sys.settrace(None)


def _growth(work: Callable[[int], int], n: int) -> float:
    """How much more the work grows from 2n to 4n than from n to 2n: 2 when it is linear in
    n, 4 when it is quadratic."""
    a, b, c = work(n), work(2 * n), work(4 * n)
    return (c - b) / (b - a)


def test_finding_the_statement_of_each_finding_is_linear_in_the_deck() -> None:
    # A baseline and SARIF fingerprints look up the statement and operand of every finding.
    results = {n: api.lint_texts({"big.ncp": ncp_deck(n)}) for n in (40, 80, 160)}

    def work(n: int) -> int:
        result = results[n]
        assert len(result.findings) >= n
        with _lines_run(("lint/baseline.py",)) as count:
            baseline.document(result.findings, baseline.Locator(result.parsed))
        return count[0]

    assert _growth(work, 40) < 2.5


def test_fixing_every_statement_of_a_deck_is_linear_in_the_deck() -> None:
    # A rule may offer a fix on most statements of a deck: each finds its statement by line.
    results = {n: api.lint_texts({"big.ncp": ncp_deck(n)}) for n in (40, 80, 160)}

    def work(n: int) -> int:
        topo = results[n].topology
        spans = [o.value.span for st in topo.statements["big.ncp"] for o in st.operands]
        with _lines_run(("lint/edits.py",)) as count:
            fixes = [edits.set_value(topo, "big.ncp", s, "X", "x") for s in spans]
        assert all(f is not None for f in fixes)
        return count[0]

    assert _growth(work, 40) < 2.5
