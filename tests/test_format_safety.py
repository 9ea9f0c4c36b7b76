"""`decklint format` never loses a byte: a full disk leaves a hard-linked deck as it was and
the summary says so, a link out of the folders is refused as `lint` refuses it, each line keeps
its own line end, and what a killed run left beside a deck is cleared by the next run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main
from decklint.platform import fileio

from .helpers import Disk

# The first statement's mark an edit pushed to column 73: the formatter moves it back.
DECK = "".join(
    [
        "A1       APPL  ACBNAME=A1,".ljust(72) + "X\n",
        "               AUTH=(ACQ,PASS)\n",
        "A2       APPL  ACBNAME=A2,".ljust(71) + "X\n",
        "               AUTH=(ACQ,PASS)\n",
    ]
)
FORMATTED = DECK.replace(",".ljust(47) + "X", ",".ljust(46) + "X")


def _format(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["format", "--no-cache", *args])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.output


def test_the_deck_formats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("deck.vtam").write_text(DECK)
    code, out = _format("deck.vtam")
    assert code == 0 and "formatted 1 file, 0 files unchanged" in out
    assert Path("deck.vtam").read_text() == FORMATTED


@pytest.mark.skipif(not hasattr(os, "posix_fallocate"), reason="no posix_fallocate here")
def test_a_full_disk_leaves_a_hard_linked_deck_whole_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    grown = DECK.replace("AUTH=(ACQ,PASS)", "AUTH=(ACQ,PASS)".ljust(60))  # padded: 80 wide
    Path("deck.vtam").write_text(grown)
    os.link("deck.vtam", "deck2.vtam")
    Path("clean.vtam").write_text("A3       APPL  ACBNAME=A3\n")
    Disk(monkeypatch, 0)
    code, out = _format("deck.vtam", "clean.vtam")
    monkeypatch.undo()  # the working folder too
    assert code == 2
    assert "deck.vtam: not written: No space left on device; the file is as it was" in out
    assert "formatted 0 files, 1 file not written (each as it was), 1 file unchanged" in out
    deck = tmp_path / "deck.vtam"
    assert deck.read_text() == grown and os.path.samefile(deck, tmp_path / "deck2.vtam")
    assert sorted(os.listdir(tmp_path)) == ["clean.vtam", "deck.vtam", "deck2.vtam"]


def test_a_link_out_of_the_folder_is_not_formatted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outside = tmp_path / "home" / "prod.vtamlst"
    outside.parent.mkdir()
    outside.write_text(DECK)
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "prod.vtamlst").symlink_to(outside)
    (repo / "own.vtam").write_text(DECK)
    monkeypatch.chdir(repo)
    code, out = _format(".")
    assert code == 2
    assert f"a symbolic link to {outside}, outside the folders formatted: not read" in out
    assert outside.read_text() == DECK and (repo / "own.vtam").read_text() == FORMATTED
    # named itself, the link is refused too (as `lint` refuses it)
    code, out = _format("prod.vtamlst")
    assert code == 2 and "outside the folders formatted" in out and outside.read_text() == DECK


def test_each_line_keeps_its_own_line_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first line ends in CRLF, the rest in LF: the lines of a statement laid out again
    keep LF, a card it gains takes its own cards' ending."""
    monkeypatch.chdir(tmp_path)
    head = "         VBUILD TYPE=APPL\r\n"
    long = "A3       APPL  ACBNAME=A3,AUTH=(ACQ,PASS),EAS=10,MODETAB=MODETAB1,SSCPFM=USSSCS\n"
    Path("deck.vtam").write_bytes((head + DECK + long).encode())
    code, out = _format("deck.vtam")
    assert code == 0, out
    got = Path("deck.vtam").read_bytes()
    assert got.startswith(head.encode()) and got.count(b"\r\n") == 1
    assert got[len(head) :].decode().startswith(FORMATTED)
    assert got.count(b"\n") == 1 + 4 + 2  # the long statement now on two cards


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", ""])
    proc.wait()
    return proc.pid


def test_the_next_run_clears_what_a_killed_run_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("deck.vtam").write_text(DECK)
    dead = _dead_pid()
    Path(f".deck.vtam.{dead}.0.tmp").write_text(FORMATTED[:100])
    Path(f".other.{dead}.1.tmp").write_text("beside no file: not decklint's")
    code, out = _format(".")
    assert code == 0, out
    assert sorted(os.listdir()) == [f".other.{dead}.1.tmp", "deck.vtam"]
    # --check writes nothing, and removes nothing either
    Path("deck.vtam").write_text(DECK)
    Path(f".deck.vtam.{dead}.0.tmp").write_text(FORMATTED[:100])
    code, out = _format("--check", ".")
    assert code == 1 and f".deck.vtam.{dead}.0.tmp" in os.listdir()


