"""What `conditional.assemble` returns, and the limits it keeps to (see `conditional`)."""

from __future__ import annotations

from typing import NamedTuple

from decklint.core.ir import Diagnostic, LogicalUnit
from decklint.core.source import Span

ORDINARY = "ordinary"  # a statement to parse and model
CONDITIONAL = "conditional"  # a statement of conditional assembly that ran (open code)
CALL = "call"  # a call of a macro of the file that was not expanded, as written

# The operations that make a file need conditional assembly (with `&` anywhere): the macro
# language's and conditional assembly's (`expansion.SPECIAL`; a test keeps the two in step).
# Here, so that a file without them costs no import of the interpreter.
NEEDS_ASSEMBLY = frozenset(
    {"ACTR", "AEJECT", "AGO", "AGOB", "AIF", "AIFB", "ANOP", "AREAD", "ASPACE", "MHELP"}
    | {"GBLA", "GBLB", "GBLC", "LCLA", "LCLB", "LCLC", "SETA", "SETAF", "SETB", "SETC", "SETCF"}
    | {"MACRO", "MEND", "MEXIT", "MNOTE"}
)


class Limits(NamedTuple):
    """Bounds on the work of one file, whatever the deck (see `conditional`)."""

    actr: int = 4096  # AIF/AGO branches of one invocation or of open code (HLASM's default)
    depth: int = 50  # nested macro calls
    statements: int = 100_000  # statements generated in one file
    characters: int = 20_000_000  # characters generated in one file
    string: int = 4064  # longest SETC value (HLASM V1R6)
    steps: int = 200_000  # conditional-assembly statements run in one file


class Emitted(NamedTuple):
    unit: LogicalUnit
    origin: str  # "" as written or open code; else the macro whose expansion generated it
    role: str  # ORDINARY, CONDITIONAL or CALL


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
