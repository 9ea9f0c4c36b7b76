"""The cache folder is used only when it is the user's own, and an entry is believed only when
its keyed checksum holds: nothing planted there is unpickled, nothing damaged is trusted."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from decklint import __version__, api
from decklint.cli import main
from decklint.pipeline import cache
from decklint.platform import store

# Two decks that define one application name: a duplicate (PRS004). A cache entry whose copy of
# the name had one byte changed would make the duplicate vanish.
NETWORK = {
    "a.vtam": "APPLS    VBUILD TYPE=APPL\nCICSA    APPL  APPC=YES\n",
    "b.vtam": "APPLT    VBUILD TYPE=APPL\nCICSA    APPL  APPC=YES\n",
}
NAME = b"CICSA"
ROOT = os.getuid() == 0 if hasattr(os, "getuid") else False


class _Planted:
    """Unpickling this creates the file `marker`: what any code planted in a cache could do."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return open, (self.marker, "w")


def _planted(marker: Path) -> bytes:
    return pickle.dumps(_Planted(marker))


def _network(tmp_path: Path) -> Path:
    net = tmp_path / "net"
    net.mkdir()
    for name, text in NETWORK.items():
        (net / name).write_text(text)
    return net


def _run(
    *args: str, cache_dir: Path | None, cwd: Path | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    """decklint in a new process: its grammars and manifests come from the cache, if at all."""
    full = dict(os.environ, NO_COLOR="1", **env)
    full.pop("DECKLINT_CACHE_DIR", None)
    full.pop("DECKLINT_NO_LARK_CACHE", None)
    if cache_dir is not None:
        full["DECKLINT_CACHE_DIR"] = str(cache_dir)
    cmd = [sys.executable, "-m", "decklint", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=full, cwd=cwd, check=False)


def _own(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The user's own cache folder (the one that keeps the key), set to a folder of the test."""
    monkeypatch.delenv("DECKLINT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "decklint"


def _entries(folder: Path) -> list[Path]:
    """Every cache entry in `folder` (not the key, nor the marks of use)."""
    return [p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".")]


def test_a_planted_pickle_in_a_folder_others_may_write_is_never_loaded_and_the_run_warns(
    tmp_path: Path,
) -> None:
    net, folder, marker = _network(tmp_path), tmp_path / "shared-cache", tmp_path / "PWNED"
    cold = _run("lint", "--format", "json", str(net), cache_dir=folder)
    assert _entries(folder), "a first run fills the cache"
    planted = _planted(marker)
    for p in _entries(folder):
        p.write_bytes(planted)
    for name in ("vtam-statement-operand", "expr"):  # where Lark's own cache used to be
        (folder / f"lark-{name}-{__version__}.pickle").write_bytes(b"x\n" + planted)
    folder.chmod(0o777)

    warm = _run("lint", "--format", "json", str(net), cache_dir=folder)
    assert not marker.exists(), "a planted pickle was loaded"
    assert (warm.returncode, warm.stdout) == (cold.returncode, cold.stdout)
    warnings = [line for line in warm.stderr.splitlines() if "warning" in line]
    assert warnings == [
        f"decklint: warning: not using the cache folder {folder}: writable by others; "
        "running without the cache"
    ]
    assert all(p.read_bytes().endswith(planted) for p in _entries(folder)), "nothing written"


def test_a_relative_xdg_cache_home_is_ignored_so_a_repository_cannot_plant_a_grammar_cache(
    tmp_path: Path,
) -> None:
    repo, home, marker = tmp_path / "repo", tmp_path / "home", tmp_path / "PWNED"
    home.mkdir()
    planted_dir = repo / ".cache" / "decklint"
    planted_dir.mkdir(parents=True)
    for name in ("vtam-statement-operand", "expr"):
        (planted_dir / f"lark-{name}-{__version__}.pickle").write_bytes(b"x\n" + _planted(marker))
    (repo / "a.vtam").write_text(NETWORK["a.vtam"])

    got = _run("lint", "a.vtam", cache_dir=None, cwd=repo, XDG_CACHE_HOME=".cache", HOME=str(home))
    assert not marker.exists(), "the repository's planted grammar cache was loaded"
    assert got.returncode == 0, got.stderr
    assert list((home / ".cache" / "decklint" / "parsers").iterdir()), "the cache is under ~"
    assert sorted(p.name for p in planted_dir.iterdir()) == [
        f"lark-expr-{__version__}.pickle",
        f"lark-vtam-statement-operand-{__version__}.pickle",
    ]


def test_the_folder_is_absolute_and_a_relative_xdg_cache_home_falls_back_to_the_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKLINT_CACHE_DIR", "rel/cache")
    assert store.where() == tmp_path / "rel" / "cache"
    monkeypatch.delenv("DECKLINT_CACHE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", ".cache")
    assert store.where() == tmp_path / "home" / ".cache" / "decklint"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert store.where() == tmp_path / "xdg" / "decklint"


def test_the_key_is_32_random_bytes_only_the_user_may_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _own(monkeypatch, tmp_path)
    v = store.vault()
    assert v is not None
    key = folder / store.KEY_FILE
    st = key.stat()
    assert stat.S_IMODE(st.st_mode) == 0o600 and st.st_size == 32
    assert v.key == key.read_bytes() and stat.S_IMODE(folder.stat().st_mode) & 0o077 == 0
    again = store.vault()
    assert again is not None and again.key == v.key  # kept, not made anew
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "other"))
    third = store.vault()
    assert third is not None and third.key != v.key  # random


