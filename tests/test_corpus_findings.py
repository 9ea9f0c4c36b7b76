"""What decklint says about real decks, reviewed: precision on decks nobody here wrote.

Every file of ../shared/corpus, ../shared/corpus-next, ../shared/corpus-3 and ../shared/corpus-4
is linted with the files of its system (fixtures/corpus/groups.yaml, declared to decklint as one
system, as `topology: systems:` does: the corpus keeps a system's files in folders by kind) or
alone, and its findings are compared with a reviewed record,
fixtures/corpus/findings/<folder>/<file>.txt: one line a finding, `line:col severity CODE
message`. `--update-golden` rewrites the records; review them as a
diff (every error and warning there must be one a systems programmer would call right).
Skipped when the shared folders are absent; nothing of them is copied into the project.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path

import pytest
import yaml

from decklint.api import Options, lint_paths
from decklint.core.findings import Finding
from decklint.core.settings import Settings

from .conftest import CORPUS, FIXTURES

SHARED = CORPUS.parent
FOLDERS = ("corpus", "corpus-next", "corpus-3", "corpus-4")
RECORDS = FIXTURES / "corpus" / "findings"


def _files() -> list[str]:
    """Every real deck, as a path relative to the shared folder."""
    out = []
    for folder in FOLDERS:
        root = SHARED / folder
        if root.is_dir():
            out += [
                p.relative_to(SHARED).as_posix()
                for p in root.rglob("*")
                if p.is_file() and p.name != "PROVENANCE.md"
            ]
    return sorted(out)


def _groups(files: list[str]) -> dict[str, list[str]]:
    """Group name -> its files; a file in no group is a group of its own."""
    spec = yaml.safe_load((FIXTURES / "corpus" / "groups.yaml").read_text())
    out: dict[str, list[str]] = {}
    placed: set[str] = set()
    for name, globs in spec.items():
        members = [f for f in files if any(fnmatch.fnmatch(f, g) for g in globs)]
        assert members, f"group {name} matches no file"
        assert not placed & set(members), f"group {name} repeats a file of another group"
        placed.update(members)
        out[name] = members
    for f in files:
        if f not in placed:
            out[f] = [f]
    return out


FILES = _files()
GROUPS = _groups(FILES) if FILES else {}
pytestmark = pytest.mark.skipif(not FILES, reason="shared corpus not available")


def as_system(group: str, members: list[str]) -> Options:
    """The options of a group's lint: its files one system, as the configuration says."""
    if len(members) < 2:
        return Options()
    return Options(settings=Settings(system_files=((group.upper(), tuple(members)),)))


def _line(f: Finding) -> str:
    return f"{f.span.line}:{f.span.col} {f.severity.label} {f.code} {f.message}"


def _record(rel: str) -> Path:
    folder, rest = rel.split("/", 1)
    sub = {"corpus": "", "corpus-next": "next", "corpus-3": "third", "corpus-4": "fourth"}[folder]
    return RECORDS / sub / f"{rest}.txt" if sub else RECORDS / f"{rest}.txt"


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_findings_match_the_reviewed_record(
    group: str, update_golden: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    members = GROUPS[group]
    monkeypatch.chdir(SHARED)  # paths in messages as a user linting the folder sees them
    result = lint_paths(members, as_system(group, members))
    by_file: dict[str, list[str]] = {m: [] for m in members}
    for f in sorted(result.findings, key=lambda f: (f.span.line, f.span.col, f.code, f.message)):
        rel = Path(f.path).as_posix()
        by_file.setdefault(rel, []).append(_line(f))
    for rel, lines in by_file.items():
        path = _record(rel)
        got = "".join(x + "\n" for x in lines)
        if update_golden or not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(got)
        assert got == path.read_text(), f"{rel}: findings changed (review; --update-golden)"


def test_not_known_notes_are_rare_on_real_decks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Real decks are read as their products and the assembler read them: at most one
    "not known" note in 200 lines across the four corpora (each group linted as a system)."""
    monkeypatch.chdir(SHARED)
    lines = sum(len((SHARED / f).read_bytes().splitlines()) for f in FILES)
    notes = [
        f
        for group, members in GROUPS.items()
        for f in lint_paths(members, as_system(group, members)).findings
        if f.code == "PRS002" and " is not known" in f.message
    ]
    assert len(notes) / lines * 100 <= 0.5, [f"{f.path}:{f.span.line} {f.message}" for f in notes]
