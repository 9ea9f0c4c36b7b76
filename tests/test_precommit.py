"""The pre-commit hooks, installed from this checkout by the real `pre-commit try-repo`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOOD = "H1       HOST  UNITSZ=4000,MAXBFRU=2\n"
BAD = "H1       HOST  UNITSZ=384,MAXBFRU=11\n"

pytestmark = pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(),
    reason="needs git and a git checkout of decklint",
)


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        PRE_COMMIT_HOME=str(home),
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@t",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@t",
        NO_COLOR="1",
    )
    return env


def try_repo(repo: Path, home: Path, hook: str, *files: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("pre_commit")
    args = [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), hook, "--verbose"]
    args += ["--files", *files] if files else ["--all-files"]
    return subprocess.run(
        args, cwd=repo, env=_env(home), capture_output=True, text=True, timeout=600, check=False
    )


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def repo(tmp_path: Path, home: Path) -> Path:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True, env=_env(home))
    (tmp_path / "decks").mkdir()
    return tmp_path


def test_file_hook_fails_on_a_bad_deck_and_passes_on_a_good_one(repo: Path, home: Path) -> None:
    (repo / "decks" / "LAB45.ncp").write_text(BAD)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=_env(home))
    bad = try_repo(repo, home, "decklint", "decks/LAB45.ncp")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "NCP001" in bad.stdout
    (repo / "decks" / "LAB45.ncp").write_text(GOOD)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=_env(home))
    good = try_repo(repo, home, "decklint", "decks/LAB45.ncp")
    assert good.returncode == 0, good.stdout + good.stderr


def test_file_hook_checks_a_deck_named_txt_and_passes_a_text_that_is_none(
    repo: Path, home: Path
) -> None:
    """Real decks are often `.txt` (SWNET.txt): the hook passes them to decklint as
    `decklint lint` reads them; a text that is no deck gives no failure."""
    swnet = "SWLAB    VBUILD TYPE=SWNET,MAXGRP=1,MAXNO=1\nOS2PU    PU    ADDR=01,MAXDATA={}\n"
    (repo / "decks" / "SWNET.txt").write_text(swnet.format(99999999))
    (repo / "decks" / "notes.txt").write_text("Change log of the network definitions.\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=_env(home))
    bad = try_repo(repo, home, "decklint", "decks/SWNET.txt", "decks/notes.txt")
    assert bad.returncode == 1 and "PRS003" in bad.stdout, bad.stdout + bad.stderr
    (repo / "decks" / "SWNET.txt").write_text(swnet.format(4096))
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=_env(home))
    good = try_repo(repo, home, "decklint", "decks/SWNET.txt", "decks/notes.txt")
    assert good.returncode == 0, good.stdout + good.stderr
    fmt = try_repo(repo, home, "decklint-format", "decks/SWNET.txt", "decks/notes.txt")
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr
    assert (repo / "decks" / "notes.txt").read_text().startswith("Change")


def test_repository_hook_sees_every_deck(repo: Path, home: Path) -> None:
    (repo / "decks" / "modes.vtam").write_text(
        "TUNEMODE MODETAB\n#INTER   MODEENT LOGMODE=#INTER,RUSIZES=X'8585'\n         MODEEND\n"
    )
    (repo / "decks" / "appl.vtam").write_text(
        "APPLS    VBUILD TYPE=APPL\nMVSAPPC  APPL  APPC=YES,MODETAB=TUNEMODE,DLOGMOD=#BATCH\n"
    )
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=_env(home))
    # only appl.vtam is named, but the whole-repository hook reads the mode table too
    res = try_repo(repo, home, "decklint-repo", "decks/appl.vtam")
    assert res.returncode == 1 and "VTM006" in res.stdout, res.stdout + res.stderr
    assert "logon mode #BATCH" in res.stdout
