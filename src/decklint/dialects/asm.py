"""Parsing assembler-macro decks (VTAM, NCP, EZACICD): logical units -> IR statements.

A deck of a macro dialect is assembler source. Each logical statement is classified by its
operation before it is parsed:

* a statement of the dialect's product (APPL, MODEENT, USSTAB, BUILD, ...) is parsed by the
  dialect's grammar, one statement at a time (start symbol "statement"; start-list items use
  "operand"), so a bad statement costs one finding and the rest of the deck is still read;
* an assembler instruction (DC, DS, EQU, ORG, CSECT, USING, ...), a conditional-assembly or
  macro-language instruction, a machine instruction or a known system macro is read as the
  assembler reads it (`decklint.dialects.assembler`): its operands are split, DC and DS
  constants are checked, and the statement is kept with its kind (`Statement.kind`) but not
  modelled;
* MACRO ... MEND definitions are skipped with one info finding: their bodies are conditional
  assembly, not definitions.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from typing import Any

from decklint.dialects.assembler import dc, instructions
from decklint.dialects.base import ParsedFile, lark_parser, parse_unit
from decklint.dialects.cards import read_assembler, read_option_list, shifted_by, shifted_deck
from decklint.findings import Severity
from decklint.ir import (
    Diagnostic,
    LogicalUnit,
    Operand,
    ReadResult,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.source import SourceFile, SourceMap, Span


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
    from decklint.dialects.schema import statement_names

    return frozenset(statement_names(dialect))


def classify(dialect: str, op: str) -> str:
    """What an operation is in a deck of `dialect`: "statement" (the product's statement, or
    one nobody knows: the dialect's rules judge it), or a kind of `instructions`."""
    if op in _product_ops(dialect):
        return "statement"
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
    parser = lark_parser(grammar, ("statement", "operand"))
    text = unit.text
    smap = unit.smap
    if unit.kind != "item" and not text.startswith(" ") and " " not in text.strip():
        return Diagnostic(
            "PRS001",
            smap.span(0, len(text)),
            f"{text.strip()} has no operation field: expected an operation such as APPL, "
            "PU or MODEENT after the name",
        )
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
    statements: list[Statement] = []
    diags: list[Diagnostic] = []
    macro_lines: list[tuple[int, int]] = []
    macros: list[tuple[str, Span]] = []
    macro_start: Statement | None = None
    macro_name = ""
    reader_lines = {d.span.line for d in read.diagnostics}
    for unit in read.units:
        if unit.kind != "item" and macro_start is None:
            _lab, op_start, op_end, _o = _fields(unit.text)
            kind = classify(dialect, unit.text[op_start:op_end].upper())
            if kind != "statement" and unit.text[op_start:op_end].upper() != "MACRO":
                st, problems = parse_instruction(unit, src.path, dialect, len(statements), kind)
                statements.append(st)
                diags.extend(problems)
                continue
        result = parse_statement(unit, src.path, dialect, len(statements), grammar)
        if isinstance(result, Diagnostic):
            lines = set(
                range(unit.line, (unit.smap.lines[-1] if unit.smap.lines else unit.line) + 1)
            )
            if macro_start is None and not lines & reader_lines:
                diags.append(result)
            continue
        if macro_start is not None:
            if result.op == "MACRO":
                continue
            if not macro_name:
                macro_name = result.op
                macros.append((macro_name, result.op_span or result.span))
            if result.op == "MEND":
                diags.append(_macro_skipped(macro_start, result, macro_name))
                macro_lines.append((macro_start.span.line, result.span.end_line))
                macro_start = None
            continue
        if result.op == "MACRO":
            macro_start = result
            macro_name = ""
            continue
        statements.append(result)
    if macro_start is not None:
        diags.append(
            Diagnostic(
                "PRS001",
                macro_start.span,
                "MACRO definition has no MEND: the rest of the deck was skipped",
            )
        )
    for d in read.diagnostics:
        if not any(a <= d.span.line <= b for a, b in macro_lines):
            diags.append(d)
    diags.sort(key=lambda d: (d.span.line, d.span.col))
    return ParsedFile(src, dialect, Statements(statements), read, tuple(diags), tuple(macros))


def _macro_skipped(start: Statement, end: Statement, name: str) -> Diagnostic:
    span = Span(start.span.line, start.span.col, end.span.end_line, end.span.end_col)
    return Diagnostic(
        "PRS002",
        Span(start.span.line, start.span.col, start.span.line, start.span.end_col),
        f"MACRO definition {name or '(unnamed)'} (lines {span.line}-{span.end_line}) is "
        "conditional assembly, not a definition; it was skipped and statements that use it "
        "are not modelled",
        Severity.INFO,
    )


def parse_assembler(
    src: SourceFile, dialect: str, grammar: str, operations: Collection[str] = ()
) -> ParsedFile:
    """A card deck's statements; given the dialect's `operations`, a deck shifted right is
    read as shifted back and reported once (see `cards.shifted_by`)."""
    shift, line = shifted_by(src, operations) if operations else (0, 0)
    read = read_assembler(src, shift)
    if shift:
        read.diagnostics.insert(0, shifted_deck(shift, line))
    return parse_units(src, read, dialect, grammar)


def parse_option_list(src: SourceFile, dialect: str, grammar: str) -> ParsedFile:
    return parse_units(src, read_option_list(src), dialect, grammar)
