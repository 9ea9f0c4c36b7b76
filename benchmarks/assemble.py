"""The cost of conditional assembly (`decklint.readers.assembler.conditional.assemble`).

    python benchmarks/assemble.py [--megabytes 8] [--calls 5000] [--runs 3]

Reports, as medians over --runs, the card reader and `assemble` on:

* a large NCP generation without macros (benchmarks/shapes.py `huge_deck`): the fast path;
* the same deck with a z/OS system symbol (`&SYSR1.`) in every fortieth name field: no macros,
  but every unit is looked at;
* a mode table of --calls calls of a mode macro of its own, with global defaults set once;
* a USS table of --calls/10 calls of a message buffer macro that builds its labels with SETC;
* a hostile deck: a macro that loops until the file's step limit stops it.

Nothing here is a test: speed is measured, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shapes import huge_deck

from decklint.core.source import SourceFile
from decklint.readers.assembler.conditional import assemble
from decklint.readers.cards import read_assembler

MODE_MACRO = [
    "         MACRO",
    "&LBL     MODE  &KIND,&RU=,&FM=,&PRI=,&COS=",
    "         GBLC  &DRU,&DFM,&DPRI",
    "         GBLB  &READY",
    "         AIF   (&READY).GO",
    "&DRU     SETC  '8585'",
    "&DFM     SETC  '03'",
    "&DPRI    SETC  'B1'",
    "&READY   SETB  1",
    ".GO      AIF   ('&RU' EQ '').KEEPRU",
    "&DRU     SETC  '&RU'",
    ".KEEPRU  AIF   ('&FM' EQ '').KEEPFM",
    "&DFM     SETC  '&FM'",
    ".KEEPFM  AIF   (T'&SYSLIST(0) NE 'O').NAMED",
    "         MNOTE 4,'MODE NEEDS A NAME'",
    "         MEXIT",
    ".NAMED   ANOP",
    "&LBL     MODEENT LOGMODE=&LBL,FMPROF=X'&DFM',RUSIZES=X'&DRU',".ljust(71) + "X",
    "               PSERVIC=X'&DFM.0000000000000000000000',PRIPROT=X'&DPRI'",
    "         MEND",
    "TABLE    MODETAB",
]
USS_MACRO = [
    "         MACRO",
    "&N       MSGBUF &NUM=,&TEXT=",
    "         LCLC  &B,&E",
    "         AIF   ('&NUM' EQ '' OR '&TEXT' EQ '').NONE",
    "&B       SETC  'MSG'.'&NUM'.'B'",
    "&E       SETC  'MSG&NUM.E'",
    "MSG&NUM  DC    AL2(&E-&B)",
    "&B       EQU   *",
    "         DC    X'F5C3'",
    *["         DC    C'A LINE OF THE SCREEN THAT STAYS AS IT IS            '"] * 20,
    "         DC    C&TEXT",
    "&E       EQU   *",
    ".NONE    MEND",
]


def mode_table(calls: int) -> list[str]:
    lines = list(MODE_MACRO)
    for k in range(calls):
        ru = f",RU={85 + k % 3:02X}{85 + k % 5:02X}" if k % 4 else ""
        lines.append(f"M{k:07d} MODE  INTER{ru},FM=0{3 + k % 2}")
    return [*lines, "         MODEEND"]


def uss_table(calls: int) -> list[str]:
    lines = list(USS_MACRO)
    for k in range(calls):
        lines.append(f"         MSGBUF NUM={k:05d},TEXT='MESSAGE NUMBER {k}'")
    return lines


def with_symbols(lines: list[str]) -> list[str]:
    out = []
    for k, line in enumerate(lines):
        if k % 40 == 0 and line[:1] not in (" ", "*") and len(line) > 8:
            line = "&SYSR1." + line[7:] if line[7:9] == "  " else line  # same columns
        out.append(line)
    return out


def hostile() -> list[str]:
    return [
        "         MACRO",
        "         SPIN",
        "         ACTR  2147483647",
        ".X       DC    C'ABCDEFGHIJKLMNOPQRSTUVWXYZ'",
        "         AGO   .X",
        "         MEND",
        "         SPIN",
    ]


def measure(name: str, lines: list[str], runs: int) -> None:
    text = "\n".join(lines) + "\n"
    src = SourceFile.from_text(name, text)

    def timed(fn: Callable[[], object]) -> tuple[float, object]:
        times = []
        out: object = None
        for _ in range(runs):
            start = time.perf_counter()
            out = fn()
            times.append(time.perf_counter() - start)
        return statistics.median(times), out

    read_s, read = timed(lambda: read_assembler(src))
    units = read.units  # type: ignore[attr-defined]
    asm_s, result = timed(lambda: assemble(units))
    emitted = len(result.emitted)  # type: ignore[attr-defined]
    generated = sum(1 for e in result.emitted if e.origin)  # type: ignore[attr-defined]
    n = len(lines)
    print(
        f"{name:<28} {n:>9,} lines {len(units):>9,} units  read {read_s:7.3f} s  "
        f"assemble {asm_s:7.3f} s ({asm_s / read_s:5.2f} of reading, "
        f"{n / asm_s:>12,.0f} lines/s)  emitted {emitted:,} ({generated:,} generated)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--megabytes", type=float, default=8.0)
    ap.add_argument("--calls", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    deck = huge_deck(args.megabytes)
    measure("NCP generation, no macros", deck, args.runs)
    measure("same, with &SYSR1. names", with_symbols(deck), args.runs)
    measure(f"mode table, {args.calls:,} calls", mode_table(args.calls), args.runs)
    measure(f"USS table, {args.calls // 10:,} calls", uss_table(args.calls // 10), args.runs)
    measure("hostile loop (step limit)", hostile(), 1)


if __name__ == "__main__":
    main()
