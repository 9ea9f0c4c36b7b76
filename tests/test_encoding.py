"""Reading bytes (PRS011): UTF-8, EBCDIC with line ends or as 80-byte records, cp1252, bad
bytes reported at their offset, positions exact, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.cli import main
from decklint.inputs.encoding import decode

MODES = (
    "TUNEMODE MODETAB\n"
    "#BATCH   MODEENT LOGMODE=#BATCH,RUSIZES=X'F7F7',PSNDPAC=3\n"
    "         MODEEND\n"
)


def lint(*args: str) -> dict:  # type: ignore[type-arg]
    res = CliRunner().invoke(main, ["lint", "--format", "json", "--exit-zero", *args])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)  # type: ignore[no-any-return]


def spots(data: dict, code: str | None = None) -> list[tuple[str, int, int]]:  # type: ignore[type-arg]
    return [
        (f["code"], f["line"], f["column"])
        for f in data["findings"]
        if code is None or f["code"] == code
    ]


def as_records(text: str, page: str) -> bytes:
    return b"".join(line.ljust(80).encode(page) for line in text.splitlines())


@pytest.mark.parametrize("page", ["cp037", "cp1047", "cp500"])
@pytest.mark.parametrize("shape", ["NL", "LF", "records"])
def test_ebcdic_decks_give_the_findings_of_their_ascii_copy(
    tmp_path: Path, page: str, shape: str
) -> None:
    ascii_deck = tmp_path / "ascii" / "TUNEMODE"
    ascii_deck.parent.mkdir()
    ascii_deck.write_text(MODES)
    if shape == "records":
        data = as_records(MODES, page)
    else:
        data = MODES.replace("\n", "\x85" if shape == "NL" else "\n").encode(page)
    ebcdic = tmp_path / "ebcdic" / "TUNEMODE"
    ebcdic.parent.mkdir()
    ebcdic.write_bytes(data)
    want = spots(lint("--encoding", "utf-8", str(ascii_deck)))
    assert want, "the deck should have findings"
    got = lint("--encoding", page, str(ebcdic))
    assert [s for s in spots(got) if s[0] != "PRS011"] == want
    detected = lint(str(ebcdic))
    assert [s for s in spots(detected) if s[0] != "PRS011"] == want
    (note,) = [f for f in detected["findings"] if f["code"] == "PRS011"]
    assert note["severity"] == "info" and "EBCDIC" in note["message"]


def test_the_code_page_is_told_by_the_brackets() -> None:
    text = "X        MODEENT LOGMODE=X  [NOTE]\n"
    assert decode(text.encode("cp1047")).encoding == "cp1047"
    assert decode(text.encode("cp037")).encoding == "cp037"
    assert decode(text.encode("cp500")).encoding == "cp500"


def test_bad_bytes_are_reported_at_their_offset_line_and_column(tmp_path: Path) -> None:
    deck = tmp_path / "TUNEMODE"
    deck.write_bytes(MODES.encode("ascii").replace(b"#BATCH   MODEENT", b"#BATCH\x81  MODEENT"))
    data = lint("--encoding", "utf-8", str(deck))
    (bad,) = [f for f in data["findings"] if f["code"] == "PRS011"]
    assert (bad["line"], bad["column"], bad["severity"]) == (2, 7, "warning")
    assert "X'81' at offset 23" in bad["message"]
    assert spots(data, "VTM002")  # the rest of the deck is still linted
    cp1252 = lint(str(deck))  # auto: not UTF-8, read as cp1252 (where X'81' is undefined too)
    kinds = sorted(
        (f["severity"], f["line"], f["column"]) for f in cp1252["findings"] if f["code"] == "PRS011"
    )
    assert kinds == [("info", 2, 7), ("warning", 2, 7)]


def test_a_bom_does_not_shift_columns(tmp_path: Path) -> None:
    plain, bom = tmp_path / "a" / "TUNEMODE", tmp_path / "b" / "TUNEMODE"
    plain.parent.mkdir(), bom.parent.mkdir()
    plain.write_text(MODES)
    bom.write_bytes(b"\xef\xbb\xbf" + MODES.encode())
    assert spots(lint(str(plain))) == spots(lint(str(bom)))


def test_binary_and_unknown_encodings_are_skipped_with_a_reason(tmp_path: Path) -> None:
    blob = tmp_path / "core.bin"
    blob.write_bytes(bytes(range(256)) * 4)
    data = lint(str(blob))
    (skip,) = [f for f in data["findings"] if f["code"] == "PRS009"]
    assert "binary" in skip["message"]
    assert decode(b"abc", "no-such-codec").why.startswith("unknown encoding")


def test_stdin_is_read_with_the_same_rules() -> None:
    res = CliRunner().invoke(
        main,
        ["lint", "--format", "json", "--exit-zero", "--stdin-filename", "TUNEMODE", "-"],
        input=as_records(MODES, "cp037"),
    )
    data = json.loads(res.output)
    assert spots(data, "VTM002") and spots(data, "PRS011")
