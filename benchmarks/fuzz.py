"""Fuzz decklint at scale: random and mutated decks in every dialect, through the library and
the CLI, counting inputs, failures and peak memory.

    python benchmarks/fuzz.py [--seconds 300] [--seed 1]

A failure is a traceback, an internal error (PRS009 'internal error' or exit code 2), or an
input that takes longer than --slow seconds. Now and then a hostile configuration or site rule
(alias bombs, huge numbers, deep expressions, `extends:` at a file that is not one) and decks
with hostile names and lines go through the CLI too (benchmarks/fuzz_hostile.py): there a
failure is a traceback, another exit status, a quoted secret, or an output with a control
character, a workflow command, a broken document or a script link. And the format round trip
(benchmarks/fuzz_format.py): lint -> format -> format -> lint on random decks with remarks,
markup and line ends, judged on formatting twice being formatting once, every byte of markup
kept, each line's own line end, a valid deck read as written and no error gained.
Failing inputs are written to --out for replay.
With atheris installed (`pip install atheris`), `--atheris` runs its coverage-guided engine on
the same entry point instead (decklint and Lark instrumented, the feature decks as the seed
corpus; libFuzzer flags such as -max_total_time=300 pass through).
Not a test: CI runs the bounded suite in tests/test_hostile.py.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from decklint import api, dialects
from decklint.cli import main as cli_main

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz_format
import fuzz_hostile

ROOT = Path(__file__).resolve().parents[1]
CARD = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,=()'*&.#@$-+X\n\t\r\x1a"
FREE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcz0123456789 ,=()'\";#/*&.$\\%:-_\n\t"
DIALECTS = sorted(dialects.REGISTRY)


def seeds() -> list[bytes]:
    files = [
        p for p in (ROOT / "fixtures").rglob("*") if p.is_file() and p.stat().st_size < 200_000
    ]
    return [p.read_bytes() for p in sorted(files)]


# What pages, PDFs and editors do to a deck (the card reader's damaged decks, damage.py).
DAMAGE = [
    b"<U>",
    b"</U>",
    b"<B>",
    b"</b>",
    b"<br>",
    b"<br/>",
    b"&amp;",
    b"&nbsp;",
    b"&#160;",
    b"&#xD800;",
    b"<span class='x'>",
    b"\xc2\xa0",
    b"\xe2\x80\x83",
    b"\xef\xbb\xbf",
    b"\t",
]


def damage(data: bytes, rnd: random.Random) -> bytes:
    """Indent every line (blanks, a tab, or both by turns), or move marks right or left."""
    lines = data.split(b"\n")
    how = rnd.randrange(3)
    if how == 0:
        pads = [b" " * rnd.randint(1, 9), b"\t", b"\xc2\xa0" * 2]
        pad = [rnd.choice(pads) for _ in range(rnd.randint(1, 2))]
        lines = [pad[i % len(pad)] + ln for i, ln in enumerate(lines)]
    else:
        k = rnd.randint(1, 5) * (1 if how == 1 else -1)
        lines = [
            ln[:71].rstrip().ljust(70 + k) + ln[71:] if len(ln) > 71 and ln[71:72] != b" " else ln
            for ln in lines
        ]
    return b"\n".join(lines)


def mutate(data: bytes, rnd: random.Random) -> bytes:
    b = bytearray(data)
    if rnd.random() < 0.2:
        b = bytearray(damage(data, rnd))
    for _ in range(rnd.randint(1, 8)):
        op = rnd.randrange(8)
        i = rnd.randrange(len(b) + 1)
        if op == 0 and b:
            b[min(i, len(b) - 1)] = rnd.randrange(256)
        elif op == 1:
            b[i:i] = bytes(rnd.choice(b"()'=,X\n \x00") for _ in range(rnd.randint(1, 40)))
        elif op == 2 and b:
            del b[i : i + rnd.randint(1, 200)]
        elif op == 3 and b:
            j = rnd.randrange(len(b))
            b[i:i] = b[j : j + rnd.randint(1, 400)]
        elif op == 4:
            b[i:i] = b"(" * rnd.randint(50, 5000)
        elif op == 5:
            b[i:i] = rnd.choice([b"//S DD *\n", b"./ ADD NAME=X\n", b"```ncp\n", b"/*\n"])
        elif op == 6:
            b[i:i] = rnd.choice(DAMAGE)
        else:
            b[i:i] = rnd.choice(b"A9. (").to_bytes(1, "big") * rnd.randint(1000, 200_000)
    return bytes(b)


def generate(rnd: random.Random, pool: list[bytes]) -> tuple[bytes, str | None, str]:
    kind = rnd.randrange(5)
    dialect = rnd.choice([*DIALECTS, None, None])
    if kind == 0:
        text = "".join(rnd.choice(CARD) for _ in range(rnd.randint(0, 2000)))
        return text.encode(), dialect, "card-text"
    if kind == 1:
        text = "".join(rnd.choice(FREE) for _ in range(rnd.randint(0, 2000)))
        return text.encode(), dialect, "free-text"
    if kind == 2:
        return rnd.randbytes(rnd.randint(0, 3000)), dialect, "bytes"
    if kind == 3:
        data = rnd.choice(pool)
        enc = rnd.choice(["cp037", "cp500", "cp1047"])
        try:
            return data.decode("utf-8").encode(enc), None, "ebcdic"
        except UnicodeError:
            return data, None, "ebcdic"
    return mutate(rnd.choice(pool), rnd), dialect, "mutated"


def lint_once(data: bytes, dialect: str | None, name: str) -> str | None:
    """None when the input was handled; else what went wrong."""
    inp = api.read_input(name, data, True)
    try:
        inputs = api.expand(inp)
        result = api.lint_inputs(inputs, api.Options(dialect=dialect))
    except Exception as exc:  # the library must not raise for any input
        return f"{type(exc).__name__}: {exc}"
    bad = [f for f in result.findings if "internal error" in f.message]
    return bad[0].message if bad else None


def run(seconds: float, seed: int, out: Path, slow: float) -> int:
    rnd = random.Random(seed)
    pool = seeds()
    tried: dict[str, int] = {}
    failures = 0
    cli_runs = 0
    start = time.monotonic()
    names = ["deck", "deck.ncp", "ATCSTR00", "PROFILE.TCPIP", "x.jcl", "notes.md", "FTP.DATA"]
    while time.monotonic() - start < seconds:
        data, dialect, kind = generate(rnd, pool)
        name = rnd.choice(names)
        t = time.monotonic()
        problem = lint_once(data, dialect, name)
        took = time.monotonic() - t
        if problem is None and took > slow:
            problem = f"slow: {took:.1f}s"
        tried[kind] = tried.get(kind, 0) + 1
        if rnd.random() < 0.02:  # now and then the whole CLI, --fix included
            cli_runs += 1
            problem = problem or _cli(data, dialect, name, out)
        if problem:
            failures += 1
            out.mkdir(parents=True, exist_ok=True)
            (out / f"fail-{failures:04d}-{name}").write_bytes(data)
            print(f"FAIL {kind} {name} dialect={dialect}: {problem}", flush=True)
        roll = rnd.random()
        if roll < 0.05:
            kind, problem = "config", _hostile_config(rnd, out, slow)
        elif roll < 0.08:
            kind, problem = "outputs", _hostile_outputs(rnd, out, slow)
        elif roll < 0.09:
            kind, problem = "workspace", _hostile_workspace(rnd, out)
        elif roll < 0.15:
            kind, problem = "regex", fuzz_hostile.regex_case(rnd)
        elif roll < 0.35:
            kind, problem = "format", _format_round_trip(rnd, out, slow)
        else:
            continue
        tried[kind] = tried.get(kind, 0) + 1
        if problem:
            failures += 1
            print(f"FAIL {kind}: {problem}", flush=True)
    total = sum(tried.values())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kinds = ", ".join(f"{k} {v:,}" for k, v in sorted(tried.items()))
    print(f"inputs tried: {total:,} in {seconds:.0f} s ({kinds})")
    print(f"CLI runs (lint and --fix --unsafe-fixes): {cli_runs:,}")
    print(f"failures: {failures}; peak memory {peak:.0f} MiB")
    return 1 if failures else 0


def _work(out: Path) -> Path:
    import tempfile

    out.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix="case-", dir=out))


def _keep(work: Path, problem: str | None) -> str | None:
    """A failing case's folder stays under --out for replay; a passing one goes."""
    import shutil

    if problem:
        return f"{problem} (case kept in {work})"
    shutil.rmtree(work, ignore_errors=True)
    return None


