"""What a user reads names a tuning document by its title, never by a word of ours.

No message template, manifest, option doc, doc page, grammar or catalog comment, bundled
example network or finding says "seed" or "tuned lab", or shows a tuning document's file name
(`000_761b89c906492400.txt`): a reader can look up "Getting the most from APPC", "the guide's
tuned lab network (Appendix A, Figure 7)", not our words for them. A random seed (hash seed,
fuzzing) is not a document and may be named; so may VTAM's LUSEED operand.
"""

from __future__ import annotations

import io
import json
import re
import token
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main
from decklint.lint.registry import load_registry

from .conftest import FIXTURES, ROOT

BANNED = re.compile(r"\bseeds?\b|\btuned\s+lab\b|\b\d{3}_[0-9a-f]{16}\.txt", re.IGNORECASE)
# A seed of a random generator is not a document.
# (the fuzzer's `--seed N` option is one too)
RANDOM_SEED = re.compile(r"\b(?:hash|random)\s+seeds?\b|--seed\b", re.IGNORECASE)
# The manifest loader still accepts `seed:` (the older spelling of `document:`) in site rules.
LEGACY_KEY = (Path("src/decklint/lint/manifest.py"), re.compile(r"`seed:`|\"seed\""))


def _hits(where: str, text: str) -> list[str]:
    text = RANDOM_SEED.sub("", text)
    out = []
    for m in BANNED.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        out.append(f"{where}:{line}: {m.group(0)!r}")
    return out


def _files(base: Path, *globs: str) -> Iterator[Path]:
    for g in globs:
        yield from sorted(p for p in base.glob(g) if p.is_file())


def _rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def _scan(paths: Iterator[Path]) -> list[str]:
    return [h for p in paths for h in _hits(_rel(p), p.read_text(encoding="utf-8"))]


def test_rule_manifests_and_documents_name_documents_by_title() -> None:
    hits = _scan(_files(ROOT / "rules", "**/*.yaml"))
    for code, m in load_registry().rules.items():
        texts = [m.summary, m.message, m.rationale, m.cited]
        texts += [o.doc for o in m.options.values()]
        hits += _hits(f"manifest {code}", "\n".join(texts))
    assert hits == []


def _python_text(path: Path) -> Iterator[tuple[int, str]]:
    """The strings (messages, option docs, docstrings) and comments of a module, not its
    names: a variable called `seeds` is nobody's reading."""
    kinds = {token.STRING, token.COMMENT}
    kinds |= {getattr(token, "FSTRING_MIDDLE", token.STRING)}
    src = path.read_text(encoding="utf-8")
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type in kinds:
            yield tok.start[0], tok.string


def test_messages_option_docs_and_comments_in_the_source_name_documents_by_title() -> None:
    hits = []
    for p in _files(ROOT / "src" / "decklint", "**/*.py", "**/*.lark"):
        rel = Path(_rel(p))
        texts = _python_text(p) if p.suffix == ".py" else enumerate(p.read_text().splitlines(), 1)
        for line, text in texts:
            if rel == LEGACY_KEY[0]:
                text = LEGACY_KEY[1].sub("", text)
            hits += [h.replace(":1:", f":{line}:", 1) for h in _hits(str(rel), text)]
    assert hits == []


def test_docs_grammars_and_catalogs_name_documents_by_title() -> None:
    paths = _files(
        ROOT,
        "README.md",
        "docs/*.md",
        "editors/**/README*",
        "grammars/*.lark",
        "grammars/catalogs/*.yaml",
    )
    assert _scan(paths) == []


def test_the_bundled_example_networks_name_documents_by_title() -> None:
    """Their configurations and decks are what a new user reads first."""
    assert _scan(_files(FIXTURES / "networks", "**/*", "**/.*")) == []


def _networks() -> list[Path]:
    roots = {p.parent for p in (FIXTURES / "networks").rglob(".decklint.yaml")}
    return [FIXTURES / "networks", *sorted(roots)]


@pytest.mark.parametrize("root", _networks(), ids=lambda p: _rel(p))
def test_findings_on_the_example_networks_name_documents_by_title(root: Path) -> None:
    res = CliRunner().invoke(main, ["lint", "--format", "json", str(root)])
    assert res.exit_code in (0, 1), res.output
    findings = json.loads(res.output)["findings"]
    assert findings or root.name == "tuned"
    hits = []
    for f in findings:
        said = {k: f.get(k) for k in ("message", "citation", "related", "fix")}
        hits += _hits(f"{f['path']}:{f['line']} {f['code']}", json.dumps(said))
    assert hits == []


def test_the_reviewed_corpus_findings_name_documents_by_title() -> None:
    """The records hold what decklint says about the real decks, kept equal to it by
    tests/test_corpus_findings.py."""
    assert _scan(_files(FIXTURES / "corpus" / "findings", "**/*.txt")) == []
