"""Throughput and cold start of decklint, against bare Lark parsing and against yamllint.

    python benchmarks/bench.py [--lines 100000] [--runs 5]

Generates a deck set (mode tables, application and switched major nodes, NCP generations) of
about --lines physical lines in a temporary folder, then reports in one run:

* bare Lark: the card reader plus one Lark LALR parse per statement, no IR, model or rules;
* decklint lint: the whole command, end to end, as a user runs it, with --no-cache (every
  file parsed; benchmarks/repo_scale.py measures the cache);
* decklint lint on TCP/IP profiles (free format, keyword-table statements, INCLUDEd members)
  of about --tcpip-lines lines;
* yamllint on a YAML file of the same line count (the peer a user knows);
* cold start: decklint on one 20-line deck against yamllint on a small YAML file, with
  --no-cache and as pre-commit runs it (the cache in use, the deck edited before each run).

The ratios against bare Lark and yamllint are the performance budget (docs/performance.md):
an issue that touches the pipeline gives them before and after. With --profile, the time of
each stage of the pipeline (read, detection, card reading, damage repair, the assembler
layer, Lark, lowering, the rules, the model, reporting) over both sets, as a share table
(`benchmarks/stages.py`, in one process).

Numbers are medians over --runs. Nothing here is a test: speed is measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def card(text: str, cont: bool, seq: int) -> str:
    return text.ljust(71) + ("X" if cont else " ") + f"{seq:08d}"


def statement(label: str, op: str, operands: list[str], seq: int) -> list[str]:
    out = []
    for i, opnd in enumerate(operands):
        last = i == len(operands) - 1
        prefix = f"{label:<8} {op:<5} " if i == 0 else " " * 15
        text = prefix + opnd + ("" if last else ",")
        remark = "  REMARK TEXT" if i % 3 == 0 else ""
        out.append(card((text + remark)[:71], not last, seq + i))
    return out


def mode_table(n: int, k: int) -> list[str]:
    lines = [
        "* GENERATED MODE TABLE".ljust(72) + "00000000",
        card(f"BTAB{k:04d} MODETAB", False, 1),
    ]
    for i in range(n):
        lines += statement(
            f"M{i:07d}",
            "MODEENT",
            [
                f"LOGMODE=M{i:07d}",
                "FMPROF=X'13'",
                "TSPROF=X'07'",
                "PRIPROT=X'B0'",
                "SECPROT=X'B0'",
                "COMPROT=X'D0B1'",
                "RUSIZES=X'8989'",
                "PSNDPAC=63",
                "SSNDPAC=63",
                "SRCVPAC=63",
                "PSERVIC=X'060200000000000000000300'",
            ],
            len(lines),
        )
    lines.append(card("         MODEEND", False, len(lines)))
    return lines


def switched(n: int, k: int) -> list[str]:
    lines = [card(f"SW{k:06d} VBUILD TYPE=SWNET,MAXGRP=10,MAXNO=10", False, 1)]
    for i in range(n):
        lines += statement(
            f"P{k:03d}{i:04d}",
            "PU",
            [
                "ADDR=01",
                "IDBLK=05D",
                f"IDNUM={i:05d}",
                f"CPNAME=C{k:03d}{i:04d}",
                "PUTYPE=2",
                "MAXDATA=4105",
                "MAXOUT=7",
                f"MODETAB=BTAB{k:04d}",
                "DLOGMOD=M0000001",
                "VPACING=(32)",
                "PACING=(7,,FIXED)",
            ],
            len(lines),
        )
        lines += statement(f"L{k:03d}{i:04d}", "LU", ["LOCADDR=0", "DLOGMOD=M0000002"], len(lines))
    return lines


def ncp(n: int, k: int) -> list[str]:
    lines = statement(f"N{k:03d}P", "PCCU", ["CUADDR=0A0", "MAXDATA=65535", "DELAY=0"], 1)
    lines += statement(
        f"N{k:03d}",
        "BUILD",
        ["BFRS=240", "SLODOWN=6", f"NEWNAME=N{k:03d}", f"SUBAREA={k % 250 + 2}", "T2TIMER=(1,1,2)"],
        len(lines),
    )
    lines += statement(f"N{k:03d}H", "HOST", ["INBFRS=40", "MAXBFRU=5", "UNITSZ=4000"], len(lines))
    for i in range(n):
        lines += statement(f"G{k:03d}{i:04d}", "GROUP", ["ECLTYPE=(PHYSICAL,ANY)"], len(lines))
        lines += statement(
            f"T{k:03d}{i:04d}",
            "LINE",
            [
                f"ADDRESS=({1088 + i % 16},FULL)",
                "ADAPTER=TIC2",
                "TRSPEED=16",
                "LOCADD=400000001088",
                "MAXTSL=16000",
                "RCVBUFC=32000",
                f"PORTADD={i % 16}",
            ],
            len(lines),
        )
        lines += statement(f"U{k:03d}{i:04d}", "PU", ["ADDR=01", "PUTYPE=1"], len(lines))
    lines.append(card("         GENEND", False, len(lines)))
    return lines


def generate(folder: Path, total: int) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    k = 0
    while written < total:
        for kind, fn, n in (("modes", mode_table, 150), ("swnet", switched, 100), ("ncp", ncp, 80)):
            lines = fn(n, k)
            (folder / f"{kind}{k:04d}").write_text("\n".join(lines) + "\n")
            written += len(lines)
        k += 1
    return written


def tcpip_profile(n: int, k: int) -> list[str]:
    """A z/OS profile with n devices, links, HOME entries, routes and ports."""
    out = [
        "; GENERATED PROFILE.TCPIP",
        "TCPCONFIG TCPSENDBFRSIZE 64K TCPRCVBUFRSIZE 64K ; buffers",
        "          TCPMAXRCVBUFRSIZE 256K DELAYACKS RESTRICTLOWPORTS",
        "UDPCONFIG UDPSENDBFRSIZE 65535 UDPRCVBUFRSIZE 65535 NOUDPQUEUELIMIT",
        "GLOBALCONFIG ECSALIMIT 250M POOLLIMIT 300M",
        "SOMAXCONN 1024",
        f"INCLUDE SYS1.TCPPARMS(MEM{k:04d})",
    ]
    for i in range(n):
        out += [f"DEVICE D{i:05d} MPCIPA", f"LINK L{i:05d} IPAQENET D{i:05d} INBPERF BALANCED"]
    out.append("HOME")
    out += [f"  10.{i // 250}.{i % 250}.1   L{i:05d}   ; home {i}" for i in range(n)]
    out.append("BEGINRoutes")
    out += [
        f"  ROUTE 10.{i // 250}.{i % 250}.0 255.255.255.0 = L{i:05d} MTU 1500" for i in range(n)
    ]
    out.append("ENDRoutes")
    out.append("PORT")
    out += [f"  {1000 + i} TCP JOB{i:05d} NOAUTOLOG ; server {i}" for i in range(n)]
    out += ["TELNETPARMS", "  PORT 23", "  TIMEMARK 10800", "  SCANINTERVAL 1800"]
    out += ["  INACTIVE 5400", "ENDTELNETPARMS"]
    out += [f"START D{i:05d}" for i in range(n)]
    return out


def generate_tcpip(folder: Path, total: int) -> int:
    written = 0
    k = 0
    while written < total:
        stack = folder / f"STACK{k:04d}"
        stack.mkdir(parents=True, exist_ok=True)
        lines = tcpip_profile(200, k)
        (stack / "PROFILE.TCPIP").write_text("\n".join(lines) + "\n")
        member = [f"DEVICE M{i:05d} MPCIPA\nLINK ML{i:05d} IPAQENET M{i:05d}" for i in range(50)]
        (stack / f"MEM{k:04d}").write_text("\n".join(member) + "\n")
        written += len(lines) + 100
        k += 1
    return written


def yaml_file(path: Path, total: int) -> None:
    out = ["---"]
    i = 0
    while len(out) < total:
        out += [
            f"service{i}:",
            f"  name: svc-{i}",
            "  ports:",
            f"    - {8000 + i % 100}",
            "  env:",
            f"    MODE: batch{i % 7}",
            f"    LIMIT: {i * 3}",
            "  enabled: true",
        ]
        i += 1
    path.write_text("\n".join(out[:total]) + "\n")


def timed(cmd: list[str], runs: int, env: dict[str, str] | None = None) -> float:
    return timed_cpu(cmd, runs, env)[0]


def timed_cpu(cmd: list[str], runs: int, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Median seconds of `cmd`: on the clock, and of CPU (user and system, with the worker
    processes it waited for): other work on a shared machine moves the second less."""
    times, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(
            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False
        )
        times.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(times), statistics.median(cpus)


