"""The editors tell decks as the command line does.

Neovim's and Emacs' detectors (editors/nvim/lua/decklint/detect.lua, editors/emacs/decklint.el)
read decklint's detection tables, which scripts/editor_tables.py writes into them: the files
must be in step with the tables (and with the fingerprint of the code that reads them), every
pattern must match in each editor where Python's matches, and each detector must give the
dialect `decklint lint` gives for every file of the fixtures and of the corpora, as named and
with its name hidden. The editors' tests skip when the editor is not installed.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from decklint import dialects
from decklint.core.source import SourceFile
from decklint.inputs import signs
from decklint.inputs.discover import detect

from .conftest import CORPUS
from .editor_setups import PROBES, ROOT

NVIM = shutil.which("nvim")
EMACS = shutil.which("emacs")


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "editor_tables", ROOT / "scripts" / "editor_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["editor_tables"] = module
    spec.loader.exec_module(module)
    return module


TABLES = _script()


# --------------------------------------------------------------------------- in step


def test_the_editors_files_are_in_step_with_the_tables() -> None:
    assert TABLES.stale() == [], "run: python scripts/editor_tables.py --write"


def test_a_table_that_changes_makes_the_files_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    vtam = dialects.REGISTRY["vtam"]
    monkeypatch.setitem(dialects.REGISTRY, "vtam", vtam._replace(globs=(*vtam.globs, "*.vtm")))
    assert set(TABLES.stale()) == {TABLES.LUA, TABLES.ELISP}


def test_the_ports_follow_the_code_of_decklints_detection() -> None:
    """Each port records the fingerprint of every function it follows: a change to one of
    them is to be ported (then its new fingerprint recorded: editor_tables.py --ported)."""
    assert TABLES.unported() == []
    for port in TABLES.PORTS:
        assert set(TABLES.ported(port)) == {f"{f.__module__}.{f.__qualname__}" for f in signs.LOGIC}


def test_a_change_to_the_code_that_reads_the_tables_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sniffer's threshold is its code's, not a table: the fingerprint tells it changed,
    and writing the tables does not hide it."""
    changed = dict(signs.logic(), **{"decklint.dialects.vtam.reader.sniff": "0" * 16})
    monkeypatch.setattr(signs, "logic", lambda: changed)
    assert TABLES.stale() == []
    assert TABLES.unported() == [
        "editors/nvim/lua/decklint/detect.lua: decklint.dialects.vtam.reader.sniff",
        "editors/emacs/decklint.el: decklint.dialects.vtam.reader.sniff",
    ]


def test_the_fingerprint_ignores_docstrings_comments_and_layout() -> None:
    def one(x: int) -> int:
        """Say something."""
        # a remark
        return x + 1

    def two(x: int) -> int:
        return x + 1  # another remark

    assert signs._code(one).replace("one", "two") == signs._code(two)


def test_every_dialect_has_its_sniffers_tables() -> None:
    assert list(signs.signs().dialects) == dialects.names()


def test_a_pattern_an_editor_cannot_match_as_python_does_is_refused() -> None:
    for pattern in (r"a(?=b)", r"(?<=a)b", r"(a)\1", r"a{2,5}?"):
        with pytest.raises(TABLES.Unsupported):
            TABLES.emacs_pattern(re.compile(pattern))
    with pytest.raises(TABLES.Unsupported):
        TABLES.lua_pattern(re.compile(r"a(?=b)"))


def test_emacs_patterns_in_its_syntax() -> None:
    assert TABLES.emacs_pattern(re.compile(r"^[ \t]*(AB|CD)\s+x{2,8}\b", re.M | re.I)) == (
        "\\(?:^\\)[\t ]*\\(\\(?:AB\\|CD\\)\\)[ \t\n\r\f\v]+x\\{2,8\\}\\b",
        True,
    )
    assert TABLES.emacs_pattern(re.compile(r"[^\s(=,;]*\.\*$")) == (
        "[^(,;= \t\n\r\f\v]*\\.\\*\\(?:\n?\\'\\)",
        False,
    )


# --------------------------------------------------------------------------- the files


def sample_files() -> list[tuple[str, str]]:
    """(path, text) of every text file of the fixtures and, when they are there, the corpora:
    decks of every dialect, damaged decks, texts, scripts, YAML, JSON, markdown."""
    roots = [ROOT / "fixtures"]
    roots += [p for p in (CORPUS, CORPUS.parent / "corpus-next", CORPUS.parent / "corpus-3")]
    out = []
    for root in roots:
        for path in sorted(root.rglob("*")) if root.is_dir() else ():
            if not path.is_file():
                continue
            try:
                text = path.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                continue  # an encoding the editor would read its own way
            if "\x00" not in text:
                out.append((str(path), text))
    return out


SAMPLES = sample_files()


@functools.cache
def _expected() -> dict[str, tuple[str, str]]:
    def said(path: str, text: str) -> str:
        return detect(SourceFile.from_text(path, text)).dialect or "-"

    return {p: (said(p, text), said("MEMBER", text)) for p, text in SAMPLES}


