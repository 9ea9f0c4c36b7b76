"""Scaffold a new rule: its manifest, its case file, its section of docs/rules.md and, with
--python, its check module; each with TODO placeholders the meta-tests will not let through
until they are filled in.

    python scripts/add_rule.py NCP042 pacing-window --dialect ncp --kind line
    python scripts/add_rule.py TCP099 tiny-window --dialect tcpip --python

A code or a name that a rule already has is refused, and so is a prefix docs/rules.md has no
product heading for (add it to `decklint.lint.docs.PRODUCTS` first). Not part of the package:
decklint never imports it.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from decklint import dialects
from decklint.dialects.kinds import kinds
from decklint.lint import docs
from decklint.lint.manifest import CODE_FORM, NAME_FORM, load_file
from decklint.lint.registry import manifest_files

ROOT = Path(__file__).resolve().parents[1]

MANIFEST = """\
code: {code}
name: {name}
summary: "TODO: one sentence, what the rule wants to see coded."
severity: warning
target: {target}
{impl}dialects: [{dialect}]
groups: []
message: "TODO: what is wrong, and what to code instead"
rationale: |
  TODO: why this matters on the network (what goes wrong, and when), in two or three sentences,
  and where the document's numbers come from.
citation:  # a tuning document by its key in rules/documents.yaml, or `manual:` and a title
  document: TODO
  section: "TODO: the section of the document that says so"
examples:
  - dialect: {dialect}
    fail: |
      TODO a deck the rule reports
    pass: |
      TODO a deck the rule accepts
"""

CASES = """\
# Cases for {code}: expectations are `file:line:col CODE` of this rule's findings.
rule: {code}
cases:
  fail_todo:
    files:
      {deck}: |
        TODO a deck the rule reports
    expect:
    - {deck}:1:1 {code}
  pass_todo:
    files:
      {deck}: |
        TODO a deck the rule accepts
    expect: []
"""

CHECK = '''\
"""{code}: see rules/{prefix}/{code}-{name}.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("{code}")
def {function}(ctx: Context) -> Iterator[Hit]:
    # TODO: walk the model (ctx.topo.of("<kind>")) and yield a Hit per finding.
    yield from ()
'''


class Refused(Exception):
    """The rule cannot be scaffolded as asked (the message says why)."""


def deck_name(dialect: str) -> str:
    """A file name the dialect's globs recognise, for the case file's decks."""
    glob = dialects.get(dialect).globs[0]
    return re.sub(r"[*?]+", "DECK", glob).replace("DECKDECK", "DECK")


def paths(root: Path, code: str, name: str) -> dict[str, Path]:
    prefix = code[:3].lower()
    return {
        "manifest": root / "rules" / prefix / f"{code}-{name}.yaml",
        "cases": root / "fixtures" / "rules" / f"{code}.yaml",
        "check": root
        / "src"
        / "decklint"
        / "checks"
        / f"{code.lower()}_{name.replace('-', '_')}.py",
        "docs": root / "docs" / "rules.md",
    }


def refusal(root: Path, code: str, name: str, dialect: str, python: bool, kind: str | None) -> str:
    """Why the rule cannot be made as asked, or ""."""
    if not re.match(CODE_FORM, code):
        return f"{code!r} is not a code: three characters (a letter first) and three digits"
    if not re.match(NAME_FORM, name):
        return f"{name!r} is not a kebab-case name"
    if code[:3] not in docs.PRODUCTS:
        return (
            f"prefix {code[:3]} has no heading in docs/rules.md: "
            "add it to decklint.lint.docs.PRODUCTS"
        )
    if dialect not in dialects.REGISTRY:
        return f"{dialect!r} is not a dialect ({', '.join(dialects.names())})"
    if kind is not None and kind not in kinds():
        return f"{kind!r} is not a model kind ({', '.join(sorted(kinds()))})"
    if kind is None and not python:
        return "an expression rule needs --kind (the model entities it judges), or use --python"
    for other in manifest_files(root / "rules"):
        got_code, _, got_name = other.stem.partition("-")
        if got_code == code:
            return f"{code} exists: {other.relative_to(root)}"
        if got_name == name:
            return f"the name {name} is taken by {got_code}"
    made = paths(root, code, name)
    for what in ("cases", "check") if python else ("cases",):
        if made[what].exists():
            return f"{made[what].relative_to(root)} exists"
    return ""


def scaffold(
    root: Path, code: str, name: str, dialect: str, *, python: bool, kind: str | None = None
) -> list[Path]:
    """Write the rule's files under `root` (a decklint checkout); the paths written."""
    code = code.upper()
    why = refusal(root, code, name, dialect, python, kind)
    if why:
        raise Refused(why)
    made = paths(root, code, name)
    target = f"model:{kind}" if kind else "ir"
    impl = "impl: python\n" if python else ""
    if not python:
        impl = 'require: "true"  # TODO: what an entity must satisfy (see docs: expressions)\n'
    made["manifest"].parent.mkdir(parents=True, exist_ok=True)
    made["manifest"].write_text(
        MANIFEST.format(code=code, name=name, target=target, impl=impl, dialect=dialect),
        encoding="utf-8",
    )
    load_file(made["manifest"])  # the template must stay a valid manifest
    made["cases"].write_text(CASES.format(code=code, deck=deck_name(dialect)), encoding="utf-8")
    written = [made["manifest"], made["cases"]]
    if python:
        function = name.replace("-", "_")
        made["check"].write_text(
            CHECK.format(code=code, name=name, prefix=code[:3].lower(), function=function),
            encoding="utf-8",
        )
        written.append(made["check"])
    shipped = [load_file(p) for p in manifest_files(root / "rules")]
    made["docs"].write_text(docs.render(shipped), encoding="utf-8")
    return [*written, made["docs"]]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("code", help="the rule's code, e.g. NCP042")
    ap.add_argument("name", help="its kebab-case name, e.g. pacing-window")
    ap.add_argument("--dialect", required=True, help="the dialect its examples are in")
    ap.add_argument("--python", action="store_true", help="a Python check, not an expression")
    ap.add_argument("--kind", help="the model kind it judges (target model:KIND)")
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to write into")
    args = ap.parse_args(argv)
    try:
        written = scaffold(
            args.root, args.code, args.name, args.dialect, python=args.python, kind=args.kind
        )
    except Refused as exc:
        print(f"add_rule: {exc}", file=sys.stderr)
        return 2
    for p in written:
        print(p.relative_to(args.root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
