"""Conditional assembly over a file: macro definitions, their expansion, open-code SET symbols.

The decks here are written for these tests: a mode table macro with global defaults applied
once, a USS-style message buffer macro, nested and recursive macros, loops, hostile decks."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decklint.core.findings import Severity
from decklint.core.source import SourceFile
from decklint.readers.assembler.conditional import Assembled, Limits, assemble
from decklint.readers.cards import read_assembler


def card(text: str, mark: str = "X") -> str:
    """A card continued in column 72."""
    return text.ljust(71) + mark


def continued(first: str, operands: list[str]) -> list[str]:
    """A call whose operands run on continuation cards (resuming in column 16)."""
    cards: list[str] = []
    line = first
    for k, op in enumerate(operands):
        piece = op + ("," if k < len(operands) - 1 else "")
        if len(line) + len(piece) > 71:
            cards.append(card(line))
            line = " " * 15
        line += piece
    return [*cards, line]


def deck(*lines: str) -> str:
    return "\n".join(lines) + "\n"


DEFAULT = Limits()
MACRO, MEND = "         MACRO", "         MEND"


def run(text: str, limits: Limits = DEFAULT) -> tuple[Assembled, SourceFile]:
    src = SourceFile.from_text("deck", text)
    return assemble(read_assembler(src).units, limits=limits), src


def generated(a: Assembled) -> list[str]:
    return [e.unit.text for e in a.emitted if e.origin]


def failures(a: Assembled) -> list[str]:
    return [reason for m in a.macros for _, reason in m.failed]


def value_span(src: SourceFile, a: Assembled, index: int, keyword: str) -> str:
    """The physical text a generated operand's value maps to."""
    unit = [e.unit for e in a.emitted if e.origin][index]
    k = unit.text.index(keyword) + len(keyword)
    j = k
    while j < len(unit.text) and unit.text[j] not in ",'":
        j += 1
    return src.extract(unit.smap.span(k, j))


MODE_MACRO = (
    "         MACRO",
    "&LBL     MODE  &KIND,&RU=,&FM=,&PRI=,&COS=",
    "         GBLC  &DRU,&DFM,&DPRI",
    "         GBLB  &READY",
    "         LCLC  &USE",
    "         AIF   (&READY).GO             DEFAULTS ONCE",
    "&DRU     SETC  '8585'",
    "&DFM     SETC  '03'",
    "&DPRI    SETC  'B1'",
    "&READY   SETB  1",
    ".GO      AIF   ('&RU' EQ '').KEEPRU",
    "&DRU     SETC  '&RU'",
    ".KEEPRU  AIF   ('&FM' EQ '').KEEPFM",
    "&DFM     SETC  '&FM'",
    ".KEEPFM  ANOP",
    "&USE     SETC  '&DRU'",
    "         AIF   ('&KIND' NE 'BULK').NOTBULK",
    "&USE     SETC  'F8F8'",
    ".NOTBULK AIF   (T'&SYSLIST(0) NE 'O').NAMED",
    "         MNOTE 4,'MODE NEEDS A NAME IN THE NAME FIELD'",
    "         MEXIT",
    ".NAMED   AIF   ('&COS' EQ '').NOCOS",
    card("&LBL     MODEENT LOGMODE=&LBL,FMPROF=X'&DFM',RUSIZES=X'&USE',"),
    "               PRIPROT=X'&DPRI',COS=&COS",
    "         MEXIT",
    ".NOCOS   ANOP",
    card("&LBL     MODEENT LOGMODE=&LBL,FMPROF=X'&DFM',RUSIZES=X'&USE',"),
    "               PSERVIC=X'&DFM.0000000000000000000000'",
    "         MEND",
)
MODE_TABLE = deck(
    *MODE_MACRO,
    "TABLE1   MODETAB",
    "M1       MODE  INTER,RU=87F8",
    "M2       MODE  BULK,FM=13,COS=BATCH",
    "M3       MODE",
    "         MODE  INTER",
    "         MODEEND",
)