def _hostile_config(rnd: random.Random, out: Path, slow: float) -> str | None:
    work = _work(out)
    _text, args = fuzz_hostile.config_case(rnd, work)
    t = time.monotonic()
    output, code, exc = fuzz_hostile.invoke(args, work)
    problem = fuzz_hostile.judge_config(output, code, exc)
    if problem is None and time.monotonic() - t > slow:
        problem = f"slow: {time.monotonic() - t:.1f}s"
    return _keep(work, problem)


def _hostile_outputs(rnd: random.Random, out: Path, slow: float) -> str | None:
    work = _work(out)
    problem = None
    for args in fuzz_hostile.output_case(rnd, work):
        t = time.monotonic()
        output, code, exc = fuzz_hostile.invoke(args, work)
        problem = fuzz_hostile.judge_output(args, output, code, exc)
        if problem is None and time.monotonic() - t > slow:
            problem = f"slow: {time.monotonic() - t:.1f}s"
        if problem:
            problem = f"{' '.join(map(repr, args))}: {problem}"
            break
    return _keep(work, problem)


def _hostile_workspace(rnd: random.Random, out: Path) -> str | None:
    work = _work(out)
    marker, args, env = fuzz_hostile.workspace_case(rnd, work)
    output, code = fuzz_hostile.run_workspace(work, args, env)
    return _keep(work, fuzz_hostile.judge_workspace(marker, output, code, "--untrusted" in args))


