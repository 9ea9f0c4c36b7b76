"""The fast path (`decklint.readers.scan`) gives the IR Lark's parse gives, or declines.

Every fixture deck (the golden files' inputs among them), every deck of the rule case files
and every real deck of the shared corpora (skipped when absent) is read twice, with the fast
path and within `scan.lark_only()`: the statements (operands, values, sublists, spans),
the reader's and the lowering's diagnostics must be equal. Then the scanner alone: each
construct it must hand to Lark, and statements made up from the grammar's pieces, each read
the same by both or declined.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
import yaml

from decklint.core.ir import Diagnostic, LogicalUnit, Statement
from decklint.core.settings import Settings
from decklint.core.source import SourceMap
from decklint.inputs.gather import gather
from decklint.pipeline.filephase import FileUnit, Steering, process
from decklint.readers import scan
from decklint.readers.assembler.reader import parse_statement

from .conftest import CORPUS, FIXTURES

STEER = Steering(None, (), Settings())
CORPORA = ("corpus", "corpus-next", "corpus-3", "corpus-4")


def _both(path: str, text: str, hint: str | None = None) -> tuple[FileUnit, FileUnit]:
    fast = process(path, text, STEER, hint)
    with scan.lark_only():
        lark = process(path, text, STEER, hint)
    return fast, lark


def _same(path: str, text: str, hint: str | None = None) -> bool:
    """Whether the file reads the same both ways (asserted); whether it is a deck at all."""
    fast, lark = _both(path, text, hint)
    assert fast.dialect == lark.dialect, path
    assert fast.error == lark.error == "", path
    if fast.pf is None or lark.pf is None:
        assert fast.pf is lark.pf is None, path
        return False
    got, want = tuple(fast.pf.statements), tuple(lark.pf.statements)
    for a, b in zip(got, want, strict=True):
        assert a == b, f"{path}: the fast path read\n  {a}\nLark read\n  {b}"
    assert fast.pf.diagnostics == lark.pf.diagnostics, path
    assert fast.low is not None and lark.low is not None
    assert fast.low.diagnostics == lark.low.diagnostics, path
    assert fast.hits == lark.hits and fast.findings == lark.findings, path
    return True


def _decks(root: Path) -> int:
    n = 0
    for inp in gather([str(root)]):
        if inp.text is not None:
            n += _same(inp.path, inp.text, inp.dialect)
    return n


def test_every_fixture_deck_reads_the_same_both_ways() -> None:
    assert _decks(FIXTURES) > 300  # the golden decks, networks, damaged decks, jobs, ...


def test_every_rule_case_deck_reads_the_same_both_ways() -> None:
    n = 0
    for case_file in sorted((FIXTURES / "rules").glob("*.yaml")):
        data = yaml.safe_load(case_file.read_text(encoding="utf-8"))
        for case in (data.get("cases") or {}).values():
            for name, text in (case.get("files") or {}).items():
                n += _same(f"{case_file.stem}/{name}", text)
    assert n > 700


@pytest.mark.parametrize("folder", CORPORA)
def test_every_corpus_deck_reads_the_same_both_ways(folder: str) -> None:
    root = CORPUS.parent / folder
    if not root.is_dir():
        pytest.skip(f"{root} is absent")
    assert _decks(root) > 0


# --------------------------------------------------------------------------- the scanner


def _unit(text: str, kind: str = "statement", cuts: tuple[int, ...] = ()) -> LogicalUnit:
    """A unit of `text` as the card reader makes one of a statement continued on further
    cards: each cut (an offset) starts the next card's piece, in column 16."""
    smap = SourceMap()
    bounds = [0, *cuts, len(text)]
    for card, (a, b) in enumerate(itertools.pairwise(bounds), 1):
        smap.add(a, card, 1 if card == 1 else 16, b - a)
    return LogicalUnit(text, smap, 1, kind)


def _read(unit: LogicalUnit) -> tuple[Statement | None, Statement | Diagnostic]:
    fast = scan.statement(unit, "t.vtam", "vtam", 0)
    with scan.lark_only():
        lark = parse_statement(unit, "t.vtam", "vtam", 0, "vtam")
    return fast, lark