def test_mode_table_macro_expands_with_its_global_defaults() -> None:
    a, src = run(MODE_TABLE)
    assert generated(a) == [
        "M1 MODEENT LOGMODE=M1,FMPROF=X'03',RUSIZES=X'87F8',PSERVIC=X'030000000000000000000000'",
        "M2 MODEENT LOGMODE=M2,FMPROF=X'13',RUSIZES=X'F8F8',PRIPROT=X'B1',COS=BATCH",
        # the defaults stay as the calls before set them: RU from M1, FM from M2
        "M3 MODEENT LOGMODE=M3,FMPROF=X'13',RUSIZES=X'87F8',PSERVIC=X'130000000000000000000000'",
    ]
    assert [e.origin for e in a.emitted] == ["", "MODE", "MODE", "MODE", ""]
    assert {e.role for e in a.emitted} == {"ordinary"}
    (info,) = a.macros
    assert (info.name, info.lines, info.ops, info.expanded, info.failed) == (
        "MODE",
        (1, 29),
        ("MODEENT",),
        4,
        (),
    )
    assert src.extract(info.span) == "MODE"
    # the unnamed call: the macro's MNOTE, a warning at the call
    (note,) = a.diagnostics
    assert (note.code, note.severity, note.span.line) == ("PRS013", Severity.WARNING, 34)
    assert "MODE NEEDS A NAME IN THE NAME FIELD" in note.message
    assert "severity 4" in note.message


def test_generated_operands_map_to_the_call_operands() -> None:
    a, src = run(MODE_TABLE)
    assert value_span(src, a, 0, "RUSIZES=X'") == "87F8"  # RU=87F8 on the call
    assert value_span(src, a, 0, "LOGMODE=") == "M1"  # the call's name field
    assert value_span(src, a, 1, "FMPROF=X'") == "13"  # through &DFM SETC '&FM'
    assert value_span(src, a, 1, "COS=") == "BATCH"
    # the macro's own text, and a value an earlier call set, map to the call's operation
    assert value_span(src, a, 1, "RUSIZES=X'") == "MODE"
    assert value_span(src, a, 2, "RUSIZES=X'") == "MODE"
    for e in a.emitted:
        span = e.unit.smap.span(0, len(e.unit.text))
        assert (span.line, span.col) <= (span.end_line, span.end_col)
        if e.origin:
            assert e.unit.line == span.line  # the call's first line
    units = [e.unit for e in a.emitted if e.origin]
    assert [u.line for u in units] == [31, 32, 33]


def test_continued_call_operands_map_to_their_cards() -> None:
    text = deck(
        *MODE_MACRO,
        card("M9       MODE  INTER,FM=03,"),
        "               RU=8989",
    )
    a, src = run(text)
    unit = next(e.unit for e in a.emitted if e.origin)
    k = unit.text.index("RUSIZES=X'") + len("RUSIZES=X'")
    span = unit.smap.span(k, k + 4)
    assert (span.line, src.extract(span)) == (31, "8989")


USS_MACRO = (
    "         MACRO",
    "&N       MSGBUF &NUM=,&TEXT=",
    "         LCLC  &B,&E",
    "         AIF   ('&NUM' EQ '' OR '&TEXT' EQ '').NONE",
    "&B       SETC  'MSG'.'&NUM'.'B'",
    "&E       SETC  'MSG&NUM.E'",
    "MSG&NUM  DC    AL2(&E-&B)",
    "&B       EQU   *",
    "         DC    X'F5C3'            ERASE/WRITE",
    "         DC    C&TEXT",
    "L&SYSNDX DS    0H",
    "&E       EQU   *",
    ".NONE    MEND",
)


def test_uss_style_message_buffers() -> None:
    text = deck(
        *USS_MACRO,
        "         MSGBUF NUM=01,TEXT='HELLO THERE'",
        "         MSGBUF NUM=02,TEXT='IT''S LATE'",
        "         MSGBUF TEXT='NO NUMBER'",
    )
    a, src = run(text)
    assert generated(a) == [
        "MSG01 DC AL2(MSG01E-MSG01B)",
        "MSG01B EQU *",
        " DC X'F5C3'",
        " DC C'HELLO THERE'",
        "L0001 DS 0H",
        "MSG01E EQU *",
        "MSG02 DC AL2(MSG02E-MSG02B)",
        "MSG02B EQU *",
        " DC X'F5C3'",
        " DC C'IT''S LATE'",  # '' stays as written: the assembler reads the DC
        "L0002 DS 0H",
        "MSG02E EQU *",
    ]
    assert a.macros[0].expanded == 3
    dc = next(e.unit for e in a.emitted if e.unit.text.startswith(" DC C"))
    assert src.extract(dc.smap.span(5, len(dc.text))) == "'HELLO THERE'"


