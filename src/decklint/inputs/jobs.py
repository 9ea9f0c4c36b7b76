"""The decks a job carries: which in-stream data sets are decks, what each is called, and what
the job says about them that a systems programmer should hear.

A step's in-stream data is read as what the step's program reads it as:
- IEBUPDTE (`PGM=IEBUPDTE`, or any step whose data holds IEBUPDTE function statements): the
  members it adds or replaces, each a deck named by its `./ ADD NAME=`; a `./ CHANGE` is a
  change to a member, said once and not linted (`decklint.inputs.updte`);
- an assembler (`ASSEMBLERS`, or the assembling step of a procedure in `PROCEDURES` or of an
  in-stream procedure): its SYSIN is the source of one table, named after the member the job
  link-edits it into (a binder `NAME` statement, else SYSLMOD's member), else the table the
  source starts (USSTAB, MODETAB, INTAB), else its control section, else the job step;
- the binder, and a program an earlier step made: their data are control statements and
  program input, never decks;
- IEBGENER: SYSUT1 is the data copied to SYSUT2, named after SYSUT2's member when it has one;
  its SYSIN holds IEBGENER's own control statements;
- a program whose input is one dialect (`PROGRAM_DIALECTS`: DFHCSDUP, DFHSIP): its SYSIN is a
  deck of that dialect, named SYSIN;
- any other program: each in-stream data set is a deck named by its DD name, and the dialect
  is left to detection.

A job shown without its JOB card (instructions that leave it to the user) is still a job: its
first statements may be SET, JCLLIB and the others a job codes before its first step.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from decklint.core.source import Span
from decklint.inputs import jcl, updte
from decklint.inputs.jcl import Remark

# Programs whose SYSIN is assembler source, by the manual that names the program:
# ASMA90 (High Level Assembler for z/OS, Programmer's Guide, "Invoking the assembler in a
# batch job"), IEV90 (Assembler H Version 2 Programmer's Guide), IFOX00 (OS/VS - VM/370
# Assembler Programmer's Guide: Assembler XF), IEUASM (OS Assembler (F) Programmer's Guide).
ASSEMBLERS = frozenset({"ASMA90", "IEV90", "IFOX00", "IEUASM"})

# Programs whose in-stream data are binder or loader control statements (z/OS MVS Program
# Management: User's Guide and Reference, "Invoking the binder from JCL" and "Loading ...":
# IEWBLINK, IEWL, LINKEDIT, HEWL, HEWLH096, HEWLDRGO, IEWBLDGO, LOADER; MVS 3.8's linkage
# editor and loader (OS/VS Linkage Editor and Loader): IEWLF128, IEWLF440, IEWLF880, IEWLDRGO).
BINDERS = frozenset(
    {
        "IEWBLINK",
        "IEWL",
        "LINKEDIT",
        "HEWL",
        "HEWLH096",
        "HEWLDRGO",
        "IEWBLDGO",
        "LOADER",
        "IEWLF128",
        "IEWLF440",
        "IEWLF880",
        "IEWLDRGO",
    }
)

# Programs that copy SYSUT1 to SYSUT2 (z/OS DFSMSdfp Utilities, IEBGENER; ICEGENER is DFSORT's
# replacement, z/OS DFSORT Application Programming Guide, "ICEGENER").
COPIERS = frozenset({"IEBGENER", "ICEGENER"})

# Cataloged procedures that assemble: their steps in order as (step, what it runs). The first
# step assembles SYSIN. HLASM's (High Level Assembler Programmer's Guide, "Cataloged
# procedures"): ASMAC, ASMACL, ASMACG, ASMACLG with steps C, L and G; Assembler XF's on MVS
# (OS/VS - VM/370 Assembler Programmer's Guide, "Cataloged procedures"): ASMFC, ASMFCL,
# ASMFCG, ASMFCLG with steps ASM, LKED and GO. ASMACL (C runs ASMA90, L runs HEWL) and
# ASMFCL (ASM runs IFOX00) were read in copies of the procedures; the other procedures'
# steps are assumed to follow the same pattern. A job's own in-stream procedure of the same
# name is read instead (`_procedure`).
PROCEDURES: dict[str, tuple[tuple[str, str], ...]] = {
    "ASMAC": (("C", "asm"),),
    "ASMACL": (("C", "asm"), ("L", "link")),
    "ASMACG": (("C", "asm"), ("G", "link")),
    "ASMACLG": (("C", "asm"), ("L", "link"), ("G", "run")),
    "ASMFC": (("ASM", "asm"),),
    "ASMFCL": (("ASM", "asm"), ("LKED", "link")),
    "ASMFCG": (("ASM", "asm"), ("GO", "link")),
    "ASMFCLG": (("ASM", "asm"), ("LKED", "link"), ("GO", "run")),
}

# Programs whose in-stream SYSIN is the input of one dialect: DFHCSDUP reads DFHCSDUP
# commands from SYSIN (CICS TS, "DFHCSDUP: syntax and command rules", and the job it shows in
# "Invoking DFHCSDUP as a batch program"); DFHSIP, CICS itself, its system initialization
# parameters (System Definition Guide, "Rules for coding CICS system initialization
# parameters in the SYSIN data set").
PROGRAM_DIALECTS = {"DFHCSDUP": "cics", "DFHSIP": "cicssit"}

# Statements a job may code before its first step (z/OS MVS JCL Reference: "SET statement",
# "JCLLIB statement", "INCLUDE statement", "OUTPUT JCL statement", "EXPORT statement",
# "IF/THEN/ELSE/ENDIF statement construct", "COMMAND statement", "CNTL statement",
# "XMIT JCL statement"): a job shown without its JOB card may start with them.
_BEFORE_STEPS = frozenset(
    {"SET", "JCLLIB", "INCLUDE", "OUTPUT", "EXPORT", "IF", "ELSE", "ENDIF", "COMMAND", "CNTL"}
)

# What names a table in its assembler source: the label of the macro that starts it (z/OS
# Communications Server: SNA Resource Definition Reference: "USSTAB macroinstruction", "Logon
# mode table" (MODETAB), "Interpret table" (INTAB)), else of a control section (HLASM Language
# Reference, "CSECT instruction", "START instruction", "RSECT instruction").
TABLE_STARTS = frozenset({"USSTAB", "MODETAB", "INTAB"})
SECTIONS = frozenset({"CSECT", "START", "RSECT"})

# The binder's NAME statement (Program Management, "NAME statement"): NAME member[(R)], not
# in column 1.
_BINDER_NAME = re.compile(r"^\s+NAME\s+([A-Z0-9$#@]{1,8})(?:\(R\))?(?:\s|$)", re.IGNORECASE)


@dataclass(frozen=True)
class Deck:
    """A deck in a job: the job's lines `start` up to `end`, except `skipped` (control
    statements among a member's records, read as blank lines)."""

    name: str
    start: int
    end: int
    card: Span  # the statement that brings it: the ADD card, the DD statement (file lines)
    step: str = ""  # the job step that reads it: "BUILD", "BUILD.C" for a procedure's step
    dd: str = ""  # its DD name as written: "SYSIN", "C.SYSIN"
    control: updte.Control | None = None  # the IEBUPDTE statement that writes it
    skipped: frozenset[int] = frozenset()
    dialect: str | None = None  # what its program reads it as (PROGRAM_DIALECTS), if known