def test_a_key_others_may_read_refuses_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _own(monkeypatch, tmp_path)
    assert store.vault() is not None
    (folder / store.KEY_FILE).chmod(0o644)
    now = store.status()
    assert now.vault is None
    assert now.refused == f"its key file {folder / store.KEY_FILE} is mode 0644, not 0600"


def test_a_missing_or_damaged_key_is_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _own(monkeypatch, tmp_path)
    first = store.vault()
    assert first is not None
    (folder / store.KEY_FILE).unlink()
    second = store.vault()
    assert second is not None and second.key != first.key
    (folder / store.KEY_FILE).write_bytes(b"short")
    third = store.vault()
    assert third is not None and len(third.key) == 32 and third.key != b"short"
    assert stat.S_IMODE((folder / store.KEY_FILE).stat().st_mode) == 0o600


def test_flipped_bytes_in_every_warm_entry_are_a_miss_never_a_wrong_answer(
    tmp_path: Path,
) -> None:
    net, folder = _network(tmp_path), tmp_path / "cache"
    args = ("lint", "--format", "json", str(net))
    cold = _run(*args, cache_dir=folder)
    assert '"PRS004"' in cold.stdout, "the fixture's duplicate is found"
    entries = _entries(folder)
    assert {p.relative_to(folder).parts[0] for p in entries} >= {"files", "runs"}
    for p in entries:
        blob = bytearray(p.read_bytes())
        if NAME in blob:  # the name changed in every copy: still a well-formed pickle
            blob = bytearray(bytes(blob).replace(NAME, b"CICSB"))
        else:
            for i in range(5):
                blob[len(blob) * (i + 1) // 7] ^= 0x01
        p.write_bytes(bytes(blob))

    warm = _run(*args, "--statistics", cache_dir=folder)  # the counts, not the findings
    assert warm.returncode == cold.returncode
    stats = json.loads(warm.stdout)  # --format json: the counts as JSON
    assert [(r["count"], r["code"]) for r in stats["rules"]] == [(1, "PRS004")]
    assert (stats["files"]["from_cache"], stats["files"]["parsed"]) == (0, 2)
    healed = _run(*args, cache_dir=folder)
    assert (healed.returncode, healed.stdout) == (cold.returncode, cold.stdout)
    assert any(p.parent.name == "parsers" for p in entries), "Lark's tables were flipped too"


def test_an_entry_sealed_with_another_key_is_a_miss(tmp_path: Path) -> None:
    mine = store.Vault(tmp_path, b"k" * 32)
    theirs = store.Vault(tmp_path, b"t" * 32)
    blob = mine.seal(b"payload", "files/ab/cd")
    assert mine.open_sealed(blob, "files/ab/cd") == b"payload"
    assert theirs.open_sealed(blob, "files/ab/cd") is None
    assert mine.open_sealed(blob, "files/ab/ce") is None  # copied under another name
    assert mine.open_sealed(blob[:-1], "files/ab/cd") is None  # truncated
    assert mine.open_sealed(blob[:20], "files/ab/cd") is None
    assert mine.open_sealed(b"", "files/ab/cd") is None
    for i in range(len(blob)):
        flipped = bytearray(blob)
        flipped[i] ^= 0x80
        assert mine.open_sealed(bytes(flipped), "files/ab/cd") is None, i


def test_entries_on_disk_open_as_sealed_and_a_damaged_one_is_a_miss(tmp_path: Path) -> None:
    vault = store.Vault(tmp_path, b"k" * 32)
    vault.write("files/ab/cd", b"payload")
    on_disk = (tmp_path / "files/ab/cd").read_bytes()
    assert vault.open_sealed(on_disk, "files/ab/cd") == b"payload"
    assert vault.read("files/ab/cd") == b"payload"
    (tmp_path / "files/ab/cd").write_bytes(on_disk[:-1])
    assert vault.read("files/ab/cd") is None
    assert not (tmp_path / "files/ab/cd").exists()  # a damaged entry goes


def test_a_large_entry_is_sealed_and_opened_without_a_second_copy(tmp_path: Path) -> None:
    import tracemalloc

    vault = store.Vault(tmp_path, b"k" * 32)
    payload = b"x" * (32 << 20)
    tracemalloc.start()
    try:
        vault.write("files/big", payload)
        _size, written = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        got = vault.read("files/big")
        _size, read = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert got == payload
    assert written < 8 << 20, written  # joining header and payload copied all 32 MiB
    assert read < (32 << 20) + (8 << 20), read  # the payload once, not the file and a slice


def test_a_cache_made_with_another_key_is_read_as_misses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    net, folder = _network(tmp_path), _own(monkeypatch, tmp_path)
    opts = api.Options(cache=True)
    first = api.lint_paths([str(net)], opts)
    assert api.lint_paths([str(net)], opts).stats.cached == 2
    key = folder / store.KEY_FILE
    key.unlink()
    fd = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    os.write(fd, os.urandom(32))
    os.close(fd)
    again = api.lint_paths([str(net)], opts)
    assert again.stats.cached == 0 and again.findings == first.findings


@pytest.mark.parametrize(
    ("mode", "owner", "reason"),
    [
        (stat.S_IFDIR | 0o700, 0, None),
        (stat.S_IFDIR | 0o755, 0, None),
        (stat.S_IFDIR | 0o1777, 0, "writable by others"),
        (stat.S_IFDIR | 0o770, 0, "writable by its group"),
        (stat.S_IFDIR | 0o700, 1, "owned by uid {other}"),
        (stat.S_IFREG | 0o600, 0, "not a folder"),
    ],
)
def test_a_folder_is_judged_by_its_owner_and_mode(
    mode: int, owner: int, reason: str | None
) -> None:
    me, other = 1000, 1001
    st = SimpleNamespace(st_mode=mode, st_uid=me + owner)
    want = None if reason is None else reason.format(other=other)
    assert store.judge(st, me) == want
    assert store.judge(st, None) == (None if stat.S_ISDIR(mode) else "not a folder")


def test_a_key_file_is_judged_by_its_owner_and_mode() -> None:
    me = 1000
    assert store.judge(SimpleNamespace(st_mode=stat.S_IFREG | 0o600, st_uid=me), me, "key") is None
    assert store.judge(SimpleNamespace(st_mode=stat.S_IFREG | 0o640, st_uid=me), me, "key") == (
        "mode 0640, not 0600"
    )
    assert store.judge(SimpleNamespace(st_mode=stat.S_IFREG | 0o600, st_uid=7), me, "key") == (
        "owned by uid 7"
    )


@pytest.mark.skipif(not ROOT, reason="giving a folder to another user needs root")
def test_a_folder_owned_by_another_user_is_refused_and_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    net, folder = _network(tmp_path), tmp_path / "theirs"
    folder.mkdir(mode=0o755)
    os.chown(folder, 65534, 65534)
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(folder))
    result = api.lint_paths([str(net)], api.Options(cache=True))
    assert result.stats.parsed == 2 and list(folder.iterdir()) == []
    assert store.status().refused == "owned by uid 65534"
    # a link of the user's own to that folder is refused too
    link = tmp_path / "link"
    link.symlink_to(folder)
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(link))
    assert store.status().refused == "owned by uid 65534"
    r = CliRunner().invoke(main, ["lint", str(net)])
    assert f"warning: not using the cache folder {link}: owned by uid 65534" in r.stderr