DECLINED = {
    "a sublist within a sublist": "ISTVTCOS COS VR=((0,2),(1,2))",
    "a tab between the fields": "APPL1\tAPPL AUTH=ACQ",
    "a tab in a value": "APPL1 APPL AUTH=AC\tQ",
    "a quoted name field": "'A' APPL AUTH=ACQ",
    "a quote no quote closes": "M1 MODEENT RUSIZES=X'8585",
    "a quoted value against a word": "M1 MODEENT RUSIZES=X'8585'A",
    "a word against a quoted value": "M1 MODEENT RUSIZES=AX'8585'",
    "blanks after the operands": "APPL1 APPL AUTH=ACQ ",
    "a blank between operands": "APPL1 APPL AUTH=ACQ, EAS=1",
    "'=' where a value would be": "APPL1 APPL AUTH==ACQ",
    "an operand starting with '='": "APPL1 APPL =ACQ",
    "a parenthesis with no opening one": "APPL1 APPL AUTH=ACQ)",
    "a sublist not closed": "PU1 PU VPACING=(32",
    "a sublist not closed before a comma": "PU1 PU PACING=(7,FIXED,ADDR=01",
    "a sublist against a word": "PU1 PU PACING=(7)X",
    "a quoted keyword name": "M1 MODEENT X'01'=2",
    "no operation after the name's blank": "APPL1 ",
    "the name field written against its operands": "VBUILD TYPE=APPL",
    "only blanks after the name": "APPL1   ",
    "the operation quoted": "APPL1 'APPL' AUTH=ACQ",
    "a newline in the text": "APPL1 APPL AUTH=ACQ,\nEAS=1",
    "a no-break space": "APPL1 APPL AUTH=ACQ,\u00a0EAS=1",
}


@pytest.mark.parametrize("text", DECLINED.values(), ids=DECLINED.keys())
def test_the_scanner_hands_lark_what_needs_its_grammar(text: str) -> None:
    fast, _lark = _read(_unit(text))
    assert fast is None


def test_the_scanner_declines_a_nested_start_list_item() -> None:
    assert _read(_unit("VR=((0,1))", kind="item"))[0] is None
    assert _read(_unit("A=1,B=2", kind="item"))[0] is None  # two items: the grammar's one


def test_the_fast_path_is_off_within_lark_only() -> None:
    unit = _unit("APPL1 APPL AUTH=ACQ")
    assert scan.statement(unit, "t", "vtam", 0) is not None
    with scan.lark_only():
        assert scan.statement(unit, "t", "vtam", 0) is None
    assert scan.enabled()


READ = [
    "APPL1 APPL AUTH=(ACQ,PASS),EAS=10,ACBNAME=APPL1",
    " APPL AUTH=ACQ",
    "appl1 appl auth=acq,modetab=tab",
    "M1 MODEENT LOGMODE=M1,RUSIZES=X'8989',PSERVIC=X'060200000000000000000300'",
    "M1 MODEENT TEXT=C'A B, (C)',NAME=C'IT''S'",
    "M1 MODEENT TEXT='',B=B'0101'",
    "PU1 PU PACING=(7,,FIXED),VPACING=(),X=(,),Y=(A,)",
    "PU1 PU A=1,,B=2",
    "PU1 PU A=1,",
    "PU1 PU A=,B=",
    "PU1 PU ,",
    "PU1 PU POS1,POS2,(A,B),X'01',&SYM,.5,1.5,1234567890123456789012345678901",
    "L1    GROUP   LNCTL=SDLC",
    " VBUILD TYPE=APPL",
    " MODEEND",
]


@pytest.mark.parametrize("text", READ)
def test_the_scanner_reads_the_common_statement_as_lark_does(text: str) -> None:
    fast, lark = _read(_unit(text))
    assert fast is not None, text
    assert fast == lark


def test_spans_across_cards_are_lark_s() -> None:
    text = "PU1 PU ADDR=01,IDBLK=05D,IDNUM=00001,PACING=(7,,FIXED),X=X'8585'"
    for cut in range(8, len(text)):
        fast, lark = _read(_unit(text, cuts=(cut,)))
        assert fast is not None and fast == lark, cut


def test_the_scanner_s_spans_are_the_map_s() -> None:
    """The scanner's own spans, one and an operand's with its value's, are `SourceMap.span`'s
    for every range, on maps with the blanks between fields a card reader leaves unmapped,
    pieces on one line and on several, and pieces that touch."""
    maps = []
    for pieces in (
        [(0, 1, 1, 8), (9, 1, 10, 7), (17, 1, 16, 14), (31, 2, 16, 12), (43, 3, 16, 3)],
        [(0, 1, 1, 5), (5, 2, 16, 1), (6, 3, 16, 9)],
        [(1, 4, 20, 6), (8, 4, 30, 2)],
        [(0, 7, 1, 12)],
    ):
        smap = SourceMap()
        for start, line, col, length in pieces:
            smap.add(start, line, col, length)
        maps.append(smap)
    for smap in maps:
        span, pair = scan._spanners(smap)
        end = smap.starts[-1] + smap.lengths[-1] + 2
        for a, b in itertools.combinations_with_replacement(range(end + 1), 2):
            assert span(a, b) == smap.span(a, b), (a, b)
            for m in range(a, b):
                assert pair(a, m, b) == (smap.span(a, b), smap.span(m, b)), (a, m, b)