@dataclass(frozen=True)
class Contents:
    decks: tuple[Deck, ...]
    remarks: tuple[Remark, ...]


def is_job(lines: Sequence[str]) -> bool:
    """Whether the text is JCL, a bare IEBUPDTE input, or a procedure: its first statement
    (past comments, blank lines and the statements a job may code before its first step:
    SET, JCLLIB, ...) is a JOB, EXEC or PROC statement, a DD statement of in-stream data, or
    an IEBUPDTE control statement (or one masked as `.@`, `updte.masked`)."""
    n = 0
    end = min(len(lines), 50)
    while n < end:
        ln = lines[n]
        if not ln.strip() or ln.startswith("//*"):
            n += 1
            continue
        if ln.startswith(("./", ".@")):
            return updte.is_control(updte.unmasked(ln))
        if not jcl.is_statement(ln):
            return False
        st = jcl.statement(lines, n)
        if st.op in _BEFORE_STEPS:
            n = st.last + 1
            continue
        return st.op in ("JOB", "EXEC", "PROC") or (
            st.op == "DD" and st.positional.upper() in ("*", "DATA")
        )
    return False


def read(lines: Sequence[str], base: int = 0) -> Contents:
    """The decks of a job whose first line is line `base + 1` of the file."""
    first = next((ln for ln in lines if ln.strip() and not ln.startswith("//*")), "")
    if first.startswith(("./", ".@")):  # IEBUPDTE input on its own
        whole = jcl.Instream("SYSIN", None, 0, len(lines), "end")
        return _members(lines, whole, base, "", _no_step())
    job = jcl.read(lines)
    decks: list[Deck] = []
    remarks: list[Remark] = []
    # the job's steps, then those of the in-stream procedures it defines (data coded in a
    # procedure is read whenever the procedure runs)
    steps = [(job.steps, n) for n in range(len(job.steps))]
    steps += [(proc, n) for proc in job.procedures.values() for n in range(len(proc))]
    for among, n in steps:
        step = among[n]
        for data in step.data:
            got = _data(lines, base, job, among, n, data)
            decks.extend(got.decks)
            remarks.extend(got.remarks)
    decks.sort(key=lambda d: d.start)
    return Contents(tuple(decks), tuple(remarks))


