"""HPE NonStop SCF: command (OBEY) files and captured INFO / STATUS displays.

Tuning documents: the NonStop TCP/IP and BackHome!/ADSM tuning note (TLAM and 3615 controller
tuning, CPU affinity, process priorities). Commands are parsed with grammars/scf.lark; a capture
of SCF's output is read by its layout (research/spec-gaps.md 4.2): a header `<SUBSYS> [Detailed
]Info|Status <TYPE> <name>`, dotted detail lines `*Attribute.......value` (several on a line),
`Name: value` lines and column tables whose `(cpu,pin)` process ids give primary and backup
CPUs. Both become one model (`lowering`): processes with CPUs and priorities, TCP/IP stacks,
subnets, LINE and PORT objects with DATAFORWARDCOUNT, DATAFORWARDTIME and QIOMODE.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from decklint.core.ir import (
    Diagnostic,
    LogicalUnit,
    Operand,
    ReadResult,
    Remark,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.core.source import SourceFile, SourceMap, Span
from decklint.knowledge.catalog_check import product_catalog
from decklint.knowledge.keywords import words
from decklint.readers.base import (
    ParsedFile,
    lark_parser,
    line_heads,
    parse_unit,
)

if TYPE_CHECKING:
    pass

_CATALOG = "scf"  # grammars/catalogs/scf.yaml: SCF's commands and object types


@functools.cache
def _role(role: str) -> frozenset[str]:
    cat = product_catalog(_CATALOG)
    return frozenset(
        name
        for name, body in cat.raw.items()
        if isinstance(body, dict) and body.get("role") == role
    )


def verbs() -> frozenset[str]:
    """SCF's commands (the catalog's statements with `role: command`)."""
    return _role("command")


def object_types() -> frozenset[str]:
    """SCF's object types (the catalog's statements with `role: object`)."""
    return _role("object")


_PROMPT = re.compile(r"^\s*\d*->\s?")
_HEADER = re.compile(
    # possessive runs: a line of many blanks once took minutes to reject
    r"^\s*+(?P<sub>[A-Za-z][\w/-]*+(?:[ ]++[\w/-]++)*?)\s++(?:Detailed\s++)?"
    r"(?P<what>Info|Status|Stats)\s++(?P<type>[A-Za-z]++)(?:\s++(?P<name>[\\$#]\S*+)|:)?\s*+$",
    re.IGNORECASE,
)
# Possessive runs and a start only where a name can start: linear on any line (a 10 MB word
# with no '..' after it once took minutes of backtracking).
_PAIR = re.compile(
    r"(\*?)(?<![A-Za-z0-9_/()-])([A-Za-z][A-Za-z0-9_/()-]*+(?: [A-Za-z0-9_/()-]++)*+)\s*+\.{2,}\s*"
)
_COLON = re.compile(r"^\s*([A-Za-z][A-Za-z0-9 _-]*):\s+(\S.*)$")
_PID = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)|(?<!\d)\d++\s*+,\s*\d+")


def _comment_at(text: str) -> int | None:
    q = ""
    for i, ch in enumerate(text):
        if q:
            q = "" if ch == q else q
        elif ch in "\"'" and text.find(ch, i + 1) > 0:
            q = ch
        elif text.startswith(("==", "--"), i):
            return i
    return None


class _Reader:
    def __init__(self, src: SourceFile) -> None:
        self.src = src
        self.rd = ReadResult()
        self.units: list[tuple[str, LogicalUnit]] = []  # (kind, unit)
        self.columns: list[tuple[str, int]] | None = None  # the current table's header

    def run(self) -> ReadResult:
        lines = self.src.lines
        i = 0
        pending: LogicalUnit | None = None
        while i < len(lines):
            raw = lines[i]
            m = _PROMPT.match(raw)
            lead = m.end() if m else 0
            body = raw[lead:].rstrip()
            n = i + 1
            i += 1
            if pending is None and not body.strip():
                self.columns = None
                continue
            if pending is None and self._display(body, n, lead):
                continue
            cut = _comment_at(body)
            if cut is not None:
                self.rd.comments.append(Remark(n, lead + cut + 1, body[cut:]))
                body = body[:cut].rstrip()
            cont = body.endswith("&")
            if cont:
                body = body[:-1].rstrip()
            stripped = body.lstrip()
            start = lead + len(body) - len(stripped)
            if pending is None:
                if not stripped:
                    continue
                pending = LogicalUnit("", SourceMap(), n, "command")
            if stripped:
                if pending.text:
                    pending.text += " "
                pending.smap.add(len(pending.text), n, start + 1, len(stripped))
                pending.text += stripped
            if not cont:
                self.units.append(("command", pending))
                pending = None
        if pending is not None:
            self.rd.diagnostics.append(
                Diagnostic(
                    "PRS001",
                    pending.smap.span(max(len(pending.text) - 1, 0), len(pending.text)),
                    "the command ends with '&' (continued) but the file ends",
                )
            )
            if pending.text:
                self.units.append(("command", pending))
        return self.rd

    def _unit(self, kind: str, text: str, n: int, col: int) -> None:
        sm = SourceMap()
        sm.add(0, n, col, len(text))
        self.units.append((kind, LogicalUnit(text, sm, n, kind)))

    def _display(self, body: str, n: int, lead: int) -> bool:
        """Lines of a captured display: header, detail pairs, `Name: value`, tables."""
        stripped = body.strip()
        col = lead + len(body) - len(body.lstrip()) + 1
        first = stripped.split()[0].upper() if stripped else ""
        if _HEADER.match(body) and first not in verbs():
            self._unit("header", stripped, n, col)
            self.columns = []
            return True
        if _PAIR.search(body) and (first not in verbs() or ".." in stripped.split()[0]):
            self._unit("detail", stripped, n, col)
            return True
        if self.columns is None:
            return False
        m = _COLON.match(body)
        if m and first not in verbs():
            self._unit("colon", stripped, n, col)
            return True
        if not self.columns and first not in verbs() and re.fullmatch(r"[\s\w*/-]+", body):
            self.columns = [
                (w.group().lstrip("*").upper(), w.start()) for w in re.finditer(r"\S+", body)
            ]
            self._unit("columns", stripped, n, col)
            return True
        if self.columns and first not in verbs():
            self._unit("row", stripped, n, col)
            return True
        return False


def parse(src: SourceFile) -> ParsedFile:
    reader = _Reader(src)
    rd = reader.run()
    parser = lark_parser("scf", ("command",))
    statements: list[Statement] = []
    diags: list[Diagnostic] = list(rd.diagnostics)
    columns: list[str] = []
    header_type = ""
    for kind, unit in reader.units:
        rd.units.append(unit)
        sm = unit.smap
        whole = sm.span(0, len(unit.text))
        if kind == "command":
            tree = parse_unit(parser, unit)
            if isinstance(tree, Diagnostic):
                diags.append(tree)
                continue
            statements.append(_command(src.path, len(statements), tree, sm, whole))
        elif kind == "header":
            m = _HEADER.match(unit.text)
            assert m is not None
            ops = tuple(
                Operand(
                    k.upper(),
                    Value("word", m.group(k), sm.span(m.start(k), m.end(k))),
                    sm.span(m.start(k), m.end(k)),
                )
                for k in ("sub", "what", "type", "name")
                if m.group(k) is not None
            )
            header_type = m.group("type").upper()
            statements.append(
                Statement(
                    src.path, "scf", len(statements), "DISPLAY", whole, operands=ops, kind="header"
                )
            )
        elif kind == "columns":
            columns = unit.text.upper().replace("*", "").split()
            if columns and columns[0] == header_type:  # SNAX: `Line *Station ...`
                columns[0] = "NAME"
        elif kind in ("detail", "colon", "row"):
            ops = _pairs(kind, unit.text, sm, columns)
            if ops:
                statements.append(
                    Statement(
                        src.path,
                        "scf",
                        len(statements),
                        kind.upper(),
                        whole,
                        operands=ops,
                        kind=kind,
                    )
                )
    return ParsedFile(src, "scf", Statements(statements), rd, tuple(diags))


def _pairs(kind: str, text: str, sm: SourceMap, columns: list[str]) -> tuple[Operand, ...]:
    out: list[Operand] = []
    if kind == "colon":
        m = _COLON.match(text)
        if m:
            name = re.sub(r"\s+", "", m.group(1)).upper()
            out.append(_op(name, m.group(2).strip(), m.start(2), sm))
        return tuple(out)
    if kind == "row":
        merged = _PID.sub(lambda mm: mm.group().replace(" ", "\x00"), text)
        tokens = [(w.group().replace("\x00", " "), w.start()) for w in re.finditer(r"\S+", merged)]
        for (value, at), name in zip(tokens, columns, strict=False):
            out.append(_op(name, value, at, sm))
        return tuple(out)
    hits = list(_PAIR.finditer(text))
    for i, m in enumerate(hits):
        end = hits[i + 1].start() if i + 1 < len(hits) else len(text)
        value = text[m.end() : end].strip()
        name = re.sub(r"[\s_-]+", "", m.group(2)).upper()
        out.append(_op(name, value, m.end(), sm, alterable=bool(m.group(1))))
    return tuple(out)


def _op(name: str, value: str, at: int, sm: SourceMap, alterable: bool = False) -> Operand:
    span = sm.span(at, at + max(len(value), 1))
    return Operand(
        name,
        Value(classify_atom(value) if " " not in value else "text", value, span),
        span,
        "*" + name if alterable else name,
    )


def _command(path: str, index: int, tree: Any, sm: SourceMap, whole: Span) -> Statement:
    verb, *rest = tree.children
    operands: list[Operand] = []
    for c in rest:
        if c is None or getattr(c, "type", "") == "COMMA":
            continue
        if getattr(c, "data", None) == "attr":
            items = c.children
            name = items[0]
            if not hasattr(name, "start_pos"):  # `, (A B)`: no attribute name, values only
                operands.extend(Operand(None, v, v.span) for v in (_value(i, sm) for i in items))
                continue
            vals = [_value(i, sm) for i in items[1:]]
            span = sm.span(name.start_pos, _end(items[-1]))
            if not vals:
                v = Value("flag", str(name), sm.span(name.start_pos, name.end_pos))
            elif len(vals) == 1:
                v = vals[0]
            else:
                v = Value("list", " ".join(x.text for x in vals), span, tuple(vals))
            operands.append(Operand(str(name).upper(), v, span, str(name)))
        else:
            v = _value(c, sm)
            operands.append(Operand(None, v, v.span))
    return Statement(
        path,
        "scf",
        index,
        str(verb).upper(),
        whole,
        op_span=sm.span(verb.start_pos, verb.end_pos),
        operands=tuple(operands),
        kind="command",
    )


def _end(node: Any) -> int:
    if hasattr(node, "end_pos"):
        return int(node.end_pos)
    return _end(node.children[-1])


def _value(c: Any, sm: SourceMap) -> Value:
    if getattr(c, "data", None) == "paren":
        kids = [
            k
            for k in c.children
            if k is not None and getattr(k, "type", "") not in ("LPAR", "RPAR", "COMMA")
        ]
        span = sm.span(c.children[0].start_pos, c.children[-1].end_pos)
        items = tuple(_value(k, sm) for k in kids)
        return Value("list", f"({' '.join(i.text for i in items)})", span, items)
    text = str(c)
    kind = (
        "runopts"
        if c.type == "RUNOPTS"
        else "string"
        if c.type == "QUOTED"
        else classify_atom(text)
    )
    return Value(kind, text, sm.span(c.start_pos, c.end_pos))


_SNIFF_VERBS = words("ASSUME INFO ALTER ADD STATUS START")
_SNIFF_OBJECTS = words("PROCESS LINE PORT SUBNET PU ROUTE")
_SNIFF_DETAILS = ("DATAFORWARD", "QIOMODE", "PPID", "PRIMARYCPU", "LNMAXOUT")
# The subsystems whose INFO and STATUS displays a capture holds ("TLAM Detailed Info LINE").
_SNIFF_SUBSYSTEMS = words("TCPIP TCPIPV6 TLAM EXPAND SNAX X25AM KERNEL PAM SLSA LAN TELSERV")


def _scf(a: str, b: str, c: str) -> bool:
    """A command on a NonStop object, named as SCF names them ($process, #port, \\system:
    "Add line numbers" is no command), or a line of an INFO or STATUS display."""
    return (
        (a in _SNIFF_VERBS and b in _SNIFF_OBJECTS and c.startswith(("$", "#", "\\", "*")))
        or (a in _SNIFF_SUBSYSTEMS and b in ("INFO", "STATUS") and c in _SNIFF_OBJECTS)
        or (a in _SNIFF_SUBSYSTEMS and b == "DETAILED" and c in ("INFO", "STATUS"))
        or a.lstrip("*").startswith(_SNIFF_DETAILS)
    )


def sniff(src: SourceFile) -> float:
    n = sum(1 for h in line_heads(src, 600) if _scf(h.a, h.b, h.c))
    return 0.0 if n == 0 else min(0.7 + 0.08 * n, 0.95)
