"""Opening a repository never runs its code: every process decklint starts is started so that
nothing of its working folder can be imported or run (`decklint.platform.children`), and a
folder that is not trusted gives its decks and its configuration's own settings only (no
`extends`, no site rules, no configuration above it)."""

from __future__ import annotations

import ast
import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main
from decklint.platform import children
from decklint.project import Project
from decklint.project.config import load

from .conftest import ROOT
from .test_user_rules import MODES, SITE_RULE

SRC = ROOT / "src" / "decklint"
DECK = "APPLS    VBUILD TYPE=APPL\nCICSA    APPL  APPC=YES\n"


def hostile_folder(root: Path, marker: Path) -> Path:
    """A folder whose Python files and programs, if anything ran them, create `marker`."""
    root.mkdir(parents=True, exist_ok=True)
    payload = f"open({str(marker)!r}, 'w').close()\n"
    for name in ("decklint.py", "multiprocessing.py", "click.py", "lark.py", "runpy.py"):
        (root / name).write_text(payload)
    for pkg in ("decklint", "concurrent", "encodings_extra"):
        (root / pkg).mkdir(exist_ok=True)
        (root / pkg / "__init__.py").write_text(payload)
        (root / pkg / "__main__.py").write_text(payload)
    (root / "sitecustomize.py").write_text(payload)
    (root / "bin").mkdir(exist_ok=True)
    for prog in ("git", "python3", "bin/git", "bin/decklint", "bin/python3"):
        script = root / prog
        script.write_text(f"#!/bin/sh\ntouch '{marker}'\n")
        script.chmod(0o755)
    (root / "a.vtam").write_text(DECK)
    return root


# ---------------------------------------------------------------------- every process start

# Calls that start a process, by their dotted name as written; `children` is the one module
# allowed to make them.
STARTS = {
    "subprocess.run",
    "subprocess.Popen",
    "subprocess.call",
    "subprocess.check_call",
    "subprocess.check_output",
    "subprocess.getoutput",
    "subprocess.getstatusoutput",
    "os.system",
    "os.popen",
    "os.posix_spawn",
    "os.posix_spawnp",
    "os.fork",
    "os.forkpty",
    "os.startfile",
    "asyncio.create_subprocess_exec",
    "asyncio.create_subprocess_shell",
    "multiprocessing.Process",
    "multiprocessing.Pool",
    "multiprocessing.get_context",
    "pty.spawn",
    "webbrowser.open",
    "click.launch",
    "click.edit",
}
STARTS_BY_PREFIX = ("os.exec", "os.spawn")


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return "?"


def _process_starts(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}  # `from subprocess import run as r` -> r: subprocess.run
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                aliases[a.asname or a.name] = f"{node.module}.{a.name}"
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _dotted(node.func)
        head, _, rest = name.partition(".")
        full = f"{aliases[head]}.{rest}".rstrip(".") if head in aliases else name
        if full in STARTS or full.startswith(STARTS_BY_PREFIX):
            found.append(f"{path.relative_to(SRC)}:{node.lineno} {full}")
        elif full.endswith("ProcessPoolExecutor") and not any(
            k.arg == "mp_context" for k in node.keywords
        ):
            found.append(f"{path.relative_to(SRC)}:{node.lineno} {full} without mp_context")
    return found


def test_every_process_start_is_made_by_the_children_module() -> None:
    starts = [s for p in sorted(SRC.rglob("*.py")) for s in _process_starts(p)]
    elsewhere = [s for s in starts if not s.startswith("platform/children.py:")]
    assert elsewhere == [], "start processes through decklint.platform.children"
    assert any("subprocess.run" in s for s in starts)  # the scan sees the ones children makes


def test_the_scan_finds_what_it_is_for(tmp_path: Path) -> None:
    probe = SRC / "_probe_for_the_scan.py"
    probe.write_text(
        "import os, subprocess\nfrom subprocess import Popen as P\n"
        "from concurrent.futures import ProcessPoolExecutor\n"
        "subprocess.run(['x'])\nP(['x'])\nos.execvp('x', ['x'])\nProcessPoolExecutor()\n"
    )
    try:
        got = _process_starts(probe)
    finally:
        probe.unlink()
    assert [g.split(" ", 1)[1] for g in got] == [
        "subprocess.run",
        "subprocess.Popen",
        "os.execvp",
        "concurrent.futures.ProcessPoolExecutor without mp_context",
    ]


