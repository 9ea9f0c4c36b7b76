"""SETA, SETB and SETC expressions: the reader (`expressions`) and the evaluator."""

from __future__ import annotations

import pytest

from decklint.readers.assembler.evaluation import Evaluator, Opaque
from decklint.readers.assembler.expressions import parse
from decklint.readers.assembler.symbols import Frame, Globals, Operand
from decklint.readers.assembler.syntax import Malformed, NotExpanded, self_defining
from decklint.readers.assembler.text import Piece, Text


def frame(**params: str) -> Frame:
    """A macro's frame: `name` its name field, the other parameters positional, in order."""
    name = Operand(Text(params.pop("name", "")))
    ops = {k.upper(): Operand(Text(v)) for k, v in params.items()}
    return Frame(Globals(), params=ops, syslist=[name, *ops.values()])


def value(expr: str, scope: Frame | None = None, limit: int = 4064) -> object:
    ev = Evaluator(scope or frame(), limit)
    result = ev.value(parse(expr, 0, len(expr)))
    return result.value if isinstance(result, Text) else result


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("1+2*3", 7),
        ("(1+2)*3", 9),
        ("-7/2", -3),  # integer division truncates toward zero
        ("7/-2", -3),
        ("5/0", 0),  # a division by zero gives 0
        ("+-3", -3),
        ("X'FF'", 255),
        ("X'FFFFFFFF'", -1),
        ("B'101'", 5),
        ("C'A'", 193),  # EBCDIC
        ("C'AB'", 0xC1C2),
        ("(12 AND 10)", 8),
        ("(12 OR 3)", 15),
        ("(12 XOR 10)", 6),
        ("(NOT 0)", -1),
        ("(1 SLL 4)", 16),
        ("(-16 SRA 2)", -4),
        ("(-1 SRL 28)", 15),
        ("2147483647", 2147483647),
    ],
)
def test_arithmetic(expr: str, expected: int) -> None:
    assert value(expr) == expected


@pytest.mark.parametrize("expr", ["2147483647+1", "X'7FFFFFFF'*2", "-2147483647-2", "12345678901"])
def test_arithmetic_overflow_is_not_evaluated(expr: str) -> None:
    with pytest.raises(NotExpanded, match=r"32 bits|larger than"):
        value(expr)


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("(1 EQ 1)", True),
        ("(1 NE 1)", False),
        ("(2 GT 1 AND 1 LT 2)", True),
        ("(1 GE 2 OR 2 LE 2)", True),
        ("(1 EQ 1 XOR 2 EQ 2)", False),
        ("(1 EQ 1 AND NOT 2 EQ 3)", True),
        ("(NOT (1 EQ 1))", False),
        ("(1 EQ 2 OR NOT 1 EQ 2)", True),
        ("('A' EQ 'A')", True),
        ("('AB' GT 'Z')", True),  # the longer string is the greater
        ("('a' LT 'A')", True),  # EBCDIC: lower case before upper case
        ("('A' LT '1')", True),  # and letters before digits
        ("('' EQ '')", True),
        ("('IT''S' EQ 'IT''S')", True),
        ("('A' EQ UPPER('a'))", True),
        ("('ABC'(2,1) EQ 'B')", True),
        ("('A'.'B' EQ 'AB')", True),
        # OR before XOR, AND before OR (HLASM: "Evaluation of logical expressions")
        ("(1 EQ 1 XOR 1 EQ 1 OR 1 EQ 1)", False),
        ("(1 EQ 2 AND 1 EQ 1 OR 1 EQ 1)", True),
    ],
)
def test_logical(expr: str, expected: bool) -> None:
    assert value(expr) is expected


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("'ABC'", "ABC"),
        ("'IT''S'", "IT'S"),  # '' is one quote
        ("'A&&B'", "A&&B"),  # && stays two ampersands
        ("'A'.'B'", "AB"),
        ("(3)'AB'", "ABABAB"),
        ("(0)'AB'", ""),
        ("'ABCDEF'(2,3)", "BCD"),
        ("'ABCDEF'(2,*)", "BCDEF"),
        ("'ABC'(2,9)", "BC"),  # a length past the end takes the rest
        ("'ABC'(4,0)", ""),
        ("(2)'AB'.'C'", "ABABC"),
    ],
)
def test_character(expr: str, expected: str) -> None:
    assert value(expr) == expected


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("UPPER('abc')", "ABC"),
        ("(UPPER 'abc')", "ABC"),
        ("LOWER('ABC')", "abc"),
        ("DOUBLE('A''B&&C')", "A''B&&&&C"),
        ("BYTE(193)", "A"),
        ("(BYTE 64)", " "),
        ("SIGNED(-5)", "-5"),
        ("A2D(5)", "+5"),
        ("A2X(255)", "000000FF"),
        ("A2B(5)", "00000000000000000000000000000101"),
        ("X2D('FFFFFFF1')", "-15"),
        ("X2D('')", "+0"),
        ("X2C('F1F2')", "12"),
        ("C2X('A1')", "C1F1"),
        ("B2X('1111')", "F"),
        ("DCVAL('A''B&&C')", "A'B&C"),
        ("DEQUOTE('''X''')", "X"),
        ("DCLEN('A''B&&C')", 5),
        ("INDEX('ABCABC','CA')", 3),
        ("('ABC' INDEX 'Z')", 0),
        ("FIND('ABC','XYC')", 3),
        ("ISDEC('123')", True),
        ("ISDEC('12A')", False),
        ("ISHEX('1F')", True),
        ("ISSYM('A1')", True),
        ("ISSYM('1A')", False),
        ("C2A('A')", 193),
        ("X2A('FF')", 255),
        ("D2A('-12')", -12),
        ("B2A('11')", 3),
    ],
)
def test_functions(expr: str, expected: object) -> None:
    assert value(expr) == expected


