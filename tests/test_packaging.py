"""The built wheel carries the grammars and the rule manifests, and nothing else beside code."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"wheel build failed: {proc.stderr[-2000:]}")
    (whl,) = out.glob("decklint-*.whl")
    return whl


def test_wheel_contains_grammars_and_rules(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    grammars = sorted(n for n in names if n.startswith("decklint/grammars/"))
    rules = sorted(n for n in names if n.startswith("decklint/rules/"))
    assert grammars == sorted(
        f"decklint/grammars/{p.relative_to(ROOT / 'grammars').as_posix()}"
        for p in (ROOT / "grammars").rglob("*")
        if p.is_file()
    )
    assert all(n.endswith(".lark") or n.startswith("decklint/grammars/catalogs/") for n in grammars)
    assert "decklint/grammars/catalogs/vtam.yaml" in grammars  # the product catalogs ship too
    assert rules == sorted(
        f"decklint/rules/{p.relative_to(ROOT / 'rules').as_posix()}"
        for p in (ROOT / "rules").rglob("*.yaml")
    )
    assert "decklint/lint/expr.lark" in names
    assert "decklint/py.typed" in names


def test_runtime_dependencies_are_the_four(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith("METADATA"))
        text = z.read(meta).decode()
    reqs = {
        ln.split(":", 1)[1].split(";")[0].strip().split(">")[0].split("=")[0].strip()
        for ln in text.splitlines()
        if ln.startswith("Requires-Dist:") and "extra" not in ln
    }
    assert reqs == {"lark", "click", "rich", "pyyaml"}


def test_every_install_instruction_for_the_server_works_from_a_checkout() -> None:
    """decklint is not on PyPI: `pip install "decklint[server]"` finds nothing. Every place
    that tells how to install the server gives the command that works from a checkout."""
    root = Path(__file__).resolve().parents[1]
    places = [
        root / "README.md",
        root / "docs" / "editors.md",
        root / "editors" / "vscode" / "README.md",
        root / "editors" / "vscode" / "package.json",
        root / "src" / "decklint" / "cli" / "server.py",
    ]
    for p in places:
        text = p.read_text(encoding="utf-8")
        assert 'install "decklint[server]"' not in text.replace('\\\\"', '"'), p
        assert ".[server]" in text, p


def _git(cwd: Path, *args: str) -> str:
    env = {
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(cwd),
    }
    out = subprocess.run(
        ["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


@pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(),
    reason="needs git and a git checkout of decklint",
)
def test_the_version_is_the_git_tag(tmp_path: Path) -> None:
    """A release is a tag vX.Y.Z: the wheel built from it has that version, and a commit
    after it a development version of the next one (the checkout's commit, cloned)."""
    clone = tmp_path / "clone"
    _git(tmp_path, "clone", "-q", "--no-checkout", str(ROOT), str(clone))
    _git(clone, "checkout", "-q", _git(ROOT, "rev-parse", "HEAD"))
    _git(clone, "tag", "v9.8.7")

    def built() -> str:
        out = tmp_path / f"wheel-{len(list(tmp_path.iterdir()))}"
        pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        proc = subprocess.run(
            [*pip, "-q", "-w", str(out), str(clone)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        (whl,) = out.glob("decklint-*.whl")
        return whl.name.split("-")[1]

    assert built() == "9.8.7"
    (clone / "README.md").write_text("changed\n")
    _git(clone, "commit", "-qam", "after the release")
    assert built().startswith("9.8.8.dev1+g")


def test_the_sdist_carries_the_changelog_and_the_archive_its_version() -> None:
    """The sdist holds the changelog; a GitHub archive of a tag (what an Action's `uses:`
    installs) has no .git, so git writes the version into .git_archival.txt."""
    conf = (ROOT / "pyproject.toml").read_text()
    assert re.search(
        r'^\[tool.hatch.build.targets.sdist\]\ninclude = \[.*"docs/changelog.md"', conf, re.M
    )
    assert re.search(r'^\[tool.hatch.version\]\nsource = "vcs"', conf, re.M)
    assert ".git_archival.txt export-subst" in (ROOT / ".gitattributes").read_text()
    assert "describe-name: $Format:%(describe" in (ROOT / ".git_archival.txt").read_text()
    assert re.search(r"^## \d+\.\d+\.\d+$", (ROOT / "docs/changelog.md").read_text(), re.M)
