"""The workstation and NonStop dialects read the fixtures written after their manuals'
examples (fixtures/dialects/{cm2,nsdos,aix,scf}: one per command family) as the manuals show
them: every statement known, nothing left "not known", no syntax error, each found by its
content as well as its name."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint import api
from decklint.inputs.discover import detect
from decklint.source import SourceFile

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "dialects"
DIALECTS = ("cm2", "nsdos", "aix", "scf")
FILES = sorted(
    p
    for d in DIALECTS
    for p in (ROOT / d).iterdir()
    if p.is_file() and not p.name.endswith(".model.yaml")
)


# A fixture that shows what decklint does with a statement it does not know (kept, reported as
# information): NS/DOS's `STAT ON`.
UNKNOWN_ON_PURPOSE = {ROOT / "nsdos" / "CONFIG.NSD"}


@pytest.mark.parametrize(
    "path",
    [p for p in FILES if p not in UNKNOWN_ON_PURPOSE],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_a_manual_shaped_fixture_reads_with_nothing_not_known(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    res = api.lint_texts({path.name: text}, api.Options(dialect=path.parent.name))
    bad = [
        f"{f.span.line}:{f.span.col} {f.code} {f.message}"
        for f in res.findings
        if f.code == "PRS001" or (f.code == "PRS002" and "not known" in f.message)
    ]
    assert not bad, bad


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_fixture_is_found_by_its_content_without_its_file_name(path: Path) -> None:
    if path.parent.name == "nsdos":
        pytest.skip("NS/DOS files are known by their names (CONFIG.NSD, MODE.NSD) and TRLD/TRMF")
    src = SourceFile.from_text("x/member", path.read_text(encoding="utf-8"))
    assert detect(src).dialect == path.parent.name