def test_nested_calls_map_to_the_outermost_call() -> None:
    text = deck(
        "         MACRO",
        "&N       OUTER &P",
        "&N       INNER &P,X",
        "         DC    C'&SYSNEST'",
        "         MEND",
        "         MACRO",
        "&N       INNER &A,&B",
        "&N       DC    C'&A&B'",
        "         DC    C'&SYSNEST&SYSMAC'",
        "         MEND",
        "LAB      OUTER VAL",
    )
    a, src = run(text)
    assert [(e.origin, e.unit.text) for e in a.emitted] == [
        ("INNER", "LAB DC C'VALX'"),
        ("INNER", " DC C'2INNER'"),
        ("OUTER", " DC C'1'"),
    ]
    first = a.emitted[0].unit
    assert src.extract(first.smap.span(0, 3)) == "LAB"
    k = first.text.index("VAL")
    assert src.extract(first.smap.span(k, k + 3)) == "VAL"
    assert {e.unit.line for e in a.emitted} == {11}
    assert [(m.name, m.expanded) for m in a.macros] == [("OUTER", 1), ("INNER", 1)]


def test_system_variables_have_fixed_values() -> None:
    text = deck(
        "         MACRO",
        "         SYS",
        "         DC    C'&SYSECT/&SYSLOC/&SYSDATE/&SYSTIME/&SYSDATC/&SYSPARM.'",
        "         DC    C'&SYSNDX &SYSMAC &SYSNEST A&&B IT''S'",
        "         MEND",
        "PROG     CSECT",
        "         SYS",
        "DATA     DSECT",
        "         SYS",
    )
    a, _ = run(text)
    assert generated(a) == [
        " DC C'PROG/PROG/01/01/00/00.00/20000101/'",
        " DC C'0001 SYS 1 A&&B IT''S'",  # && and '' as written: the DC pairs them
        " DC C'DATA/DATA/01/01/00/00.00/20000101/'",
        " DC C'0002 SYS 1 A&&B IT''S'",
    ]


def test_recursion_ends_by_its_own_test_or_by_the_depth_limit() -> None:
    countdown = deck(
        "         MACRO",
        "         DOWN  &N",
        "         AIF   (&N EQ 0).END",
        "         DC    AL1(&N)",
        "&M       SETA  &N-1",
        "         DOWN  &M",
        ".END     MEND",
        "         DOWN  3",
    )
    a, _ = run(countdown)
    assert generated(a) == [" DC AL1(3)", " DC AL1(2)", " DC AL1(1)"]
    assert a.macros[0].expanded == 4
    endless = deck("         MACRO", "         LOOPY &N", "         LOOPY &N", "         MEND")
    a, _ = run(endless + "         LOOPY 1\n")
    (reason,) = failures(a)
    assert reason.startswith("in LOOPY") and "nest more than 50 deep" in reason
    assert [e.role for e in a.emitted] == ["call"]


def test_loops_run_and_end_by_actr() -> None:
    counted = deck(
        "         MACRO",
        "         FIVE",
        "&I       SETA  0",
        ".L       AIF   (&I GE 5).E",
        "&I       SETA  &I+1",
        "         DC    AL1(&I)",
        "         AGO   .L",
        ".E       MEND",
        "         FIVE",
    )
    a, _ = run(counted)
    assert generated(a) == [f" DC AL1({i})" for i in range(1, 6)]
    spin = deck("         MACRO", "         SPIN", ".TOP     AGO   .TOP", "         MEND")
    a, _ = run(spin + "         SPIN\n")
    assert failures(a) == [
        "AGO on line 3: ACTR limit 4,096 reached: the assembler ends the macro there "
        "(an AIF or AGO loop?)"
    ]
    actr = deck("         MACRO", "         SPIN", "         ACTR  10", ".TOP     AGO   .TOP")
    a, _ = run(actr + "         MEND\n         SPIN\n")
    assert "ACTR limit 10 reached" in failures(a)[0]


