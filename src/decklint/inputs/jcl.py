"""JCL as the system reads it: statements with their continuations joined, the steps of a job
(and of the in-stream procedures it defines), and the in-stream data sets that follow a DD *
or DD DATA statement.

What is followed (z/OS MVS JCL Reference):
- "JCL statement fields": `//` in columns 1-2, the name field from column 3 (an override's
  name is `procstep.ddname`), the operation, the parameters up to the first blank outside
  apostrophes, then comments. Columns 73-80 are not read (sequence numbers).
- "Continuing the parameter field": a statement whose parameter field ends with a comma goes
  on in the next `//` statement whose column 3 is blank, anywhere from column 4 to 16; a
  value in apostrophes runs to column 71 and resumes in column 16. Comment statements (`//*`)
  between the parts are skipped.
- "* parameter" and "DATA parameter" of the DD statement: the data follows the statement;
  `DD *` data ends at `/*` or at the next `//` statement, `DD DATA` data only at `/*`; with
  `DLM=` the delimiter is the DLM characters instead of `/*` (a `//` statement still ends
  `DD *` data, as JES2 reads it); the end of the input ends any data.
- "Location in the JCL" of the DD DATA statement: data with no DD statement before it is
  given a `//SYSIN DD *` by the system, and ends at the next JCL statement.
- "Overriding, adding, and nullifying parameters on a DD statement": `//procstep.ddname`
  applies to that step of the procedure; a DD statement without a step name is added to the
  procedure's first step.

Nothing here knows what the data is for: `decklint.inputs.jobs` decides that.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from decklint.core.findings import Severity

TEXT_END = 71  # the last column a JCL statement's fields may use

_DSN_MEMBER = re.compile(r"\(([A-Z0-9$#@]{1,8})\)$", re.IGNORECASE)


class Remark(NamedTuple):
    """Something a job says that a systems programmer should hear, at a place in the file:
    reported under `code` at the job's line and columns (1-based, `end_col` exclusive)."""

    code: str
    line: int
    col: int
    end_col: int
    message: str
    severity: Severity | None = None  # None: the rule's own severity
    cites: tuple[str, str] | None = None  # (manual, section) that says it; None: the rule's

    def moved(self, lines: int, cols: int = 0) -> Remark:
        """The remark in a file where the job's text starts `lines` lines and `cols` columns
        further on (a job fenced in markdown)."""
        return self._replace(
            line=self.line + lines, col=self.col + cols, end_col=self.end_col + cols
        )


@dataclass(frozen=True)
class Statement:
    """One JCL statement, its continuation lines joined."""

    first: int  # index of its first line
    last: int  # index of its last line
    name: str  # the name field, "" when column 3 is blank; upper case
    op: str  # JOB, EXEC, DD, PROC, PEND, ...; upper case
    params: tuple[str, ...]  # the parameters, split at commas outside parentheses and quotes

    def keyword(self, *keys: str) -> str | None:
        """The value of the first of `keys` coded (KEY=value), as written."""
        for p in self.params:
            k, eq, v = p.partition("=")
            if eq and k.strip().upper() in keys:
                return v
        return None

    @property
    def positional(self) -> str:
        """The first parameter when it is positional (DD *, EXEC ASMACL), else ""."""
        if not self.params:
            return ""
        first = self.params[0]
        return "" if re.match(r"[A-Z0-9$#@.]+=", first, re.IGNORECASE) else first.strip()


