"""`decklint format`: golden pairs of decks (fixtures/format/<case>/before.* and after.*),
the meaning kept, idempotence, the bytes form kept, and the command line's exits.

Each case is a deck of one class of layout problem (written here): a mark an edit pushed to
column 73, continuation text in column 17, operands past column 71, remarks, sequence numbers,
CRLF, no final newline, EBCDIC records, a deck inside an IEBUPDTE job. `--update-golden`
writes the after files; review them as a diff.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import dialects
from decklint.api import lint_paths
from decklint.cli import main
from decklint.core.ir import Statements
from decklint.core.source import SourceFile
from decklint.fmt import Settings, format_text
from decklint.fmt import run as fmt_run
from decklint.fmt.run import run
from decklint.readers.base import ParsedFile

from .conftest import FIXTURES

CASES = FIXTURES / "format"


def _cases() -> list[str]:
    return sorted(p.name for p in CASES.iterdir() if any(p.glob("before.*")))  # free/: its own


def _before(case: str) -> Path:
    return next((CASES / case).glob("before.*"))


def _after(case: str) -> Path:
    b = _before(case)
    return b.with_name("after" + b.suffix)


@pytest.mark.parametrize("case", _cases())
def test_golden(case: str, tmp_path: Path, update_golden: bool) -> None:
    work = tmp_path / _before(case).name
    shutil.copyfile(_before(case), work)
    (got,) = run([str(work)], Settings(), write=True)
    assert not got.left and not got.problem
    if update_golden:
        shutil.copyfile(work, _after(case))
    assert work.read_bytes() == _after(case).read_bytes()
    (again,) = run([str(work)], Settings(), write=True)
    assert not again.changed, "formatting twice must be formatting once"


@pytest.mark.parametrize("case", _cases())
def test_no_layout_finding_left(case: str) -> None:
    found = lint_paths([str(_after(case))]).findings
    assert [f for f in found if f.code == "PRS001"] == []
    before = lint_paths([str(_before(case))]).findings
    if case != "sequence":  # a value split at column 71 is well laid out: the numbers are
        assert [f for f in before if f.code == "PRS001"], "each case shows a layout fault"


def _meaning(path: Path, dialect: str = "vtam") -> list[tuple[object, ...]]:
    text = path.read_text()
    pf = dialects.get(dialect).parse(SourceFile.from_text(str(path), text))
    return [
        (s.label, s.op, tuple((o.name, o.value.text) for o in s.operands)) for s in pf.statements
    ]


def test_three_faults_format_to_the_twin() -> None:
    """A mark pushed to column 73, continuation text in column 17 and a last statement past
    column 71: the deck formats to the meaning of its correctly written twin."""
    case = CASES / "three-faults"
    assert _meaning(case / "after.vtam") == _meaning(case / "twin.vtam")
    assert _meaning(case / "before.vtam") != _meaning(case / "twin.vtam")
    assert not [f for f in lint_paths([str(case / "after.vtam")]).findings if f.code == "PRS001"]


def test_bytes_form_kept() -> None:
    assert b"\r\n" in _after("crlf").read_bytes()
    assert b"\n" not in _after("crlf").read_bytes().replace(b"\r\n", b"")
    assert not _after("no-final-newline").read_bytes().endswith(b"\n")
    ebcdic = _after("ebcdic").read_bytes()
    assert len(ebcdic) % 80 == 0 and b"\n" not in ebcdic and b"\x40" in ebcdic


def test_control_cards_and_jcl_kept() -> None:
    before = _before("jcl").read_text().splitlines()
    after = _after("jcl").read_text().splitlines()
    assert [ln for ln in before if ln.startswith(("//", "./", "$$"))] == [
        ln for ln in after if ln.startswith(("//", "./", "$$"))
    ]


def test_a_deck_that_does_not_parse_is_left_alone() -> None:
    text = (
        "APPL1    APPL  AUTH=(ACQ,PASS\n"  # an unclosed parenthesis: no meaning to keep
        "APPL2     APPL  ACBNAME=APPL2\n"
    )
    got = format_text("bad.vtam", text, Settings())
    assert got.text == text
    assert got.left and "does not parse" in got.left[0][1]


def test_a_format_whose_parse_would_differ_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never changes meaning: where a fault was undone (continuation text in column 17), the
    formatted deck is parsed again, and a parse that differs from the deck's refuses it, even
    when the card reader reads the result as meant."""
    spec = dialects.get("vtam")
    real = spec.parse

    def parse(src: SourceFile) -> ParsedFile:
        pf = real(src)
        if "\n               AUTH=" not in src.text:
            return pf  # the deck as it was
        changed = [s._replace(op="CDRSC") if s.label == "IMSA" else s for s in pf.statements]
        return pf._replace(statements=Statements(changed))

    monkeypatch.setitem(dialects._SPECS, "vtam", spec._replace(parse=parse))
    text = _before("operands-on-the-next-card").read_text()
    got = format_text("x.vtam", text, Settings())
    assert got.text == text
    assert got.left == (("x.vtam", "the statement at line 3 would parse differently"),)