def test_computed_ago_and_extended_aif() -> None:
    text = deck(
        "         MACRO",
        "         PICK  &I",
        "         AGO   (&I).ONE,.TWO",
        "         DC    C'NONE'",
        "         MEXIT",
        ".ONE     DC    C'ONE'",
        "         MEXIT",
        ".TWO     AIF   ('&I' EQ '1').ONE,('&I' EQ '2').LAST",
        "         DC    C'NOT HERE'",
        ".LAST    DC    C'TWO'",
        "         MEND",
        "         PICK  1",
        "         PICK  2",
        "         PICK  3",
    )
    a, _ = run(text)
    assert generated(a) == [" DC C'ONE'", " DC C'TWO'", " DC C'NONE'"]


def test_arrays_sublists_and_many_operands() -> None:
    text = deck(
        "         MACRO",
        "         LIST  &P",
        "         LCLA  &V(10)",
        "&V(2)    SETA  20,,40",
        "&N       SETA  N'&V",
        "         DC    AL1(&V(2),&V(3),&V(4),&N)",
        "&N       SETA  N'&P",
        "&M       SETA  N'&SYSLIST",
        "         DC    C'&P(2)',AL1(&N,&M)",
        "&I       SETA  1",
        ".L       AIF   (&I GT N'&SYSLIST).E",
        "         DC    C'&SYSLIST(&I)'",
        "&I       SETA  &I+1",
        "         AGO   .L",
        ".E       MEND",
        *continued("         LIST  (A,B,C),", [f"X{i}" for i in range(1, 300)]),
    )
    a, _ = run(text)
    out = generated(a)
    assert out[:3] == [" DC AL1(20,0,40,4)", " DC C'B',AL1(3,300)", " DC C'(A,B,C)'"]
    assert out[-1] == " DC C'X299'" and len(out) == 302


def test_globals_a_call_that_was_not_expanded_may_have_set_are_unknown() -> None:
    text = deck(
        "         MACRO",
        "         SETG  &P",
        "         GBLC  &G",
        "&G       SETC  'SET'",
        "&L       SETA  L'&P",
        "         MEND",
        "         MACRO",
        "         USEG",
        "         GBLC  &G",
        "         DC    C'&G'",
        "         MEND",
        "         USEG",
        "         SETG  FIELD",
        "         USEG",
    )
    a, _ = run(text)
    assert generated(a) == [" DC C''"]
    assert failures(a) == [
        "SETA on line 5: L'&P: decklint does not evaluate that attribute",
        "DC on line 10: its value is unknown after the call of SETG on line 13, which "
        "decklint did not expand",
    ]
    assert [e.role for e in a.emitted] == ["ordinary", "call", "call"]


def test_hostile_strings_are_bounded() -> None:
    doubling = deck(
        "         MACRO",
        "         GROW",
        "&S       SETC  'AB'",
        ".L       ANOP",
        "&S       SETC  '&S&S'",
        "         AGO   .L",
        "         MEND",
        "         MACRO",
        "         DUP",
        "&S       SETC  (99999)'ABC'",
        "         MEND",
        "         GROW",
        "         DUP",
    )
    a, _ = run(doubling)
    assert failures(a) == [
        "SETC on line 5: a character value is longer than 4,064 characters",
        "SETC on line 10: a character value is longer than 4,064 characters",
    ]


def test_file_limits_stop_every_later_call() -> None:
    text = deck(
        "         MACRO",
        "         MANY",
        "&I       SETA  0",
        ".L       AIF   (&I GE 50).E",
        "&I       SETA  &I+1",
        "         DC    AL1(&I)",
        "         AGO   .L",
        ".E       MEND",
        "         MANY",
        "         MANY",
        "         DC    X'00'",
    )
    a, _ = run(text, Limits(steps=300))
    assert a.macros[0].expanded == 1
    assert (
        failures(a) == ["decklint stops after 300 conditional-assembly statements in one file"] * 1
    )
    a, _ = run(text, Limits(statements=60))
    assert failures(a) == ["decklint stops after 60 generated statements in one file"]
    a, _ = run(text, Limits(steps=200))
    assert len(failures(a)) == 2
    assert generated(a) == []
    assert a.emitted[-1].unit.text == " DC X'00'"


