"""The assembler layer beneath the macro dialects: table sources are read as the assembler
reads them. Assembler and machine instructions are known (no "not known" note on each line),
DC and DS constants are checked where the assembler would refuse them, USS and interpret
tables are model entities that USSTAB= and LOGTAB= resolve to."""

from __future__ import annotations

import pytest

from decklint.api import Input, Options, lint_inputs
from decklint.core.findings import Finding
from decklint.core.records import Definition, Reference
from decklint.core.source import Span
from decklint.core.symbols import WILDCARD, SymbolTable
from decklint.knowledge.schema import statement_names
from decklint.readers.assembler import dc, instructions

# An interpret table with its routine: machine instructions, register equates, a literal.
INTERPRET = """\
LABLOGON INTAB
         LOGCHAR APPLID=(APPLICID,CICSA),SEQNCE='CICS'
         LOGCHAR APPLID=(ROUTINE,PICKAPPL),SEQNCE='LOGON '
         LOGCHAR APPLID=(APPLICID,TSO)
         ENDINTAB
         USING PICKAPPL,R15       ADDRESS THE ROUTINE
PICKAPPL DS    0F
         C     R0,=F'6'           A BARE LOGON?
         BNH   TOTSO              YES: TO TSO
         MVC   APPLID(8),0(R1)    THE NAME THAT FOLLOWS
         LM    R0,R1,APPLID
         SLR   R15,R15
         BR    R14
TOTSO    MVC   APPLID(L'TSO),TSO
         B     PICKAPPL+20
TSO      DC    CL8'TSO'
APPLID   DS    2F
R0       EQU   0
R1       EQU   1
R14      EQU   14
R15      EQU   15
         LTORG
         END
"""

LOCAL = (
    "LCL      VBUILD TYPE=LOCAL\n"
    + "T1       LOCAL TERM=3277,CUADDR=0C0,USSTAB=LABUSS,LOGTAB=LABLOGON,".ljust(71)
    + "X\n"
    "               ISTATUS=ACTIVE\n"
    "T2       LOCAL TERM=3277,CUADDR=0C1,USSTAB=ISTINCDT\n"
    "T3       LOCAL TERM=3277,CUADDR=0C2,USSTAB=ELSEWHERE\n"
)


def lint(files: dict[str, str], dialect: str | None = "vtam") -> list[Finding]:
    inputs = [Input(name, text, True, dialect=dialect) for name, text in files.items()]
    return list(lint_inputs(inputs, Options()).findings)


def codes(findings: list[Finding]) -> list[str]:
    return sorted(f"{f.span.line}:{f.span.col} {f.code}" for f in findings)


def test_an_interpret_table_with_its_routine_reads_without_a_finding() -> None:
    assert lint({"LABLOGON": INTERPRET}) == []


def test_a_uss_table_with_its_constants_reads_without_a_finding() -> None:
    from .conftest import FIXTURES

    text = (FIXTURES / "dialects" / "vtam" / "usstab.vtam").read_text()
    assert lint({"LABUSS": text}) == []


@pytest.mark.parametrize(
    ("card", "col", "says"),
    [
        ("         DC    X'F5G7'", 20, "'G' is not a hexadecimal digit"),
        ("         DC    B'0102'", 21, "'2' is not a binary digit"),
        ("         DC    H'ABC'", 18, "ABC is not a fixed-point number"),
        ("         DC    K'1'", 16, "K is not a constant type"),
        ("         DC    F", 16, "DC needs a nominal value after type F"),
        ("         DC    Q'NAME'", 17, "address constant (Q) holds expressions"),
    ],
)
def test_a_constant_the_assembler_refuses_is_an_error_at_its_column(
    card: str, col: int, says: str
) -> None:
    got = lint({"TABLE": f"T        USSTAB\n{card}     REMARK\n         USSEND\n"})
    assert [(f.code, f.severity.label, f.span.line, f.span.col) for f in got] == [
        ("PRS001", "error", 2, col)
    ]
    assert says in got[0].message


@pytest.mark.parametrize(
    "card",
    [
        "         DC    80C'*'",
        "         DC    AL1(255),AL3(LOGOEDIT)",
        "         DC    C'IT''S',CL8'A,B'",
        "         DC    3XL2'0,1'",
        "         DC    F'-1,+2',H'32767',P'12.5'",
        "         DS    0F",
        "         DS    CL8",
        "         DC    AL(LEN)(X)",
        "         DC    A(X+4,Y),V(EXIT),S(Z)",
        "         DC    FD'1',DH'2.5',EB'1E5'",
        "         DC    AL2(L'FIELD)",
        "         CNOP  0,4",
        "         ORG   *+8",
        "         USING *,R12",
        "         COPY  ISTSOMEM",
    ],
)
def test_constants_and_instructions_the_assembler_takes_give_nothing(card: str) -> None:
    assert lint({"TABLE": f"T        USSTAB\n{card}\n         USSEND\n"}) == []


