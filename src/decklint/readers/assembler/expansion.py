"""Expanding the calls of a file's macros (HLASM Language Reference, "Macro instruction
format", "Processing statements", "ACTR instruction", "MNOTE instruction").

`Expander` holds what one file's conditional assembly shares: the macros defined so far, the
global SET symbols, &SYSNDX and &SYSECT, the counters the `Limits` bound, and what comes out
(statements, findings, what became of each macro's calls). `call` expands one call in the file
whole, or not at all: until the call completes its statements, MNOTEs and counts wait in a
`_Call`; when it fails, the call is emitted as written and what it may have changed (the global
SET symbols it set, &SYSNDX, &SYSECT) is unknown from then on.

A call binds its operands (`bind`): the name field is &SYSLIST(0) and the name-field
parameter; `KEY=value` sets a keyword parameter (a keyword the prototype does not declare makes
the call not expanded); the rest are positional, in order. Each operand keeps the pieces that
place its characters in the file. The body then runs statement by statement: model statements
generate statements (a generated call of a macro of the file is expanded in turn, up to
`Limits.depth`), SETx and declarations set symbols, AIF and AGO branch within the body (each
branch spends one of the invocation's ACTR count), MNOTE gives a PRS013, MEXIT and MEND end it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, LogicalUnit
from decklint.core.source import Span
from decklint.readers.assembler import text as texts
from decklint.readers.assembler.definitions import Definition, prototype_name, read_definition
from decklint.readers.assembler.evaluation import Evaluator, Value, as_text
from decklint.readers.assembler.results import CALL, ORDINARY, Emitted, Limits, MacroInfo
from decklint.readers.assembler.statements import (
    CONDITIONAL,
    Ago,
    Branch,
    Declare,
    Mnote,
    SetOp,
    Stmt,
    span_of,
)
from decklint.readers.assembler.substitution import generate
from decklint.readers.assembler.symbols import Frame, Globals, Operand, Unknown
from decklint.readers.assembler.syntax import Fields, NotExpanded, fields, split_top
from decklint.readers.assembler.text import EMPTY, Anchor, Text, written

SECTIONS = frozenset({"CSECT", "RSECT", "START", "DSECT", "COM"})
SPECIAL = CONDITIONAL | {"MACRO"}
_KEYWORD = re.compile(r"([A-Za-z@#$_][A-Za-z0-9@#$_]{0,62})=")
_MACRO_OR_MEND = re.compile(r"[^ ]* (MACRO|MEND)(?: |$)", re.IGNORECASE)


class Info:
    """A definition and what became of its calls."""

    __slots__ = ("definition", "expanded", "failed", "lines", "name", "ops", "span")

    def __init__(self, name: str, span: Span, lines: tuple[int, int]) -> None:
        self.name = name
        self.span = span
        self.lines = lines
        self.ops: tuple[str, ...] = ()
        self.definition: Definition | None = None
        self.expanded = 0
        self.failed: list[tuple[Span, str]] = []

    def info(self) -> MacroInfo:
        return MacroInfo(
            self.name, self.span, self.lines, self.ops, self.expanded, tuple(self.failed)
        )


class _Root(NamedTuple):
    """The call in the file that an expansion (and its nested calls) maps to."""

    span: Span
    line: int
    anchor: Anchor
    lines: tuple[int, int]


class _Call:
    """What one call in the file produces until it completes."""

    __slots__ = ("counts", "notes", "out", "root")

    def __init__(self, root: _Root) -> None:
        self.root = root
        self.out: list[Emitted] = []
        self.notes: list[Diagnostic] = []
        self.counts: dict[str, int] = {}


class Expander:
    """The conditional assembly of one file: its macros, globals, counters and results."""

    def __init__(self, units: Sequence[LogicalUnit], limits: Limits) -> None:
        self.units = units
        self.limits = limits
        self.globals = Globals()
        self.macros: dict[str, Info] = {}
        self.infos: list[Info] = []
        self.later = self._defined_names()
        self.pending: dict[str, list[tuple[Span, str]]] = {}
        self.emitted: list[Emitted] = []
        self.diags: list[Diagnostic] = []
        self.reported: set[tuple[Span, str]] = set()
        self.steps = 0
        self.generated = 0
        self.characters = 0
        self.sysndx = 0
        self.sysndx_lost = ""
        self.sysect: Text | Unknown = EMPTY
        self.exhausted = ""

    # ------------------------------------------------------------------ definitions

    def define(self, i: int) -> int:
        """Read the definition whose MACRO is `units[i]`; the index after its MEND."""
        definition, after, diags = read_definition(self.units, i)
        for d in diags:
            self.report(d)
        macro = self.units[i]
        if definition is None:
            name = prototype_name(self.units, i)
            last = self.units[after - 1].end_line if after > i else macro.line
            self.infos.append(Info(name, span_of(macro), (macro.line, last)))
            return after
        info = Info(definition.name, definition.span, definition.lines)
        info.definition = definition
        info.ops = definition.ops
        self.infos.append(info)
        self.macros[definition.name] = info
        return after

    def before_definition(self, op: str, unit: LogicalUnit) -> bool:
        """A call of a macro the file defines only further down: the assembler takes the
        library's macro there. Recorded as not expanded; True when it is one."""
        first = self.later.get(op)
        if first is None or unit.line >= first or op in self.macros:
            return False
        reason = (
            f"comes before the definition of {op} on line {first}: the assembler takes {op} "
            "from the macro library here"
        )
        self.pending.setdefault(op, []).append((span_of(unit), reason))
        self.emitted.append(Emitted(unit, "", CALL))
        return True

    def results(self) -> tuple[MacroInfo, ...]:
        for name, failures in self.pending.items():
            for info in self.infos:
                if info.name == name:
                    info.failed[:0] = failures
                    break
        return tuple(info.info() for info in self.infos)

    # ------------------------------------------------------------------ calls

    def call(self, info: Info, as_written: LogicalUnit, unit: LogicalUnit, f: Fields) -> None:
        """A call in the file (`unit`: with open-code symbols substituted): expanded whole,
        or emitted as written with the reason in its macro's `failed`."""
        span = span_of(as_written)
        lines = (as_written.line, as_written.end_line)
        work = _Call(_Root(span, unit.line, anchor(unit, f), lines))
        self.globals.written = set()
        try:
            if self.exhausted:
                raise NotExpanded(self.exhausted, budget=True)
            self.expand(info, unit, f, work, 1)
        except (NotExpanded, RecursionError) as e:
            reason = e.reason if isinstance(e, NotExpanded) else "macro calls nest too deeply"
            if isinstance(e, NotExpanded) and e.budget:
                self.exhausted = reason
            self._lost(info, as_written)
            info.failed.append((span, reason))
            self.emitted.append(Emitted(as_written, "", CALL))
            return
        self.emitted.extend(work.out)
        self.diags.extend(work.notes)
        for name, count in work.counts.items():
            self.macros[name].expanded += count

    def _lost(self, info: Info, unit: LogicalUnit) -> None:
        """What a call decklint did not expand may have changed is unknown from now on."""
        lost = (
            f"its value is unknown after the call of {info.name} on line {unit.line}, which "
            "decklint did not expand"
        )
        self.globals.lose(self.globals.written, lost)
        ops = set(info.ops)
        if "&" in ops or ops & set(self.macros):
            self.sysndx_lost = self.sysndx_lost or f"&SYSNDX: {lost}"
        if "&" in ops or ops & SECTIONS:
            self.sysect = Unknown(f"&SYSECT: {lost}")

    def expand(self, info: Info, unit: LogicalUnit, f: Fields, work: _Call, depth: int) -> None:
        """Run the body of `info`'s macro for the call `unit`."""
        if depth > self.limits.depth:
            raise NotExpanded(f"macro calls nest more than {self.limits.depth} deep")
        d = info.definition
        assert d is not None
        if d.error:
            raise NotExpanded(d.error)
        frame = self.bind(d, unit, f, depth)
        ev = Evaluator(frame, self.limits.string)
        body = d.body
        actr = start = self.limits.actr
        i = 0
        while i < len(body):
            self.step()
            st = body[i]
            try:
                if st.broken:
                    raise NotExpanded(st.broken)
                kind = st.kind
                if kind in ("aif", "ago"):
                    target = self.branch_target(st, ev)
                    if target is not None:
                        if actr <= 0:
                            raise NotExpanded(
                                f"ACTR limit {start:,} reached: the assembler ends the macro "
                                "there (an AIF or AGO loop?)"
                            )
                        actr -= 1
                        i = self._jump(d, st, target)
                        continue
                elif kind == "model":
                    self.model(st, ev, frame, work, d, depth)
                elif kind == "actr":
                    actr = start = ev.number(st.code)  # type: ignore[arg-type]
                elif kind == "exit":
                    break
                elif kind == "macro":
                    raise NotExpanded(
                        f"defines macro {st.code} inside its body (an inner MACRO), which "
                        "decklint does not expand"
                    )
                else:
                    self.execute(st, ev, frame, work.root.span, d.name, work.notes)
            except NotExpanded as e:
                if e.budget or e.reason.startswith("in "):
                    raise
                raise NotExpanded(f"{st.op} on line {st.line}: {e.reason}") from None
            i += 1
        work.counts[d.name] = work.counts.get(d.name, 0) + 1

    def _jump(self, d: Definition, st: Stmt, target: tuple[str, int]) -> int:
        name, at = target
        where = d.labels.get(name)
        if where is None:
            self.report(
                Diagnostic(
                    "PRS001",
                    st.unit.smap.span(at, at + len(name)),
                    f"sequence symbol {name} is not defined in macro {d.name}: the assembler "
                    "ends the macro here",
                )
            )
            raise NotExpanded(f"branches to {name}, which is not defined")
        return where

    def bind(self, d: Definition, unit: LogicalUnit, f: Fields, depth: int) -> Frame:
        """The frame of a call: its name field, positional and keyword operands."""
        self.sysndx += 1
        text = unit.text
        name = EMPTY
        if f.label and not f.label.startswith("."):
            name = Text(f.label, written(unit, 0, len(f.label)))
        label = Operand(name)
        positional: list[Operand] = []
        keywords: dict[str, Operand] = {}
        if f.operands and f.operands != ",":
            for a, b in split_top(text, f.operands_at, len(text)):
                m = _KEYWORD.match(text, a, b)
                if m is None:
                    positional.append(Operand(Text(text[a:b], written(unit, a, b))))
                    continue
                key = m.group(1).upper()
                if key not in d.keywords:
                    raise NotExpanded(
                        f"{d.name} has no keyword parameter {key} (the assembler reads "
                        f"{text[a:b]} as a positional operand)"
                    )
                if key in keywords:
                    raise NotExpanded(f"keyword {key}= is coded twice")
                keywords[key] = Operand(Text(text[m.end() : b], written(unit, m.end(), b)))
        params: dict[str, Operand] = {}
        for k, pname in enumerate(d.positional):
            params[pname] = positional[k] if k < len(positional) else Operand(EMPTY)
        for key, default in d.keywords.items():
            params[key] = keywords.get(key) or Operand(default)
        if d.label_param:
            params[d.label_param] = label
        ndx = Unknown(self.sysndx_lost) if self.sysndx_lost else Text(f"{self.sysndx:04d}")
        system: dict[str, Value | Unknown] = {
            "SYSNDX": ndx,
            "SYSECT": self.sysect,
            "SYSLOC": self.sysect,
            "SYSMAC": Text(d.name),
            "SYSNEST": depth,
            "SYSSEQF": EMPTY,
        }
        return Frame(self.globals, params=params, syslist=[label, *positional], system=system)

    def model(
        self, st: Stmt, ev: Evaluator, frame: Frame, work: _Call, d: Definition, depth: int
    ) -> None:
        """A model statement: the statement it generates, or the call it makes."""
        generated = generate(st, ev, frame, open_code=False)
        self.count(len(generated.value))
        root = work.root
        gunit = texts.unit(generated, root.line, root.anchor, root.lines)
        gf = fields(gunit.text)
        op = gf.op.upper()
        inner = self.macros.get(op)
        if inner is not None:
            try:
                self.expand(inner, gunit, gf, work, depth + 1)
            except NotExpanded as e:
                if e.budget or e.reason.startswith("in "):
                    raise  # the innermost call says where
                raise NotExpanded(
                    f"in {inner.name} (called on line {st.line} of {d.name}): {e.reason}"
                ) from None
            return
        if op in SPECIAL:
            raise NotExpanded(
                f"generates {op}, a conditional-assembly instruction, which the assembler does "
                "not allow in a generated statement"
            )
        if op in SECTIONS:
            self.sysect = Text(gf.label)
        work.out.append(Emitted(gunit, d.name, ORDINARY))

    # ------------------------------------------------------------------ instructions

    def count(self, characters: int) -> None:
        """One more statement generated (of `characters`); past the limits, no more."""
        self.generated += 1
        self.characters += characters
        if self.generated > self.limits.statements:
            raise NotExpanded(
                f"decklint stops after {self.limits.statements:,} generated statements in one file",
                budget=True,
            )
        if self.characters > self.limits.characters:
            raise NotExpanded(
                f"decklint stops after {self.limits.characters:,} generated characters in one file",
                budget=True,
            )

    def step(self) -> None:
        self.steps += 1
        if self.steps > self.limits.steps:
            raise NotExpanded(
                f"decklint stops after {self.limits.steps:,} conditional-assembly statements "
                "in one file",
                budget=True,
            )

    def branch_target(self, st: Stmt, ev: Evaluator) -> tuple[str, int] | None:
        """Where an AIF or AGO goes (name, offset), or None when it does not branch."""
        if st.kind == "aif":
            code: tuple[Branch, ...] = st.code  # type: ignore[assignment]
            for branch in code:
                if ev.bit(branch.condition):
                    return branch.target, branch.at
            return None
        ago = st.code
        assert isinstance(ago, Ago)
        if ago.choice is None:
            return ago.targets[0]
        k = ev.number(ago.choice)
        if 1 <= k <= len(ago.targets):
            return ago.targets[k - 1]
        return None

    def execute(
        self, st: Stmt, ev: Evaluator, frame: Frame, span: Span, macro: str, notes: list[Diagnostic]
    ) -> None:
        """SETx, GBLx/LCLx and MNOTE (`macro`: "" in open code); others do nothing."""
        code = st.code
        if isinstance(code, SetOp):
            name, subs = ev.resolve(code.target)
            if len(subs) > 1:
                raise NotExpanded(f"&{name} takes one subscript")
            convert = ev.number if code.kind == "A" else ev.bit if code.kind == "B" else ev.chars
            values: list[Value | None] = [None if v is None else convert(v) for v in code.values]
            frame.assign(code.kind, name, subs[0] if subs else None, values)
        elif isinstance(code, Declare):
            for var in code.names:
                name, subs = ev.resolve(var)
                frame.declare(code.kind, code.scope, name, subs[0] if subs else None)
        elif isinstance(code, Mnote):
            self.mnote(code, ev, span, macro, notes)

    def mnote(
        self, code: Mnote, ev: Evaluator, span: Span, macro: str, notes: list[Diagnostic]
    ) -> None:
        if code.severity in ("", "*"):
            return  # a comment
        severity = 1 if code.severity == "1" else ev.number(code.severity)  # type: ignore[arg-type]
        message = as_text(ev.value(code.message)).value.replace("&&", "&")
        level = (
            Severity.INFO
            if 0 <= severity <= 3
            else Severity.WARNING
            if 4 <= severity <= 7
            else Severity.ERROR
        )
        where = f"macro {macro}, " if macro else ""
        notes.append(
            Diagnostic("PRS013", span, f"{where}MNOTE severity {severity}: {message}", level)
        )

    # ------------------------------------------------------------------ findings

    def report(self, diag: Diagnostic) -> None:
        key = (diag.span, diag.message)
        if key not in self.reported:
            self.reported.add(key)
            self.diags.append(diag)

    def note(self, unit: LogicalUnit, message: str) -> None:
        self.report(Diagnostic("PRS002", span_of(unit), message, Severity.INFO))

    def _defined_names(self) -> dict[str, int]:
        """The macros the file defines (outside other definitions): name -> first line."""
        names: dict[str, int] = {}
        depth = 0
        units = self.units
        for k, unit in enumerate(units):
            m = _MACRO_OR_MEND.match(unit.text)
            if m is None:
                continue
            op = m.group(1).upper()
            if op == "MACRO":
                if depth == 0:
                    name = prototype_name(units, k)
                    if name:
                        names.setdefault(name, unit.line)
                depth += 1
            elif op == "MEND" and depth:
                depth -= 1
        return names


def anchor(unit: LogicalUnit, f: Fields) -> Anchor:
    """Where the characters of a statement generated for `unit` without a place map: its
    operation field."""
    pieces = written(unit, f.op_at, f.op_at + len(f.op))
    if pieces:
        p = pieces[0]
        return Anchor(p.line, p.col, max(p.width, 1))
    line, col = unit.smap.pos(f.op_at)
    return Anchor(line, col, max(len(f.op), 1))