@pytest.mark.parametrize(
    ("body", "call", "reason"),
    [
        (
            ["         AIF   (T'&P EQ 'C').X", ".X       ANOP"],
            "M FIELD",
            "AIF on line 3: T'&P EQ 'C': decklint knows of a type attribute only whether "
            "it is 'O' (omitted) or 'N' (a number)",
        ),
        (["&X       SETA  LEN"], "M", "the value of the symbol LEN, which decklint does not know"),
        (["&X       SETC  FOO('A')"], "M", "FOO(...) is no built-in function decklint knows"),
        (["&X       SETC  '&SYSJOB'"], "M", "the system variable symbol &SYSJOB"),
        (["         AREAD &X"], "M", "AREAD reads the statement after the call"),
        (["         COPY  MEMBER"], "M", "COPY MEMBER brings in a member decklint does not read"),
        (
            ["         MACRO", "         INNER", "         MEND"],
            "M",
            "defines macro INNER inside its body (an inner MACRO)",
        ),
        (
            ["&OP      SETC  'ANOP'", "         &OP"],
            "M",
            "generates ANOP, a conditional-assembly instruction",
        ),
        ([], "M BAD=1", "M has no keyword parameter BAD (the assembler reads BAD=1 as a"),
        ([], "M P=1,P=2", "keyword P= is coded twice"),
        (["&X       SETA  1/0+'&P'(5,1)"], "M P=AB", "the substring starts at 5"),
        (["&X       SETA  &P+1"], "M P=ABC", "'ABC' is not a number"),
    ],
)
def test_why_a_call_is_not_expanded(body: list[str], call: str, reason: str) -> None:
    proto = "         M     &P=" if "P=" in call else "         M     &P"
    text = deck("         MACRO", proto, *body, "         MEND", f"         {call}")
    a, _ = run(text)
    (got,) = failures(a)
    assert reason in got
    assert a.emitted[-1].role == "call"
    assert a.emitted[-1].unit.text == f" {' '.join(call.split(' ', 1))}"


def test_a_call_before_the_definition_is_the_library_macro() -> None:
    text = deck("         LATER", MACRO, "         LATER", MEND, "         LATER")
    a, _ = run(text)
    (info,) = a.macros
    assert info.expanded == 1
    ((span, reason),) = info.failed
    assert span.line == 1
    assert reason == (
        "comes before the definition of LATER on line 2: the assembler takes LATER from the "
        "macro library here"
    )
    assert [e.role for e in a.emitted] == ["call"]


@pytest.mark.parametrize(
    ("mnote", "severity"),
    [
        ("0,'NOTE'", Severity.INFO),
        ("3,'NOTE'", Severity.INFO),
        (",'NOTE'", Severity.INFO),  # no code after a comma: 1
        ("4,'NOTE'", Severity.WARNING),
        ("7,'NOTE'", Severity.WARNING),
        ("8,'NOTE'", Severity.ERROR),
        ("255,'NOTE'", Severity.ERROR),
        ("*,'NOTE'", None),  # a comment
        ("'NOTE'", None),
    ],
)
def test_mnote_severity(mnote: str, severity: Severity | None) -> None:
    text = deck(MACRO, "         M", f"         MNOTE {mnote}", MEND, "X        M")
    a, _ = run(text)
    assert [(d.code, d.severity, d.span.line) for d in a.diagnostics] == (
        [("PRS013", severity, 5)] if severity else []
    )


def test_mnote_pairs_ampersands_and_quotes() -> None:
    text = deck("         MACRO", "         M &P", "         MNOTE 8,'&P IS A&&B, ''X'''")
    a, _ = run(text + "         MEND\n         M VALUE\n")
    assert a.diagnostics[0].message == "macro M, MNOTE severity 8: VALUE IS A&B, 'X'"