def test_a_deck_whose_in_place_write_was_cut_is_left_to_its_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kill while a hard-linked deck was written in place: the copy of its original stays
    beside it, and the deck is not formatted until its user has looked."""
    monkeypatch.chdir(tmp_path)
    Path("deck.vtam").write_text(DECK[:90])  # cut short
    copy = f".deck.vtam.{_dead_pid()}.0.{fileio._digest(FORMATTED.encode())}.keep"
    Path(copy).write_text(DECK)
    code, out = _format("deck.vtam")
    assert code == 2
    assert "deck.vtam: not formatted: an interrupted run of decklint left a copy" in out
    assert copy in out and Path(copy).read_text() == DECK
    assert Path("deck.vtam").read_text() == DECK[:90]
    # once the user put the original back, the copy is the file: removed, the deck formatted
    Path("deck.vtam").write_text(DECK)
    code, out = _format("deck.vtam")
    assert code == 0 and sorted(os.listdir()) == ["deck.vtam"]
    assert Path("deck.vtam").read_text() == FORMATTED


# A statement whose remarks hold markup and Unicode blanks (a deck copied from a page's source)
# and whose first card's mark an edit pushed to column 73; and a statement valid as written
# whose remark holds `R&amp;D <b>X</b>`, its mark in column 72.
FIRST = "A1       APPL  ACBNAME=A1,           R&amp;D <b>LAB</b> COPY"
REMARKS = "".join(
    [
        "         VBUILD TYPE=APPL\n",
        FIRST.ljust(72) + "X\n",
        "               AUTH=(ACQ,PASS),      SEE\u00a0NOTE <u>4</u>".ljust(71) + "X\n",
        "               EAS=10                \u200bLAST &lt;CARD&gt;\n",
        "A2       APPL  ACBNAME=A2,           R&amp;D <b>X</b>".ljust(71) + "X\n",
        "               AUTH=(ACQ,PASS)\n",
    ]
)


def test_remarks_keep_their_characters_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("deck.vtam").write_text(REMARKS)
    code, out = _format("deck.vtam")
    assert code == 0 and "formatted 1 file" in out, out
    got = Path("deck.vtam").read_text()
    assert got == REMARKS.replace(FIRST.ljust(72) + "X", FIRST.ljust(71) + "X")  # that only


def test_a_deck_valid_as_written_is_read_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The markup is in remarks only and every mark stands in column 72 as written: no error
    (an information that the remarks hold markup), and nothing to format."""
    from decklint.api import lint_texts

    deck = "".join(REMARKS.splitlines(keepends=True)[:1] + REMARKS.splitlines(keepends=True)[4:])
    found = [f for f in lint_texts({"deck.vtam": deck}).findings if f.code == "PRS001"]
    assert [(f.severity.label, f.span.line) for f in found] == [("info", 2)], found
    monkeypatch.chdir(tmp_path)
    Path("deck.vtam").write_text(deck)
    code, out = _format("deck.vtam")
    assert code == 0 and "formatted 0 files, 1 file unchanged" in out, out
    assert Path("deck.vtam").read_text() == deck


def test_two_names_of_one_file_are_formatted_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deck and its hard link in the folder formatted: the second name already holds what
    the first's write gave it, which is no change on disk by someone else."""
    monkeypatch.chdir(tmp_path)
    Path("deck.vtam").write_text(DECK)
    os.link("deck.vtam", "link.vtam")
    code, out = _format(".")
    assert code == 0 and "formatted 2 files" in out, out
    assert Path("link.vtam").read_text() == FORMATTED and os.path.samefile("deck.vtam", "link.vtam")


def test_many_files_written_at_once_each_whole_and_the_names_of_one_file_in_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files that change are written by a few threads at once: each is written whole, a
    file's other names (a hard link, a symbolic link to it) are written after it by the same
    thread, finding its write done, and the summary counts every file as before."""
    monkeypatch.chdir(tmp_path)
    for n in range(12):
        Path(f"deck{n:02d}.vtam").write_text(DECK)
    os.link("deck00.vtam", "hard.vtam")
    os.symlink("deck01.vtam", "soft.vtam")
    Path("clean.vtam").write_text("A3       APPL  ACBNAME=A3\n")
    code, out = _format(".")
    assert code == 0, out
    assert "formatted 14 files, 1 file unchanged" in out, out
    for n in range(12):
        assert Path(f"deck{n:02d}.vtam").read_text() == FORMATTED
    assert os.path.samefile("deck00.vtam", "hard.vtam")
    assert os.path.islink("soft.vtam") and os.readlink("soft.vtam") == "deck01.vtam"
    assert Path("clean.vtam").read_text() == "A3       APPL  ACBNAME=A3\n"
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no leftovers
