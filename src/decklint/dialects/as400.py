"""AS/400 (IBM i) CL configuration source, as RTVCFGSRC writes it or by hand.

Tuning documents: Getting the most from APPC ("AS/400 tuning recommendations"). Syntax:
grammars/as400.lark; `+` (next record's leading blanks dropped) or `-` (kept) as the last
non-blank character continues a command, `/* */` comments may go wherever a blank may. Models
CRTMODD/CHGMODD (modes), CRTLINTRN/CRTLINETH/CRTLINSDLC/CRTLINX25 (lines), CRTCTLAPPC/CHGCTLAPPC
(controllers), CRTDEVAPPC (devices) and CHGSYSVAL (system values).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from decklint.dialects import GLOBS
from decklint.dialects.base import (
    DialectSpec,
    ParsedFile,
    parsed_units,
    sniff_count,
)
from decklint.dialects.catalog import Catalog, StatementEntry
from decklint.dialects.catalog_check import (
    default_note,
    default_of,
    operand_problems,
    positions,
    product_catalog,
    unknown_statement,
)
from decklint.dialects.freeform import Text, blank_comments, unterminated
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
from decklint.model.entities import Attr
from decklint.model.lowering import Lowering, default
from decklint.source import SourceFile, SourceMap

_COMMENTS = (re.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL),)


def read(src: SourceFile) -> ReadResult:
    out = ReadResult()
    text = Text(src)
    body = blank_comments(text, _COMMENTS, out)
    unterminated(text, out)
    lines = body.split("\n")
    parts: list[tuple[str, int, int]] = []
    start_line = 0
    keep_blanks = False
    for i, raw in enumerate(lines, 1):
        stripped = raw.rstrip()
        if not parts and not stripped.strip():
            continue
        lead = 0 if keep_blanks or not parts else len(stripped) - len(stripped.lstrip())
        if not parts:
            lead = len(stripped) - len(stripped.lstrip())
            start_line = i
        cont = stripped.endswith(("+", "-")) and not _in_quote(stripped)
        body_end = len(stripped) - 1 if cont else len(stripped)
        piece = stripped[lead:body_end]
        if piece:
            parts.append((piece, i, lead + 1))
        elif not parts:
            parts.append(("", i, lead + 1))
        if cont:
            keep_blanks = stripped.endswith("-")
            if not keep_blanks and parts and parts[-1][0] and not parts[-1][0].endswith(" "):
                parts.append((" ", 0, 0))
            continue
        _flush(parts, start_line, out)
        parts = []
        keep_blanks = False
    if parts:
        _flush(parts, start_line, out)
        last = parts[-1]
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                text.span(len(body.rstrip()) - 1, len(body.rstrip())),
                f"the command that starts on line {start_line} ends with a continuation "
                "character but the file ends",
                None,
            )
        )
        del last
    return out


def _in_quote(s: str) -> bool:
    return s.count("'") % 2 == 1


def _flush(parts: list[tuple[str, int, int]], line: int, out: ReadResult) -> None:
    sm = SourceMap()
    chunks = []
    off = 0
    for t, ln, col in parts:
        if ln:
            sm.add(off, ln, col, len(t))
        chunks.append(t)
        off += len(t)
    text = "".join(chunks)
    if text.strip():
        out.units.append(LogicalUnit(text, sm, line, "command"))


def _value(node: object, sm: SourceMap, text: str) -> Value:
    from lark import Token

    if isinstance(node, Token):
        start, end = node.start_pos or 0, node.end_pos or 0
        return Value(classify_atom(str(node)), str(node), sm.span(start, end))
    children = node.children  # type: ignore[attr-defined]
    lpar, rpar = children[0], children[-1]
    items = tuple(_value(c, sm, text) for c in children[1:-1])
    return Value(
        "list", text[lpar.start_pos : rpar.end_pos], sm.span(lpar.start_pos, rpar.end_pos), items
    )


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = list(rd.diagnostics)
    for unit, tree in parsed_units(rd.units, "as400", "command", diags):
        sm, text = unit.smap, unit.text
        label_tok, cmd, *params = tree.children
        operands = []
        for p in params:
            if p.data == "keyword":
                kwd, *items, rpar = p.children
                name = str(kwd)[:-1]
                vals = tuple(_value(i, sm, text) for i in items)
                start = kwd.end_pos
                if len(vals) == 1:
                    value = vals[0]
                elif not vals:
                    value = Value("empty", "", sm.span(start, start))
                else:
                    value = Value(
                        "list", text[start : rpar.start_pos], sm.span(start, rpar.start_pos), vals
                    )
                operands.append(
                    Operand(name.upper(), value, sm.span(kwd.start_pos, rpar.end_pos), name)
                )
            else:
                v = _value(p.children[0], sm, text)
                operands.append(Operand(None, v, v.span))
        statements.append(
            Statement(
                src.path,
                "as400",
                len(statements),
                str(cmd).upper(),
                sm.span(0, len(text)),
                label=str(label_tok)[:-1] if label_tok is not None else None,
                op_span=sm.span(cmd.start_pos, cmd.end_pos),
                operands=tuple(operands),
                kind="command",
            )
        )
    return ParsedFile(src, "as400", Statements(statements), rd, tuple(diags))


_SNIFF = re.compile(
    r"^[ \t]*(?:[A-Z0-9_$#@]+:\s*)?(CRTMODD|CHGMODD|CRTLINTRN|CRTLINETH|CRTLINSDLC|CRTLINX25|"
    r"CRTCTLAPPC|CHGCTLAPPC|CRTDEVAPPC|CHGSYSVAL|CRTCTLHOST|CRTDEVHOST)\b",
    re.IGNORECASE | re.MULTILINE,
)


def sniff(src: SourceFile) -> float:
    return sniff_count(src, _SNIFF, 500, 0.7, 0.1, 0.97)


# --------------------------------------------------------------------------- lowering

_CATALOG = "as400"  # grammars/catalogs/as400.yaml: commands, parameters, positions, defaults


def _object_names(op: Operand | None) -> Iterator[Value]:
    """The object names a parameter lists (special values such as *NONE left out)."""
    if op is None:
        return
    for v in op.value.items if op.value.is_list else (op.value,):
        if v is not None and v.kind == "word" and not v.text.startswith("*"):
            yield v


def operands_by_name(st: Statement) -> dict[str, Operand]:
    """Keyword operands, with positional ones named by the command's positions."""
    out = dict(st.keywords())
    names = positions(_CATALOG, st.op)
    for i, o in enumerate(p for p in st.operands if p.name is None):
        if i < len(names) and names[i] not in out:
            out[names[i]] = o
    return out


