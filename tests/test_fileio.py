"""Atomic writes: the reader sees the old content or the new, and nothing is left behind."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from decklint.platform import fileio

from .helpers import Disk


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
    from decklint.platform.fileio import atomic_output

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

    from decklint.platform.fileio import atomic_output

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
    from decklint.platform.fileio import atomic_output

    (tmp_path / "real.json").write_text("old\n")
    (tmp_path / "link.json").symlink_to("real.json")
    with atomic_output(tmp_path / "link.json") as out:
        out.write("new\n")
    assert (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "real.json").read_text() == "new\n"


OLD = b"".join(b"A%05d   APPL  ACBNAME=A%05d\n" % (i, i) for i in range(200))
NEW = OLD.replace(b"   APPL  ", b"    APPL      ")  # longer: it needs room


def _linked(tmp_path: Path) -> tuple[Path, Path]:
    deck, other = tmp_path / "deck", tmp_path / "other"
    deck.write_bytes(OLD)
    os.link(deck, other)
    return deck, other


@pytest.mark.skipif(not hasattr(os, "posix_fallocate"), reason="no posix_fallocate here")
@pytest.mark.parametrize("room", [0, len(NEW) - len(OLD), len(OLD), len(NEW) - 1])
@pytest.mark.parametrize("why", ["hard link", "owner"])
def test_a_file_rewritten_in_place_on_a_full_disk_stays_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, room: int, why: str
) -> None:
    """Rewritten in place (a file with a second hard link, or whose owner or group a new file
    of this process could not have), a file is never left cut short: without room for a
    copy of it and for what it grows by, it is not written at all."""
    deck, other = _linked(tmp_path)
    if why == "owner":  # one name only, but a new file could not be given its owner
        other.unlink()
        other = deck
        monkeypatch.setattr(fileio, "_can_own_as", lambda st: False)
    Disk(monkeypatch, room)
    with pytest.raises(OSError) as exc:
        fileio.rewrite_user_file(deck, NEW)
    monkeypatch.undo()
    assert exc.value.errno == errno.ENOSPC and not isinstance(exc.value, fileio.Damaged)
    assert deck.read_bytes() == OLD and os.path.samefile(deck, other)
    names = ["deck", "other"] if why == "hard link" else ["deck"]
    assert sorted(p.name for p in tmp_path.iterdir()) == names


@pytest.mark.skipif(not hasattr(os, "posix_fallocate"), reason="no posix_fallocate here")
def test_a_hard_linked_file_is_written_when_there_is_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck, other = _linked(tmp_path)
    Disk(monkeypatch, len(OLD) + len(NEW) - len(OLD))  # a copy of it, and its growth
    fileio.rewrite_user_file(deck, NEW)
    monkeypatch.undo()
    assert other.read_bytes() == NEW and os.path.samefile(deck, other)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck", "other"]


@pytest.mark.skipif(not hasattr(os, "posix_fallocate"), reason="no posix_fallocate here")
def test_room_taken_meanwhile_puts_the_original_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room reserved is taken by another process the moment it is given back: the write
    fails half way, and the file gets its original content again."""
    deck, other = _linked(tmp_path)
    disk = Disk(monkeypatch, len(NEW))
    disk.taken = True
    with pytest.raises(OSError) as exc:
        fileio.rewrite_user_file(deck, NEW)
    monkeypatch.undo()
    assert exc.value.errno == errno.ENOSPC
    assert deck.read_bytes() == OLD and os.path.samefile(deck, other)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck", "other"]


def test_a_file_that_cannot_be_put_back_keeps_its_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck, _other = _linked(tmp_path)
    calls: list[bytes] = []

    def failing(target: Path, data: bytes) -> None:
        calls.append(data)
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(fileio, "_overwrite", failing)
    with pytest.raises(fileio.Damaged) as exc:
        fileio.rewrite_user_file(deck, NEW)
    assert calls == [NEW, OLD]
    (copy,) = [p for p in tmp_path.iterdir() if p.name.endswith(".keep")]
    assert copy.name in str(exc.value) and copy.read_bytes() == OLD


def _dead_pid() -> int:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", ""])
    proc.wait()
    return proc.pid


def test_sweep_removes_what_killed_runs_left_and_nothing_else(tmp_path: Path) -> None:
    import time

    dead = _dead_pid()
    (tmp_path / "deck").write_bytes(OLD)
    (tmp_path / "new").write_bytes(NEW)
    gone = [
        f".deck.{dead}.0.tmp",  # an atomic write's temporary file, its process gone
        f".deck.{dead}.1.{fileio._digest(OLD)}.keep",  # a copy: the file is as it was
        f".new.{dead}.2.{fileio._digest(NEW)}.keep",  # a copy: the write ended
    ]
    stays = [
        f".deck.{os.getpid()}.3.tmp",  # this run's own
        f".gone.{dead}.4.tmp",  # beside no file
        ".deck.tmp",  # not a name decklint gives
        f".deck.{dead}.5.tmp.orig",
    ]
    for name in (*gone, *stays):
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / gone[1]).write_bytes(OLD)
    cut = f".deck.{dead}.6.{fileio._digest(NEW)}.keep"  # neither: the write was cut
    (tmp_path / cut).write_bytes(b"the original, longer than what is left")
    old = time.time() - fileio.STALE_AGE - 60
    alive = tmp_path / f".deck.{os.getppid()}.7.tmp"  # a live process's, but a day old
    alive.write_bytes(b"x")
    os.utime(alive, (old, old))
    kept = fileio.sweep(tmp_path)
    assert kept == [fileio.Kept(tmp_path / "deck", tmp_path / cut)]
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(["deck", "new", *stays, cut])


def test_a_file_rewritten_in_place_in_a_folder_not_writable_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No copy of it can be kept while it is rewritten: it is not written, and says why."""
    deck, other = _linked(tmp_path)

    def no_folder(target: Path, ending: str = "") -> tuple[int, str]:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(fileio, "_temporary", no_folder)
    with pytest.raises(fileio.Refused, match="its folder, where a copy of it is kept"):
        fileio.rewrite_user_file(deck, NEW)
    assert deck.read_bytes() == OLD and os.path.samefile(deck, other)