def test_cache_info_and_clean_name_a_refused_folder_and_remove_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(folder))
    api.lint_paths([str(_network(tmp_path))], api.Options(cache=True))
    before = sorted(folder.rglob("*"))
    folder.chmod(0o777)
    info = CliRunner().invoke(main, ["cache", "info"])
    assert info.stdout == f"decklint: not using the cache folder {folder}: writable by others\n"
    clean = CliRunner().invoke(main, ["cache", "clean"])
    assert clean.exit_code == 2 and "removed nothing" in clean.stderr
    assert sorted(folder.rglob("*")) == before
    assert cache.usage().refused == "writable by others"


def test_cache_clean_removes_what_decklint_keeps_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(folder))
    api.lint_paths([str(_network(tmp_path))], api.Options(cache=True))
    (folder / "notes.txt").write_text("not decklint's")
    (folder / "lark-vtam-statement-operand-0.0.1.pickle").write_bytes(b"an old Lark cache")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep").write_text("x")
    (folder / "files" / "link").symlink_to(outside)
    shutil.rmtree(folder / "catalogs", ignore_errors=True)
    (folder / "catalogs").symlink_to(outside)  # a link in its place is removed, not followed
    assert CliRunner().invoke(main, ["cache", "clean"]).exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    assert (outside / "keep").read_text() == "x"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_key_and_entries_committed_to_a_repository_are_never_believed(tmp_path: Path) -> None:
    """A repository that commits `.cache/decklint/.key` and entries sealed with it: cloned
    with `umask 077` the key is the user's, of mode 0600, and a relative DECKLINT_CACHE_DIR
    points into the clone. The key decklint believes is never one a checkout supplies."""
    repo, marker = tmp_path / "attacker", tmp_path / "PWNED"
    repo.mkdir()
    (repo / "a.vtam").write_text(NETWORK["a.vtam"])
    (repo / "b.vtam").write_text(NETWORK["b.vtam"])
    attacker_home = tmp_path / "attacker-home"
    attacker_home.mkdir()
    rel = os.path.join(".cache", "decklint")
    env = {"HOME": str(attacker_home), "XDG_CACHE_HOME": ""}
    cold = _run("lint", "--format", "json", ".", cache_dir=Path(rel), cwd=repo, **env)
    planted_dir = repo / rel
    names = [p.relative_to(planted_dir).as_posix() for p in _entries(planted_dir)]
    assert any(n.startswith("files/") for n in names), "a first run fills the cache"
    key = b"k" * store.KEY_SIZE
    sealer = store.Vault(planted_dir, key)
    for n in names:
        (planted_dir / n).write_bytes(sealer.seal(_planted(marker), n))
    (planted_dir / store.KEY_FILE).write_bytes(key)
    git = ["git", "-c", "user.name=a", "-c", "user.email=a@example.com"]
    for args in (["init", "-q"], ["add", "-A", "-f"], ["commit", "-q", "-m", "x"]):
        subprocess.run([*git, *args], cwd=repo, check=True, capture_output=True)
    clone = tmp_path / "victim"
    subprocess.run(["sh", "-c", f"umask 077 && git clone -q '{repo}' '{clone}'"], check=True)
    committed = clone / rel / store.KEY_FILE
    assert stat.S_IMODE(committed.stat().st_mode) == 0o600, "the checkout made the key 0600"

    victim_home = tmp_path / "victim-home"
    victim_home.mkdir()
    env = {"HOME": str(victim_home), "XDG_CACHE_HOME": ""}
    warm = _run("lint", "--format", "json", ".", cache_dir=Path(rel), cwd=clone, **env)
    assert not marker.exists(), "an entry sealed with the repository's key was unpickled"
    assert (warm.returncode, warm.stdout) == (cold.returncode, cold.stdout)
    assert (victim_home / ".cache" / "decklint" / store.KEY_FILE).is_file()


def test_without_a_home_a_cache_folder_in_a_work_tree_or_given_relative_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "home_folder", lambda: None)
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(tmp_path / "repo" / "cache"))
    now = store.status()
    assert now.vault is None and now.refused is not None
    assert "git work tree" in now.refused
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKLINT_CACHE_DIR", "cache")
    now = store.status()
    assert now.vault is None and now.refused is not None and "relative" in now.refused
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(tmp_path / "elsewhere"))
    now = store.status()
    assert now.vault is not None and (tmp_path / "elsewhere" / store.KEY_FILE).is_file()
