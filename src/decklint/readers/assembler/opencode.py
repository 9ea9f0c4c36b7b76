"""Open code: the statements of a file outside its macro definitions, in the assembler's order
(HLASM Language Reference, "Conditional assembly instructions" in open code, "ACTR").

`OpenCode.run` goes through the units once (and again where an AGO or AIF loops back): a MACRO
starts a definition (read whole, not emitted); a call of a macro defined above is expanded
(`Expander.call`); SETx, GBLx, LCLx, ACTR and MNOTE run and are emitted once as "conditional";
AIF and AGO branch to a sequence symbol of open code, within the ACTR count; anything else is
an ordinary statement, emitted as written or with its variable symbols substituted.

Where decklint cannot follow open code (an AIF it does not evaluate, the ACTR count spent, a
limit of the file reached), it says so once (PRS002, info) and reads the rest as if nothing
branched: every later statement is emitted. A SETx that did not run leaves its symbol's value
unknown, so that whatever uses it is not expanded or not substituted.
"""

from __future__ import annotations

from decklint.core.ir import Diagnostic, LogicalUnit
from decklint.core.source import SourceMap
from decklint.readers.assembler import text as texts
from decklint.readers.assembler.evaluation import Evaluator
from decklint.readers.assembler.expansion import SECTIONS, SPECIAL, Expander, anchor
from decklint.readers.assembler.results import CONDITIONAL, ORDINARY, Assembled, Emitted
from decklint.readers.assembler.statements import SetOp, Stmt, read, span_of
from decklint.readers.assembler.substitution import generate, references
from decklint.readers.assembler.symbols import Frame
from decklint.readers.assembler.syntax import (
    SEQUENCE,
    SYMBOL,
    Fields,
    NotExpanded,
    fields,
    label_op,
)
from decklint.readers.assembler.text import Text