def test_table_references_resolve_and_an_unresolved_one_is_not_reported() -> None:
    from .conftest import FIXTURES

    uss = (FIXTURES / "dialects" / "vtam" / "usstab.vtam").read_text()
    inputs = [
        Input("LCL", LOCAL, True, dialect="vtam"),
        Input("LABUSS", uss, True, dialect="vtam"),
        Input("LABLOGON", INTERPRET, True, dialect="vtam"),
    ]
    res = lint_inputs(inputs, Options())
    assert res.findings == []
    sym = res.topology.symbols
    refs = {(r.kind, r.name): sym.defined(r.kind, r.name) for r in sym.references}
    assert refs == {
        ("usstab", "LABUSS"): True,
        ("intab", "LABLOGON"): True,
        ("usstab", "ISTINCDT"): True,  # IBM's default USS table
        ("usstab", "ELSEWHERE"): False,  # kept in another library: not reported
    }
    seqs = {e.name: (e.value("by"), e.value("target")) for e in res.topology.of("logon_sequence")}
    assert seqs == {
        "CICS": ("APPLICID", "CICSA"),
        "LOGON ": ("ROUTINE", "PICKAPPL"),
        "(any)": ("APPLICID", "TSO"),
    }


def test_a_wildcard_definition_makes_a_name_unknown_never_absent() -> None:
    table = SymbolTable()
    span = Span(1, 1, 1, 2)
    table.define_all(
        [
            Definition("logmode", "M1", "t", span, "vtam", "TAB"),
            Definition("logmode", WILDCARD, "t", span, "vtam", "TAB"),
            Definition("logmode", WILDCARD, "t", span, "vtam", "TAB"),
            Definition("modetab", "TAB", "t", span, "vtam"),
        ]
    )
    table.reference(Reference("logmode", "M9", "u", span, "vtam", "DLOGMOD", "TAB", "VTM006"))
    table.reference(Reference("logmode", "M9", "u", span, "vtam", "DLOGMOD", "OTHER", "VTM006"))
    assert table.defined("logmode", "M9", "TAB")
    assert not table.defined("logmode", "M9", "OTHER")
    assert [r.scope for r in table.unresolved("VTM006")] == ["OTHER"]
    assert table.names("logmode", "TAB") == ["M1"]  # never suggested
    assert table.duplicates() == []  # two open calls are no duplicate


def test_the_assembler_catalog_knows_its_instructions() -> None:
    k = instructions.known()
    for op in ("DC", "DS", "EQU", "ORG", "CNOP", "USING", "DROP", "LTORG", "CSECT", "DSECT"):
        assert instructions.kind_of(op) == instructions.ASSEMBLER, op
    for op in ("RSECT", "START", "END", "ENTRY", "EXTRN", "COPY", "PUNCH", "REPRO", "PRINT"):
        assert instructions.kind_of(op) == instructions.ASSEMBLER, op
    for op in ("SPACE", "EJECT", "TITLE", "AMODE", "RMODE", "OPSYN"):
        assert instructions.kind_of(op) == instructions.ASSEMBLER, op
    for op in ("MACRO", "MEND", "MEXIT", "MNOTE", "AIF", "AGO", "ANOP", "ACTR", "SETA", "SETB"):
        assert instructions.kind_of(op) == instructions.CONDITIONAL, op
    for op in ("SETC", "GBLA", "GBLB", "GBLC", "LCLA", "LCLB", "LCLC"):
        assert instructions.kind_of(op) == instructions.CONDITIONAL, op
    for op in ("L", "LA", "MVC", "CLC", "TRT", "EX", "BALR", "LMG", "LARL", "RISBG", "AFI"):
        assert instructions.kind_of(op) == instructions.MACHINE, op
    for op in ("B", "BR", "BNE", "BZ", "BNHR", "J", "JNE", "BRNZ", "JLE", "NOP", "CIJNE"):
        assert instructions.kind_of(op) == instructions.MACHINE, op
    assert instructions.kind_of("MODEENT") is None and instructions.kind_of("APPL") is None
    assert len(k.machine) > 1000


@pytest.mark.parametrize("dialect", ["vtam", "ncp", "ezacicd"])
def test_no_statement_of_a_product_is_taken_for_an_instruction(dialect: str) -> None:
    k = instructions.known()
    every = k.assembler | k.conditional | k.machine | k.system
    assert set(statement_names(dialect)) & every == set()


def test_operands_split_at_commas_outside_quotes_and_parentheses() -> None:
    text = "C'A,B',X'01',AL1(L'X,2),0(L'Y,R1)"
    assert [text[a:b] for a, b in dc.split_operands(text)] == [
        "C'A,B'",
        "X'01'",
        "AL1(L'X,2)",
        "0(L'Y,R1)",
    ]
    assert dc.split_operands("") == []
    assert [(a, b) for a, b in dc.split_operands("A,,B")] == [(0, 1), (2, 2), (3, 4)]


