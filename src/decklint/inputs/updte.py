"""IEBUPDTE input as IEBUPDTE reads it: its control statements and the members they write.

What is followed (z/OS DFSMSdfp Utilities, the IEBUPDTE chapter, and "Continuing utility
control statements" in its introduction):
- A control statement has `./` in columns 1-2, a label right after it (column 3) or a blank,
  the operation, its operands up to the first blank, then comments. A nonblank column 72 (or,
  as for other utilities, operands that end with a comma) continues it on the next record,
  in column 16; columns 73-80 are not read.
- Every record that is not a control statement is a data statement; what it is for depends
  on the function statement before it: the records after `./ ADD` or `./ REPL` are the whole
  new member; after `./ CHANGE` they replace or insert records of an existing member by
  sequence number (a fragment, not a member); `./ REPRO` copies a member from SYSUT1 and has
  no data; the records after `./ LABEL` (up to eight) are user labels.
- `./ NUMBER` and `./ DELETE` (detail statements) and `./ ALIAS` belong to the member being
  written: it goes on after them. `./ ENDUP` ends the input: IEBUPDTE reads nothing after it.

The statements and their operands are declared in `STATEMENTS` with the section that says
each, and which of them were read in the manual's own words when this was written and which
are assumed from it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from decklint.core.findings import Severity
from decklint.inputs.jcl import Remark, split_params

MANUAL = "z/OS DFSMSdfp Utilities"
TEXT_END = 71  # columns 1-71 hold a control statement; 72 continues it; 73-80 are not read
CONT_COL = 72
RESUME_COL = 16

# The function statement's operands ("Function Statement": ADD, CHANGE, REPL and REPRO take
# the same set). COLUMN and UPDATE=INPLACE were read in "Function Restrictions", SEQ1, SEQ2,
# NEW1, INCR and INSERT in "Detail Statement"; the rest of this set is assumed from the
# function statement's syntax as the manual gives it.
_FUNCTION = frozenset(
    {
        "LIST",
        "SEQFLD",
        "NEW",
        "MEMBER",
        "COLUMN",
        "UPDATE",
        "INHDR",
        "INTLR",
        "OUTHDR",
        "OUTTLR",
        "TOTAL",
        "NAME",
        "LEVEL",
        "SOURCE",
        "SSI",
    }
)

# operation -> (what it does to the member being written, the operands it takes). What each
# does, by the section of z/OS DFSMSdfp Utilities (IEBUPDTE) that says it (`SECTIONS`):
#   member:  "Function Statement": ADD adds a member, REPL replaces one, in their entirety;
#            the data statements that follow are the member ("Data Statement").
#   change:  "Function Statement": CHANGE modifies an existing member by sequence number
#            (with UPDATE=INPLACE, in place: "Function Restrictions").
#   copy:    "Function Statement": REPRO copies a member from SYSUT1 as it is.
#   detail:  "Detail Statement": NUMBER renumbers or numbers the records of the member,
#            DELETE deletes records of the member being changed.
#   alias:   "ALIAS Statement": an alias of the member being written (NAME=); where it may
#            stand among the member's records is assumed free (jobs code it after them).
#   label:   "LABEL Statement": the data statements after it, up to the next control
#            statement, are user labels.
#   end:     "ENDUP Statement": the end of the input (assumed: the section was not read here;
#            jobs end their IEBUPDTE input with it and put nothing after it).
# The label in column 3 is read in the syntax of "Detail Statement" and "LABEL Statement"
# (`./[label]`); a continuation record's `./` in columns 1-2 is assumed optional.
STATEMENTS: dict[str, tuple[str, frozenset[str]]] = {
    "ADD": ("member", _FUNCTION),
    "REPL": ("member", _FUNCTION),
    "CHANGE": ("change", _FUNCTION),
    "REPRO": ("copy", _FUNCTION),
    "NUMBER": ("detail", frozenset({"SEQ1", "SEQ2", "NEW1", "INCR", "INSERT"})),
    "DELETE": ("detail", frozenset({"SEQ1", "SEQ2"})),
    "ALIAS": ("alias", frozenset({"NAME"})),
    "LABEL": ("label", frozenset()),
    "ENDUP": ("end", frozenset()),
}
SECTIONS = {
    "ADD": "IEBUPDTE, Function Statement",
    "REPL": "IEBUPDTE, Function Statement",
    "CHANGE": "IEBUPDTE, Function Statement",
    "REPRO": "IEBUPDTE, Function Statement",
    "NUMBER": "IEBUPDTE, Detail Statement",
    "DELETE": "IEBUPDTE, Detail Statement",
    "ALIAS": "IEBUPDTE, ALIAS Statement",
    "LABEL": "IEBUPDTE, LABEL Statement",
    "ENDUP": "IEBUPDTE, ENDUP Statement",
}
FUNCTIONS = frozenset(
    op for op, (what, _o) in STATEMENTS.items() if what in ("member", "change", "copy")
)

_CONTROL = re.compile(r"^\./(?:[A-Z0-9$#@]{1,8})?\s+([A-Z]+)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Control:
    """One IEBUPDTE control statement, its continuation records joined."""

    line: int  # the file's line of its first record
    last_line: int  # the file's line of its last record
    col: int  # the column of its operation
    end_col: int  # the column after its operand field on the first record
    label: str
    op: str  # upper case
    operands: tuple[tuple[str, str], ...]  # (KEYWORD, value as written); ("", v) positional

    def get(self, key: str) -> str | None:
        for k, v in self.operands:
            if k == key:
                return v
        return None

    @property
    def name(self) -> str:
        """The member it names (NAME=, else MEMBER=), upper case, or ""."""
        return (self.get("NAME") or self.get("MEMBER") or "").strip().upper()

    @property
    def text(self) -> str:
        """The statement as IEBUPDTE reads it: `./ ADD NAME=X,LIST=ALL`."""
        ops = ",".join(f"{k}={v}" if k else v for k, v in self.operands)
        return f"./{self.label} {self.op} {ops}".rstrip()


@dataclass(frozen=True)
class Member:
    """A member written in its entirety (ADD, REPL): its records are the data's lines `start`
    up to `end`, except `skipped` (control statements among them: NUMBER, ALIAS, ...)."""

    control: Control
    start: int
    end: int
    skipped: frozenset[int] = frozenset()
    aliases: tuple[str, ...] = ()
    details: tuple[Control, ...] = ()


@dataclass(frozen=True)
class Stream:
    """What IEBUPDTE does with its input: the members it writes, the members it changes (the
    CHANGE statements), and problems with the control statements."""

    members: tuple[Member, ...]
    changes: tuple[Control, ...]
    remarks: tuple[Remark, ...]


# A job that writes IEBUPDTE input inside IEBUPDTE input (TK4-'s sysgen jobs, loaded into
# SYS1.SYSGEN.CNTL so) masks the inner control statements as `.@`: where the data holds no
# `./` function statement of its own, they are read as the `./` they stand for.
MASK = ".@"


def unmasked(line: str) -> str:
    """The record with a `.@` mask in columns 1-2 read as `./`."""
    return "./" + line[2:] if line.startswith(MASK) else line


def masked(lines: Sequence[str]) -> bool:
    """Whether the data is IEBUPDTE input masked as `.@`: function statements so, and none
    written `./` (those would be the data's own, the `.@` ones a level below)."""
    return not holds_members(lines) and any(
        ln.startswith(MASK) and is_function(unmasked(ln)) for ln in lines
    )


def is_control(line: str) -> bool:
    """Whether the line is an IEBUPDTE control statement IEBUPDTE knows."""
    m = _CONTROL.match(line[:TEXT_END])
    return bool(m and m.group(1).upper() in STATEMENTS)


def is_function(line: str) -> bool:
    """Whether the line is a function statement (ADD, REPL, CHANGE, REPRO)."""
    m = _CONTROL.match(line[:TEXT_END])
    return bool(m and m.group(1).upper() in FUNCTIONS)


def holds_members(lines: Sequence[str]) -> bool:
    """Whether data is IEBUPDTE input: it has a function statement."""
    return any(ln.startswith("./") and is_function(ln) for ln in lines)


@dataclass
class _Open:
    """The member being written: its first and last record so far, and the control
    statements among them."""

    control: Control
    first: int = -1
    last: int = -1
    skipped: list[int] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    details: list[Control] = field(default_factory=list)

    def member(self) -> Member | None:
        if self.first < 0:
            return None
        inside = frozenset(k for k in self.skipped if self.first <= k <= self.last)
        return Member(
            self.control,
            self.first,
            self.last + 1,
            inside,
            tuple(self.aliases),
            tuple(self.details),
        )


def read(data: Sequence[str], base: int = 0) -> Stream:
    """IEBUPDTE's reading of `data`, whose first line is line `base + 1` of the file."""
    members: list[Member] = []
    changes: list[Control] = []
    remarks: list[Remark] = []
    cur: _Open | None = None

    def close() -> None:
        nonlocal cur
        if cur is not None:
            got = cur.member()
            if got is not None:
                members.append(got)
        cur = None

    k = 0
    n = len(data)
    while k < n:
        if not data[k].startswith("./"):
            if cur is not None:  # its records run to the next control statement
                j = k + 1
                while j < n and not data[j].startswith("./"):
                    j += 1
                if cur.first < 0:
                    cur.first = k
                cur.last = j - 1
                k = j
            else:
                k += 1
            continue
        ctl, last = control(data, k, base)
        lines = range(k, last + 1)
        remarks.extend(_check(ctl))
        what = STATEMENTS.get(ctl.op, ("unknown", frozenset()))[0]
        if what == "member":
            close()
            cur = _Open(ctl)
        elif what in ("change", "copy", "label"):
            close()
            if what == "change":
                changes.append(ctl)
        elif what == "end":
            close()
            remarks.extend(_after_end(data, last + 1, base, ctl))
            break
        elif cur is not None:  # a detail statement, an alias, or one IEBUPDTE rejects
            cur.skipped.extend(lines)
            if what == "alias" and ctl.name:
                cur.aliases.append(ctl.name)
            elif what == "detail":
                cur.details.append(ctl)
        k = last + 1
    close()
    return Stream(tuple(members), tuple(changes), tuple(remarks))


def control(data: Sequence[str], k: int, base: int = 0) -> tuple[Control, int]:
    """The control statement on line `k` of `data` (a `./` line) and the index of its last
    record."""
    raw = data[k]
    text = raw[:TEXT_END]
    rest = text[2:]
    label = ""
    if rest[:1].strip():
        label = rest.split()[0]
        rest = rest[len(label) :]
    op_at = len(text) - len(rest.lstrip())
    stripped = rest.lstrip()
    op = stripped.split()[0] if stripped.split() else ""
    after = stripped[len(op) :].lstrip()
    field_at = len(text) - len(after)
    operands = after.split(" ", 1)[0]
    end_col = field_at + len(operands) + 1 if operands else op_at + len(op) + 1
    parts = [operands]
    last = k
    while last + 1 < len(data) and _continues(data[last], parts[-1], data[last + 1]):
        last += 1
        parts.append(data[last][RESUME_COL - 1 : TEXT_END].split(" ", 1)[0])
    params = split_params("".join(parts))
    ops = tuple(
        (k_.strip().upper(), v) if eq else ("", k_)
        for k_, eq, v in (p.partition("=") for p in params)
    )
    return (
        Control(base + k + 1, base + last + 1, op_at + 1, end_col, label.upper(), op.upper(), ops),
        last,
    )


def _continues(raw: str, operands: str, nxt: str) -> bool:
    """Whether record `nxt` continues the control statement ending with record `raw`: a mark
    in column 72 and a record blank up to column 16 (after a `./`), or operands that end with
    a comma and a `./` record blank up to column 16."""
    if not nxt[RESUME_COL - 1 : TEXT_END].strip():
        return False
    slashed = nxt.startswith("./")
    head = nxt[2 : RESUME_COL - 1] if slashed else nxt[: RESUME_COL - 1]
    if head.strip():
        return False
    if raw[CONT_COL - 1 : CONT_COL].strip():
        return True
    return slashed and operands.endswith(",")


def _check(ctl: Control) -> list[Remark]:
    """What IEBUPDTE would reject in a control statement: an operation or an operand it does
    not know, an ADD or REPL without the member's name."""
    spec = STATEMENTS.get(ctl.op)
    if spec is None:
        known = ", ".join(STATEMENTS)
        what = f"./ {ctl.op}" if ctl.op else "a ./ record with no operation"
        return [
            Remark(
                "PRS001",
                ctl.line,
                ctl.col if ctl.op else 1,
                ctl.col + max(len(ctl.op), 1) if ctl.op else 3,
                f"{what} is not an IEBUPDTE control statement: expected one of {known}",
                cites=(MANUAL, "IEBUPDTE, Utility Control Statements"),
            )
        ]
    out: list[Remark] = []
    for key, _v in ctl.operands:
        if key and key not in spec[1]:
            takes = ", ".join(sorted(spec[1])) or "no operands"
            out.append(
                Remark(
                    "PRS001",
                    ctl.line,
                    ctl.col,
                    ctl.end_col,
                    f"./ {ctl.op} does not take {key}=: IEBUPDTE rejects the statement "
                    f"(it takes {takes})",
                    cites=(MANUAL, SECTIONS[ctl.op]),
                )
            )
    return out


def _after_end(data: Sequence[str], k: int, base: int, endup: Control) -> list[Remark]:
    """Records after ./ ENDUP: IEBUPDTE never reads them, so members there are not written."""
    rest = [(n, ln) for n, ln in enumerate(data[k:], k) if ln.strip()]
    if not rest:
        return []
    lost = [control(data, n, base)[0].name for n, ln in rest if is_function(ln)]
    lost = [name for name in lost if name]
    what = f"{len(rest)} records after it are" if len(rest) != 1 else "record after it is"
    if lost:
        what += f" never read: member{'s' if len(lost) != 1 else ''} {', '.join(lost)} "
        what += "is not written" if len(lost) == 1 else "are not written"
    else:
        what += " never read"
    first = rest[0][0]
    return [
        Remark(
            "JCL003",
            base + first + 1,
            1,
            len(data[first].rstrip()[:TEXT_END]) + 1,
            f"IEBUPDTE stops reading at ./ ENDUP on line {endup.line}: the {what}",
            Severity.WARNING,
            (MANUAL, SECTIONS["ENDUP"]),
        )
    ]
