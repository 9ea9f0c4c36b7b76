"""IVTPRM00: the Communications Storage Manager (CSM) limits in SYS1.PARMLIB.

Seed: 001_b53ea280a148c68b.txt ("CSM Performance Tuning"). Syntax: grammars/ivtprm.lark.
The member's traps are lexical: a statement that does not start in column 1, or with more
than one blank between FIXED (or ECSA, HVCOMM) and MAX, or a blank before the parenthesis,
is taken as a comment and the default applies; decklint reports it (TCP026) and models the
default, as CSM does.
"""

from __future__ import annotations

import re

from decklint.dialects import GLOBS
from decklint.dialects.base import (
    DialectSpec,
    Head,
    ParsedFile,
    line_heads,
    parsed_units,
)
from decklint.ir import (
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
from decklint.model.entities import Attr
from decklint.model.lowering import Lowering, default
from decklint.source import SourceFile, SourceMap, Span

_SEQ = re.compile(r"[0-9 ]{8}\Z")
_MAX = re.compile(r"(FIXED|ECSA|HVCOMM)(\s+)MAX(\s*)\(", re.IGNORECASE)
# name -> (lowest, highest, default) in bytes, and the documented default's text
LIMITS = {
    "FIXED": (1024 * 1024, 30720 * 1024 * 1024, 100 * 1024 * 1024),
    "ECSA": (1024 * 1024, 2048 * 1024 * 1024, 100 * 1024 * 1024),
    "HVCOMM": (100 * 1024 * 1024, 999999 * 1024 * 1024, 2000 * 1024 * 1024),
}
POOL_SIZES = {"4K": 256, "16K": 256, "32K": 128, "60K": 68, "180K": 22}  # bufsize -> max expbuf


def read(src: SourceFile) -> ReadResult:
    out = ReadResult()
    for i, line in enumerate(src.lines, 1):
        text = line[:72] if len(line) > 72 and _SEQ.match(line[72:80].ljust(8)) else line
        text = text.rstrip()
        if not text.strip():
            continue
        if text.startswith("*"):
            out.comments.append(Remark(i, 1, text))
            continue
        stripped = text.lstrip()
        lead = len(text) - len(stripped)
        if lead:
            out.diagnostics.append(
                Diagnostic(
                    "TCP026",
                    Span(i, 1, i, lead + 1),
                    "the statement does not start in column 1: CSM reads IVTPRM00 statements "
                    "from column 1, so it takes this line as a comment and the default applies",
                )
            )
            out.comments.append(Remark(i, lead + 1, stripped))
            continue
        m = _MAX.match(text)
        if m and (m.group(2) != " " or m.group(3)):
            if m.group(2) != " ":
                at, bad = m.start(2), m.group(2)
                what = f"more than one blank (or a tab) between {m.group(1).upper()} and MAX"
            else:
                at, bad = m.start(3), m.group(3)
                what = "a blank between MAX and '('"
            out.diagnostics.append(
                Diagnostic(
                    "TCP026",
                    Span(i, at + 1, i, at + 1 + len(bad)),
                    f"{what}: CSM takes the statement as a comment and the default applies "
                    f"(write {m.group(1).upper()} MAX(n) with exactly one blank)",
                )
            )
            out.comments.append(Remark(i, 1, text))
            continue
        sm = SourceMap()
        sm.add(0, i, 1, len(text))
        out.units.append(LogicalUnit(text, sm, i, "statement"))
    return out


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = list(rd.diagnostics)
    for unit, tree in parsed_units(rd.units, "ivtprm", "statement", diags):
        sm = unit.smap
        name, call, *rest = tree.children
        head = name if name is not None else call
        op = str(name).upper() if name is not None else str(call).rstrip("( \t").upper()
        items = [t for t in rest if t is not None and t.type in ("WORD", "NAME")]
        operands = tuple(
            Operand(
                str(call).rstrip("( \t").upper() if name is not None else None,
                Value(classify_atom(str(t)), str(t), sm.span(t.start_pos, t.end_pos)),
                sm.span(t.start_pos, t.end_pos),
            )
            for t in items
        )
        statements.append(
            Statement(
                src.path,
                "ivtprm",
                len(statements),
                op,
                sm.span(0, len(unit.text)),
                op_span=sm.span(head.start_pos, head.start_pos + len(op)),
                operands=operands,
            )
        )
    return ParsedFile(src, "ivtprm", Statements(statements), rd, tuple(diags))


def _csm(h: Head) -> bool:
    """`FIXED MAX(...)`, `ECSA MAX(...)`, `HVCOMM MAX(...)` or `POOL(...)`, as CSM reads them
    (a text that says "pool" or "fixed" is none)."""
    if h.a in ("FIXED", "ECSA", "HVCOMM"):
        return h.b == "MAX" and h.c != ""
    return h.a == "POOL" and h.sep == "("


def sniff(src: SourceFile) -> float:
    n = sum(1 for h in line_heads(src, 400) if _csm(h))
    return 0.0 if n == 0 else min(0.75 + 0.08 * n, 0.95)


def _mb(n: int) -> str:
    return f"{n // (1024 * 1024)}M" if n % (1024 * 1024) == 0 else f"{n // 1024}K"


def lower(pf: ParsedFile, low: Lowering) -> None:
    attrs: dict[str, Attr] = {"name": Attr("CSM")}
    for key, (_lo, _hi, dflt) in LIMITS.items():
        attrs[f"{key.lower()}_max"] = default(dflt, f"the CSM default {_mb(dflt)}")
    for st in pf.statements:
        if st.op in LIMITS:
            if not st.operands or st.operands[0].name not in ("MAX", None, st.op):
                low.diag(Diagnostic("PRS001", st.span, f"{st.op} needs MAX(n)"))
                continue
            v = st.operands[0].value
            n = v.as_int()
            lo, hi, _d = LIMITS[st.op]
            if n is None or not lo <= n <= hi:
                low.diag(
                    Diagnostic(
                        "PRS003",
                        v.span,
                        f"{st.op} MAX({v.text}): must be {_mb(lo)}-{_mb(hi)} (K or M suffix)",
                    )
                )
                continue
            attrs[f"{st.op.lower()}_max"] = Attr(n, v.text, v.span)
        elif st.op == "POOL":
            _pool(st, low)
        else:
            low.diag(
                Diagnostic(
                    "PRS002",
                    st.op_span or st.span,
                    f"IVTPRM00 statement {st.op} is not known; it is kept but not modelled",
                )
            )
    first = pf.statements[0].span if pf.statements else Span(1, 1, 1, 1)
    low.add("csm_limits", "CSM", first, attrs)


def _pool(st: Statement, low: Lowering) -> None:
    vals = [o.value for o in st.operands]
    if len(vals) != 5:
        low.diag(
            Diagnostic(
                "PRS001",
                st.span,
                "POOL needs five values: bufsize, bufsource, initbuf, minfree, expbuf",
            )
        )
        return
    size, source, initbuf, minfree, expbuf = vals
    problems = []
    if size.text.upper() not in POOL_SIZES:
        problems.append((size, f"bufsize {size.text}: one of {', '.join(POOL_SIZES)}"))
    if source.text.upper() not in ("ECSA", "DSPACE"):
        problems.append((source, f"bufsource {source.text}: ECSA or DSPACE"))
    for v, what in ((initbuf, "initbuf"), (minfree, "minfree")):
        n = v.as_int()
        if n is None or not 0 <= n <= 9999:
            problems.append((v, f"{what} {v.text}: 0-9999"))
    top = POOL_SIZES.get(size.text.upper(), 256)
    n = expbuf.as_int()
    if n is None or not 1 <= n <= top:
        problems.append((expbuf, f"expbuf {expbuf.text}: 1-{top} for {size.text} buffers"))
    for v, msg in problems:
        low.diag(Diagnostic("PRS003", v.span, f"POOL {msg}"))


SPEC = DialectSpec(
    name="ivtprm",
    title="IVTPRM00: Communications Storage Manager limits (SYS1.PARMLIB)",
    globs=GLOBS["ivtprm"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*",),
    card_image=False,
    seeds=("001_b53ea280a148c68b.txt",),
)