def test_other_card_readers_untouched() -> None:
    """A DFHCSDUP input is a card image, but not read as an assembler deck: not laid out."""
    text = "DEFINE PROGRAM(P1) GROUP(G1)\n  LANGUAGE(COBOL)\n"
    assert format_text("x.csd", text, Settings()).text == text


def test_free_format_untouched() -> None:
    text = "TCPCONFIG   TCPSENDBFRSIZE 65535\n  TCPRCVBUFRSIZE 65535\n"
    assert format_text("PROFILE.TCPIP", text, Settings()).text == text


def test_settings() -> None:
    text = _after("three-faults").read_text()
    one = format_text("x.vtam", text, Settings(operands_per_card="one")).text
    assert "               AUTH=(NOACQ,PASS,NVPACE,TSO),    " in one
    assert all(len(ln) <= 72 for ln in one.splitlines())
    moved = format_text("x.vtam", text, Settings(operation_column=12)).text
    assert "CICSA      APPL" in moved


def test_renumber_in_the_decks_pattern() -> None:
    text = _after("sequence").read_text()
    got = format_text("x.vtam", text, Settings(renumber=True)).text
    numbers = [ln[72:] for ln in got.splitlines()]
    assert numbers == [f"{10000 * (i + 1):08d}" for i in range(len(numbers))]


def test_check_exits_1_and_writes_nothing(tmp_path: Path) -> None:
    deck = tmp_path / "APPLS.vtam"
    shutil.copyfile(_before("three-faults"), deck)
    before = deck.read_bytes()
    got = CliRunner().invoke(main, ["format", "--check", str(tmp_path)])
    assert got.exit_code == 1
    assert deck.read_bytes() == before
    got = CliRunner().invoke(main, ["format", "--diff", str(deck)])
    assert got.exit_code == 1 and "+++ b/" in got.output and deck.read_bytes() == before
    mode = deck.stat().st_mode
    got = CliRunner().invoke(main, ["format", str(deck)])
    assert got.exit_code == 0 and deck.read_bytes() != before
    assert deck.stat().st_mode == mode
    assert CliRunner().invoke(main, ["format", "--check", str(deck)]).exit_code == 0
    assert list(tmp_path.iterdir()) == [deck]  # no temporary file left


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert CliRunner().invoke(main, ["format", str(tmp_path / "nope")]).exit_code == 2
    cfg = tmp_path / ".decklint.yaml"
    cfg.write_text("format:\n  renumbr: true\n")
    got = CliRunner().invoke(main, ["format", "--config", str(cfg), str(tmp_path)])
    assert got.exit_code == 2 and "did you mean renumber?" in got.output


def test_diff_escapes_control_characters(tmp_path: Path) -> None:
    deck = tmp_path / "x.vtam"
    deck.write_text("APPL1  APPL  ACBNAME=APPL1     \x1b[31m red\n")
    got = CliRunner().invoke(main, ["format", "--diff", str(deck)])
    assert "\x1b" not in got.output


def test_after_a_lint_format_parses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What each deck is and how its dialect parses it come from the lint's cache, and a deck
    with no fault undone is not parsed after: after a lint, format parses no deck (without
    the cache it does)."""
    deck = tmp_path / "APPLS.vtam"
    deck.write_text(
        "APPLS    VBUILD TYPE=APPL\nA1     APPL  ACBNAME=A1\nA2       APPL  ACBNAME=A2\n"
    )
    assert CliRunner().invoke(main, ["lint", "--exit-zero", str(tmp_path)]).exit_code == 0
    spec = dialects.get("vtam")
    parsed: list[str] = []

    def parse(src: SourceFile) -> ParsedFile:
        parsed.append(src.path)
        return spec.parse(src)

    monkeypatch.setitem(dialects._SPECS, "vtam", spec._replace(parse=parse))
    got = CliRunner().invoke(main, ["format", "--check", str(tmp_path)])
    assert got.exit_code == 1 and "would format" in got.output
    assert parsed == []
    got = CliRunner().invoke(main, ["format", "--check", "--no-cache", str(tmp_path)])
    assert got.exit_code == 1 and parsed


def test_workers_give_what_one_process_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for case in _cases():
        shutil.copyfile(_before(case), tmp_path / f"{case}{_before(case).suffix}")
    alone = run([str(tmp_path)], Settings(), jobs=1)
    monkeypatch.setattr(fmt_run, "PARALLEL_MIN_CHARS", 0)
    monkeypatch.setattr(fmt_run, "_CHUNK", 1)
    shared = run([str(tmp_path)], Settings(), jobs=2)
    assert [(r.path, r.after, r.left) for r in shared] == [(r.path, r.after, r.left) for r in alone]
    assert sum(r.changed for r in alone) == len(_cases())


def _card(text: str, mark: str = " ") -> str:
    return (text.ljust(71) + mark).rstrip()


def test_an_undone_fault_that_would_not_parse_is_refused() -> None:
    """Continuation text in column 17 is read as meant only if the statement so read parses:
    the statements whose fault was undone are parsed again (alone, in a deck without
    macros), and an error there leaves the deck as it is."""
    text = "\n".join(
        [
            "APPLS    VBUILD TYPE=APPL",
            _card("A1       APPL  ACBNAME=A1,", "X"),
            _card("                AUTH=(ACQ,PASS,", "X"),  # the parenthesis is never closed
            _card("               EAS=1"),
            "A2       APPL  ACBNAME=A2",
        ]
    )
    got = format_text("x.vtam", text + "\n", Settings())
    assert got.text == text + "\n"
    ((_, why),) = got.left
    assert why.startswith("it does not parse (line 4:")


def test_a_deck_numbered_again_with_a_fault_undone() -> None:
    """Numbering the cards again makes the whole deck one change: its statements whose fault
    was undone are then checked in the whole deck's parse."""
    lines = _after("sequence").read_text().splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith(" " * 15 + "PRIPROT"))
    lines[at] = " " + lines[at][:70] + lines[at][71:]  # the text one column right
    text = "\n".join(lines) + "\n"
    got = format_text("x.vtam", text, Settings(renumber=True))
    assert not got.left and got.text != text
    assert format_text("x.vtam", got.text, Settings(renumber=True)).text == got.text
    assert lines[at][:16] == " " * 16 and got.text.splitlines()[at][15] == "P"