def _run(cmd: list[str], tmp_path: Path, **env: str) -> None:
    got = subprocess.run(
        cmd,
        env=dict(os.environ, **env),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert got.returncode == 0, got.stderr + got.stdout


def _detected(out: Path) -> dict[str, tuple[str, str]]:
    rows = (line.split("\t") for line in out.read_text(encoding="utf-8").splitlines())
    return {path: (named, hidden) for path, named, hidden in rows}


def _differences(got: dict[str, tuple[str, str]]) -> list[str]:
    want = _expected()
    return [f"{p}: decklint {want[p]}, editor {got.get(p)}" for p in want if got.get(p) != want[p]]


@pytest.mark.skipif(NVIM is None, reason="Neovim is not installed")
def test_neovim_detects_every_file_as_decklint_does(tmp_path: Path) -> None:
    assert NVIM is not None
    listed, out = tmp_path / "files", tmp_path / "out.tsv"
    listed.write_text("".join(p + "\n" for p, _ in SAMPLES), encoding="utf-8")
    cmd = [NVIM, "--headless", "-u", "NONE", "-i", "NONE", "--cmd", "set rtp+=editors/nvim"]
    cmd += ["-c", f"luafile {PROBES / 'detect_files.lua'}", "-c", "qa!"]
    _run(cmd, tmp_path, DECKLINT_LIST=str(listed), DECKLINT_OUT=str(out))
    assert _differences(_detected(out)) == []


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """decklint.el byte-compiled, as package.el installs it (and five times as fast)."""
    assert EMACS is not None
    folder = tmp_path_factory.mktemp("elisp")
    for f in (ROOT / "editors" / "emacs").glob("*.el"):
        shutil.copy(f, folder)
    sources = [str(folder / "decklint-tables.el"), str(folder / "decklint.el")]
    cmd = [EMACS, "--batch", "-Q", "-L", str(folder), "-f", "batch-byte-compile", *sources]
    _run(cmd, folder)
    return folder


@pytest.mark.skipif(EMACS is None, reason="Emacs is not installed")
def test_emacs_detects_every_file_as_decklint_does(tmp_path: Path, compiled: Path) -> None:
    assert EMACS is not None
    listed, out = tmp_path / "files", tmp_path / "out.tsv"
    listed.write_text("".join(p + "\n" for p, _ in SAMPLES), encoding="utf-8")
    cmd = [EMACS, "--batch", "-Q", "-L", str(compiled), "-l", str(PROBES / "detect_files.el")]
    _run(cmd, tmp_path, DECKLINT_LIST=str(listed), DECKLINT_OUT=str(out))
    assert _differences(_detected(out)) == []


# --------------------------------------------------------------------------- the patterns


def pattern_texts() -> list[str]:
    """Texts every pattern is tried on: the first 100 lines of each ASCII sample (bytes and
    characters count alike there)."""
    return ["\n".join(text.splitlines()[:100]) for _, text in SAMPLES if text.isascii()]


def _row(m: re.Match[str]) -> list[int]:
    row = [m.start(), m.end()]
    for g in range(1, (m.re.groups or 0) + 1):
        row += list(m.span(g))
    return row


def python_matches(rx: re.Pattern[str], text: str, by_line: bool) -> list[Any]:
    """What the drivers give: each match in the text, or, `by_line`, the first in each line
    (a pattern that matches nothing would match at every character of a text)."""
    if by_line:
        return [(m and _row(m)) for m in map(rx.search, text.split("\n"))]
    return [_row(m) for m in rx.finditer(text)]


def _compare_patterns(cmd: list[str], tmp_path: Path) -> None:
    found = TABLES.patterns()
    by_line = [rx.fullmatch("") is not None for _, rx in found]
    texts = pattern_texts()
    given, out = tmp_path / "in.json", tmp_path / "out.json"
    paths = [list(p) for p, _ in found]
    given.write_text(json.dumps({"patterns": paths, "lines": by_line, "texts": texts}))
    _run(cmd, tmp_path, DECKLINT_IN=str(given), DECKLINT_OUT=str(out))
    got: list[list[list[Any]]] = json.loads(out.read_text())
    wrong: list[Any] = []
    for (path, rx), lines, per_text in zip(found, by_line, got, strict=True):
        for text, seen in zip(texts, per_text, strict=True):
            want = python_matches(rx, text, lines)
            if [r and list(r) for r in seen] != want:
                wrong.append((" ".join(path), text[:80], want[:3], seen[:3]))
                break
    assert wrong == []


@pytest.mark.skipif(NVIM is None, reason="Neovim is not installed")
def test_every_pattern_matches_in_neovim_where_it_matches_in_python(tmp_path: Path) -> None:
    assert NVIM is not None
    cmd = [NVIM, "--headless", "-u", "NONE", "-i", "NONE", "--cmd", "set rtp+=editors/nvim"]
    _compare_patterns([*cmd, "-c", f"luafile {PROBES / 'patterns.lua'}", "-c", "qa!"], tmp_path)


@pytest.mark.skipif(EMACS is None, reason="Emacs is not installed")
def test_every_pattern_matches_in_emacs_where_it_matches_in_python(
    tmp_path: Path, compiled: Path
) -> None:
    assert EMACS is not None
    cmd = [EMACS, "--batch", "-Q", "-L", str(compiled), "-l", str(PROBES / "patterns.el")]
    _compare_patterns(cmd, tmp_path)
