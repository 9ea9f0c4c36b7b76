"""`decklint format` on real decks nobody here wrote: idempotent, and no finding changes but
the layout findings it fixes.

Every file of ../shared/corpus, ../shared/corpus-next and ../shared/corpus-3 is formatted in a
copy made for the test (the corpora are test input only), formatted again (nothing changes),
and linted before and after: every finding other than PRS001 is the same (its line numbers
aside: a statement may gain a card), and the PRS001 findings after are a subset of those
before. Skipped when the shared folders are absent.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from decklint.api import lint_paths
from decklint.core.findings import Finding
from decklint.fmt import Settings
from decklint.fmt.run import run

from .conftest import CORPUS

SHARED = CORPUS.parent
FOLDERS = [f for f in ("corpus", "corpus-next", "corpus-3") if (SHARED / f).is_dir()]
pytestmark = pytest.mark.skipif(not FOLDERS, reason="the shared corpora are absent")


def _key(f: Finding, root: Path) -> tuple[str, str, str]:
    """A finding without its place: lines move when a statement gains a card."""
    path = Path(f.path).resolve().relative_to(root.resolve()).as_posix()
    return path.split("(")[0], f.code, re.sub(r"\b(line|lines) [0-9][0-9, -]*", "line", f.message)


def _lint(root: Path) -> Counter[tuple[str, str, str]]:
    return Counter(_key(f, root) for f in lint_paths([str(root)]).findings)


@pytest.mark.parametrize("folder", FOLDERS)
def test_corpus_formats_idempotently_and_keeps_findings(folder: str, tmp_path: Path) -> None:
    root = tmp_path / folder
    shutil.copytree(SHARED / folder, root, copy_function=shutil.copyfile)  # writable copies
    before = _lint(root)
    first = run([str(root)], Settings(), write=True)
    assert not [r for r in first if r.problem]
    changed = [r.path for r in first if r.changed]
    again = run([str(root)], Settings(), write=True)
    assert [r.path for r in again if r.changed] == [], "formatting twice must be formatting once"
    after = _lint(root)
    other = {k: n for k, n in (before - after).items() if k[1] != "PRS001"}
    new = {k: n for k, n in (after - before).items()}
    assert other == {}, f"findings lost by formatting {changed}"
    assert new == {}, f"findings added by formatting {changed}"
