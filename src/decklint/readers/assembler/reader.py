"""Parsing assembler-macro decks (VTAM, NCP, EZACICD): logical units -> IR statements.

A deck of a macro dialect is assembler source. Each logical statement is classified by its
operation before it is parsed:

* a statement of the dialect's product (APPL, MODEENT, USSTAB, BUILD, ...) is parsed by the
  dialect's grammar, one statement at a time (start symbol "statement"; start-list items use
  "operand"), so a bad statement costs one finding and the rest of the deck is still read;
* an assembler instruction (DC, DS, EQU, ORG, CSECT, USING, ...), a conditional-assembly or
  macro-language instruction, a machine instruction or a known system macro is read as the
  assembler reads it (`decklint.readers.assembler`): its operands are split, DC and DS
  constants are checked, and the statement is kept with its kind (`Statement.kind`) but not
  modelled;
* MACRO ... MEND definitions are skipped with one info finding: their bodies are conditional
  assembly, not definitions.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from decklint.core.findings import Severity
from decklint.core.ir import (
    Diagnostic,
    LogicalUnit,
    Operand,
    ReadResult,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.core.source import SourceFile, SourceMap, Span
from decklint.readers import scan
from decklint.readers.base import ParsedFile, lark_parser, parse_unit
from decklint.readers.cards import read_assembler, read_option_list, shifted_by, shifted_deck
from decklint.readers.damage import Indent

if TYPE_CHECKING:
    from decklint.readers.assembler.results import MacroInfo


def _rule(tree: Any) -> str:
    name: str = tree.data
    return name.rsplit("__", 1)[-1]


def _value(node: Any, smap: SourceMap, text: str) -> Value | None:
    if node is None:
        return None
    kind = _rule(node)
    if kind == "atom":
        tok = node.children[0]
        return Value(classify_atom(str(tok)), str(tok), smap.span(tok.start_pos, tok.end_pos))
    # sublist: LPAR items... RPAR
    children = node.children
    lpar, rpar = children[0], children[-1]
    items = tuple(_value(c, smap, text) for c in children[1:-1])
    span = smap.span(lpar.start_pos, rpar.end_pos)
    return Value("list", text[lpar.start_pos : rpar.end_pos], span, items)


def _operand(node: Any, smap: SourceMap, text: str, unit_span: Span) -> Operand:
    kind = _rule(node)
    if kind == "keyword":
        name_tok, eq_tok, val = node.children
        v = _value(val, smap, text)
        end = eq_tok.end_pos
        if v is None:
            v = Value("empty", "", smap.span(end, end))
        else:
            end = _end_pos(val)
        return Operand(
            str(name_tok).upper(),
            v,
            smap.span(name_tok.start_pos, end),
            str(name_tok),
        )
    (val,) = node.children
    v = _value(val, smap, text)
    if v is None:
        return Operand(None, Value("empty", "", unit_span), unit_span)
    return Operand(None, v, v.span)


def _end_pos(node: Any) -> int:
    if _rule(node) == "atom":
        end: int = node.children[0].end_pos
        return end
    rpar_end: int = node.children[-1].end_pos
    return rpar_end


@functools.cache
def _product_ops(dialect: str) -> frozenset[str]:
    from decklint.knowledge.schema import statement_names

    return frozenset(statement_names(dialect))


def classify(dialect: str, op: str) -> str:
    """What an operation is in a deck of `dialect`: "statement" (the product's statement, or
    one nobody knows: the dialect's rules judge it), or a kind of `instructions`."""
    if op in _product_ops(dialect):
        return "statement"
    from decklint.readers.assembler import instructions  # here only: a list has no instruction

    return instructions.kind_of(op) or "statement"


def _fields(text: str) -> tuple[int, int, int, int]:
    """(label end, operation start, operation end, operands start) of a unit's text: the
    reader's "label op operands" with one blank between the fields."""
    label_end = 0 if text.startswith(" ") else text.find(" ")
    if label_end < 0:
        return len(text), len(text), len(text), len(text)
    op_start = label_end + 1
    op_end = text.find(" ", op_start)
    if op_end < 0:
        return label_end, op_start, len(text), len(text)
    return label_end, op_start, op_end, op_end + 1


def parse_instruction(
    unit: LogicalUnit, path: str, dialect: str, index: int, kind: str
) -> tuple[Statement, list[Diagnostic]]:
    """A statement the assembler itself knows, with its operands split (`kind`: one of
    `instructions`' kinds), and what is wrong with its DC or DS constants."""
    from decklint.readers.assembler import dc  # here only: most decks hold no instruction

    text, smap = unit.text, unit.smap
    label_end, op_start, op_end, opnd_start = _fields(text)
    op = text[op_start:op_end].upper()
    label = text[:label_end] or None
    operands: list[Operand] = []
    problems: list[Diagnostic] = []
    field = text[opnd_start:]
    for a, b in dc.split_operands(field):
        start, end = opnd_start + a, opnd_start + b
        piece = text[start:end]
        span = smap.span(start, end)
        if op in ("DC", "DS") and piece and "&" not in piece.replace("&&", ""):
            got = dc.parse_constant(piece, ds=op == "DS")
            if isinstance(got, dc.Problem):
                problems.append(
                    Diagnostic(
                        "PRS001",
                        smap.span(start + got.start, start + max(got.end, got.start + 1)),
                        f"{op} operand {piece}: {got.message}",
                    )
                )
        constant = op in ("DC", "DS") and bool(piece)
        value = Value("constant" if constant else _kind_of_piece(piece), piece, span)
        operands.append(Operand(None, value, span))
    if op == "DC" and not field:
        problems.append(
            Diagnostic("PRS001", smap.span(op_start, op_end), "DC needs at least one constant")
        )
    statement = Statement(
        path,
        dialect,
        index,
        op,
        smap.span(0, len(text)),
        label=label,
        label_span=smap.span(0, label_end) if label else None,
        op_span=smap.span(op_start, op_end),
        operands=tuple(operands),
        kind=kind,
    )
    return statement, problems


def _kind_of_piece(piece: str) -> str:
    """A value's kind: an atom's (word, int, string, ...), "expression" for anything with
    parentheses or operators, "empty" for an omitted operand."""
    if not piece:
        return "empty"
    if "'" not in piece and any(c in piece for c in "()+-*/"):
        return "expression"
    if "'" in piece and (piece.count("'") != 2 or not piece.endswith("'")):
        return "expression"
    return classify_atom(piece)


def parse_statement(
    unit: LogicalUnit, path: str, dialect: str, index: int, grammar: str
) -> Statement | Diagnostic:
    text = unit.text
    smap = unit.smap
    if unit.kind != "item" and not text.startswith(" ") and " " not in text.strip():
        return Diagnostic(
            "PRS001",
            smap.span(0, len(text)),
            f"{text.strip()} has no operation field: expected an operation such as APPL, "
            "PU or MODEENT after the name",
        )
    fast = scan.statement(unit, path, dialect, index)  # the common statement, without Lark
    if fast is not None:
        return fast
    parser = lark_parser(grammar, ("statement", "operand"))
    tree = parse_unit(parser, unit, "operand" if unit.kind == "item" else "statement")
    if isinstance(tree, Diagnostic):
        return tree
    whole = smap.span(0, len(text))
    if unit.kind == "item":
        opnd = _operand(tree, smap, text, whole)
        return Statement(path, dialect, index, "ITEM", whole, operands=(opnd,), kind="item")
    label_t, op_t, operands_t = tree.children
    label = label_span = None
    if label_t is not None:
        tok = label_t.children[0]
        label = str(tok)
        label_span = smap.span(tok.start_pos, tok.end_pos)
    optok = op_t.children[0]
    operands: tuple[Operand, ...] = ()
    if operands_t is not None:
        operands = tuple(_operand(c, smap, text, whole) for c in operands_t.children)
    return Statement(
        path,
        dialect,
        index,
        str(optok).upper(),
        whole,
        label=label,
        label_span=label_span,
        op_span=smap.span(optok.start_pos, optok.end_pos),
        operands=operands,
    )


def parse_units(src: SourceFile, read: ReadResult, dialect: str, grammar: str) -> ParsedFile:
    """The statements of a card deck's logical units. A list (start or configuration list)
    is read item by item; a deck of statements goes through conditional assembly first
    (`assembler.conditional`): macros the deck defines are expanded, open-code SET symbols
    substituted, and each statement the assembler would assemble is parsed by its kind."""
    if any(u.kind == "item" for u in read.units):
        return _parse_items(src, read, dialect, grammar)
    # here only: a start list, the usual small deck, needs none of them
    from decklint.readers.assembler import instructions
    from decklint.readers.assembler.conditional import CALL, CONDITIONAL, ORDINARY, assemble
    from decklint.readers.lost_operands import lost

    assembled = assemble(read.units)
    statements: list[Statement] = []
    diags: list[Diagnostic] = []
    reader_lines = {d.span.line for d in read.diagnostics}
    expansions: dict[tuple[str, Span], None] = {}
    told: set[str] = set()  # macros whose generated text did not parse, said once each
    for em in assembled.emitted:
        unit = em.unit
        index = len(statements)
        if em.role == CONDITIONAL:
            st, problems = parse_instruction(
                unit, src.path, dialect, index, instructions.CONDITIONAL
            )
            statements.append(st)
            continue
        covering = None
        _lab, op_start, op_end, _o = _fields(unit.text)
        if em.origin:
            covering = _covering(unit.smap)
            expansions[(em.origin, covering)] = None
            unit = _generated_unit(unit, op_start, op_end)
        kind = classify(dialect, unit.text[op_start:op_end].upper())
        if em.role == ORDINARY and kind != "statement":
            st, problems = parse_instruction(unit, src.path, dialect, index, kind)
            statements.append(st if covering is None else st._replace(span=covering))
            diags.extend(_generated(problems, em.origin, told))
            continue
        result = parse_statement(unit, src.path, dialect, index, grammar)
        if covering is not None and not isinstance(result, Diagnostic):
            result = result._replace(span=covering)
        if isinstance(result, Diagnostic):
            if em.role == CALL:  # a call that was not expanded: kept, with its operands unread
                st, _problems = parse_instruction(unit, src.path, dialect, index, "call")
                statements.append(st)
            elif not _lines(unit) & reader_lines:
                diags.extend(_generated([result], em.origin, told))
            continue
        statements.append(result._replace(kind="call") if em.role == CALL else result)
        if em.role == ORDINARY and not em.origin and unit.remarks:
            found = lost(result, unit.remarks, reader_lines)
            diags.extend([found] if found is not None else [])
    in_macros = [m.lines for m in assembled.macros]
    diags.extend(
        d for d in assembled.diagnostics if not (d.code == "PRS001" and d.span.line in reader_lines)
    )
    diags.extend(_not_expanded(m) for m in assembled.macros if m.failed)
    for d in read.diagnostics:
        if not any(a <= d.span.line <= b for a, b in in_macros):
            diags.append(d)
    diags.sort(key=lambda d: (d.span.line, d.span.col))
    return ParsedFile(
        src,
        dialect,
        Statements(statements),
        read,
        tuple(diags),
        tuple((m.name, m.span) for m in assembled.macros),
        open_macros=tuple((m.name, m.ops) for m in assembled.macros if m.failed),
        expansions=tuple(expansions),
    )


_NOWHERE = Span(1, 1, 1, 1)


class _GeneratedMap(SourceMap):
    """The map of a statement a macro generated: a range's span is where the call wrote the
    characters that came from its operands (`RU=87F8` for a generated `RUSIZES=X'87F8'`),
    else the call's operation field (`anchor`); it always runs forward."""

    __slots__ = ("anchor",)

    anchor: Span

    def __init__(
        self,
        starts: list[int] | None = None,
        lines: list[int] | None = None,
        cols: list[int] | None = None,
        lengths: list[int] | None = None,
        anchor: Span = _NOWHERE,
    ) -> None:
        SourceMap.__init__(self, starts, lines, cols, lengths)
        self.anchor = anchor

    def span(self, start: int, end: int) -> Span:
        a = self.anchor
        pieces = sorted(
            p
            for p in self.pieces(start, max(end, start + 1))
            if not (p[0] == a.line and a.col <= p[1] < a.end_col)
        )
        if not pieces:
            return a
        first, last = pieces[0], max(pieces, key=lambda p: (p[0], p[2]))
        return Span(first[0], first[1], last[0], last[2])


def _generated_unit(unit: LogicalUnit, op_start: int, op_end: int) -> LogicalUnit:
    """`unit` with a `_GeneratedMap` anchored on the call's operation field."""
    sm = unit.smap
    anchor = sm.span(op_start, op_end)
    gm = _GeneratedMap(list(sm.starts), list(sm.lines), list(sm.cols), list(sm.lengths), anchor)
    return LogicalUnit(unit.text, gm, unit.line, unit.kind, unit.remarks)


def _covering(smap: SourceMap) -> Span:
    """The physical range a generated statement's characters map into (the call that
    generated it): from its first to its last mapped character, in the file's order."""
    if not smap.starts:
        return Span(1, 1, 1, 1)
    pieces = sorted(zip(smap.lines, smap.cols, smap.lengths, strict=True))
    first, last = pieces[0], max(pieces, key=lambda p: (p[0], p[1] + p[2]))
    return Span(first[0], first[1], last[0], last[1] + last[2])


def _lines(unit: LogicalUnit) -> set[int]:
    return set(range(unit.line, (unit.smap.lines[-1] if unit.smap.lines else unit.line) + 1))


def _generated(problems: list[Diagnostic], origin: str, told: set[str]) -> list[Diagnostic]:
    """Problems of a statement: as they are for one written in the deck; for one a macro of
    the deck generated, the first only, as a warning at the call that names the macro (the
    text is the expansion's, which decklint may have read differently from the assembler)."""
    if not origin:
        return problems
    if not problems or origin in told:
        return []
    told.add(origin)
    first = problems[0]
    return [
        first._replace(
            message=f"in the expansion of macro {origin}: {first.message}",
            severity=Severity.WARNING,
        )
    ]


def _not_expanded(m: MacroInfo) -> Diagnostic:
    """One info per macro of the deck with calls decklint could not expand."""
    span, why = m.failed[0]
    calls = len(m.failed) + m.expanded
    if calls == 1:
        which = "its call"
    elif len(m.failed) == calls:
        which = f"any of its {calls} calls"
    else:
        which = f"{len(m.failed)} of its {calls} calls"
    return Diagnostic(
        "PRS002",
        m.span,
        f"macro {m.name} (lines {m.lines[0]}-{m.lines[1]}): decklint could not expand "
        f"{which} (the first at line {span.line}: {why}); what those calls define is unknown "
        "to decklint, and no name is reported missing because of them",
        Severity.INFO,
    )


def _parse_items(src: SourceFile, read: ReadResult, dialect: str, grammar: str) -> ParsedFile:
    """A start or configuration list: each item parsed on its own."""
    statements: list[Statement] = []
    diags: list[Diagnostic] = []
    reader_lines = {d.span.line for d in read.diagnostics}
    for unit in read.units:
        result = parse_statement(unit, src.path, dialect, len(statements), grammar)
        if isinstance(result, Diagnostic):
            if not _lines(unit) & reader_lines:
                diags.append(result)
            continue
        statements.append(result)
    diags.extend(read.diagnostics)
    diags.sort(key=lambda d: (d.span.line, d.span.col))
    return ParsedFile(src, dialect, Statements(statements), read, tuple(diags))


def _shift(src: SourceFile, operations: Collection[str]) -> tuple[Indent, int]:
    return shifted_by(src, operations) if operations else (Indent(), 0)


def card_indent(src: SourceFile, operations: Collection[str] = ()) -> Indent:
    """The indentation `parse_assembler` reads the deck with (given the same `operations`):
    a dialect's `DialectSpec.card_reading` says with it how its parse reads a deck."""
    return _shift(src, operations)[0]


def parse_assembler(
    src: SourceFile, dialect: str, grammar: str, operations: Collection[str] = ()
) -> ParsedFile:
    """A card deck's statements; given the dialect's `operations`, a deck shifted right is
    read as shifted back and reported once (see `cards.shifted_by`)."""
    shift, line = _shift(src, operations)
    read = read_assembler(src, shift)
    if shift:
        read.diagnostics.insert(0, shifted_deck(shift, line))
    return parse_units(src, read, dialect, grammar)


def parse_option_list(src: SourceFile, dialect: str, grammar: str) -> ParsedFile:
    return parse_units(src, read_option_list(src), dialect, grammar)