def cold_starts(
    decklint: list[str],
    yamllint: str | None,
    deck: Path,
    yaml: Path,
    runs: int,
    env: dict[str, str],
) -> tuple[float, float, float | None]:
    """Median start-to-exit times of decklint with --no-cache, of decklint as pre-commit runs
    it (the cache folder in use for grammars and manifests, the deck edited since the last
    run, so it is parsed and every rule runs) and of yamllint on a small file.

    The three are run in turn, so a machine that speeds up or slows down during the benchmark
    affects them alike (on a shared 2-core machine single medians wandered by a third)."""
    body = deck.read_text()
    times: list[list[float]] = [[], [], []]
    cmds = [
        [*decklint, "lint", "--exit-zero", "--no-cache", str(deck)],
        [*decklint, "lint", "--exit-zero", str(deck)],
        [yamllint, str(yaml)] if yamllint else None,
    ]
    for cmd in cmds:  # not timed: bytecode written, grammars and manifests cached
        if cmd is not None:
            timed(cmd, 1, env)
    for k in range(runs):
        for slot, cmd in enumerate(cmds):
            if cmd is None:
                continue
            deck.write_text(f"* EDIT {k}\n" + body)
            times[slot].append(timed(cmd, 1, env))
    ycold = statistics.median(times[2]) if times[2] else None
    return statistics.median(times[0]), statistics.median(times[1]), ycold