@dataclass(frozen=True)
class Instream:
    """An in-stream data set: its lines are `start` up to (not including) `end`."""

    ddname: str  # as written, upper case: "SYSIN", "C.SYSIN"; "SYSIN" for data with no DD
    dd: Statement | None  # None: data with no DD statement before it
    start: int
    end: int
    ended: str  # what ended it: "delimiter", "statement" (the next // statement) or "end"
    # lines between `start` and `end` that are not data: the delimiter and DD statement
    # between the parts of data concatenated by a DD statement with no name
    skipped: frozenset[int] = frozenset()

    def lines(self, lines: Sequence[str]) -> list[str]:
        """Its records, a line that is not data read as a blank one."""
        return ["" if k in self.skipped else lines[k] for k in range(self.start, self.end)]

    @property
    def procstep(self) -> str:
        """The procedure step it is given to ("" none named)."""
        return self.ddname.rpartition(".")[0]

    @property
    def dd_name(self) -> str:
        """Its DD name without a procedure step."""
        return self.ddname.rpartition(".")[2]


@dataclass
class Step:
    """A job step (or a step of an in-stream procedure): what it runs, its DD statements and
    the in-stream data sets given to it."""

    name: str
    exec: Statement
    program: str  # PGM=, upper case ("" for a procedure)
    procedure: str  # the procedure it calls, upper case ("" for a program)
    dds: list[Statement] = field(default_factory=list)
    data: list[Instream] = field(default_factory=list)

    def dd(self, ddname: str, procstep: str = "") -> Statement | None:
        """Its DD statement `ddname` (for `procstep` of the procedure: `procstep.ddname`)."""
        want = f"{procstep}.{ddname}" if procstep else ddname
        return next((d for d in self.dds if d.name == want), None)


@dataclass
class Job:
    """What a file of JCL holds: its steps in order and the in-stream procedures it defines
    (name -> their steps)."""

    steps: list[Step] = field(default_factory=list)
    procedures: dict[str, list[Step]] = field(default_factory=dict)


def member_of(dsn: str | None) -> str:
    """The member a data set name names (`SYS1.VTAMLIB(USSN)` -> USSN), else ""."""
    if not dsn:
        return ""
    m = _DSN_MEMBER.search(dsn.strip().strip("'"))
    return m.group(1).upper() if m else ""


def is_statement(line: str) -> bool:
    """Whether the line is a JCL statement other than a comment (`//` in columns 1-2)."""
    return line.startswith("//") and not line.startswith("//*")


def read(lines: Sequence[str]) -> Job:
    """The job (or jobs, or procedure) the lines hold."""
    job = Job()
    step: Step | None = None
    proc: list[Step] | None = None  # the in-stream procedure being defined
    seen_job = False  # a PROC before any JOB is a cataloged procedure: its steps are the file's
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("//*") or ln.startswith("/*"):
            i += 1  # a comment, a delimiter out of place or a JES2 statement
            continue
        if not ln.startswith("//"):
            if step is None:
                i += 1  # before the first step: nothing reads it
                continue
            start = i
            while i < len(lines) and not lines[i].startswith(("//", "/*")):
                i += 1
            ended = "end" if i == len(lines) else "statement"
            step.data.append(Instream("SYSIN", None, start, i, ended))
            continue
        st = statement(lines, i)
        i = st.last + 1
        if st.op == "":
            if not st.name and not st.params:  # the null statement: the end of the job
                step = None
            continue
        if st.op == "JOB":
            step, proc, seen_job = None, None, True
        elif st.op == "PROC":
            if seen_job:
                proc = job.procedures.setdefault(st.name, [])
                step = None
        elif st.op == "PEND":
            proc, step = None, None
        elif st.op == "EXEC":
            step = _step(st)
            (proc if proc is not None else job.steps).append(step)
        elif st.op == "DD" and step is not None:
            # a DD statement with no name is concatenated to the one before it: in-stream
            # data after in-stream data is one data set, the lines between not read
            joined = not st.name and _concatenated(step)
            ddname = st.name or (step.dds[-1].name if step.dds else "")
            step.dds.append(st)
            kind = st.positional.upper()
            if kind in ("*", "DATA"):
                data, i = _instream(lines, i, st, kind, ddname or "SYSIN")
                if joined:
                    before = step.data.pop()
                    between = frozenset(range(before.end, data.start)) | before.skipped
                    data = replace(before, end=data.end, ended=data.ended, skipped=between)
                step.data.append(data)
    return job


