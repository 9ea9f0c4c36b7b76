"""Damaged decks are read as meant: one finding per kind of damage, no cascade of per-line
errors, the same statements as the undamaged deck, positions in the real text.

The decks (fixtures/damaged/) are our own VTAM and NCP decks, damaged the way web pages, PDFs
and editors damage real ones; fixtures/damaged/cases.yaml holds each copy's findings.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from decklint.api import lint_texts
from decklint.core.source import SourceFile
from decklint.dialects.ncp import reader as ncp
from decklint.dialects.vtam import reader as vtam
from decklint.readers.base import ParsedFile

from .conftest import FIXTURES

DAMAGED = FIXTURES / "damaged"
CASES: dict[str, list[str]] = yaml.safe_load((DAMAGED / "cases.yaml").read_text())


def _reference(path: Path) -> Path:
    """The deck a damaged copy was made of: `appl-markup.vtam` of `appl.vtam`."""
    return path.with_name(path.name.split("-", 1)[0] + path.suffix)


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


def _parse(path: Path) -> ParsedFile:
    mod = ncp if path.suffix == ".ncp" else vtam
    return mod.parse(SourceFile.from_text(path.name, _read(path)))


def _statements(pf: ParsedFile) -> list[tuple[object, ...]]:
    return [
        (s.label, s.op, tuple((o.name, o.value.text) for o in s.operands)) for s in pf.statements
    ]


def test_every_damaged_deck_has_a_case() -> None:
    decks = {p.relative_to(DAMAGED).as_posix() for p in DAMAGED.glob("*/*")}
    assert {d for d in decks if "-" in d.rsplit("/", 1)[-1]} == set(CASES)
    assert all(_reference(DAMAGED / d).is_file() for d in CASES)


@pytest.mark.parametrize("rel", sorted(CASES))
def test_a_damaged_deck_is_read_as_the_deck_it_was(rel: str) -> None:
    path = DAMAGED / rel
    ref = _reference(path)
    assert _statements(_parse(path)) == _statements(_parse(ref))


@pytest.mark.parametrize("rel", sorted(CASES))
def test_each_kind_of_damage_is_one_finding_and_nothing_cascades(rel: str) -> None:
    path = DAMAGED / rel
    ref = _reference(path)
    got = lint_texts({path.name: _read(path)}).findings
    want = lint_texts({ref.name: _read(ref)}).findings
    readers = [f for f in got if f.code.startswith("PRS")]
    expected = [line.split(maxsplit=2) for line in CASES[rel]]
    assert len(readers) == len(expected), [(f.span, f.message) for f in readers]
    for f, (pos, code, words) in zip(sorted(readers, key=lambda f: f.span), expected, strict=True):
        assert (f"{f.span.line}:{f.span.col}", f.code) == (pos, code), f.message
        severity = "info" if words.startswith("[info] ") else "error"
        assert words.removeprefix("[info] ") in f.message, f.message
        assert f.severity.label == severity
    # the rules see the same network: the same findings, only their columns move
    others = sorted((f.code, f.message) for f in got if not f.code.startswith("PRS"))
    assert others == sorted((f.code, f.message) for f in want if not f.code.startswith("PRS"))


@pytest.mark.parametrize("rel", sorted(CASES))
def test_positions_point_at_the_real_text(rel: str) -> None:
    path = DAMAGED / rel
    lines = _read(path).splitlines()
    pf = _parse(path)
    for st in pf.statements:
        for op in st.operands:
            if op.name is None or op.span.line != op.span.end_line:
                continue
            text = lines[op.span.line - 1][op.span.col - 1 : op.span.end_col - 1]
            shown = re.sub(r"<[^<>]*>", "", text).replace("\u00a0", " ")
            assert shown.upper().startswith(op.name), (op.name, text, op.span)
        if st.label and st.label_span is not None:
            s = st.label_span
            assert lines[s.line - 1][s.col - 1 : s.end_col - 1] == st.label


def test_faults_together_are_undone_as_each_alone() -> None:
    """A mark an edit pushed to column 73 before a card continued in column 17 (the same edit
    pushed its mark too), and a mark pulled into column 71 on a card with a remark: one
    finding for each fault, nothing cascades, and `decklint format` undoes them all
    (fixtures/format/mark-73-and-column-17: its golden after)."""
    before = FIXTURES / "format" / "mark-73-and-column-17" / "before.vtam"
    got = lint_texts({before.name: _read(before)}).findings
    said = [(f.span.line, f.span.col, f.severity.label) for f in got if f.code == "PRS001"]
    assert said == [(6, 73, "error"), (7, 17, "warning"), (7, 73, "error"), (9, 71, "error")]
    assert all("column 72 expected" in f.message for f in got if f.span.col in (71, 73))


def test_a_card_cleaning_leaves_as_it_is_is_read_as_written() -> None:
    """In a deck with markup, a card with an `&` of its own and no markup is read as the plain
    reader reads it: written past column 71, it is that warning, not a continuation that
    never comes."""
    from decklint.readers.cards import read_assembler

    card = "A1       APPL  EAS=10,PRTCT=A&SYSCLONE.,AUTH=(ACQ),MODETAB=AMODETAB,DLOGMOD=M2"
    plain = read_assembler(SourceFile.from_text("x", f"APPLS    VBUILD TYPE=APPL\n{card}\n"))
    marked = read_assembler(
        SourceFile.from_text("x", f"<b>APPLS</b>    VBUILD TYPE=APPL\n{card}\n")
    )
    assert [u.text for u in marked.units] == [u.text for u in plain.units]
    on_card = [d for d in marked.diagnostics if d.span.line == 2]
    assert on_card == [d for d in plain.diagnostics if d.span.line == 2]
    assert "past column 71" in on_card[0].message
