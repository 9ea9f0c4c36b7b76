"""Hostile input through the whole CLI: every run ends with findings and an exit code.

Deep nesting, very long lines, many cards, NUL bytes, pipes, symlink loops, unreadable files,
EBCDIC noise, broken containers, and --fix over random decks. The same generators run at
scale (millions of inputs, memory measured) in benchmarks/fuzz.py.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decklint import dialects
from decklint.cli import main

from .test_robustness import CARD_ALPHABET

DIALECTS = sorted(dialects.REGISTRY)


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["lint", "--no-source", "--no-cache", *args])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output
    return res.exit_code, res.output


def nested_deck(depth: int) -> str:
    text = "N        PCCU  CUADDR=" + "(" * depth + "A" + ")" * depth
    cards = [text[:71]]
    rest = text[71:]
    while rest:
        cards[-1] = cards[-1].ljust(71) + "X"
        cards.append(" " * 15 + rest[:56])
        rest = rest[56:]
    return "\n".join(cards) + "\n"


@pytest.mark.parametrize("dialect", DIALECTS)
def test_deep_nesting_is_a_finding_in_every_dialect(tmp_path: Path, dialect: str) -> None:
    f = tmp_path / "deep"
    f.write_text(nested_deck(3000) + "X = " + "(" * 3000 + "\n")
    code, out = run("--dialect", dialect, str(f))
    assert code in (0, 1), out
    assert "internal error" not in out


def test_nesting_within_the_limit_still_parses(tmp_path: Path) -> None:
    f = tmp_path / "ok.ncp"
    f.write_text(nested_deck(20))
    _, out = run(str(f))
    assert "nested more than" not in out


@pytest.mark.parametrize("dialect", ["ncp", "tcpip", "bpxprm", "cics", "scf", "cm2"])
def test_a_ten_megabyte_line(tmp_path: Path, dialect: str) -> None:
    f = tmp_path / "long"
    f.write_text("N PCCU CUADDR=" + "A" * 10_000_000 + "\n")
    code, _ = run("--dialect", dialect, str(f))
    assert code in (0, 1)


def test_many_cards(tmp_path: Path) -> None:
    f = tmp_path / "many.ncp"
    f.write_text("".join(f"G{i:06d}  GROUP ECLTYPE=(PHYSICAL,ANY)\n" for i in range(20_000)))
    code, out = run(str(f))
    assert code in (0, 1) and "1 file" in out


def test_symlink_loops_and_dangling_links(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to("..")
    (tmp_path / "self").symlink_to("self")
    (tmp_path / "gone").symlink_to("nowhere")
    (tmp_path / "deck.ncp").write_text("N PCCU DELAY=0\n")
    code, out = run(str(tmp_path))
    assert code in (0, 1)
    assert out.count("deck.ncp") <= 2  # read once, not once per loop turn


def test_a_pipe_is_skipped_not_read(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    (tmp_path / "deck.ncp").write_text("N PCCU DELAY=0\n")
    assert run(str(tmp_path))[0] in (0, 1)
    _, out = run(str(pipe))
    assert "not a regular file" in out


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "locked.ncp"
    f.write_text("N PCCU DELAY=0\n")
    real = Path.read_bytes

    def denied(self: Path) -> bytes:
        if self.name == "locked.ncp":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", denied)
    code, out = run(str(tmp_path))
    assert "cannot read: Permission denied" in out and code in (0, 1)


@pytest.mark.parametrize(
    "text",
    [
        "//J JOB\n//S EXEC PGM=IEBUPDTE\n//SYSIN DD DATA\n./ ADD NAME=X\nN PCCU (((\n",
        "//J JOB\n//SYSIN DD *,DLM=\n",
        "//J JOB\n//SYSIN DD DATA,DLM='\n./ ADD NAME=\n./ ADD NAME=A\n",
        "./ ADD NAME=A\n./ ENDUP\n./ ADD NAME=B\n\x00\n",
    ],
)
def test_broken_containers(tmp_path: Path, text: str) -> None:
    f = tmp_path / "JOB.jcl"
    f.write_text(text)
    assert run(str(f))[0] in (0, 1)


def test_unclosed_markdown_fence(tmp_path: Path) -> None:
    f = tmp_path / "doc.md"
    f.write_text("```ncp\nN PCCU DELAY=1\n\n~~~vtam\nSSCPNAME=(\n")
    assert run(str(f))[0] in (0, 1)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(alphabet=CARD_ALPHABET, max_size=400), unsafe=st.booleans())
def test_fix_on_random_decks_never_crashes(tmp_path: Path, text: str, unsafe: bool) -> None:
    f = tmp_path / "deck.ncp"
    f.write_text("NCPB     BUILD BFRS=240,SLODOWN=12\n" + text)
    run("--fix", *(["--unsafe-fixes"] if unsafe else []), str(f))
    code, _ = run(str(f))
    assert code in (0, 1)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.binary(max_size=600), page=st.sampled_from(["cp037", "cp1047", "cp500"]))
def test_ebcdic_noise(tmp_path: Path, data: bytes, page: str) -> None:
    f = tmp_path / "MEMBER"
    f.write_bytes(data)
    assert run("--encoding", page, str(f))[0] in (0, 1)
    assert run(str(f))[0] in (0, 1)


def test_scf_attribute_that_starts_with_a_parenthesis(tmp_path: Path) -> None:
    """Found by benchmarks/fuzz.py: `, (A B)` after a command has no attribute name."""
    f = tmp_path / "cmds"
    f.write_text("INFO LINE $LAN1, (A B), SPEED 9600\n")
    code, out = run("--dialect", "scf", str(f))
    assert code in (0, 1) and "internal error" not in out


def test_scf_line_of_blanks_is_read_in_linear_time(tmp_path: Path) -> None:
    """Found by benchmarks/fuzz.py: the display-header pattern backtracked over long blank
    runs (a 94,000-blank line took minutes)."""
    f = tmp_path / "display"
    f.write_text("LAB45P" + " " * 20_000 + "PCCU Info LINE $LAN1\nSCF Info LINE $LAN1\n")
    code, out = run("--dialect", "scf", str(f))
    assert code in (0, 1) and "internal error" not in out


FEATURE_DECKS = sorted(
    p
    for p in (Path(__file__).parent.parent / "fixtures" / "dialects").glob("*/*")
    if p.is_file() and not p.name.endswith(".model.yaml")
)


@pytest.mark.parametrize("digits", ["9" * 5_000, "\u00b2\u00b3"], ids=["huge", "superscript"])
@pytest.mark.parametrize("dialect", sorted(dialects.REGISTRY))
def test_every_number_of_every_feature_deck_made_hostile(dialect: str, digits: str) -> None:
    """Found by benchmarks/fuzz.py (a VM pool size of 67,173 digits): every number in every
    feature deck of a dialect replaced by 5,000 digits, or by digits `str.isdigit` accepts
    and `int` refuses. Each must give findings, never an internal error."""
    import re

    from decklint import api

    decks = [p for p in FEATURE_DECKS if p.parent.name == dialect]
    assert decks
    files = {
        f"{p.parent.name}-{p.name}": re.sub(r"[0-9]+", digits, p.read_text(encoding="utf-8"))
        for p in decks
    }
    result = api.lint_texts(files, api.Options(dialect=dialect))
    assert result.internal_errors == 0, [f.message for f in result.findings if f.code == "PRS009"]


@pytest.mark.parametrize("dialect", ["nsdos", "ncp", "tcpip", "cm2", "as400"])
def test_a_number_of_ten_thousand_digits(tmp_path: Path, dialect: str) -> None:
    """Found by benchmarks/fuzz.py: int() refuses digit strings over 4,300 digits."""
    f = tmp_path / "big"
    digits = "9" * 10_000
    f.write_text(f"N PCCU MAXDATA={digits}\nMAXDATA {digits}\nSOMAXCONN {digits}\n")
    code, out = run("--dialect", dialect, str(f))
    assert code in (0, 1) and "internal error" not in out


def test_release_levels_from_the_configuration_refuse_huge_numbers() -> None:
    from decklint.model.tcpip import vm_level, zos_level

    huge = "9" * 5_000
    assert zos_level(f"V{huge}R1") is None and zos_level(f"{huge}.1") is None
    assert zos_level(f"OS/390 R{huge}") is None and zos_level("V2R1") == (2, 1)
    assert vm_level(f"{huge}.{huge}") is not None  # the last digits read as a level, no crash
    assert vm_level("function level 320") == 320


def test_a_link_out_of_the_tree_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`passwd.vtam -> /etc/passwd` in a repository: a finding names the link, no line of the
    file it leads to is read or quoted; a link inside the folders linted is read."""
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:SECRET-LINE:/root:/bin/bash\n")
    repo = tmp_path / "repo"
    (repo / "sub").mkdir(parents=True)
    (repo / "passwd.vtam").symlink_to(secret)
    (repo / "deck.ncp").write_text("N PCCU DELAY=0\n")
    (repo / "sub" / "same.ncp").symlink_to("../deck.ncp")
    monkeypatch.chdir(tmp_path)
    for args in (["repo"], ["repo/passwd.vtam", "repo/sub/same.ncp"]):
        _code, out = run("--format", "parsable", *args)
        assert "SECRET" not in out, out
        assert "passwd.vtam:1:1: [warning] PRS009 a symbolic link to " in out, out
        assert "outside the folders linted: not read" in out
        assert "same.ncp" not in out or "symbolic link" not in out.split("same.ncp")[1]
    monkeypatch.chdir(repo)
    (repo / ".git").mkdir()
    _code, out = run("--format", "parsable", "sub/same.ncp")  # the project's folder holds both
    assert "symbolic link" not in out, out