def test_variable_symbols_and_operands() -> None:
    f = frame(name="LBL", p="(A,(B,C),D)", n="5", q="")
    assert value("'&P(2,1)'", f) == "B"
    assert value("'&P(2)'", f) == "(B,C)"
    assert value("N'&P", f) == 3
    assert value("N'&P(2)", f) == 2
    assert value("N'&Q", f) == 0
    assert value("K'&P", f) == 11
    assert value("&N+1", f) == 6  # a self-defining term is a number
    assert value("'&SYSLIST(0)'", f) == "LBL"
    assert value("'&SYSLIST(1,3)'", f) == "D"
    assert value("N'&SYSLIST", f) == 3
    assert value("'&SYSLIST(9)'", f) == ""
    assert value("'&N.X&N'", f) == "5X5"  # the period after a variable symbol goes


def test_type_attribute() -> None:
    f = frame(name="LBL", n="5", q="", h="X'F0'", s="SYMBOL")
    assert value("T'&Q", f) == "O"
    assert value("T'&N", f) == "N"
    assert value("T'&H", f) == "N"
    assert isinstance(value("T'&S", f), Opaque)
    # a type decklint does not know is still neither 'O' nor 'N'
    assert value("(T'&SYSLIST(0) NE 'O')", f) is True
    assert value("(T'&S EQ 'N')", f) is False
    with pytest.raises(NotExpanded, match=r"T'&S EQ 'C'"):
        value("(T'&S EQ 'C')", f)


@pytest.mark.parametrize("expr", ["L'&S", "D'FIELD", "(I'&S)", "S'X", "O'MVC"])
def test_attributes_decklint_does_not_know(expr: str) -> None:
    with pytest.raises(NotExpanded, match="attribute"):
        value(expr, frame(s="FIELD"))


def test_set_symbols() -> None:
    f = frame()
    f.declare("A", "LCL", "ARR", 10)
    f.assign("A", "ARR", 2, [5, None, 7])
    f.assign("C", "C", None, [Text("XY")])
    f.assign("B", "B", None, [True])
    assert value("&ARR(2)+&ARR(4)", f) == 12
    assert value("&ARR(3)", f) == 0  # left out: the element keeps its value
    assert value("N'&ARR", f) == 4
    assert value("'&C.Z'", f) == "XYZ"
    assert value("(&B)", f) is True
    assert value("'&B'", f) == "1"
    f.assign("A", "NEG", None, [-5])
    assert value("'&NEG'", f) == "5"  # a SETA value in a string is its magnitude
    g = frame()
    g.assign("C", "X1", None, [Text("made")])
    g.assign("A", "I", None, [1])
    assert value("'&(X&I)'", g) == "made"  # a created SET symbol


def test_pieces_follow_the_characters() -> None:
    f = Frame(Globals(), params={"RU": Operand(Text("87F8", (Piece(0, 4, 9, 20, 4),)))})
    ev = Evaluator(f, 4064)
    for expr, want in [
        ("'X&RU'", (Piece(1, 5, 9, 20, 4),)),
        ("'&RU'(3,2)", (Piece(0, 2, 9, 22, 2),)),
        ("UPPER('&RU')", (Piece(0, 4, 9, 20, 4),)),
        ("'&RU'.'&RU'", (Piece(0, 4, 9, 20, 4), Piece(4, 8, 9, 20, 4))),
    ]:
        result = ev.value(parse(expr, 0, len(expr)))
        assert isinstance(result, Text)
        assert result.pieces == want, expr


def test_strings_are_bounded() -> None:
    with pytest.raises(NotExpanded, match="longer than 10"):
        value("(99999)'ABC'", limit=10)
    with pytest.raises(NotExpanded, match="longer than 10"):
        value("'ABCDEF'.'GHIJKL'", limit=10)


def test_a_number_is_a_bit() -> None:
    ev = Evaluator(frame(), 4064)
    assert ev.bit(parse("(5)", 0, 3)) is True  # true when it is not 0 (SETB instruction)
    assert ev.bit(parse("(0)", 0, 3)) is False


@pytest.mark.parametrize(
    "expr",
    [
        "(UPPER('a') EQ 'A')",  # the first comparand decides: this relation is arithmetic
        "((2)'A' EQ 'AA')",
        "('A' EQ 1)",
    ],
)
def test_relations_the_assembler_does_not_read_as_character_ones(expr: str) -> None:
    with pytest.raises(NotExpanded):
        value(expr)


@pytest.mark.parametrize(("expr", "offset"), [("(1 EQ 2", 0), ("1 EQ 2)", 6), ("('A' EQ ('B')", 0)])
def test_unbalanced_parentheses_are_syntax_errors(expr: str, offset: int) -> None:
    with pytest.raises(Malformed) as e:
        parse(expr, 0, len(expr))
    assert e.value.offset == offset


@pytest.mark.parametrize(
    "expr",
    [
        "FOO('A')",  # no such function
        "1 2",
        "'A' EQ",
        "&A+",
        "'unclosed",
        "'A&'",
        "*",
        "(" * 60 + "1" + ")" * 60,  # nested deeper than decklint reads
        "+" * 40 + "1",
        "+".join(["1"] * 300),
        "LEN",  # an ordinary symbol is read; its value is unknown
    ],
)
def test_what_decklint_does_not_read_or_evaluate(expr: str) -> None:
    with pytest.raises(NotExpanded):
        value(expr)


def test_self_defining_terms() -> None:
    assert self_defining("0") == 0
    assert self_defining("X'C1'") == 193
    assert self_defining("C''''") == 0x7D
    assert self_defining("ABC") is None
    assert self_defining("4294967296") is None
