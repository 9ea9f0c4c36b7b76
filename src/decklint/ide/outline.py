"""A deck's outline: major nodes, groups, lines, PUs, LUs, mode tables and modes, devices and
links, as the editor's document symbols.

Card decks nest by statement (a GROUP holds the LINEs after it, a LINE its PUs, a PU its
LUs); a TCP/IP profile lists its statements with the entries of each block or list; a CSD
groups its DEFINEs by GROUP; the other dialects list their statements.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from decklint import dialects
from decklint.core.ir import Statement
from decklint.core.source import Span
from decklint.ide.containers import Part, parts
from decklint.ide.document import open_document
from decklint.ide.records import Symbol

# Card decks nest by their dialect record's `levels`; one of these closes what is open.
_CLOSERS = frozenset({"MODEEND", "COSEND", "GENEND", "END"})

# Keyword dialects: the statement kinds, and the operand that names each.
_KINDS = {
    "DEFINE_LOCAL_CP": "major-node",
    "DEFINE_LOGICAL_LINK": "link",
    "DEFINE_MODE": "mode",
    "DEFINE_PARTNER_LU": "lu",
    "DEFINE_LOCAL_LU": "lu",
    "DEFINE_TP": "application",
    "CRTLINTRN": "line",
    "CRTLINETH": "line",
    "CRTLINSDLC": "line",
    "CRTLINX25": "line",
    "CRTCTLAPPC": "pu",
    "CRTDEVAPPC": "lu",
    "CRTMODD": "mode",
    "CHGMODD": "mode",
    "NODE": "major-node",
    "DEVICE": "device",
    "LINK": "link",
    "INTERFACE": "interface",
}
_NAMING = (
    "FQ_CP_NAME",
    "LINK_NAME",
    "MODE_NAME",
    "FQ_PARTNER_LU_NAME",
    "LU_NAME",
    "TP_NAME",
    "LIND",
    "CTLD",
    "DEVD",
    "MODD",
    "NAME",
)
_CICS_KINDS = {"CONNECTION": "connection", "IPCONN": "connection", "TERMINAL": "lu"}


def symbols(path: str, text: str, dialect: str | None = None) -> list[Symbol]:
    """The outline of a document; empty when no dialect reads it. A job or markdown file
    that holds decks lists each deck ("file") with its outline."""
    out: list[Symbol] = []
    for part in parts(path, text):
        if part.block is None:
            return _outline(path, text, dialect)
        inner = _outline(part.path, part.text, part.block.dialect or dialect)
        last = max(1, len(part.text.splitlines()))
        width = len(part.text.splitlines()[-1]) + 1 if part.text.strip() else 1
        span = part.outward(Span(1, 1, last, width))
        head = part.outward(Span(1, 1, 1, 1))
        out.append(Symbol(part.block.name, "file", span, head, tuple(_moved(part, inner))))
    return out


def _moved(part: Part, found: Sequence[Symbol]) -> list[Symbol]:
    return [
        Symbol(
            s.name,
            s.kind,
            part.outward(s.span),
            part.outward(s.selection),
            tuple(_moved(part, s.children)),
        )
        for s in found
    ]


def _outline(path: str, text: str, dialect: str | None) -> list[Symbol]:
    doc = open_document(path, text, dialect)
    stmts = doc.statements
    if not stmts:
        return []
    if stmts[0].kind == "item":  # a VTAM start or configuration list
        return [_flat(st) for st in stmts]
    entry = dialects.REGISTRY.get(doc.dialect or "")
    shape = entry.outline if entry is not None else "flat"
    if shape == "nested" and entry is not None and entry.levels:
        return _nested(stmts, entry.levels)
    if shape == "groups":
        return _csd(stmts)
    if shape == "blocks":
        return _blocks(stmts)
    return [_flat(st) for st in stmts if _named(st)]


@dataclass
class _Node:
    name: str
    kind: str
    start: Span
    selection: Span
    end: Span
    depth: int
    children: list[_Node] = field(default_factory=list)

    def frozen(self) -> Symbol:
        span = Span(self.start.line, self.start.col, self.end.end_line, self.end.end_col)
        return Symbol(
            self.name, self.kind, span, self.selection, tuple(c.frozen() for c in self.children)
        )


def _nested(stmts: Sequence[Statement], levels: Mapping[str, tuple[int, str]]) -> list[Symbol]:
    top: list[_Node] = []
    open_: list[_Node] = []
    for st in stmts:
        if st.op in _CLOSERS:
            for n in open_:
                n.end = _later(n.end, st.span)
            open_.clear()
            continue
        depth, kind = levels.get(st.op, (5, "statement"))
        if kind == "statement" and st.op not in levels and not st.label:
            for n in open_:  # an unnamed statement (SERVICE, SYSCNTRL) belongs to what is open
                n.end = _later(n.end, st.span)
            continue
        while open_ and open_[-1].depth >= depth:
            open_.pop()
        node = _Node(
            _name(st), kind, st.span, st.label_span or st.op_span or st.span, st.span, depth
        )
        for n in open_:
            n.end = _later(n.end, st.span)
        (open_[-1].children if open_ else top).append(node)
        open_.append(node)
    return [n.frozen() for n in top]


def ancestors(stmts: Sequence[Statement], index: int, dialect: str) -> list[Statement]:
    """The statements a card deck's statement nests in, nearest first (a LU's PU, LINE,
    GROUP and major node)."""
    entry = dialects.REGISTRY.get(dialect)
    levels = entry.levels if entry is not None else None
    if levels is None or not 0 <= index < len(stmts):
        return []
    depth = levels.get(stmts[index].op, (5, ""))[0]
    out = []
    for st in reversed(stmts[:index]):
        if st.op in _CLOSERS:
            break
        d = levels.get(st.op, (5, ""))[0]
        if d < depth:
            out.append(st)
            depth = d
    return out


def _later(a: Span, b: Span) -> Span:
    return b if (b.end_line, b.end_col) > (a.end_line, a.end_col) else a


def _name(st: Statement) -> str:
    if st.label:
        return st.label
    if st.op == "VBUILD":
        t = st.keyword("TYPE")
        return f"VBUILD TYPE={t.value.text}" if t is not None else "VBUILD"
    lm = st.keyword("LOGMODE")
    if lm is not None and lm.value.text:
        return lm.value.text
    return st.op


def _named(st: Statement) -> bool:
    return bool(st.op) and st.kind not in ("end", "comment")


def _flat(st: Statement) -> Symbol:
    name, selection = _keyword_name(st)
    return Symbol(name, _KINDS.get(st.op, "statement"), st.span, selection)


def _keyword_name(st: Statement) -> tuple[str, Span]:
    """A statement's name: its label, the operand that names it, its first word, its op."""
    if st.label and st.kind != "entry":
        return st.label, st.label_span or st.span
    kws = st.keywords()
    for key in _NAMING:
        o = kws.get(key)
        if o is not None and o.value.text:
            return f"{st.op} {o.value.text}", o.value.span
    if st.kind == "item" and st.operands:
        o = st.operands[0]
        return (o.name or o.value.text), o.span
    sel = st.op_span or st.span
    if st.op in _KINDS and st.operands and st.operands[0].name is None:
        o = st.operands[0]
        return o.value.text, o.value.span
    if st.kind == "entry" or not st.op_span:
        words = " ".join(o.value.text for o in st.operands[:3] if o.value.text)
        lead = "" if st.op == st.label else f"{st.op} "
        return (lead + words).strip() or st.op, sel
    if st.operands and (st.kind == "stanza" or len(st.operands) <= 2):
        words = " ".join(o.value.text for o in st.operands if o.name is None and o.value.text)
        return f"{st.op} {words}".strip(), sel
    return st.op, sel