def _no_step() -> jcl.Step:
    return jcl.Step("", jcl.Statement(0, 0, "", "EXEC", ()), "", "")


def _data(
    lines: Sequence[str],
    base: int,
    job: jcl.Job,
    steps: list[jcl.Step],
    n: int,
    data: jcl.Instream,
) -> Contents:
    """What one in-stream data set of step `n` of `steps` (the job's or a procedure's) is."""
    step = steps[n]
    kind, procstep = _runs(job, step, data)
    where = f"{step.name}.{procstep}" if procstep and step.name else step.name or procstep
    dd = data.dd_name
    if kind in ("link", "run") or (kind == "asm" and dd != "SYSIN"):
        return Contents((), ())
    records = data.lines(lines)
    if not any(ln.strip() for ln in records):
        return Contents((), ())
    if kind == "asm":
        name = _link_name(lines, job, steps, n) or _source_name(records)
        name = name or step.name or dd  # else the job step, else the DD statement
        deck = _deck(name, lines, data, base, where)
        return Contents((deck,), ())
    if kind == "copy" and dd == "SYSIN":
        return Contents((), ())
    if kind == "update" or updte.holds_members(records) or updte.masked(records):
        return _members(records, data, base, where, step)
    name = dd
    if kind == "copy" and dd == "SYSUT1":
        target = step.dd("SYSUT2", procstep) or step.dd("SYSUT2")
        name = jcl.member_of(target.keyword("DSN", "DSNAME") if target else None) or dd
    dialect = PROGRAM_DIALECTS.get(step.program) if dd == "SYSIN" else None
    return Contents((_deck(name, lines, data, base, where, dialect),), ())


def _deck(
    name: str,
    lines: Sequence[str],
    data: jcl.Instream,
    base: int,
    where: str,
    dialect: str | None = None,
) -> Deck:
    card = _card(lines, data, base)
    return Deck(
        name, data.start, data.end, card, where, data.ddname, skipped=data.skipped, dialect=dialect
    )


def _runs(job: jcl.Job, step: jcl.Step, data: jcl.Instream) -> tuple[str, str]:
    """What reads the data (asm, link, run, update, copy or other) and the procedure step it
    is given to ("" for a program's step)."""
    if step.program:
        return _kind(step.program), ""
    steps = _procedure(job, step.procedure)
    if not steps:
        return "other", data.procstep
    target = data.procstep or steps[0][0]
    return next((k for s, k in steps if s == target), "other"), target


def _procedure(job: jcl.Job, name: str) -> tuple[tuple[str, str], ...]:
    """The steps of procedure `name` as (step, what it runs): the job's own in-stream
    procedure of that name first, then the cataloged ones known."""
    inline = job.procedures.get(name)
    if inline:
        return tuple((s.name, _kind(s.program) if s.program else "other") for s in inline)
    return PROCEDURES.get(name, ())


def _kind(program: str) -> str:
    if program in ASSEMBLERS:
        return "asm"
    if program in BINDERS:
        return "link"
    if program.startswith("*."):
        return "run"  # a program an earlier step made
    if program == "IEBUPDTE":
        return "update"
    if program in COPIERS:
        return "copy"
    return "other"


