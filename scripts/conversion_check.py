"""Measure decklint's conversions against IBM's own before/after samples.

    python scripts/conversion_check.py BEFORE AFTER [BEFORE AFTER ...] [--target 3.1]

Each BEFORE profile is linted with the target release, every fix of the release rules
(REL001, REL002, REL005, REL006: GATEWAY to BEGINROUTES, DEVICE/LINK/HOME to INTERFACE, the
temporary Network Express form to EQENET) applied as `decklint lint --fix --unsafe-fixes`
would apply them, and what the converted profile makes the stack do is compared with what
IBM's AFTER form makes it do (`decklint.dialects.tcpip.meaning`; an IPAQENET with DEVNUM is
read as the EQENET an IBM z17 starts it as). One line per pair: `same`, or `differs` with
the part that differs, or `not converted` with the findings that say why; the exit status
is the number of pairs that are not `same`.
Not part of the package: decklint never imports it. tests/test_release_conversions.py runs it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from decklint import api
from decklint.core.settings import Settings
from decklint.core.source import SourceFile
from decklint.dialects.tcpip import meaning as mean
from decklint.dialects.tcpip.reader import parse
from decklint.fix import loop
from decklint.model.release import parse_targets

FIXING = ("REL001", "REL002", "REL005", "REL006")


def convert(path: str, text: str, target: str) -> tuple[str, list[str]]:
    """The profile with every release conversion applied, and the messages of the release
    findings whose fix was not applied (why a part was left as it was)."""
    pairs = tuple((f, r, "--target-release") for f, r in parse_targets(target).items())
    opts = api.Options(dialect="tcpip", select=FIXING, settings=Settings(target_release=pairs))
    run = loop.run([api.Input(path, text, True)], opts, unsafe=True)
    left = [f"{f.code} {f.message}" for f in run.result.findings if f.code in ("REL005", "REL006")]
    left += [f"{f.code} {f.message}" for f in run.result.findings if f.code == "REL001"]
    return run.texts.get(path, text), left


def compare(before: str, after: str, target: str = "3.1") -> tuple[str, str]:
    """('same' | 'differs' | 'not converted', what) for one IBM before/after pair."""
    b, a = Path(before), Path(after)
    converted, left = convert(b.name, b.read_text(encoding="utf-8"), target)
    mine = mean.meaning(list(parse(SourceFile.from_text(b.name, converted)).statements), True)
    text = a.read_text(encoding="utf-8")
    theirs = mean.meaning(list(parse(SourceFile.from_text(a.name, text)).statements), True)
    if mine == theirs:
        return "same", ""
    parts = [name for name in mine._fields if getattr(mine, name) != getattr(theirs, name)]
    if left:
        return "not converted", "; ".join(left)
    return "differs", ", ".join(parts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", help="BEFORE AFTER pairs")
    ap.add_argument("--target", default="3.1", help="the target release (default 3.1)")
    args = ap.parse_args(argv)
    if len(args.files) % 2:
        ap.error("give the files as BEFORE AFTER pairs")
    bad = 0
    for before, after in zip(args.files[0::2], args.files[1::2], strict=True):
        verdict, what = compare(before, after, args.target)
        bad += verdict != "same"
        print(f"{before} -> {after}: {verdict}" + (f" ({what})" if what else ""))
    return bad


if __name__ == "__main__":
    sys.exit(main())
