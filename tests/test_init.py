"""`decklint init`: a commented configuration from what a folder holds, never over one that
exists without --force, whole or not at all."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from decklint.cli import main

from .conftest import FIXTURES

SITE = FIXTURES / "networks" / "site" / "baseline"


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The bundled site without its configuration, a notes file and a folder of documents."""
    root = tmp_path / "site"
    shutil.copytree(SITE, root)
    (root / ".decklint.yaml").unlink()
    (root / "NOTES.txt").write_text("who changed what, and when\n")
    (root / "docs").mkdir()
    (root / "docs" / "howto.txt").write_text("how to activate a major node\n")
    monkeypatch.chdir(tmp_path)
    return root


def init(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["init", *args])
    return res.exit_code, res.output


def lint(*args: str) -> list[str]:
    res = CliRunner().invoke(main, ["lint", "--no-cache", "--format", "concise", "-q", *args])
    return res.output.splitlines()


def test_init_writes_what_the_lint_had_to_guess(site: Path) -> None:
    before = lint("site")
    code, out = init("site")
    assert code == 0, out
    assert "wrote site/.decklint.yaml: 23 decks in 25 files" in out
    text = (site / ".decklint.yaml").read_text()
    doc = yaml.safe_load(text)
    # decks recognised by content: a folder of one dialect is one glob, else each file
    assert doc["dialects"] == {
        "LAB45/*": "ncp",
        "MVS1/APPLLAB": "vtam",
        "MVS1/OSADEV": "tcpip",
        "MVS1/SWLAB": "vtam",
        "MVS1/TUNEMODE": "vtam",
    }
    assert doc["exclude"] == ["docs"]  # a folder with no deck
    assert doc["fail-on"] == "warning"
    assert '  # "NOTES.txt": DIALECT' in text  # a file no dialect was recognised in
    assert '#   "MVS1": {release: ...}   # TCP/IP; no deck tells its release' in text
    assert "# select: [ALL]" in text and "# bulk-modes:" in text
    # the configuration loads, and the decks are read as before (the documents not at all)
    after = lint("site")
    assert [ln for ln in after if "docs/" not in ln] == [ln for ln in before if "docs/" not in ln]
    assert CliRunner().invoke(main, ["config", "--show"], catch_exceptions=False).exit_code == 0


def test_init_never_overwrites_without_force(site: Path) -> None:
    (site / ".decklint.yaml").write_text("fail-on: error\n")
    code, out = init("site")
    assert code == 2 and "exists: not overwritten" in out
    assert (site / ".decklint.yaml").read_text() == "fail-on: error\n"
    code, out = init("--stdout", "site")  # shows, writes nothing
    assert code == 0 and out.startswith("# decklint configuration, written by `decklint init`")
    assert (site / ".decklint.yaml").read_text() == "fail-on: error\n"
    code, out = init("--force", "site")
    assert code == 0 and "dialects:" in (site / ".decklint.yaml").read_text()


def test_init_replaces_a_yml_configuration_and_respects_pyproject(site: Path) -> None:
    (site / ".decklint.yml").write_text("fail-on: error\n")
    assert init("site")[0] == 2
    assert init("--force", "site")[0] == 0
    assert "dialects:" in (site / ".decklint.yml").read_text()
    assert not (site / ".decklint.yaml").exists()
    (site / ".decklint.yml").unlink()
    (site / "pyproject.toml").write_text("[tool.decklint]\nfail-on = 'error'\n")
    code, out = init("site")
    assert code == 2 and "pyproject.toml exists" in out


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_init_never_writes_through_a_link(site: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text("fail-on: error\n")
    (site / ".decklint.yaml").symlink_to(outside)
    code, out = init("--force", "site")
    assert code == 2 and "symbolic link" in out
    assert outside.read_text() == "fail-on: error\n"


def test_init_of_no_folder_is_a_usage_error(tmp_path: Path) -> None:
    assert init(str(tmp_path / "nope"))[0] == 2