class OpenCode(Expander):
    """One file's conditional assembly, driven from its open code."""

    def run(self) -> Assembled:
        self.frame = Frame(self.globals)
        self.ev = Evaluator(self.frame, self.limits.string)
        self.stmts: dict[int, Stmt] = {}
        self.labels: dict[str, int] | None = None
        self.actr = self.limits.actr
        self.lost = False  # no longer following AIF and AGO
        units = self.units
        ran = bytearray(len(units))  # 1: run before (a loop runs it again)
        new = tuple.__new__
        i = 0
        while i < len(units):
            unit = units[i]
            again = ran[i]
            ran[i] = 1
            if again and not self.lost and not self.repeat(unit):
                self.stop(
                    unit,
                    f"after {self.limits.statements:,} statements its loops generated again",
                )
            if "&" not in unit.text and not unit.text.startswith("."):
                label, op = label_op(unit.text)
                if op not in SPECIAL and op not in self.macros and op not in self.later:
                    self.steps += 1  # an ordinary statement, as written
                    if op in SECTIONS:
                        self.sysect = Text(label)
                    self.emitted.append(new(Emitted, (unit, "", ORDINARY)))
                    i += 1
                    continue
            stmt = self.stmt(i)
            if stmt.kind == "macro":
                i = self.define(i)
                continue
            if self.steps >= self.limits.steps and not self.lost:
                self.stop(unit, f"after {self.limits.steps:,} conditional-assembly statements")
            self.steps += 1
            if stmt.kind == "model":
                self.statement(stmt)
                i += 1
                continue
            if not again:  # once, however often a loop runs it
                self.emitted.append(Emitted(unit, "", CONDITIONAL))
            i = self.conditional(stmt, i)
        return Assembled(tuple(self.emitted), self.results(), tuple(self.diags))

    def stmt(self, i: int) -> Stmt:
        stmt = self.stmts.get(i)
        if stmt is None:
            stmt, diag = read(self.units[i], in_macro=False)
            self.stmts[i] = stmt
            if diag is not None:
                self.report(diag)
        return stmt

    def stop(self, unit: LogicalUnit, why: str) -> None:
        """No more branches: the rest of the file is read in order."""
        self.lost = True
        self.note(
            unit,
            f"decklint stops following AIF and AGO in open code {why}: the statements after "
            "this one are read as if nothing branched",
        )

    def repeat(self, unit: LogicalUnit) -> bool:
        """A statement run again by a loop counts as generated; False past the limits."""
        self.generated += 1
        self.characters += len(unit.text)
        return (
            self.generated <= self.limits.statements and self.characters <= self.limits.characters
        )

    # ------------------------------------------------------------------ conditional assembly

    def conditional(self, stmt: Stmt, i: int) -> int:
        """Run an open-code statement of conditional assembly; the index of the next one."""
        kind = stmt.kind
        if stmt.broken or kind in ("nop", "exit", "stop"):
            if kind == "set" or stmt.op in ("SETAF", "SETCF"):
                self.lose_target(stmt, stmt.broken or "its value is unknown")
            return i + 1
        if kind in ("aif", "ago"):
            return self.branch(stmt, i)
        try:
            if kind == "actr":
                self.actr = self.ev.number(stmt.code)  # type: ignore[arg-type]
            else:
                self.execute(stmt, self.ev, self.frame, span_of(stmt.unit), "", self.diags)
        except NotExpanded as e:
            if kind == "set":
                self.lose_target(stmt, e.reason)
        return i + 1

    def branch(self, stmt: Stmt, i: int) -> int:
        if self.lost:
            return i + 1
        unit = stmt.unit
        try:
            target = self.branch_target(stmt, self.ev)
        except NotExpanded as e:
            self.stop(unit, f"at this {stmt.op}, which it does not evaluate ({e.reason})")
            return i + 1
        if target is None:
            return i + 1
        if self.labels is None:
            self.labels = self.open_labels()
        name, at = target
        where = self.labels.get(name)
        if where is None:
            self.report(
                Diagnostic(
                    "PRS001",
                    unit.smap.span(at, at + len(name)),
                    f"sequence symbol {name} is not defined in open code: the assembler "
                    f"ignores this {stmt.op}",
                )
            )
            return i + 1
        if self.actr <= 0:
            self.stop(unit, f"after {self.limits.actr:,} AIF and AGO branches (ACTR)")
            return i + 1
        self.actr -= 1
        return where

    def open_labels(self) -> dict[str, int]:
        """The sequence symbols of open code (outside macro definitions)."""
        labels: dict[str, int] = {}
        depth = 0
        for k, unit in enumerate(self.units):
            f = fields(unit.text)
            op = f.op.upper()
            if op == "MACRO":
                depth += 1
            elif depth:
                depth -= op == "MEND"
            elif f.label.startswith(".") and SEQUENCE.fullmatch(f.label):
                key = f.label.upper()
                if key not in labels:
                    labels[key] = k
                    continue
                self.report(
                    Diagnostic(
                        "PRS001",
                        unit.smap.span(0, len(f.label)),
                        f"sequence symbol {f.label} is already defined on line "
                        f"{self.units[labels[key]].line}: the assembler uses the first",
                    )
                )
        return labels

    def lose_target(self, st: Stmt, reason: str) -> None:
        """A SETx that did not run: its target's value is unknown from now on."""
        code, label = st.code, st.f.label
        if isinstance(code, SetOp) and isinstance(code.target.name, str):
            name, array = code.target.name, bool(code.target.subs)
        elif label.startswith("&") and SYMBOL.fullmatch(label[1:]):
            name, array = label[1:].upper(), False
        else:
            return
        kind = {"SETA": "A", "SETB": "B", "SETAF": "A"}.get(st.op, "C")
        self.frame.lose(kind, name, array, f"&{name} was not set on line {st.line}: {reason}")

    # ------------------------------------------------------------------ ordinary statements

    def statement(self, stmt: Stmt) -> None:
        """An open-code statement that is no conditional assembly: ordinary, or a call."""
        unit, f = stmt.unit, stmt.f
        if self.substitutable(unit):
            try:
                generated = generate(stmt, self.ev, self.frame, open_code=True)
            except NotExpanded:
                generated = None
            if generated is not None:
                lines = (unit.line, unit.end_line)
                unit = texts.unit(generated, unit.line, anchor(stmt.unit, stmt.f), lines)
                f = fields(unit.text)
        op = f.op.upper()
        info = self.macros.get(op)
        if info is not None:
            self.call(info, stmt.unit, unit, f)
            return
        if self.before_definition(op, stmt.unit):
            return
        if op in SECTIONS:
            self.sysect = Text(f.label)
        if f.label.startswith("."):
            unit = _without_label(unit, f)
        self.emitted.append(Emitted(unit, "", ORDINARY))

    def substitutable(self, unit: LogicalUnit) -> bool:
        """Whether a statement has variable symbols, all of them known in open code (a z/OS
        system symbol such as &SYSCLONE. is not: VTAM substitutes it)."""
        if "&" not in unit.text:
            return False
        try:
            refs = list(references(unit.text, 0, len(unit.text)))
        except NotExpanded:
            return False
        return bool(refs) and all(
            isinstance(v.name, str) and self.frame.knows(v.name) for v in refs
        )


def _without_label(unit: LogicalUnit, f: Fields) -> LogicalUnit:
    """An ordinary statement without its sequence symbol (the assembler does not generate it)."""
    shift = f.op_at - 1
    sm = SourceMap()
    old = unit.smap
    for s, line, col, n in zip(old.starts, old.lines, old.cols, old.lengths, strict=False):
        if s >= f.op_at:
            sm.add(s - shift, line, col, n)
    return LogicalUnit(" " + unit.text[f.op_at :], sm, unit.line, unit.kind, unit.remarks)
