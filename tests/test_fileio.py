"""Atomic writes: the reader sees the old content or the new, and nothing is left behind."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from decklint import fileio


def test_a_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "entry"
    target.write_bytes(b"old")
    fileio.atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["entry"]


def test_a_name_left_by_a_killed_run_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "entry"
    monkeypatch.setattr(fileio, "_serial", iter(range(3)))
    stale = tmp_path / f".entry.{os.getpid()}.0.tmp"
    stale.write_bytes(b"half")
    fileio.atomic_write(target, b"whole")
    assert target.read_bytes() == b"whole" and stale.read_bytes() == b"half"
    assert sorted(p.name for p in tmp_path.iterdir()) == [stale.name, "entry"]


def test_a_failed_write_removes_its_temporary_and_keeps_the_original(tmp_path: Path) -> None:
    target = tmp_path / "deck"
    target.write_bytes(b"original")
    with pytest.raises(TypeError):
        fileio.atomic_write(target, "not bytes")  # type: ignore[arg-type]
    assert target.read_bytes() == b"original"
    assert [p.name for p in tmp_path.iterdir()] == ["deck"]


def test_a_user_file_keeps_its_mode_and_a_cache_entry_is_private(tmp_path: Path) -> None:
    deck = tmp_path / "deck"
    deck.write_bytes(b"old")
    deck.chmod(0o654)
    fileio.atomic_write(deck, b"new", replace_user_file=True)
    assert stat.S_IMODE(deck.stat().st_mode) == 0o654
    entry = tmp_path / "entry"
    fileio.atomic_write(entry, b"data")
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600


def test_a_user_file_is_written_through_its_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real" / "deck"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "deck"
    link.symlink_to(real)
    fileio.rewrite_user_file(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"
    assert sorted(p.name for p in real.parent.iterdir()) == ["deck"]


def test_a_read_only_user_file_is_refused_by_its_mode(tmp_path: Path) -> None:
    deck = tmp_path / "deck"
    deck.write_bytes(b"old")
    deck.chmod(0o444)
    with pytest.raises(fileio.Refused, match="read-only"):
        fileio.rewrite_user_file(deck, b"new")
    assert deck.read_bytes() == b"old"


def test_a_hard_linked_user_file_is_written_in_place(tmp_path: Path) -> None:
    deck, other = tmp_path / "deck", tmp_path / "other"
    deck.write_bytes(b"a longer old text")
    os.link(deck, other)
    fileio.rewrite_user_file(deck, b"new")
    assert other.read_bytes() == b"new" and os.path.samefile(deck, other)


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file opened for writing (by `open` or `os.fdopen`) fails to take data, as on a
    full disk; files read are read as usual."""
    import builtins
    import errno

    class Full:
        def __init__(self, real: Any) -> None:
            self.real = real

        def write(self, data: object) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __getattr__(self, name: str) -> Any:
            return getattr(self.real, name)

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.real.close()

    def wrap(opener: Any) -> Any:
        def opened(file: Any, mode: str = "r", *args: Any, **kw: Any) -> Any:
            real = opener(file, mode, *args, **kw)
            return Full(real) if any(c in mode for c in "wax+") else real

        return opened

    monkeypatch.setattr(builtins, "open", wrap(builtins.open))
    monkeypatch.setattr(os, "fdopen", wrap(os.fdopen))


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "junit", "parsable", "github"])
def test_a_full_disk_is_an_error_and_leaves_the_old_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    from click.testing import CliRunner

    from decklint.cli import main

    monkeypatch.chdir(tmp_path)
    Path("a.ncp").write_text("H1       HOST  UNITSZ=384,MAXBFRU=11".ljust(72) + "00000100\n")
    Path("report").write_text("the last run's\n")
    _full_disk(monkeypatch)
    res = CliRunner().invoke(main, ["lint", "--exit-zero", "--format", fmt, "-o", "report", "."])
    monkeypatch.undo()
    assert res.exit_code == 2, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "cannot write report: No space left on device" in res.output
    assert (tmp_path / "report").read_text() == "the last run's\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ncp", "report"]


def test_a_full_disk_leaves_no_empty_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from decklint.cli import main

    monkeypatch.chdir(tmp_path)
    Path("a.ncp").write_text("H1       HOST  UNITSZ=384,MAXBFRU=11".ljust(72) + "00000100\n")
    _full_disk(monkeypatch)
    for args in (["-o", "out.sarif", "--format", "sarif"], ["--write-baseline", "b.json"]):
        res = CliRunner().invoke(main, ["lint", "--exit-zero", *args, "a.ncp"])
        assert res.exit_code == 2, res.output
        assert "No space left on device" in res.output
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ncp"]


def test_atomic_output_keeps_the_mode_a_new_file_gets(tmp_path: Path) -> None:
    from decklint.fileio import atomic_output

    mask = os.umask(0o022)
    try:
        with atomic_output(tmp_path / "r.txt") as out:
            out.write("x\n")
    finally:
        os.umask(mask)
    assert (tmp_path / "r.txt").read_text() == "x\n"
    assert stat.S_IMODE((tmp_path / "r.txt").stat().st_mode) == 0o644


def test_an_output_that_is_no_regular_file_is_written_not_replaced(tmp_path: Path) -> None:
    """`-o /dev/null` (the editor's cache fill writes there) or a pipe: written as it is; a
    rename over it would put a regular file where the device or pipe was."""
    import threading

    from decklint.fileio import atomic_output

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_text()), daemon=True)
    reader.start()
    with atomic_output(pipe) as out:
        out.write("report\n")
    reader.join(10)
    assert got == ["report\n"]
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_an_output_that_is_a_link_keeps_the_link(tmp_path: Path) -> None:
    from decklint.fileio import atomic_output

    (tmp_path / "real.json").write_text("old\n")
    (tmp_path / "link.json").symlink_to("real.json")
    with atomic_output(tmp_path / "link.json") as out:
        out.write("new\n")
    assert (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "real.json").read_text() == "new\n"