def test_what_a_copy_brings_into_a_mode_table_is_unknown_never_absent() -> None:
    modes = (
        "LABMODES MODETAB\n"
        "#INTER   MODEENT LOGMODE=#INTER\n"
        "         COPY  SITEMODE\n"
        "         MODEEND\n"
    )
    appl = "APPLS    VBUILD TYPE=APPL\nA1       APPL  MODETAB=LABMODES,DLOGMOD=#BATCH\n"
    assert lint({"LABMODES": modes, "APPLS": appl}) == []
    without = modes.replace("         COPY  SITEMODE\n", "")
    assert [f.code for f in lint({"LABMODES": without, "APPLS": appl})] == ["VTM006"]


# A mode table that defines its own entry macro, as sites write them: the defaults are global
# SET symbols set once, each call overrides what it codes.
MACRO_MODES = (
    """\
         MACRO
&NAME    ENTRY &RU=,&PAC=
         GBLC  &DRU,&DPAC
         GBLB  &DONE
         AIF   (&DONE).SET
&DRU     SETC  'F8F8'
&DPAC    SETC  '3'
&DONE    SETB  1
.SET     AIF   ('&RU' EQ '').NORU
&DRU     SETC  '&RU'
.NORU    AIF   ('&PAC' EQ '').NOPAC
&DPAC    SETC  '&PAC'
.NOPAC   ANOP
"""
    + "&NAME    MODEENT LOGMODE=&NAME,RUSIZES=X'&DRU',".ljust(71)
    + "X\n"
    + """\
               SSNDPAC=&DPAC,SRCVPAC=&DPAC
         MEND
LABMODES MODETAB
#INTER   ENTRY
#BATCH   ENTRY RU=F7F7
SITE3278 ENTRY PAC=7
         MODEEND
"""
)
APPL = "APPLS    VBUILD TYPE=APPL\nA1       APPL  MODETAB=LABMODES,DLOGMOD=SITE3278\n"


def test_a_mode_table_built_by_its_own_macro_is_modelled_entry_by_entry() -> None:
    res = lint_inputs(
        [Input("LABMODES", MACRO_MODES, True, dialect="vtam"), Input("APPLS", APPL, True)],
        Options(),
    )
    modes = {e.name: (e.value("rusizes"), e.value("pacing_min")) for e in res.topology.of("mode")}
    assert modes == {"#INTER": ("F8F8", 3), "#BATCH": ("F7F7", 3), "SITE3278": ("F7F7", 7)}
    assert not [f for f in res.findings if f.code in ("VTM006", "PRS002", "PRS001")]
    # a finding on a generated operand points at the call's operand it came from
    sna003 = [f for f in res.findings if f.code == "SNA003"]
    assert sna003 and all(f.path == "LABMODES" for f in sna003)
    (at,) = {(f.span.line, f.span.col) for f in sna003}
    assert at == (19, 19)  # RU=F7F7 of the #BATCH call: the value F7F7


def test_a_macro_decklint_cannot_expand_is_said_once_and_its_names_are_unknown() -> None:
    deck = MACRO_MODES.replace(".NOPAC   ANOP\n", ".NOPAC   AIF   (L'&NAME GT 8).NOPAC\n")
    res = lint_inputs(
        [Input("LABMODES", deck, True, dialect="vtam"), Input("APPLS", APPL, True)], Options()
    )
    got = [(f.code, f.severity.label, f.span.line) for f in res.findings]
    assert ("PRS002", "info", 2) in got
    assert next(f for f in res.findings if f.code == "PRS002").message.startswith(
        "macro ENTRY (lines 1-16): decklint could not expand any of its 3 calls"
    )
    assert not [f for f in res.findings if f.code in ("VTM006", "PRS001")]


def test_no_fix_is_offered_on_a_statement_a_macro_generated() -> None:
    by_macro = (
        "         MACRO\n"
        "&N       NCPGEN &SLOW=12\n"
        "&N       BUILD  SLODOWN=&SLOW,BFRS=240\n"
        "         MEND\n"
        "B1       NCPGEN\n"
    )
    written = "B2       BUILD  SLODOWN=12,BFRS=240\n"
    res = lint_inputs(
        [Input("NCP1", by_macro, True, dialect="ncp"), Input("NCP2", written, True, dialect="ncp")],
        Options(),
    )
    ncp005 = sorted((f.path, f.fix is not None) for f in res.findings if f.code == "NCP005")
    assert ncp005 == [("NCP1", False), ("NCP2", True)]


def test_a_mode_entry_requesting_compression_is_no_error() -> None:
    deck = (
        "CMPMODES MODETAB\n"
        "COMPMODE MODEENT LOGMODE=COMPMODE,RUSIZES=X'8787',COMPRES=REQD\n"
        "         MODEEND\n"
    )
    assert lint({"CMPMODES": deck}) == []
