"""Conditional assembly over one file: the macros it defines, their expansion, open-code SET
symbols and branches (HLASM Language Reference, Part 3, "Macro language" and "How to write
conditional assembly instructions").

    assemble(units, *, limits=Limits()) -> Assembled

`units` are the card reader's logical units of one file (`cards.read_assembler`); `emitted`
is what the assembler would go on to assemble, in its order, each an `Emitted(unit, origin,
role)`:

* role "ordinary", origin "": an open-code statement as written, or with its variable symbols
  substituted (only when every one is a SET symbol of open code or a system variable; a
  statement with another `&NAME`, such as a z/OS system symbol `&SYSCLONE.` that VTAM
  substitutes, is kept as written). A sequence symbol in its name field is dropped.
* role "ordinary", origin "CRT": a statement the expansion of macro CRT generated. Its text is
  in the reader's form, its `line` the call's first line, and its `SourceMap` maps each
  character that came from one of the call's operands (or its name field) to that operand,
  through SETC copies (`&GRU SETC '&RU'`), substrings and concatenation; every other character
  maps to the call's operation field. Nested calls map to the outermost call in the file.
* role "conditional": an open-code statement of conditional assembly or macro processing
  (SETx, AIF, AGO, ANOP, ACTR, GBLx, LCLx, MNOTE, MEXIT, AREAD, ...), as written, after it ran.
  MACRO, the prototype, the body and MEND of a definition are not emitted; statements an
  open-code AIF or AGO skips are not emitted (the assembler does not assemble them).
* role "call": a call of a macro defined in the file that was not expanded, as written. Its
  `MacroInfo.failed` says why.

`macros` has one `MacroInfo` per definition: the prototype's operation (`span`), the lines of
MACRO ... MEND, the operations its model statements may generate (`ops`, "&" for a computed
one), how many calls were expanded and the calls that were not, each with its reason in plain
words ("AIF on line 12: compares T'&X, a type attribute decklint does not know ...", "ACTR limit
4,096 reached", "comes before the definition of CRT on line 40 ...").

`diagnostics`: PRS013 for each MNOTE of an expanded call (at the call) or of open code, with
severity by its code (0-3 info, 4-7 warning, 8-255 error; `*` and a message without a
severity are comments, nothing); PRS001 where the assembler itself reports an error: a MACRO
without prototype or MEND, a bad prototype, an unbalanced parenthesis in a conditional
assembly operand, an AIF without its sequence symbol, a SETx without a variable symbol, a
branch to a sequence symbol that is not defined, a sequence symbol defined twice; PRS002 (info)
where open code stops being followed (an AIF decklint cannot evaluate, the ACTR count or the
step budget spent): the statements after it are read as if no branch were taken. The card
reader already reports an unclosed quote; this layer does not report it again.

What makes a call "not expanded" (never a finding of its own): anything decklint does not
evaluate (`L'`, `D'`, `I'`, `S'`, `O'` attributes, a type attribute compared with other than
'O' or 'N', the value of an ordinary symbol, SETAF/SETCF/AREAD, COPY in a macro, an inner
MACRO definition, an unknown built-in function or system variable), what the assembler rejects
(an undefined keyword, an overflow, a substring outside its string, a generated conditional
assembly instruction), a call before the macro's definition (the assembler takes the library's
macro there), a global SET symbol a call decklint did not expand may have set, and the limits.
A call is expanded whole or not at all: its statements, MNOTEs and global SET symbols count
only when it completes.

`Limits` bound the work whatever the deck: the branch counter of one invocation or of open code
(`actr`, HLASM's default ACTR 4096; an ACTR statement sets another), nested calls (`depth`),
statements generated (`statements`), characters generated (`characters`), the longest SETC
value (`string`, HLASM's 4,064) and conditional-assembly statements run (`steps`) in one file.
Past a file limit, every later call is not expanded and open code is read without branches.

A file without MACRO, `&` or a conditional assembly instruction costs one look at each unit's
operation (`assemble` returns its units as they are).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from decklint.dialects.assembler import text as texts
from decklint.dialects.assembler.definitions import Definition, prototype_name, read_definition
from decklint.dialects.assembler.evaluation import Evaluator, Value, as_text
from decklint.dialects.assembler.statements import (
    CONDITIONAL,
    Ago,
    Branch,
    Declare,
    Mnote,
    SetOp,
    Stmt,
    read,
    span_of,
)
from decklint.dialects.assembler.substitution import generate, references
from decklint.dialects.assembler.symbols import Frame, Globals, Operand, Unknown
from decklint.dialects.assembler.syntax import (
    SEQUENCE,
    SYMBOL,
    Fields,
    NotExpanded,
    fields,
    split_top,
)
from decklint.dialects.assembler.text import EMPTY, Anchor, Text, written
from decklint.findings import Severity
from decklint.ir import Diagnostic, LogicalUnit
from decklint.source import SourceMap, Span

ORDINARY = "ordinary"
CONDITIONAL_ROLE = "conditional"
CALL = "call"
SECTIONS = frozenset({"CSECT", "RSECT", "START", "DSECT", "COM"})
_SPECIAL = CONDITIONAL | {"MACRO"}


@dataclass(frozen=True)
class Limits:
    """Bounds on the work of one file (see the module's docstring)."""

    actr: int = 4096  # AIF/AGO branches of one invocation or of open code (HLASM's default)
    depth: int = 50  # nested macro calls
    statements: int = 100_000  # statements generated in one file
    characters: int = 20_000_000  # characters generated in one file
    string: int = 4064  # longest SETC value (HLASM V1R6)
    steps: int = 200_000  # conditional-assembly statements run in one file


class Emitted(NamedTuple):
    unit: LogicalUnit
    origin: str  # "" as written or open code; else the macro whose expansion generated it
    role: str  # "ordinary", "conditional" or "call"


class MacroInfo(NamedTuple):
    name: str
    span: Span  # the prototype's operation
    lines: tuple[int, int]  # first and last line of MACRO ... MEND
    ops: tuple[str, ...]  # operations its model statements may generate ("&": computed)
    expanded: int  # calls expanded (nested ones included)
    failed: tuple[tuple[Span, str], ...]  # calls not expanded, and why


class Assembled(NamedTuple):
    emitted: tuple[Emitted, ...]
    macros: tuple[MacroInfo, ...]
    diagnostics: tuple[Diagnostic, ...]


def assemble(units: Sequence[LogicalUnit], *, limits: Limits = Limits()) -> Assembled:
    """Conditional assembly of one file's units (see the module's docstring)."""
    if _plain(units):
        return Assembled(tuple(Emitted(u, "", ORDINARY) for u in units), (), ())
    return _Assembly(units, limits).run()


def _plain(units: Sequence[LogicalUnit]) -> bool:
    """Whether no unit needs conditional assembly: no `&`, no MACRO, no SETx, AIF, ..."""
    for u in units:
        t = u.text
        if "&" in t:
            return False
        if t[:1] == " ":
            k = 1
        else:
            k = t.find(" ") + 1
            if not k:
                continue
        e = t.find(" ", k)
        op = t[k:e] if e >= 0 else t[k:]
        if op.upper() in _SPECIAL:
            return False
    return True


class _Info:
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
    """What one outermost call produces until it completes."""

    __slots__ = ("counts", "notes", "out", "root")

    def __init__(self, root: _Root) -> None:
        self.root = root
        self.out: list[Emitted] = []
        self.notes: list[Diagnostic] = []
        self.counts: dict[str, int] = {}


class _Assembly:
    def __init__(self, units: Sequence[LogicalUnit], limits: Limits) -> None:
        self.units = units
        self.limits = limits
        self.globals = Globals()
        self.macros: dict[str, _Info] = {}
        self.infos: list[_Info] = []
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
        self.open = Frame(self.globals)

    # ------------------------------------------------------------------ open code

    def run(self) -> Assembled:
        units = self.units
        n = len(units)
        stmts: dict[int, Stmt] = {}
        labels: dict[str, int] | None = None
        actr = self.limits.actr
        lost = False
        ev = Evaluator(self.open, self.limits.string)
        i = 0
        while i < n:
            unit = units[i]
            stmt = stmts.get(i)
            if stmt is None:
                stmt, diag = read(unit, in_macro=False)
                stmts[i] = stmt
                if diag is not None:
                    self.report(diag)
            kind = stmt.kind
            if kind == "macro":
                i = self.define(i)
                continue
            if self.steps >= self.limits.steps and not lost:
                lost = True
                self.note(
                    unit,
                    f"decklint stops following AIF and AGO after {self.limits.steps:,} "
                    "conditional-assembly statements in one file",
                )
            self.steps += 1
            if kind == "model":
                self.statement(stmt, ev)
                i += 1
                continue
            self.emitted.append(Emitted(unit, "", CONDITIONAL_ROLE))
            if stmt.broken or kind in ("nop", "exit", "stop"):
                if kind == "set" or stmt.op in ("SETAF", "SETCF"):
                    self.lose_target(stmt, stmt.broken or "its value is unknown")
                i += 1
                continue
            if kind in ("aif", "ago"):
                if lost:
                    i += 1
                    continue
                try:
                    target = self.branch_target(stmt, ev)
                except NotExpanded as e:
                    lost = True
                    self.note(
                        unit,
                        f"decklint does not evaluate this {stmt.op} ({e.reason}): "
                        "the statements after it are read as if it did not branch",
                    )
                    i += 1
                    continue
                if target is None:
                    i += 1
                    continue
                if labels is None:
                    labels = self.open_labels()
                name, at = target
                where = labels.get(name)
                if where is None:
                    self.report(
                        Diagnostic(
                            "PRS001",
                            unit.smap.span(at, at + len(name)),
                            f"sequence symbol {name} is not defined in open code: the "
                            f"assembler ignores this {stmt.op}",
                        )
                    )
                    i += 1
                    continue
                if actr <= 0:
                    lost = True
                    self.note(
                        unit,
                        f"more than {self.limits.actr:,} AIF and AGO branches in "
                        "open code (ACTR): the statements after this one are read as if "
                        "they did not branch",
                    )
                    i += 1
                    continue
                actr -= 1
                i = where
                continue
            try:
                if kind == "actr":
                    actr = ev.number(stmt.code)  # type: ignore[arg-type]
                elif kind == "set":
                    self.set(stmt, ev, self.open)
                elif kind == "declare":
                    self.declare(stmt, ev, self.open)
                elif kind == "mnote":
                    self.mnote(stmt, ev, span_of(unit), "", self.diags)
            except NotExpanded as e:
                if kind == "set":
                    self.lose_target(stmt, e.reason)
            i += 1
        for name, failures in self.pending.items():
            for info in self.infos:
                if info.name == name:
                    info.failed[:0] = failures
                    break
        return Assembled(
            tuple(self.emitted), tuple(i.info() for i in self.infos), tuple(self.diags)
        )

    def statement(self, stmt: Stmt, ev: Evaluator) -> None:
        """An open-code statement that is no conditional assembly: ordinary, or a call."""
        unit, f = stmt.unit, stmt.f
        if "&" in unit.text and self._substitutable(unit):
            try:
                generated = generate(stmt, ev, self.open, open_code=True)
            except NotExpanded:
                generated = None
            if generated is not None:
                lines = (unit.line, unit.end_line)
                unit = texts.unit(generated, unit.line, _anchor(stmt.unit, stmt.f), lines)
                f = fields(unit.text)
        op = f.op.upper()
        info = self.macros.get(op)
        if info is not None:
            self.call(info, stmt.unit, unit, f)
            return
        first = self.later.get(op)
        if first is not None and stmt.line < first:
            reason = (
                f"comes before the definition of {op} on line {first}: the assembler takes "
                f"{op} from the macro library here"
            )
            self.pending.setdefault(op, []).append((span_of(stmt.unit), reason))
            self.emitted.append(Emitted(stmt.unit, "", CALL))
            return
        if op in SECTIONS:
            self.sysect = Text(f.label)
        if f.label.startswith("."):
            unit = _without_label(unit, f)
        self.emitted.append(Emitted(unit, "", ORDINARY))

    def _substitutable(self, unit: LogicalUnit) -> bool:
        try:
            return all(
                isinstance(v.name, str) and self.open.knows(v.name)
                for v in references(unit.text, 0, len(unit.text))
            )
        except NotExpanded:
            return False

    def define(self, i: int) -> int:
        definition, after, diags = read_definition(self.units, i)
        for d in diags:
            self.report(d)
        macro = self.units[i]
        if definition is None:
            name = prototype_name(self.units, i)
            last = self.units[after - 1].end_line if after > i else macro.line
            self.infos.append(_Info(name, span_of(macro), (macro.line, last)))
            return after
        info = _Info(definition.name, definition.span, definition.lines)
        info.definition = definition
        info.ops = definition.ops
        self.infos.append(info)
        self.macros[definition.name] = info
        return after

    def open_labels(self) -> dict[str, int]:
        """The sequence symbols of open code (outside macro definitions)."""
        labels: dict[str, int] = {}
        depth = 0
        for k, unit in enumerate(self.units):
            f = fields(unit.text)
            op = f.op.upper()
            if op == "MACRO":
                depth += 1
                continue
            if depth:
                if op == "MEND":
                    depth -= 1
                continue
            if f.label.startswith(".") and SEQUENCE.fullmatch(f.label):
                key = f.label.upper()
                if key in labels:
                    self.report(
                        Diagnostic(
                            "PRS001",
                            unit.smap.span(0, len(f.label)),
                            f"sequence symbol {f.label} is already defined on line "
                            f"{self.units[labels[key]].line}: the assembler uses the first",
                        )
                    )
                else:
                    labels[key] = k
        return labels

    # ------------------------------------------------------------------ calls

    def call(self, info: _Info, written_unit: LogicalUnit, unit: LogicalUnit, f: Fields) -> None:
        """An open-code call of a macro of the file: expanded whole, or emitted as a call."""
        span = span_of(written_unit)
        root = _Root(span, unit.line, _anchor(unit, f), (written_unit.line, written_unit.end_line))
        work = _Call(root)
        self.globals.written = set()
        try:
            if self.exhausted:
                raise NotExpanded(self.exhausted, budget=True)
            self.expand(info, unit, f, work, 1)
        except (NotExpanded, RecursionError) as e:
            reason = e.reason if isinstance(e, NotExpanded) else "macro calls nest too deeply"
            if isinstance(e, NotExpanded) and e.budget:
                self.exhausted = reason
            self.failed(info, written_unit, reason)
            info.failed.append((span, reason))
            self.emitted.append(Emitted(written_unit, "", CALL))
            return
        self.emitted.extend(work.out)
        self.diags.extend(work.notes)
        for name, count in work.counts.items():
            self.macros[name].expanded += count

    def failed(self, info: _Info, unit: LogicalUnit, reason: str) -> None:
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

    def expand(self, info: _Info, unit: LogicalUnit, f: Fields, work: _Call, depth: int) -> None:
        if depth > self.limits.depth:
            raise NotExpanded(f"macro calls nest more than {self.limits.depth} deep")
        d = info.definition
        assert d is not None
        if d.error:
            raise NotExpanded(d.error)
        frame = self.bind(d, unit, f, depth)
        ev = Evaluator(frame, self.limits.string)
        body, labels = d.body, d.labels
        actr = start = self.limits.actr
        i = 0
        while i < len(body):
            self.step()
            st = body[i]
            try:
                if st.broken:
                    raise NotExpanded(st.broken)
                kind = st.kind
                if kind == "model":
                    self.model(st, ev, frame, work, d, depth)
                elif kind in ("aif", "ago"):
                    target = self.branch_target(st, ev)
                    if target is not None:
                        name, at = target
                        where = labels.get(name)
                        if where is None:
                            self.report(
                                Diagnostic(
                                    "PRS001",
                                    st.unit.smap.span(at, at + len(name)),
                                    f"sequence symbol {name} is not defined in macro {d.name}: "
                                    "the assembler ends the macro here",
                                )
                            )
                            raise NotExpanded(f"branches to {name}, which is not defined")
                        if actr <= 0:
                            raise NotExpanded(
                                f"ACTR limit {start:,} reached: the assembler ends the macro "
                                "there (an AIF or AGO loop?)"
                            )
                        actr -= 1
                        i = where
                        continue
                elif kind == "set":
                    self.set(st, ev, frame)
                elif kind == "actr":
                    actr = start = ev.number(st.code)  # type: ignore[arg-type]
                elif kind == "declare":
                    self.declare(st, ev, frame)
                elif kind == "mnote":
                    self.mnote(st, ev, work.root.span, d.name, work.notes)
                elif kind == "exit":
                    break
                elif kind == "macro":
                    raise NotExpanded(
                        f"defines macro {st.code} inside its body (an inner MACRO), which "
                        "decklint does not expand"
                    )
            except NotExpanded as e:
                if e.budget or e.reason.startswith("in "):
                    raise
                raise NotExpanded(f"{st.op} on line {st.line}: {e.reason}") from None
            i += 1
        work.counts[d.name] = work.counts.get(d.name, 0) + 1

    def bind(self, d: Definition, unit: LogicalUnit, f: Fields, depth: int) -> Frame:
        """The frame of a call: its name field, positional and keyword operands."""
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
                if m is not None:
                    key = m.group(1).upper()
                    if key not in d.keywords:
                        raise NotExpanded(
                            f"{d.name} has no keyword parameter {key} (the assembler reads "
                            f"{text[a:b]} as a positional operand)"
                        )
                    if key in keywords:
                        raise NotExpanded(f"keyword {key}= is coded twice")
                    v = m.end()
                    keywords[key] = Operand(Text(text[v:b], written(unit, v, b)))
                else:
                    positional.append(Operand(Text(text[a:b], written(unit, a, b))))
        params: dict[str, Operand] = {}
        for k, pname in enumerate(d.positional):
            params[pname] = positional[k] if k < len(positional) else Operand(EMPTY)
        for key, default in d.keywords.items():
            params[key] = keywords.get(key) or Operand(default)
        if d.label_param:
            params[d.label_param] = label
        self.sysndx += 1
        system: dict[str, Value | Unknown] = {
            "SYSNDX": Unknown(self.sysndx_lost) if self.sysndx_lost else Text(f"{self.sysndx:04d}"),
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
        generated = generate(st, ev, frame, open_code=False)
        self.generated += 1
        self.characters += len(generated.value)
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
        root = work.root
        gunit = texts.unit(generated, root.line, root.anchor, root.lines)
        gf = fields(gunit.text)
        op = gf.op.upper()
        inner = self.macros.get(op)
        if inner is not None:
            try:
                self.expand(inner, gunit, gf, work, depth + 1)
            except NotExpanded as e:
                if e.budget:
                    raise
                raise NotExpanded(
                    f"in {inner.name} (called on line {st.line} of {d.name}): {e.reason}"
                ) from None
            return
        if op in _SPECIAL:
            raise NotExpanded(
                f"generates {op}, a conditional-assembly instruction, which the assembler does "
                "not allow in a generated statement"
            )
        if op in SECTIONS:
            self.sysect = Text(gf.label)
        work.out.append(Emitted(gunit, d.name, ORDINARY))

    # ------------------------------------------------------------------ instructions

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

    def set(self, st: Stmt, ev: Evaluator, frame: Frame) -> None:
        code = st.code
        assert isinstance(code, SetOp)
        name, subs = ev.resolve(code.target)
        if len(subs) > 1:
            raise NotExpanded(f"&{name} takes one subscript")
        convert = ev.number if code.kind == "A" else ev.bit if code.kind == "B" else ev.chars
        values: list[Value | None] = [None if v is None else convert(v) for v in code.values]
        frame.assign(code.kind, name, subs[0] if subs else None, values)

    def declare(self, st: Stmt, ev: Evaluator, frame: Frame) -> None:
        code = st.code
        assert isinstance(code, Declare)
        for var in code.names:
            name, subs = ev.resolve(var)
            frame.declare(code.kind, code.scope, name, subs[0] if subs else None)

    def lose_target(self, st: Stmt, reason: str) -> None:
        """An open-code SETx that did not run: its target's value is unknown."""
        code = st.code
        label = st.f.label
        if isinstance(code, SetOp) and isinstance(code.target.name, str):
            name = code.target.name
            array = bool(code.target.subs)
        elif label.startswith("&") and SYMBOL.fullmatch(label[1:]):
            name, array = label[1:].upper(), False
        else:
            return
        kind = {"SETA": "A", "SETB": "B", "SETAF": "A"}.get(st.op, "C")
        self.open.lose(kind, name, array, f"&{name} was not set on line {st.line}: {reason}")

    def mnote(
        self, st: Stmt, ev: Evaluator, span: Span, macro: str, into: list[Diagnostic]
    ) -> None:
        code = st.code
        assert isinstance(code, Mnote)
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
        text = f"{where}MNOTE severity {severity}: {message}"
        into.append(Diagnostic("PRS013", span, text, level))

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
            op = fields(unit.text).op.upper()
            if op == "MACRO":
                if depth == 0:
                    name = prototype_name(units, k)
                    if name:
                        names.setdefault(name, unit.line)
                depth += 1
            elif op == "MEND" and depth:
                depth -= 1
        return names


_KEYWORD = re.compile(r"([A-Za-z@#$_][A-Za-z0-9@#$_]{0,62})=")


def _anchor(unit: LogicalUnit, f: Fields) -> Anchor:
    pieces = written(unit, f.op_at, f.op_at + len(f.op))
    if pieces:
        p = pieces[0]
        return Anchor(p.line, p.col, max(p.width, 1))
    line, col = unit.smap.pos(f.op_at)
    return Anchor(line, col, max(len(f.op), 1))


def _without_label(unit: LogicalUnit, f: Fields) -> LogicalUnit:
    """An ordinary statement without its sequence symbol (the assembler does not generate it)."""
    shift = f.op_at - 1
    sm = SourceMap()
    old = unit.smap
    for s, line, col, n in zip(old.starts, old.lines, old.cols, old.lengths, strict=False):
        if s >= f.op_at:
            sm.add(s - shift, line, col, n)
    return LogicalUnit(" " + unit.text[f.op_at :], sm, unit.line, unit.kind, unit.remarks)