def _members(
    records: Sequence[str], data: jcl.Instream, base: int, where: str, step: jcl.Step
) -> Contents:
    """The members IEBUPDTE writes from the data's `records`, and what it says of them."""
    if updte.masked(records):
        records = [updte.unmasked(ln) for ln in records]
    stream = updte.read(records, base + data.start)
    target = step.dd("SYSUT2")
    fallback = jcl.member_of(target.keyword("DSN", "DSNAME") if target else None)
    decks = []
    for m in stream.members:
        c = m.control
        card = Span(c.line, 1, c.line, c.end_col)
        decks.append(
            Deck(
                c.name or fallback or data.dd_name,
                data.start + m.start,
                data.start + m.end,
                card,
                where,
                data.ddname,
                c,
                frozenset(data.start + k for k in m.skipped),
            )
        )
    remarks = list(stream.remarks)
    for c in stream.changes:
        remarks.append(_change(c))
    return Contents(tuple(decks), tuple(remarks))


def _change(c: updte.Control) -> Remark:
    what = f"member {c.name}" if c.name else "the data set"
    how = (
        "in place, record by record"
        if (c.get("UPDATE") or "").upper() == "INPLACE"
        else "by the sequence numbers in columns 73-80"
    )
    return Remark(
        "JCL002",
        c.line,
        1,
        c.end_col,
        f"./ CHANGE changes {what} {how}: the records after it are changes, not the "
        "whole member, so they are not linted as a deck",
        cites=(updte.MANUAL, updte.SECTIONS["CHANGE"]),
    )


def _card(lines: Sequence[str], data: jcl.Instream, base: int) -> Span:
    """The DD statement of the data (its first line), or the data's first line when the data
    has no DD statement."""
    at = data.dd.first if data.dd is not None else data.start
    text = lines[at][: jcl.TEXT_END].rstrip()
    return Span(base + at + 1, 1, base + at + 1, len(text) + 1)


def _link_name(lines: Sequence[str], job: jcl.Job, steps: list[jcl.Step], n: int) -> str:
    """The member the job link-edits the assembled source of step `n` into: a binder NAME
    statement, else the member of SYSLMOD, in the link steps of the same procedure, then in
    the steps that follow up to the next assembly."""
    step = steps[n]
    for s, kind in _procedure(job, step.procedure) if step.procedure else ():
        if kind == "link":
            data = [d for d in step.data if d.procstep == s]
            got = _named(lines, data) or _lmod(step, s)
            if got:
                return got
    for later in steps[n + 1 :]:
        if later.program and _kind(later.program) == "asm":
            break
        if later.procedure and any(k == "asm" for _s, k in _procedure(job, later.procedure)):
            break
        if later.program and _kind(later.program) == "link":
            got = _named(lines, later.data) or _lmod(later, "")
            if got:
                return got
    return ""


def _named(lines: Sequence[str], data: Iterable[jcl.Instream]) -> str:
    for d in data:
        for ln in d.lines(lines):
            m = _BINDER_NAME.match(ln[: jcl.TEXT_END])
            if m:
                return m.group(1).upper()
    return ""


def _lmod(step: jcl.Step, procstep: str) -> str:
    dd = step.dd("SYSLMOD", procstep)
    return jcl.member_of(dd.keyword("DSN", "DSNAME") if dd else None)


def _source_name(records: Sequence[str]) -> str:
    """The table an assembler source starts (its USSTAB, MODETAB or INTAB label), else its
    first named control section; macro definitions are passed over."""
    section = ""
    depth = 0
    prototype = False
    for ln in records:
        text = ln[: jcl.TEXT_END]
        if not text.strip() or text.startswith(("*", ".*")):
            continue
        fields = text.split()
        label = fields[0] if not text[0].isspace() else ""
        op = (
            (fields[1] if label else fields[0]).upper() if len(fields) > (1 if label else 0) else ""
        )
        if op == "MACRO":
            depth += 1
            prototype = True
            continue
        if prototype:
            prototype = False
            continue
        if op == "MEND":
            depth = max(0, depth - 1)
            continue
        if depth or not label or label[0] in "&.":
            continue
        if op in TABLE_STARTS:
            return label.upper()
        if op in SECTIONS and not section:
            section = label.upper()
    return section