def _format_round_trip(rnd: random.Random, out: Path, slow: float) -> str | None:
    """lint -> format -> format -> lint on a generated deck (fuzz_format); a failing deck is
    kept under --out with its line ends."""
    case = fuzz_format.deck(rnd)
    t = time.monotonic()
    try:
        trip = fuzz_format.round_trip(case)
        problem = fuzz_format.judge(case, trip)
        if problem is None and rnd.random() < 0.05:  # now and then the command, writing it
            problem = _format_command(case.text, trip.once, out)
    except Exception as exc:
        problem = f"{type(exc).__name__}: {exc}"
    if problem is None and time.monotonic() - t > slow:
        problem = f"slow: {time.monotonic() - t:.1f}s"
    if problem:
        out.mkdir(parents=True, exist_ok=True)
        kept = out / f"format-{abs(hash(case.text)) % 10**8:08d}.vtam"
        kept.write_bytes(case.text.encode("utf-8"))
        problem = f"{problem} (deck kept in {kept})"
    return problem


def _format_command(text: str, formatted: str, out: Path) -> str | None:
    """`decklint format` on the deck as a file: it must write what the library formats, byte
    for byte, and change nothing the second time."""
    work = _work(out)
    deck = work / "deck.vtam"
    deck.write_bytes(text.encode("utf-8"))
    problem = None
    for turn in (1, 2):
        res = CliRunner().invoke(cli_main, ["format", "--no-cache", str(deck)])
        if res.exit_code != 0 or (res.exception and not isinstance(res.exception, SystemExit)):
            problem = f"format exit {res.exit_code} ({turn}): {res.output[-300:]!r}"
        elif deck.read_bytes() != formatted.encode("utf-8"):
            problem = f"format wrote other bytes than it formats ({turn})"
        if problem:
            break
    return _keep(work, problem)


def _cli(data: bytes, dialect: str | None, name: str, out: Path) -> str | None:
    work = out / "work"
    work.mkdir(parents=True, exist_ok=True)
    f = work / name
    f.write_bytes(data)
    extra = ["--dialect", dialect] if dialect else []
    for args in (["lint"], ["lint", "--fix", "--unsafe-fixes"]):
        res = CliRunner().invoke(cli_main, [*args, "--no-cache", "--no-source", *extra, str(f)])
        if res.exit_code not in (0, 1) or (
            res.exception and not isinstance(res.exception, SystemExit)
        ):
            return f"CLI {' '.join(args)} exit {res.exit_code}: {res.exception!r}"
    return None


def atheris_main(engine_args: list[str]) -> None:
    # Coverage-guided: decklint's and Lark's code is instrumented so the engine keeps inputs
    # that reach new branches (without it, atheris is random testing). instrument_all covers
    # the modules imported above; the dialect and check modules are imported here first so
    # they are covered too.
    import importlib

    import atheris  # type: ignore[import-not-found]

    for d in dialects.REGISTRY.values():
        importlib.import_module(d.module)
    from decklint.checks import load_all

    load_all()
    atheris.instrument_all()

    def one(data: bytes) -> None:
        # the first byte picks the dialect, the rest is the deck
        dialect = DIALECTS[data[0] % len(DIALECTS)] if data else None
        problem = lint_once(data[1:], dialect, "deck")
        if problem:
            raise RuntimeError(problem)

    if not any(Path(a).is_dir() for a in engine_args):
        engine_args = [*engine_args, str(seed_corpus())]
    atheris.Setup([sys.argv[0], *engine_args], one)
    atheris.Fuzz()


def seed_corpus() -> Path:
    """A corpus folder of the feature decks, each behind the byte that picks its dialect, so
    the engine starts from real decks (it adds what it finds to the folder)."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="decklint-atheris-"))
    for i, deck in enumerate(sorted((ROOT / "fixtures" / "dialects").glob("*/*"))):
        if deck.is_file() and not deck.name.endswith(".yaml") and deck.parent.name in DIALECTS:
            lead = bytes([DIALECTS.index(deck.parent.name)])
            (folder / f"seed{i:04d}").write_bytes(lead + deck.read_bytes())
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--slow", type=float, default=20.0)
    ap.add_argument("--out", type=Path, default=Path("fuzz-failures"))
    ap.add_argument("--atheris", action="store_true")
    args, engine_args = ap.parse_known_args()  # the rest goes to atheris (libFuzzer flags)
    if args.atheris:
        atheris_main(engine_args)
        return
    if engine_args:
        ap.error(f"unrecognized arguments: {' '.join(engine_args)}")
    sys.exit(run(args.seconds, args.seed, args.out, args.slow))


if __name__ == "__main__":
    main()