def _blocks(stmts: Sequence[Statement]) -> list[Symbol]:
    """TCP/IP and TSM: each statement, with the entries of its block or list (or a TSM
    stanza's options) inside it."""
    top: list[_Node] = []
    head: _Node | None = None
    head_op = ""
    for st in stmts:
        if st.kind == "end":
            if head is not None:
                head.end = _later(head.end, st.span)
            head = None
            continue
        name, selection = _keyword_name(st)
        kind = _KINDS.get(st.op, "group" if st.kind == "stanza" else "statement")
        node = _Node(name, kind, st.span, selection, st.span, 1)
        if head is not None and (
            st.kind == "option" or (st.kind == "entry" and st.label == head_op)
        ):
            head.children.append(node)
            head.end = _later(head.end, st.span)
            continue
        top.append(node)
        head, head_op = (node, st.op) if st.kind in ("block", "statement", "stanza") else (None, "")
    return [n.frozen() for n in top]


def _csd(stmts: Sequence[Statement]) -> list[Symbol]:
    """A CSD's DEFINEs, each run of them in one GROUP under that group."""
    top: list[_Node] = []
    group: _Node | None = None
    for st in stmts:
        first = st.operands[0] if st.operands else None
        grp = st.keyword("GROUP")
        if st.op in ("DEFINE", "ALTER") and first is not None and first.name:
            rtype = first.name
            name = f"{rtype}({first.value.text})"
            node = _Node(name, _CICS_KINDS.get(rtype, "statement"), st.span, first.span, st.span, 1)
        else:
            label = " ".join(
                f"{o.name}({o.value.text})" if o.name else o.value.text for o in st.operands[:1]
            )
            node = _Node(
                f"{st.op} {label}".strip(), "statement", st.span, st.op_span or st.span, st.span, 1
            )
        if st.op == "DEFINE" and grp is not None and grp.value.text:
            gname = f"GROUP {grp.value.text.upper()}"
            if group is None or group.name != gname:
                group = _Node(gname, "group", st.span, grp.value.span, st.span, 0)
                top.append(group)
            group.children.append(node)
            group.end = _later(group.end, st.span)
            continue
        group = None
        top.append(node)
    return [n.frozen() for n in top]