@pytest.mark.parametrize(
    ("lines", "line", "col", "message"),
    [
        (["         MACRO", "         M", "         DC C'X'"], 1, 10, "has no MEND"),
        (["         MACRO", "         MEND"], 1, 10, "followed by a prototype"),
        (["         MACRO", "&N       M     P1,&P2", "         MEND"], 2, 16, "not P1"),
        (
            ["         MACRO", "         M", "         AIF   ('&X' EQ 'A'.SKIP", "         MEND"],
            3,
            16,
            "left parenthesis is not closed",
        ),
        (
            ["         MACRO", "         M", "         AIF   ('A' EQ 'A')", "         MEND"],
            3,
            27,
            "needs a sequence symbol",
        ),
        ([MACRO, "         M", "         SETA  1", MEND], 3, 10, "name field"),
        (
            ["         MACRO", "         M", ".A       ANOP", ".A       ANOP", "         MEND"],
            4,
            1,
            "already defined on line 3",
        ),
    ],
)
def test_syntax_errors_the_assembler_reports(
    lines: list[str], line: int, col: int, message: str
) -> None:
    a, _ = run(deck(*lines))
    (d,) = a.diagnostics
    assert (d.code, d.span.line, d.span.col) == ("PRS001", line, col)
    assert message in d.message


def test_a_branch_to_an_undefined_sequence_symbol() -> None:
    text = deck(
        "         MACRO",
        "         M     &P",
        "         AIF   ('&P' EQ 'GO').NOWHERE",
        "         DC    C'&P'",
        "         MEND",
        "         M     STAY",
        "         M     GO",
    )
    a, _ = run(text)
    assert generated(a) == [" DC C'STAY'"]
    (d,) = a.diagnostics
    assert (d.code, d.span.line, d.span.col, d.span.end_col) == ("PRS001", 3, 30, 38)
    assert failures(a) == ["AIF on line 3: branches to .NOWHERE, which is not defined"]


def test_syntax_error_in_a_macro_that_is_never_called_is_still_reported() -> None:
    a, _ = run(deck("         MACRO", "         M", "&X       SETA  (1+2", "         MEND"))
    assert [d.code for d in a.diagnostics] == ["PRS001"]


def test_open_code_set_symbols_branches_and_substitution() -> None:
    text = deck(
        "         GBLC  &RU",
        "&RU      SETC  '87F8'",
        "&I       SETA  2",
        "         AIF   (&I GT 1).BIG",
        "SMALL    MODEENT LOGMODE=SMALL",
        ".BIG     ANOP",
        "BIG      MODEENT LOGMODE=BIG,RUSIZES=X'&RU'",
        "APPL&SYSCLONE. APPL ACBNAME=X",
        ".LAB     DC    X'00'",
        "         AGO   .END",
        "SKIPPED  DC    X'01'",
        ".END     ANOP",
    )
    a, src = run(text)
    assert [(e.role, e.unit.text) for e in a.emitted] == [
        ("conditional", " GBLC &RU"),
        ("conditional", "&RU SETC '87F8'"),
        ("conditional", "&I SETA 2"),
        ("conditional", " AIF (&I GT 1).BIG"),
        ("conditional", ".BIG ANOP"),
        ("ordinary", "BIG MODEENT LOGMODE=BIG,RUSIZES=X'87F8'"),
        # a z/OS system symbol that VTAM substitutes: kept as written
        ("ordinary", "APPL&SYSCLONE. APPL ACBNAME=X"),
        ("ordinary", " DC X'00'"),  # no sequence symbol: the assembler does not generate it
        ("conditional", " AGO .END"),
        ("conditional", ".END ANOP"),
    ]
    big = a.emitted[5].unit
    k = big.text.index("87F8")
    assert src.extract(big.smap.span(k, k + 4)) == "&RU"
    assert src.extract(big.smap.span(0, 3)) == "BIG"
    dc = a.emitted[7].unit
    assert src.extract(dc.smap.span(1, 3)) == "DC"
    assert not a.diagnostics and not a.macros


def test_open_code_loops_generate_and_run_their_conditional_statements_once() -> None:
    text = deck(
        "&I       SETA  0",
        ".L       AIF   (&I GE 3).E",
        "&I       SETA  &I+1",
        "         DC    AL1(&I)",
        "         AGO   .L",
        ".E       ANOP",
    )
    a, _ = run(text)
    assert [(e.role, e.unit.text) for e in a.emitted] == [
        ("conditional", "&I SETA 0"),
        ("conditional", ".L AIF (&I GE 3).E"),
        ("conditional", "&I SETA &I+1"),
        ("ordinary", " DC AL1(1)"),
        ("conditional", " AGO .L"),
        ("ordinary", " DC AL1(2)"),
        ("ordinary", " DC AL1(3)"),
        ("conditional", ".E ANOP"),
    ]