def bare_lark(folder: Path) -> tuple[float, float]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from decklint.core.source import SourceFile
    from decklint.readers.base import lark_parser
    from decklint.readers.cards import read_assembler

    parser = lark_parser("vtam", ("statement", "operand"))
    t, c = time.perf_counter(), time.process_time()
    for f in sorted(folder.iterdir()):
        src = SourceFile.from_text(f.name, f.read_text())
        for unit in read_assembler(src).units:
            parser.parse(unit.text, start="statement")
    return time.perf_counter() - t, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tcpip-lines", type=int, default=50_000)
    ap.add_argument(
        "--profile", action="store_true", help="also time each stage over both sets (stages.py)"
    )
    args = ap.parse_args()
    decklint = shutil.which("decklint") or f"{sys.executable} -m decklint"
    yamllint = shutil.which("yamllint")
    tmp = Path(tempfile.mkdtemp(prefix="decklint-bench-"))
    env = dict(os.environ, DECKLINT_CACHE_DIR=str(tmp / "cache"), NO_COLOR="1")
    # As installed (pip compiles the bytecode): a checkout run with PYTHONDONTWRITEBYTECODE set
    # would compile every module on every start, which doubles a cold start.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        decks = tmp / "decks"
        n = generate(decks, args.lines)
        print(f"deck set: {n} lines in {len(list(decks.iterdir()))} files ({tmp})")
        lark_runs = [bare_lark(decks) for _ in range(max(1, args.runs // 2))]
        bare = statistics.median(w for w, _ in lark_runs)
        bare_cpu = statistics.median(c for _, c in lark_runs)
        whole, whole_cpu = timed_cpu(
            [*decklint.split(), "lint", "--exit-zero", "--no-source", "--no-cache", str(decks)],
            args.runs,
            env,
        )
        rows = [
            ("bare Lark (reader + parse)", n / bare, bare, bare_cpu),
            ("decklint lint (end to end)", n / whole, whole, whole_cpu),
        ]
        profiles = tmp / "profiles"
        tn = generate_tcpip(profiles, args.tcpip_lines)
        tcp, tcp_cpu = timed_cpu(
            [*decklint.split(), "lint", "--exit-zero", "--no-source", "--no-cache", str(profiles)],
            args.runs,
            env,
        )
        ycold = None
        if yamllint:
            y = tmp / "big.yaml"
            yaml_file(y, n)
            ytime, ycpu = timed_cpu([yamllint, "-f", "parsable", str(y)], max(1, args.runs // 2))
            rows.append(("yamllint (same line count)", n / ytime, ytime, ycpu))
        small = tmp / "ATCSTR20"
        body = "\n".join(f"OPTION{i}=VALUE{i}," for i in range(19)) + "\nLAST=1\n"
        small.write_text(body)
        ys = tmp / "small.yaml"
        yaml_file(ys, 20)
        cold, commit, ycold = cold_starts(decklint.split(), yamllint, small, ys, args.runs * 8, env)
        print(f"{'what':<30} {'lines/s':>10} {'seconds':>9} {'CPU s':>7}")
        for what, rate, secs, cpu in rows:
            print(f"{what:<30} {rate:>10,.0f} {secs:>9.2f} {cpu:>7.2f}")
        tcp_row = f"{tn / tcp:>10,.0f} {tcp:>9.2f} {tcp_cpu:>7.2f}  ({tn} lines)"
        print(f"{'decklint lint, TCP/IP profiles':<30} {tcp_row}")
        print(f"{'':<30} {'clock':>10} {'CPU':>9}")
        ratios = [("bare Lark", rows[0])] + ([("yamllint", rows[2])] if yamllint else [])
        for peer, row in ratios:
            by_clock, by_cpu = rows[1][1] / row[1], row[3] / rows[1][3]
            print(f"{'ratio decklint / ' + peer:<30} {by_clock:>10.2f} {by_cpu:>9.2f}")
        if not yamllint:
            print(f"{'ratio decklint / yamllint':<30} {'-':>10}  (yamllint not installed)")
        print("cold start (median of runs taken in turn with yamllint's):")
        print(f"  decklint, 20-line deck, --no-cache:        {cold * 1000:6.0f} ms", end="")
        print(f"  ratio {cold / ycold:.2f}" if ycold else "")
        print(f"  decklint, 20-line deck edited, cache used: {commit * 1000:6.0f} ms", end="")
        print(f"  ratio {commit / ycold:.2f}" if ycold else "")
        if ycold:
            print(f"  yamllint, 20-line YAML file:               {ycold * 1000:6.0f} ms")
        else:
            print("  (yamllint not installed: pip install yamllint)")
        if args.profile:
            import stages  # beside this file

            for title, folder, lines in (("deck set", decks, n), ("TCP/IP set", profiles, tn)):
                spent, secs = stages.profile([str(folder)], max(3, args.runs // 2))
                print(stages.table(title, spent, secs, lines))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