def _attr(op: Operand | None, dflt: tuple[str, str] | None = None, note: str = "") -> Attr:
    """Numbers as ints, special values (*CALC, *LINKTYPE) as upper-case text; not coded, the
    default the catalog gives parameter `dflt` (command, parameter) of the command."""
    if op is None:
        if dflt is None:
            return default(None, note)
        return default(default_of(_CATALOG, *dflt), note or _note(*dflt))
    v = op.value
    text = v.text.upper().strip("'")
    num = v.as_int() if v.kind == "int" else None
    return Attr(num if num is not None else text, op.text, v.span)


def _note(command: str, parameter: str) -> str:
    return default_note(_CATALOG, command, parameter, "AS/400")


def lower(pf: ParsedFile, low: Lowering) -> None:
    cat = product_catalog(_CATALOG)
    for st in pf.statements:
        ops = operands_by_name(st)
        _judge(cat, st, ops, low)
        if st.op in ("CRTMODD", "CHGMODD"):
            _mode(st, ops, low)
        elif st.op.startswith("CRTLIN"):
            name = _name(ops.get("LIND"))
            if name:
                low.define("as400_line", name, ops["LIND"].value.span)
                low.add(
                    "line_desc",
                    name,
                    st.span,
                    {
                        "name": _attr(ops.get("LIND")),
                        "type": default(st.op[6:]),
                        "maxframe": _attr(ops.get("MAXFRAME"), None, "the line type's default"),
                        "linespeed": _attr(ops.get("LINESPEED")),
                        "adptadr": _attr(ops.get("ADPTADR")),
                        "dftpktsize": _attr(ops.get("DFTPKTSIZE")),
                    },
                )
        elif st.op in ("CRTCTLAPPC", "CHGCTLAPPC"):
            name = _name(ops.get("CTLD"))
            if not name:
                continue
            line = ops.get("LINE") or ops.get("SWTLINLST")
            for v in _object_names(line):
                low.reference("as400_line", v.text.upper(), v.span, f"line of controller {name}")
            low.add(
                "controller",
                name,
                st.span,
                {
                    "name": _attr(ops.get("CTLD")),
                    "linktype": _attr(ops.get("LINKTYPE")),
                    "maxframe": _attr(ops.get("MAXFRAME"), ("CRTCTLAPPC", "MAXFRAME")),
                    "line": _attr(line) if line is not None else default(None),
                    "rmtcpname": _attr(ops.get("RMTCPNAME")),
                    "rmtnetid": _attr(ops.get("RMTNETID")),
                    "adptadr": _attr(ops.get("ADPTADR")),
                    "lanmaxout": _attr(ops.get("LANMAXOUT"), ("CRTCTLAPPC", "LANMAXOUT")),
                    "lanackfrq": _attr(ops.get("LANACKFRQ"), ("CRTCTLAPPC", "LANACKFRQ")),
                },
            )
        elif st.op == "CRTDEVAPPC":
            name = _name(ops.get("DEVD"))
            mode = ops.get("MODE")
            for v in _object_names(mode):
                low.reference("as400_mode", v.text.upper(), v.span, f"MODE of device {name}")
            low.add(
                "device",
                name or "(unnamed)",
                st.span,
                {
                    "name": _attr(ops.get("DEVD")),
                    "rmtlocname": _attr(ops.get("RMTLOCNAME")),
                    "ctl": _attr(ops.get("CTL")),
                    "mode": _attr(mode, ("CRTDEVAPPC", "MODE")),
                },
            )
        elif st.op == "CHGSYSVAL":
            name = _name(ops.get("SYSVAL"))
            if name:
                low.add(
                    "system_value",
                    name,
                    st.span,
                    {
                        "name": _attr(ops.get("SYSVAL")),
                        "value": _attr(ops.get("VALUE")),
                    },
                )