def test_decklint_in_a_new_process_imports_nothing_of_its_folder(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    folder = hostile_folder(tmp_path / "repo", marker)
    got = children.run(
        children.decklint_command("lint", "--format", "json", "a.vtam"),
        cwd=folder,
        capture_output=True,
        check=False,
    )
    assert not marker.exists(), "a file of the working folder ran"
    assert got.returncode == 0, got.stderr
    assert json.loads(got.stdout)["findings"] == []
    # what the server ran before: `python -m decklint` imports the folder's decklint first
    subprocess.run([sys.executable, "-m", "decklint", "--version"], cwd=folder, capture_output=True)
    assert marker.exists(), "the hostile folder is not hostile: the test proves nothing"


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no scheduling priority here")
def test_a_background_decklint_runs_at_a_lower_priority_and_imports_nothing_of_its_folder(
    tmp_path: Path,
) -> None:
    # the language server fills the cache so, beside an opened deck's lint: the server (it
    # waits for its client on standard input) is asked for its priority while it runs
    marker = tmp_path / "PWNED"
    folder = hostile_folder(tmp_path / "repo", marker)
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    for background, nice in ((False, ours), (True, min(ours + children.BACKGROUND_NICE, 19))):
        cmd = children.decklint_command("server", background=background)
        proc = subprocess.Popen(cmd, cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 60  # its first statement lowers it: wait for that
            while os.getpriority(os.PRIO_PROCESS, proc.pid) != nice:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.01)
        finally:
            proc.communicate(b"", timeout=60)  # its input ends: it stops
    assert not marker.exists(), "a file of the working folder ran"


def test_programs_are_found_on_absolute_folders_of_the_path_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "PWNED"
    folder = hostile_folder(tmp_path / "repo", marker)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("PATH", os.pathsep.join(["", ".", "bin", os.environ.get("PATH", "")]))
    git = children.program("git")
    assert git is None or (os.path.isabs(git) and not Path(git).is_relative_to(folder))
    monkeypatch.setenv("PATH", os.pathsep.join(["", ".", "bin"]))
    assert children.program("git") is None
    with pytest.raises(OSError, match="absolute path"):
        children.run(["git", "--version"])
    assert not marker.exists()


@pytest.mark.skipif(children.program("git") is None, reason="needs git")
def test_git_is_never_run_from_the_folder_under_review(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    folder = hostile_folder(tmp_path / "repo", marker)
    git = ["git", "-c", "user.name=a", "-c", "user.email=a@example.com"]
    for args in (["init", "-q"], ["add", "a.vtam"], ["commit", "-q", "-m", "x"]):
        subprocess.run([*git, *args], cwd=folder, check=True, capture_output=True)
    env = {**os.environ, "PATH": os.pathsep.join([".", "bin", os.environ.get("PATH", "")])}
    got = subprocess.run(
        children.decklint_command("diff", "HEAD", "--format", "json"),
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert not marker.exists(), "a git program of the folder ran"
    assert got.returncode == 0, got.stderr


# ---------------------------------------------------------------------- untrusted folders


@pytest.fixture
def untrusted_repo(tmp_path: Path) -> Path:
    """A workspace whose configuration extends a file outside it and names site rules, under
    a folder whose configuration selects nothing."""
    outside = tmp_path / "outside.yaml"
    outside.write_text("ignore: [VTM001]\n")
    (tmp_path / ".decklint.yaml").write_text("select: [VTM]\n")  # above the workspace
    repo = tmp_path / "repo"
    (repo / "site-rules" / "modes").mkdir(parents=True)
    (repo / "site-rules" / "modes" / "SIT001-bulk-mode-must-be-x8d8d.yaml").write_text(SITE_RULE)
    (repo / ".decklint.yaml").write_text(
        f"extends: {outside}\nrule-paths: [site-rules]\nbulk-modes: ['#BATCH']\n"
    )
    (repo / "modes.vtam").write_text(MODES)
    return repo


def test_an_untrusted_configuration_keeps_its_own_settings_only(untrusted_repo: Path) -> None:
    cfg = load(untrusted_repo / ".decklint.yaml", untrusted=True)
    assert cfg.rule_paths == () and cfg.ignore == ()
    assert cfg.bulk_modes == frozenset({"#BATCH"})
    where = untrusted_repo / ".decklint.yaml"
    assert cfg.withheld == (f"extends ({where}:1)", f"rule-paths ({where}:2)")
    trusted = load(untrusted_repo / ".decklint.yaml")
    assert trusted.rule_paths and trusted.ignore == ("VTM001",) and trusted.withheld == ()


def test_an_untrusted_workspace_reads_no_configuration_above_it(
    untrusted_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (untrusted_repo / ".decklint.yaml").unlink()
    sub = untrusted_repo / "sub"
    sub.mkdir()
    monkeypatch.chdir(sub)
    assert Project.load().config.select == ("VTM",)  # trusted: the nearest, above
    assert Project.load(untrusted=[untrusted_repo]).config.path is None


def test_lint_untrusted_runs_no_site_rule_and_says_what_it_left_out(
    untrusted_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(untrusted_repo)
    trusted = CliRunner().invoke(main, ["lint", "--format", "json", "modes.vtam"])
    assert "SIT001" in {f["code"] for f in json.loads(trusted.stdout)["findings"]}
    got = CliRunner().invoke(main, ["lint", "--untrusted", "--format", "json", "modes.vtam"])
    codes = {f["code"] for f in json.loads(got.stdout)["findings"]}
    assert "SIT001" not in codes and codes, got.output
    assert "not used in an untrusted folder: extends" in got.stderr
    assert "not used in an untrusted folder: rule-paths" in got.stderr


@pytest.mark.parametrize("name", [".decklint.yaml", "pyproject.toml"])
def test_an_untrusted_configuration_linked_out_of_the_workspace_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """A configuration that is a symbolic link to a file outside the workspace is neither
    read nor quoted (its first key was, in an error); trusted, the link is followed."""
    secret = tmp_path / "home" / ("secret.yaml" if name != "pyproject.toml" else name)
    secret.parent.mkdir()
    body = "hunter2: 1\n" if name != "pyproject.toml" else "[tool.decklint]\nhunter2 = 1\n"
    secret.write_text(body)
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / name).symlink_to(secret)
    (repo / "modes.vtam").write_text(MODES)
    monkeypatch.chdir(repo)
    got = CliRunner().invoke(main, ["lint", "--untrusted", "--format", "json", "modes.vtam"])
    assert "hunter2" not in got.output, got.output
    assert got.exit_code in (0, 1) and json.loads(got.stdout)["findings"] is not None
    if name == ".decklint.yaml":
        assert "a symbolic link to a file outside the workspace: not read" in got.stderr
    trusted = CliRunner().invoke(main, ["lint", "modes.vtam"])
    assert trusted.exit_code == 2 and "hunter2" in trusted.output  # the user's own: read


def test_an_untrusted_workspace_with_a_committed_cache_key_keeps_it_unread(
    tmp_path: Path,
) -> None:
    """The hostile workspace of the language server's tests also commits a cache: its key,
    0600 as a checkout under `umask 077` leaves it, is never the one decklint uses."""
    repo = hostile_folder(tmp_path / "repo", tmp_path / "PWNED")
    key = repo / ".cache" / "decklint" / ".key"
    key.parent.mkdir(parents=True)
    key.write_bytes(b"k" * 32)
    key.chmod(0o600)
    env = {**os.environ, "DECKLINT_CACHE_DIR": ".cache/decklint"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "home-cache")
    got = subprocess.run(
        children.decklint_command("lint", "--untrusted", "a.vtam"),
        cwd=repo,
        env=env,
        capture_output=True,
        check=False,
    )
    assert got.returncode == 0, got.stderr
    own = tmp_path / "home-cache" / "decklint" / ".key"
    assert own.read_bytes() != key.read_bytes()
    assert stat.S_IMODE(own.stat().st_mode) == 0o600
    assert not (tmp_path / "PWNED").exists()
