"""No input makes a run more than linear: for each shape of input that once made a rule or a
reader quadratic (one name defined many times, a macro call with many positional operands, a
statement over many cards, many claims on one value), a lint of twice the input does at most
twice the work.

The work is counted, not timed: every function call (Python's and the built-ins') a profile
hook sees while the run lints, after a first run has filled what is built once (the parsers,
the catalogs). A linear run's count is c + k*n, so doubling n less than doubles it; a run
that compares every pair grows by four.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from decklint import api

Files = dict[str, str]


def card(text: str, cont: bool) -> str:
    return text.ljust(71) + ("X" if cont else "")


def _cards(head: str, operands: list[str]) -> list[str]:
    """A statement `head` (name and operation, to column 15) with its operands on as many
    cards as they need, continued in column 16."""
    lines: list[str] = []
    text = head
    for i, o in enumerate(operands):
        piece = o + ("," if i < len(operands) - 1 else "")
        if len(text) + len(piece) > 71:
            lines.append(card(text, True))
            text = " " * 15
        text += piece
    lines.append(text)
    return lines


def one_name_many_times(n: int) -> Files:
    """PRS004 compared every pair of definitions of one name."""
    lines = ["         VBUILD TYPE=APPL", *(["A1       APPL  ACBNAME=A1"] * n)]
    return {"apps.vtam": "\n".join(lines) + "\n"}


def one_name_in_many_files(n: int) -> Files:
    """Copies of one deck (PRS004's copies) and one ACBNAME in many major nodes (VTM011)."""
    deck = "         VBUILD TYPE=APPL\nA1       APPL  ACBNAME=A1\n"
    return {f"APPLS{i:04d}.vtam": deck for i in range(n // 8)}


def one_acbname_in_many_major_nodes(n: int) -> Files:
    """One ACBNAME in many major nodes that no configuration list activates together
    (VTM011 compared each with every group before it)."""
    files = {"ATCCON00": "OTHER1,\nOTHER2\n"}
    for i in range(n // 4):
        files[f"APPLS{i:04d}"] = f"         VBUILD TYPE=APPL\nB{i:07d} APPL  ACBNAME=A1\n"
    return files


def one_logmode_many_times(n: int) -> Files:
    lines = ["TAB1     MODETAB"]
    lines += [f"M{i:07d} MODEENT LOGMODE=#BATCH,RUSIZES=X'8585'" for i in range(n)]
    lines.append("         MODEEND")
    return {"modes.vtam": "\n".join(lines) + "\n"}


def syslist(n: int) -> Files:
    """One macro call with n positional operands: the binder walked every card for each."""
    lines = [
        "         MACRO",
        "&NAME    MANYOPS",
        "&N       SETA  N'&SYSLIST",
        "&NAME    DC    A(&N)",
        "         DC    C'&SYSLIST(1)'",
        "         MEND",
        *_cards("X        MANYOPS ", [f"A{i}" for i in range(n)]),
    ]
    return {"ops.asm": "\n".join(lines) + "\n"}


def one_long_statement(n: int) -> Files:
    """One statement whose operands run over n/4 cards."""
    operands = [f"ADDR{i}=X'{i % 256:02X}'" for i in range(n)]
    lines = ["         VBUILD TYPE=APPL", *_cards("A1       APPL  ", operands)]
    return {"long.vtam": "\n".join(lines) + "\n"}


def one_locaddr_many_times(n: int) -> Files:
    """Many LUs of one PU with one LOCADDR (VTM012), one station (VTM010)."""
    lines = ["SW1      VBUILD TYPE=SWNET", "P1       PU    ADDR=C1,IDBLK=017,IDNUM=00017"]
    lines += [f"L{i:07d} LU    LOCADDR=2" for i in range(n)]
    return {"sw.vtam": "\n".join(lines) + "\n"}


def one_port_many_times(n: int) -> Files:
    """One port reserved for many jobs (TCP027), one home address on many links (TCP028)."""
    lines = ["PORT", *(f"  23 TCP TN{i:06d}" for i in range(n)), "HOME"]
    lines += [f"  10.1.1.1 L{i:06d}" for i in range(n)]
    return {"PROFILE.TCPIP": "\n".join(lines) + "\n"}


def one_keyword_many_times(n: int) -> Files:
    """One BPXPRMxx keyword coded many times (BPX006)."""
    return {"BPXPRM00": "".join(f"MAXPROCUSER({i % 500 + 1})\n" for i in range(n))}


def one_cics_name_many_times(n: int) -> Files:
    lines = [
        f"  DEFINE PROGRAM(PROG1) GROUP(G1) LANGUAGE(COBOL) DESCRIPTION(C{i})" for i in range(n)
    ]
    return {"csd.cics": "\n".join(lines) + "\n"}


def undefined_many_times(n: int) -> Files:
    """Many references to one name nothing defines (PRS005)."""
    lines = ["SW1      VBUILD TYPE=SWNET"]
    lines += [f"P{i:07d} PU    ADDR=C1,MODETAB=NOTAB,DLOGMOD=NOMODE" for i in range(n)]
    return {"sw.vtam": "\n".join(lines) + "\n"}


SHAPES: dict[str, tuple[Callable[[int], Files], str | None]] = {
    "one name many times": (one_name_many_times, None),
    "one name in many files": (one_name_in_many_files, None),
    "one ACBNAME in many major nodes": (one_acbname_in_many_major_nodes, None),
    "one logmode many times": (one_logmode_many_times, None),
    "&SYSLIST of a call with many operands": (syslist, "ncp"),
    "one statement over many cards": (one_long_statement, None),
    "one LOCADDR many times": (one_locaddr_many_times, None),
    "one port and one home address many times": (one_port_many_times, None),
    "one BPXPRMxx keyword many times": (one_keyword_many_times, None),
    "one CICS definition many times": (one_cics_name_many_times, "cics"),
    "one undefined name many times": (undefined_many_times, None),
}
N = 600  # statements (or operands) of the smaller input


def work(files: Files, dialect: str | None) -> int:
    """The function calls a lint of `files` makes (in this process: no workers, no cache)."""
    calls = 0

    def count(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call" or event == "c_call":
            calls += 1

    opts = api.Options(dialect=dialect)
    sys.setprofile(count)
    try:
        api.lint_texts(files, opts)
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize("shape", list(SHAPES))
def test_twice_the_input_is_at_most_twice_the_work(shape: str) -> None:
    make, dialect = SHAPES[shape]
    api.lint_texts(make(N // 4), api.Options(dialect=dialect))  # what is built once
    once, twice = work(make(N), dialect), work(make(2 * N), dialect)
    assert twice <= 2 * once, f"{shape}: {once:,} calls, then {twice:,} ({twice / once:.2f}x)"


# ---------------------------------------------------------------------- the same answers


def test_prs004_index_gives_what_every_pair_gave() -> None:
    """`distinct` finds through an index what comparing each definition with every one kept
    found (`same_resource`, the relation itself): random definitions of one name in files of
    three folders, of both dialects, some files copies of others, some of one NCP."""
    import random

    from decklint.core.records import Definition
    from decklint.core.source import Span
    from decklint.model.resource_names import Decks, distinct, same_resource

    class St:
        def __init__(self, op: str) -> None:
            self.op = op

    rnd = random.Random(34)
    for _ in range(300):
        paths = [f"{rnd.choice('abc')}/f{i}" for i in range(rnd.randint(1, 6))]
        content = {p: rnd.randint(0, 2) for p in paths}
        ncp = {p: rnd.choice(["", "N1", "N2"]) for p in paths}
        defs: list[Definition] = []
        ops: dict[Definition, str | None] = {}
        for k in range(rnd.randint(1, 12)):
            d = Definition("vtam_resource", "X", rnd.choice(paths), Span(k + 1, 1, k + 1, 2), "")
            d = d._replace(dialect=rnd.choice(["vtam", "ncp"]))
            defs.append(d)
            ops[d] = rnd.choice(["APPL", "CDRSC", "LU", None])
        found = {d: St(op) for d, op in ops.items() if op}
        decks = Decks(found.get, content.__getitem__, ncp.__getitem__)
        kept: list[Definition] = []
        for d in defs:
            if not any(same_resource(k, d, decks) for k in kept):
                kept.append(d)
        assert distinct(defs, decks) == kept


def test_vtm011_index_gives_what_every_pair_gave() -> None:
    """VTM011 cuts a clash group as asking each part whether a list activates its first
    major node with the claim's did (`_together`), on random groups and lists."""
    import random

    from decklint.checks.vtm011_acbname_twice import _together
    from decklint.core.source import Span
    from decklint.model.unique import Claim

    def pairwise(group: list[Claim], lists: list[frozenset[str]]) -> list[list[Claim]]:
        def together(a: str, b: str) -> bool:
            return a == b or any(a in ls and b in ls for ls in lists)

        parts: list[list[Claim]] = []
        for c in group:
            part = next((p for p in parts if together(c.path, p[0].path)), None)
            if part is None:
                parts.append([c])
            else:
                part.append(c)
        return [p for p in parts if len(p) > 1] if lists else [group]

    rnd = random.Random(11)
    majors = [f"M{i}" for i in range(8)]
    for _ in range(300):
        lists = [frozenset(rnd.sample(majors, rnd.randint(1, 4))) for _ in range(rnd.randint(0, 3))]
        group = [
            Claim("s", "A1", rnd.choice(majors), Span(k + 1, 1, k + 1, 2), "", "", "vtam", str(k))
            for k in range(rnd.randint(2, 10))
        ]
        assert _together(group, lists) == pairwise(group, lists)