def _name(op: Operand | None) -> str:
    return op.value.text.upper().strip("'") if op is not None else ""


def _judge(cat: Catalog, st: Statement, ops: dict[str, Operand], low: Lowering) -> None:
    """PRS002 and PRS003 from the catalog: a command it does not list, a parameter its entry
    does not take, a value outside the entry's range or choices (a system value's VALUE by
    the value's own entry)."""
    entry = cat.statement(st.op)
    if entry is None:
        found = unknown_statement(cat, st, "command")
        if found is not None:
            low.diag(found)
        return
    for d in operand_problems(cat, entry, ops.items(), st.op, ops, by="AS/400"):
        low.diag(d)
    if st.op == "CHGSYSVAL" and "VALUE" in ops:
        sysval = cat.section_operands("system_values").get(_name(ops.get("SYSVAL")))
        if sysval is not None:
            named = StatementEntry(st.op, operands={"VALUE": sysval}, confidence=sysval.confidence)
            for d in operand_problems(
                cat, named, [("VALUE", ops["VALUE"])], _name(ops.get("SYSVAL"))
            ):
                low.diag(d)


def _mode(st: Statement, ops: dict[str, Operand], low: Lowering) -> None:
    name = _name(ops.get("MODD"))
    if not name:
        low.diag(Diagnostic("PRS001", st.span, f"{st.op} needs MODD, the mode name"))
        return
    low.define("as400_mode", name, ops["MODD"].value.span)
    ru = _attr(ops.get("MAXLENRU"), ("CRTMODD", "MAXLENRU"))
    ru_num = ru.value if isinstance(ru.value, int) else None
    ru_attr = Attr(ru_num, ru.raw, ru.span, ru.defaulted, ru.note)
    attrs = {
        "name": _attr(ops.get("MODD")),
        "table": default("AS400"),
        "maxlenru": ru,
        "default_ru_size": Attr(ru.value == "*CALC", ru.raw, ru.span, ru.defaulted),
        "ru_max": ru_attr,
        "ru_min": ru_attr,
        "ru_primary": ru_attr,
        "ru_secondary": ru_attr,
        "receive_window": _attr(ops.get("INPACING"), ("CRTMODD", "INPACING")),
        "send_window": _attr(ops.get("OUTPACING"), ("CRTMODD", "OUTPACING")),
        "max_inpacing": _attr(ops.get("MAXINPAC"), ("CRTMODD", "MAXINPAC")),
        "max_sessions": _attr(ops.get("MAXSSN"), ("CRTMODD", "MAXSSN")),
        "max_conversations": _attr(ops.get("MAXCNV"), ("CRTMODD", "MAXCNV")),
        "min_winners": _attr(ops.get("LCLCTLSSN"), ("CRTMODD", "LCLCTLSSN")),
        "preestablished": _attr(ops.get("PREESTSSN"), ("CRTMODD", "PREESTSSN")),
        "cos": _attr(ops.get("COS"), ("CRTMODD", "COS")),
        "appncos": _attr(ops.get("COS")),
        "bulk": default(name in low.settings.bulk_modes),
    }
    low.add("mode", name, st.span, attrs, scope="AS400")


SPEC = DialectSpec(
    name="as400",
    title="AS/400 (IBM i) CL configuration source (CRTMODD, CRTLINxxx, CRTCTLAPPC, ...)",
    globs=GLOBS["as400"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("/*",),
    card_image=False,
    documents=("appc",),
)
