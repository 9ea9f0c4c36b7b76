"""Atomic writes: the reader sees the old content or the new, and nothing is left behind."""

from __future__ import annotations

import os
import stat
from pathlib import Path

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