def test_a_folder_too_deep_to_walk_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """3,000 nested folders: past the system's longest path the walk cannot go on; the
    folder it stopped at is named, not "no findings in 0 files"."""
    monkeypatch.chdir(tmp_path)
    fd = os.open(".", os.O_RDONLY)
    try:
        for _ in range(3000):
            os.mkdir("d")
            os.chdir("d")
        Path("deck.ncp").write_text("N PCCU DELAY=0\n")
    finally:
        os.fchdir(fd)
        os.close(fd)
    try:
        code, out = run("--format", "parsable", ".")
    finally:
        _remove_nested(tmp_path)  # pytest's own removal recurses once per level
    assert code == 1, out
    assert "PRS009 folder not read (File name too long): the files in it are not linted" in out
    assert out.startswith("d/d/d/")


def _remove_nested(top: Path) -> None:
    """Remove `top/d/d/.../d` and what the last one holds, without recursion or long paths."""
    fd = os.open(".", os.O_RDONLY)
    try:
        os.chdir(top)
        depth = 0
        while os.path.isdir("d"):
            os.chdir("d")
            depth += 1
        for name in os.listdir("."):
            os.unlink(name)
        for _ in range(depth):
            os.chdir("..")
            os.rmdir("d")
    finally:
        os.fchdir(fd)
        os.close(fd)


def test_an_unreadable_folder_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("deck.ncp").write_text("N PCCU DELAY=0\n")
    Path("locked").mkdir()
    monkeypatch.setattr(os, "scandir", _refuse(os.scandir, "locked"))
    code, out = run("--format", "parsable", ".")
    assert "locked:1:1: [warning] PRS009 folder not read (Permission denied)" in out, out
    assert code == 1 and out.count("PRS009") == 1


def _refuse(scandir: Any, name: str) -> Any:
    import errno

    def refusing(path: Any = ".") -> Any:
        if os.path.basename(str(path)) == name:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return scandir(path)

    return refusing