def test_operands_keep_the_card_they_start_on() -> None:
    """Each operand is laid out from the card it starts on, also one split at column 71 and
    joined with the next card's column 16 (the pieces are found walking the cards in turn)."""
    from decklint.fmt.deck import read_deck

    head = "N1       VBUILD TYPE=SWNET,MAXNO=" + "9" * 34 + ",MAXGRP=1"  # column 71: "X"
    assert head[68:71] == "MAX"
    deck = "\n".join(
        [
            head[:71] + "X",
            " " * 15 + (head[71:] + "0,X=1,").ljust(56) + "X",
            " " * 15 + "Y=2",
        ]
    )
    _read, statements = read_deck(SourceFile.from_text("D", deck + "\n"))
    (st,) = statements
    assert [(p.text, p.line) for p in st.operands] == [
        ("TYPE=SWNET,", 1),
        ("MAXNO=" + "9" * 34 + ",", 1),
        ("MAXGRP=10,", 1),
        ("X=1,", 2),
        ("Y=2", 3),
    ]


def _proposal(deck: str) -> tuple[SourceFile, SourceFile, object]:
    from decklint.fmt.deck import apply, format_deck

    src = SourceFile.from_text("D", deck)
    proposal = format_deck(src, Settings())
    after = SourceFile.from_text("D", "\n".join(apply(src.lines, proposal.hunks)) + "\n")
    return src, after, proposal


_CLEAN = "".join(
    [
        "N1       VBUILD TYPE=SWNET\n",
        ("P1       PU    ADDR=01,".ljust(39) + "THE FIRST").ljust(71) + "X\n",
        ("               IDBLK=017,".ljust(29) + "ITS BLOCK").ljust(71) + "X\n",  # to column 40
        "               IDNUM=00001".ljust(39) + "ITS NUMBER\n",
        "L1       LU    LOCADDR=2\n",
    ]
)


def test_only_the_changed_statements_are_read_again() -> None:
    """A deck whose reading found nothing to say is checked by reading each changed
    statement's cards alone: the same verdict as reading the whole deck again."""
    from decklint.fmt import meaning

    src, after, proposal = _proposal(_CLEAN)
    assert proposal.hunks  # the remarks are aligned
    assert meaning._hunks_read_alone(after, proposal, src.lines)


@pytest.mark.parametrize(
    "deck",
    [
        # a statement ending with a comma and no mark: the reader looks at the card after it
        _CLEAN.replace("L1       LU    LOCADDR=2", "L1       LU    LOCADDR=2,"),
        # an expression in parentheses may hold blanks: the reader may ask for more
        _CLEAN + "         AIF   ('&A' EQ 'B').X\n",
        # a continuation card that does not resume in column 16: a fault the reader reports
        _CLEAN.replace("               IDNUM", "                IDNUM"),
        # markup to clean away
        _CLEAN.replace("THE FIRST", "THE <b>FIRST</b>"),
    ],
)
def test_a_deck_read_otherwise_alone_is_read_again_whole(deck: str) -> None:
    """Where a changed statement's reading may depend on the cards around it, or the deck's
    reading had something to say, the whole formatted deck is read again."""
    from decklint.fmt import meaning

    src, after, proposal = _proposal(deck)
    assert proposal.hunks
    assert not meaning._hunks_read_alone(after, proposal, src.lines)