def test_open_code_branch_decklint_cannot_evaluate_reads_on_without_branches() -> None:
    text = deck(
        "         AIF   (L'FIELD EQ 4).SKIP",
        "A        DC    X'01'",
        ".SKIP    ANOP",
        "         AGO   .NOWHERE",
        "B        DC    X'02'",
    )
    a, _ = run(text)
    assert [e.unit.text for e in a.emitted if e.role == "ordinary"] == [
        "A DC X'01'",
        "B DC X'02'",
    ]
    (d,) = a.diagnostics
    assert (d.code, d.severity, d.span.line) == ("PRS002", Severity.INFO, 1)
    assert "L'FIELD" in d.message


def test_open_code_undefined_sequence_symbol_is_reported_when_taken() -> None:
    a, _ = run(deck("         AGO   .NOWHERE", "A        DC    X'01'"))
    (d,) = a.diagnostics
    assert (d.code, d.span.line, d.span.col) == ("PRS001", 1, 16)
    assert [e.unit.text for e in a.emitted][-1] == "A DC X'01'"


def test_open_code_loop_is_bounded() -> None:
    a, _ = run(deck(".TOP     ANOP", "         AGO   .TOP", "A        DC    X'01'"))
    assert a.emitted[-1].unit.text == "A DC X'01'"
    assert [d.code for d in a.diagnostics] == ["PRS002"]


def test_a_file_without_conditional_assembly_is_returned_as_it_is() -> None:
    src = SourceFile.from_text("d", deck("T1       MODETAB", "M1       MODEENT LOGMODE=M1"))
    units = read_assembler(src).units
    a = assemble(units)
    assert [e.unit for e in a.emitted] == units
    assert all(e.unit is u for e, u in zip(a.emitted, units, strict=True))
    assert {(e.origin, e.role) for e in a.emitted} == {("", "ordinary")}
    assert a.macros == () and a.diagnostics == ()


# --------------------------------------------------------------------------- fuzzing

_HOSTILE = [
    ".X       AGO   .X",
    "         MODE  &KIND",
    "&S       SETC  (99999)'ABC'",
    "&S       SETC  '&S&S&S&S'",
    "         AIF   (((((((((((1 EQ 1))))))))))).GO",
    "&A(2000000000) SETA 1",
    "&LBL     MODE  " + ",".join(["X"] * 500),
    "         MACRO",
    "         MEND",
    "&(A&B)   SETC  'X'",
    "         ACTR  2147483647",
    "         MNOTE 999,'X'",
    "&I       SETA  &I+1",
]
_CHARS = "&'(),.= *+-ABCOTKN0189"


@st.composite
def mutated(draw: st.DrawFn) -> str:
    lines = list(MODE_TABLE.splitlines())
    for _ in range(draw(st.integers(1, 6))):
        what = draw(st.sampled_from(["delete", "duplicate", "swap", "char", "insert"]))
        i = draw(st.integers(0, len(lines) - 1))
        if what == "delete" and len(lines) > 1:
            del lines[i]
        elif what == "duplicate":
            lines.insert(i, lines[i])
        elif what == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif what == "char" and lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + draw(st.sampled_from(_CHARS)) + lines[i][k + 1 :]
        else:
            lines.insert(i, draw(st.sampled_from(_HOSTILE)))
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_assemble_never_raises_and_stays_within_its_limits(text: str) -> None:
    limits = Limits(steps=3000, statements=200, depth=10)
    start = time.perf_counter()
    a, _ = run(text, limits)
    assert time.perf_counter() - start < 5
    assert len([e for e in a.emitted if e.origin]) <= limits.statements
    for e in a.emitted:
        span = e.unit.smap.span(0, len(e.unit.text))
        assert (span.line, span.col) <= (span.end_line, span.end_col)
    for d in a.diagnostics:
        assert d.code in ("PRS001", "PRS002", "PRS013") and d.message


def test_the_fast_path_knows_every_operation_of_the_interpreter() -> None:
    from decklint.readers.assembler.expansion import SPECIAL
    from decklint.readers.assembler.results import NEEDS_ASSEMBLY

    assert NEEDS_ASSEMBLY == SPECIAL
