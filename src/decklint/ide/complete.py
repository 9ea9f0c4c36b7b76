"""Completion: the operands the statement under the cursor takes, an operand's enumerated
values after `KEY=` (or `KEY(`, or a TCP/IP parameter), statement names where a statement's
name goes.

The statement being typed is often not yet one the dialect can parse, so the context is
read from the text: the card it starts on (following continuation marks in column 72 back)
and the words before the cursor.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from decklint import dialects
from decklint.core.ir import Operand, Statement, Value
from decklint.core.source import Span
from decklint.ide.containers import part_at
from decklint.ide.document import Document, inside, open_document
from decklint.ide.records import Completion
from decklint.knowledge.catalog import OperandEntry, value_lines
from decklint.model import catalogued
from decklint.readers.cards import CONT_COL, TEXT_END

_WORD = re.compile(r"[A-Za-z0-9_@#$]*\Z")
_CODED = re.compile(r"([A-Za-z][A-Za-z0-9_@#$]*)\s*[=(]\s*([A-Za-z0-9_@#$]*)")
_EQUALS = re.compile(r"([A-Za-z0-9_@#$]+)\s*=\Z")
_OPEN = re.compile(r"([A-Za-z0-9_@#$]+)\s*(?:=\s*)?\(\Z")


class _Context(NamedTuple):
    op: str
    statement: Statement | None
    typed: str  # the part of the word before the cursor
    value_of: str  # the operand whose value is being typed ("" when a name is)
    op_position: bool  # the word is where a statement's name goes
    coded: frozenset[str] = frozenset()  # the operands coded already (not the one typed)


def completions(
    path: str, text: str, line: int, column: int, dialect: str | None = None
) -> list[Completion]:
    """What may be typed at the position; empty when nothing is known there."""
    part = part_at(path, text, line)
    if part is None:
        return []
    if part.block is not None:
        line, column = part.inward(line, column)
        dialect = part.block.dialect or dialect
    doc = open_document(part.path, part.text, dialect)
    if doc.dialect is None:
        return []
    ctx = _context(doc, line, column)
    if ctx is None:
        return []
    out: list[Completion] = []
    if ctx.op_position:
        out += _statements(doc, ctx.typed)
    if ctx.op and not (ctx.op_position and _assign(doc.dialect) is not None):
        st = ctx.statement or _typed_statement(doc, ctx.op, line)
        coded = ctx.coded if ctx.statement else frozenset(o.name or "" for o in st.operands)
        e = catalogued.entry(doc.dialect, doc.path, st)
        if e is not None:
            if not ctx.value_of:
                out += _operands(doc, e, ctx, coded)
            else:  # after a TCP/IP word that has no values to offer, a parameter may follow
                values = _values(e, ctx.value_of, ctx.typed)
                after_word = ctx.value_of.startswith("+")
                out += values or (_operands(doc, e, ctx, coded) if after_word else [])
    return out


def _context(doc: Document, line: int, column: int) -> _Context | None:
    """What is being typed at the position, and in which statement."""
    if column < 1 or line < 1:
        return None
    before = doc.line(line)[: column - 1]
    card = _is_card(doc)
    if card and len(before) >= CONT_COL:
        return None  # the continuation and sequence columns
    typed = _WORD.search(before)
    word = typed.group() if typed else ""
    head = before[: len(before) - len(word)]
    first = _first_line(doc, line) if card else line
    st = _statement_on(doc, first, line)
    if card:
        op, op_position = _card_op(doc.line(first), head, first == line)
        if not op and not op_position:
            return None
    else:  # free format: a statement starts in column 1, its continuations are indented
        op = st.op if st is not None else _first_word(doc, line)
        starts = head == "" and (st is None or st.span.line == line)
        op_position = starts and word == doc.line(line)[: len(word)]
        if op_position:
            op = ""  # the word is a statement's name, not one of its operands
    value_of = _value_of(doc, head)
    coded = frozenset(
        o.name.upper()
        for o in (st.operands if st is not None else ())
        if o.name and not inside(o.span, line, column)
    )
    return _Context(op, st, word, value_of, op_position and not value_of, coded)


def _typed_statement(doc: Document, op: str, line: int) -> Statement:
    """A statement the dialect could not read yet, from its text: its name and the keywords
    written so far (a CICS DEFINE's first keyword is its resource type)."""
    assert doc.dialect is not None
    first = line
    while first > 1 and doc.line(first)[:1] in (" ", "\t") and doc.dialect == "cics":
        first -= 1
    text = " ".join(doc.line(n)[:TEXT_END] for n in range(first, line + 1))
    here = Span(line, 1, line, 1)
    rest = text.split(None, 1)[1] if " " in text.strip() else ""
    coded = _CODED.findall(rest)  # KEY=value: the value tells what some statements are
    operands = tuple(Operand(n.upper(), Value("string", v, here), here, n) for n, v in coded)
    return Statement(doc.path, doc.dialect, 0, op, here, operands=operands)


def _is_card(doc: Document) -> bool:
    """An assembler-style card deck: label in column 1, continuation mark in column 72 (a
    DFHCSDUP deck is card images too, but its commands continue without a mark)."""
    from decklint import dialects

    if doc.dialect is None or doc.dialect == "cics":
        return False
    return dialects.get(doc.dialect).card_image


def _first_word(doc: Document, line: int) -> str:
    """The statement name a line of free-format text starts with (after continuation lines,
    which start with a blank, the line the statement starts on)."""
    while line > 1 and doc.line(line)[:1] in (" ", "\t"):
        line -= 1
    words = doc.line(line).split()
    # a BPXPRMxx or IVTPRM00 statement may be its value too: FORKCOPY(COW), POOL(4K,...)
    return words[0].split("(")[0].upper() if words else ""


def _first_line(doc: Document, line: int) -> int:
    """The card a statement starts on: back over the cards continued in column 72."""
    while line > 1:
        prev = doc.line(line - 1)
        if len(prev) >= CONT_COL and prev[TEXT_END] not in " ":
            line -= 1
        else:
            break
    return line


def _statement_on(doc: Document, first: int, line: int) -> Statement | None:
    found = None
    for st in doc.statements:
        if st.span.line <= line <= st.span.end_line or st.span.line == first:
            found = st
    return found


def _card_op(first: str, head: str, on_first: bool) -> tuple[str, bool]:
    """The statement name of a card (after its label when column 1 holds one), and whether
    the cursor is where that name goes."""
    words = first[:TEXT_END].split()
    labelled = bool(first[:1].strip())
    op = words[1] if labelled and len(words) > 1 else (words[0] if words and not labelled else "")
    if not on_first:
        return op.upper(), False
    if not head:
        return "", False  # the label field
    before = head.split()
    at_op = len(before) == (1 if labelled else 0) and head.endswith((" ", "\t"))
    return ("" if at_op else op.upper()), at_op


def _value_of(doc: Document, head: str) -> str:
    """The operand whose value the cursor is in: after `KEY=` or `KEY(`, inside a sublist
    (`KEY=(A,B,`), or after a TCP/IP parameter that may take a value ("+" and its word)."""
    m = _EQUALS.search(head)
    if m is not None:
        return m.group(1).upper()
    depth = 0
    for i in range(len(head) - 1, -1, -1):
        c = head[i]
        if c == ")":
            depth += 1
        elif c == "(" and depth > 0:
            depth -= 1
        elif c == "(":
            m = _OPEN.search(head[: i + 1])
            return m.group(1).upper() if m is not None else ""
        elif c in " \t" and depth == 0:
            break
    if doc.dialect == "tcpip":
        words = head.split()
        if words and head.endswith((" ", "\t")):
            return "+" + words[-1].upper()
    return ""


def _statements(doc: Document, typed: str) -> list[Completion]:
    assert doc.dialect is not None
    out = []
    for name in catalogued.statement_names(doc.dialect, doc.path):
        if not name.startswith(typed.upper()):
            continue
        st = Statement(doc.path, doc.dialect, 0, name, Span(1, 1, 1, 1))
        e = catalogued.entry(doc.dialect, doc.path, st)
        meaning = e.statement.meaning if e is not None else ""
        context = e.statement.context if e is not None else ""
        out.append(Completion(name, "statement", context, meaning, name))
    return out


def _operands(
    doc: Document, e: catalogued.Entry, ctx: _Context, coded: frozenset[str]
) -> list[Completion]:
    assign = _assign(doc.dialect) or ""
    out = []
    for name, op in sorted(e.statement.operands.items()):
        if name in coded or not catalogued.is_keyword(e, name):
            continue
        if not name.startswith(ctx.typed.upper()):
            continue
        flag = catalogued.is_flag(op)
        out.append(
            Completion(
                name, "operand", _detail(op), _documentation(op, e), name + ("" if flag else assign)
            )
        )
    return out


def _values(e: catalogued.Entry, operand: str, typed: str) -> list[Completion]:
    if operand.startswith("+"):  # the word before: a TCP/IP parameter, perhaps with values
        op = catalogued.keyword_operand(e, operand[1:])
        if op is None or catalogued.is_flag(op):
            return []
    else:
        op = e.statement.operands.get(operand) or catalogued.keyword_operand(e, operand)
        if op is None and e.statement.value is not None and operand == e.statement.name:
            op = e.statement.value  # a statement that is one value: FORKCOPY(COW)
    if op is None:
        return []
    values = op.values or (("YES", "NO") if op.kind == "yesno" else ())
    return [
        Completion(v, "value", f"{op.name} value", op.meaning, v)
        for v in values
        if v.upper().startswith(typed.upper())
    ]


def _detail(op: OperandEntry) -> str:
    return " · ".join(value_lines(op)[:3])


def _documentation(op: OperandEntry, e: catalogued.Entry) -> str:
    lines = [op.meaning] if op.meaning else []
    lines += value_lines(op)
    if op.note:
        lines.append(f"note: {op.note}")
    return "\n".join(lines)


def _assign(dialect: str | None) -> str | None:
    """What follows an operand's name when it is inserted: the dialect record's `assign`."""
    entry = dialects.REGISTRY.get(dialect or "")
    return entry.assign if entry is not None else None
