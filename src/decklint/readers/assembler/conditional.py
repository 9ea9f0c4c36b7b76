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
  substitutes, is kept as written: the same unit object). A substituted value maps onto the
  variable symbol it replaced. A sequence symbol in the name field is dropped.
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
words, naming the statement of the body where it stopped ("AIF on line 12: T'&X EQ 'C':
decklint knows of a type attribute only whether it is 'O' (omitted) or 'N' (a number)", "AGO on
line 30: ACTR limit 4,096 reached: ...", "in SUB (called on line 14 of CRT): ...", "comes
before the definition of CRT on line 40: the assembler takes CRT from the macro library
here").

`diagnostics`: PRS013 for each MNOTE of an expanded call (at the call) or of open code, with
severity by its code (0-3 info, 4-7 warning, 8-255 error; `*` and a message without a
severity are comments, nothing); PRS001 where the assembler itself reports an error: a MACRO
without prototype or MEND, a bad prototype, an unbalanced parenthesis in a conditional
assembly operand, an AIF without its sequence symbol, a SETx without a variable symbol, a
branch to a sequence symbol that is not defined, a sequence symbol defined twice; PRS002 (info)
where open code stops being followed (an AIF decklint cannot evaluate, the ACTR count or the
step budget spent): the statements after it are read as if no branch were taken. A syntax
error in a macro's body is reported when the definition is read, whether or not it is called.
The card reader already reports an unclosed quote; this layer does not report it again (a
statement the reader diagnosed may hold more: drop diagnostics on its lines, as
`asm.parse_units` does for the parser's).

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

Defaults: actr 4096, depth 50, statements 100,000, characters 20,000,000, string 4,064, steps
200,000 (`benchmarks/assemble.py`: a deck that spends them takes about three seconds).

A file without MACRO, `&` or a conditional assembly instruction costs one look at each unit's
operation (`assemble` returns its units as they are).

For the parser: parse each "ordinary" unit as a statement of the dialect (with its origin, a
finding on a generated statement can say which macro generated it); "conditional" units define
nothing (their syntax may be checked); a "call" unit is a call the model cannot see into, to be
reported with its reason (`MacroInfo.failed`), never as an unknown statement; `MacroInfo.ops`
tells which statements a macro may define (a MODEENT, an APPL) where its calls are not
expanded.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from decklint.core.ir import LogicalUnit
from decklint.readers import skips
from decklint.readers.assembler.results import (
    CALL,
    CONDITIONAL,
    NEEDS_ASSEMBLY,
    ORDINARY,
    Assembled,
    Emitted,
    Limits,
    MacroInfo,
)

__all__ = [
    "CALL",
    "CONDITIONAL",
    "ORDINARY",
    "Assembled",
    "Emitted",
    "Limits",
    "MacroInfo",
    "assemble",
]


DEFAULT_LIMITS = Limits()


def assemble(units: Sequence[LogicalUnit], *, limits: Limits = DEFAULT_LIMITS) -> Assembled:
    """Conditional assembly of one file's units (see the module's docstring)."""
    if _plain(units) and not skips.ALWAYS:
        new = tuple.__new__  # as records are rebuilt (decklint.core.records): no per-field checks
        return Assembled(tuple([new(Emitted, (u, "", ORDINARY)) for u in units]), (), ())
    from decklint.readers.assembler.opencode import OpenCode  # here only: a plain file's
    # start-up would pay for importing the interpreter

    return OpenCode(units, limits).run()


_OPERATION = re.compile(r"[^ ]* ([^ ]+)")


def _plain(units: Sequence[LogicalUnit]) -> bool:
    """Whether no unit needs conditional assembly: no `&`, no MACRO, no SETx, AIF, ... (the
    cheap look of `decklint.readers.skips`)."""
    operation = _OPERATION.match
    for u in units:
        t = u.text
        if "&" in t:
            return False
        m = operation(t)
        if m is not None and m.group(1).upper() in NEEDS_ASSEMBLY:
            return False
    return True