def test_start_list_items_read_as_lark_does() -> None:
    for text in ("SSCPID=1", "CONFIG=00", "NODETYPE=NN", "LIST=(A,B,,C)", "X='Q'", "TRACE"):
        fast, lark = _read(_unit(text, kind="item"))
        assert fast is not None and fast == lark, text


PIECES = ["A", "Bx1", "12", "1.5", "X'85'", "C'A B'", "'X''Y'", "&S", "=", ",", "(", ")", " ", "'"]


def test_made_up_statements_read_the_same_or_are_declined() -> None:
    """Statements put together at random from the grammar's pieces (most of them wrong):
    whatever the scanner reads, Lark reads the same; it reads the right ones most of the time."""
    rng = random.Random(39)
    read = 0
    for _ in range(4000):
        body = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12)))
        text = rng.choice(["L OP ", " OP ", "LBL OP "]) + body
        cuts = tuple(sorted(rng.sample(range(1, len(text)), min(2, len(text) - 1))))
        fast, lark = _read(_unit(text, cuts=cuts if rng.random() < 0.5 else ()))
        if fast is not None:
            read += 1
            assert fast == lark, text
    assert read > 400


def test_profile_words_are_the_profile_lexer_s() -> None:
    """The TCP/IP reader's words, found without Lark, are its lexer's: quoted strings (never
    across a line), words with quotes in them, tabs, the EOF mark, blank lines."""
    from decklint.dialects.tcpip.reader import tokens

    body = "\n".join(
        [
            "TCPCONFIG TCPSENDBFRSIZE 64K\tDELAYACKS",
            "",
            "   AUTOLOG 5 FTPD JOBNAME 'FTP D1' ENDAUTOLOG",
            "PORT 21 TCP O'BRIEN ; 'quoted",
            "INCLUDE 'SYS1.TCPPARMS(X)'\x1aHOME 'open",
            "  string' 10.1.1.1\x0bLINK1 \u00a0 X\u2028Y",
        ]
    )
    fast = tokens(body)
    with scan.lark_only():
        lark = tokens(body)
    assert fast == lark
    assert "'FTP D1'" in [t.text for t in fast]


def _command_both(text: str) -> tuple[scan.Command | None, object]:
    from decklint.dialects.cics.reader import _command
    from decklint.readers.base import lark_parser

    def parser() -> object:
        return lark_parser("cics", ("command",))

    unit = _unit(text)
    fast = scan.command(text)
    with scan.lark_only():
        lark = _command(parser, unit)
    return fast, lark


COMMANDS_DECLINED = {
    "a value with no keyword": "DEFINE (X) GROUP(G)",
    "two values after one keyword": "DEFINE PROGRAM(P)(Q) GROUP(G)",
    "a parenthesis not closed": "DEFINE CONNECTION(A GROUP(G)",
    "parentheses three deep": "DEFINE FILE(F) DESCRIPTION(A(B(C)))",
    "a comma between keywords": "DEFINE FILE(F), GROUP(G)",
    "a newline": "DEFINE FILE(F)\nGROUP(G)",
    "a word starting with a digit": "DEFINE FILE(F) 1GROUP(G)",
    "nothing": "   ",
}


@pytest.mark.parametrize("text", COMMANDS_DECLINED.values(), ids=COMMANDS_DECLINED.keys())
def test_the_command_scanner_hands_lark_what_needs_its_grammar(text: str) -> None:
    assert scan.command(text) is None


def test_made_up_commands_read_the_same_or_are_declined() -> None:
    pieces = ["GROUP", "x_1#", " (A)", "(A B,(C))", "(", ")", " ", " ", "\t", ",", "9"]
    rng = random.Random(39)
    read = 0
    for _ in range(3000):
        text = "DEFINE " + "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        fast, lark = _command_both(text)
        if fast is not None:
            read += 1
            assert fast == lark, text
    assert read > 300