def _step(st: Statement) -> Step:
    pgm = (st.keyword("PGM") or "").strip().upper()
    proc = (st.keyword("PROC") or "").strip().upper() if not pgm else ""
    if not pgm and not proc:
        proc = st.positional.upper()
    return Step(st.name, st, pgm, proc)


def _concatenated(step: Step) -> bool:
    """Whether the step's last DD statement began in-stream data (its data is then the last
    of the step's): a DD statement with no name after it adds to that data set."""
    return bool(step.data and step.dds and step.dds[-1].positional.upper() in ("*", "DATA"))


def _instream(
    lines: Sequence[str], start: int, dd: Statement, kind: str, ddname: str
) -> tuple[Instream, int]:
    """The data after DD statement `dd` (lines from `start`), and the line to go on from."""
    dlm = delimiter(dd)
    ends_at = dlm or "/*"
    j = start
    while j < len(lines):
        ln = lines[j]
        if ln.startswith(ends_at):
            return Instream(ddname, dd, start, j, "delimiter"), j + 1
        if kind == "*" and ln.startswith("//"):
            return Instream(ddname, dd, start, j, "statement"), j
        j += 1
    return Instream(ddname, dd, start, j, "end"), j


def delimiter(dd: Statement) -> str:
    """The DLM characters of a DD statement, apostrophes taken off, or ""."""
    value = dd.keyword("DLM")
    if value is None:
        return ""
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == "'":
        value = value[1:-1].replace("''", "'")
    return value


def statement(lines: Sequence[str], i: int) -> Statement:
    """The statement that starts on line `i` (a `//` line), with its continuations."""
    text = lines[i][:TEXT_END]
    rest = text[2:]
    name = ""
    if rest[:1].strip():
        name, rest = _token(rest)
    op, rest = _token(rest.lstrip())
    field_text, open_quote = _field(rest.lstrip())
    parts = [field_text]
    last = i
    j = i + 1
    while (open_quote or field_text.endswith(",")) and j < len(lines):
        nxt = lines[j]
        if nxt.startswith("//*"):
            j += 1
            continue
        if not nxt.startswith("//") or nxt[2:3].strip():
            break  # not a continuation: the statement ends here
        body = nxt[:TEXT_END]
        cont = body[15:] if open_quote else body[2:].lstrip()
        field_text, open_quote = _field(cont, open_quote)
        parts.append(field_text)
        last = j
        j += 1
    return Statement(i, last, name.upper(), op.upper(), split_params("".join(parts)))


def _token(text: str) -> tuple[str, str]:
    """The first blank-delimited word of `text` and what follows it."""
    m = re.match(r"(\S*)(.*)", text, re.DOTALL)
    assert m is not None
    return m.group(1), m.group(2)


def _field(text: str, quoted: bool = False) -> tuple[str, bool]:
    """The parameter field at the start of `text`: up to the first blank outside apostrophes;
    and whether it ends inside apostrophes (the value goes on in the next statement)."""
    q = quoted
    for k, ch in enumerate(text):
        if ch == "'":
            q = not q
        elif ch == " " and not q:
            return text[:k], False
    return (text.rstrip() if not q else text), q


def split_params(text: str) -> tuple[str, ...]:
    """Parameters split at commas outside parentheses and apostrophes."""
    if "'" not in text and "(" not in text:
        return tuple(p for p in text.split(",") if p)
    out: list[str] = []
    depth = 0
    q = False
    cur: list[str] = []
    for ch in text:
        if ch == "'":
            q = not q
        elif not q and ch == "(":
            depth += 1
        elif not q and ch == ")":
            depth -= 1
        elif not q and depth <= 0 and ch == ",":
            out.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    if cur:
        out.append("".join(cur))
    return tuple(p for p in out if p)
