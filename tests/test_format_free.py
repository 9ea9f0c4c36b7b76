"""`decklint format` on free-format files: only what `format:` asks, the meaning kept.

Golden pairs in fixtures/format/free/<case>/before.* and after.* (written here): a profile
with blocks, lists and statements sharing a line, a BPXPRMxx member, CRLF line ends, no final
newline. They are formatted with `block-indent: 2` and `statements-per-line: one`;
`--update-golden` writes the after files (review them as a diff). Without those settings
nothing changes. Every free-format file of the shared corpora keeps its meaning and formats
idempotently (skipped when the corpora are absent).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import dialects
from decklint.cli import main
from decklint.core.ir import Statement, Value
from decklint.core.source import SourceFile
from decklint.dialects.base import FreeLayout
from decklint.fmt import Settings, format_text
from decklint.fmt.run import run, settings_of
from decklint.inputs import encoding as enc
from decklint.inputs.discover import detect
from decklint.project.config import ConfigError, load

from .conftest import CORPUS, FIXTURES

CASES = FIXTURES / "format" / "free"
ASKED = Settings(block_indent=2, statements_per_line="one")
FREE = ("tcpip", "tcpdata", "bpxprm", "ivtprm", "tsm")


def _cases() -> list[str]:
    return sorted(p.name for p in CASES.iterdir() if p.is_dir())


def _before(case: str) -> Path:
    return next((CASES / case).glob("before.*"))


def _after(case: str) -> Path:
    b = _before(case)
    return b.with_name("after" + b.suffix)


def _value(v: Value | None) -> tuple[object, ...]:
    return () if v is None else (v.kind, v.text, tuple(_value(i) for i in v.items))


def _meaning(path: str, text: str, dialect: str) -> list[tuple[object, ...]]:
    pf = dialects.get(dialect).parse(SourceFile.from_text(path, text))
    st: list[Statement] = list(pf.statements)
    return [
        (s.kind, s.label, s.op, tuple((o.name, _value(o.value)) for o in s.operands)) for s in st
    ] + [("comment", c.text) for c in pf.read.comments]


@pytest.mark.parametrize("case", _cases())
def test_golden(case: str, tmp_path: Path, update_golden: bool) -> None:
    work = tmp_path / _before(case).name
    shutil.copyfile(_before(case), work)
    (got,) = run([str(work)], ASKED, write=True)
    assert not got.left and not got.problem
    if update_golden:
        shutil.copyfile(work, _after(case))
    assert work.read_bytes() == _after(case).read_bytes()
    assert work.read_bytes() != _before(case).read_bytes(), "each case has something to do"
    (again,) = run([str(work)], ASKED, write=True)
    assert not again.changed, "formatting twice must be formatting once"


@pytest.mark.parametrize("case", _cases())
def test_meaning_kept(case: str) -> None:
    dialect = "tcpip" if _before(case).suffix == ".tcpip" else "bpxprm"
    before = _before(case).read_bytes().decode()
    after = _after(case).read_bytes().decode()
    assert _meaning("b", before, dialect) == _meaning("a", after, dialect)


@pytest.mark.parametrize("case", _cases())
def test_untouched_by_default(case: str, tmp_path: Path) -> None:
    work = tmp_path / _before(case).name
    shutil.copyfile(_before(case), work)
    (got,) = run([str(work)], Settings(), write=True)
    assert not got.changed and not got.left
    assert work.read_bytes() == _before(case).read_bytes()
    # the card-deck settings alone ask nothing of a free-format file
    other = Settings(operation_column=12, operands_per_card="one", renumber=True)
    (got,) = run([str(work)], other)
    assert not got.changed


def test_bytes_form_kept() -> None:
    crlf = _after("crlf").read_bytes()
    assert crlf.count(b"\r\n") == crlf.count(b"\n") and crlf.endswith(b"\r\n")
    assert not _after("no-final-newline").read_bytes().endswith(b"\n")


def test_columns_the_product_does_not_read() -> None:
    """BPXPRMxx: columns 72-80 are not read. A line with sequence numbers there is kept as it
    is, and a continuation line that indenting would push past column 71 keeps its place."""
    before = _before("bpxprm").read_text().splitlines()
    after = _after("bpxprm").read_text().splitlines()
    numbered = next(ln for ln in before if ln.endswith("00010000"))
    assert numbered in after
    full = next(ln for ln in before if len(ln) == 71)
    assert full in after
    assert all(len(ln.rstrip()) <= 71 or ln in before for ln in after)


def test_comments_stay_with_their_lines() -> None:
    after = _after("profile-blocks").read_text().splitlines()
    assert "  ROUTE DEFAULT 10.1.1.1 OSA1 MTU 1492     ; the gateway" in after
    assert "  TIMEMARK 14400 ; four hours" in after  # in column 18 still
    # a comment line in the column of the statement after it moves with it
    i = after.index("  INACTIVE 10800")
    assert after[i - 1] == "  ; drop idle sessions after three hours"
    # a comment that ends a line keeps its column
    assert "  TCPIPSTATISTICS                ; counters to SMF" in after


def test_a_list_keeps_its_first_entry_and_interface_its_action() -> None:
    after = _after("profile-blocks").read_text().splitlines()
    assert after[1:3] == ["TCPCONFIG TCPSENDBFRSIZE 65535", "UDPCONFIG UDPSENDBFRSIZE 65535"]
    assert "HOME 10.1.1.2 OSA1" in after
    assert "INTERFACE OSA1 DELETE" in after


def test_interface_action_is_no_statement() -> None:
    """`INTERFACE name DELETE`: DELETE is the interface's action, not the DELETE statement."""
    pf = dialects.get("tcpip").parse(SourceFile.from_text("p", "INTERFACE OSA1 DELETE\n"))
    assert [(s.op, [o.value.text for o in s.operands]) for s in pf.statements] == [
        ("INTERFACE", ["OSA1", "DELETE"])
    ]


def test_a_file_whose_meaning_would_change_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """IVTPRM00 statements are read from column 1 only: a layout that indented them would
    make them comments. The parse after says so, and the file is left as it is."""
    text = "ECSA MAX(120M)\nFIXED MAX(100M)\n"
    spec = dialects.get("ivtprm")
    indented = FreeLayout(71, lambda sts: [1] * len(sts))
    monkeypatch.setitem(dialects._SPECS, "ivtprm", spec._replace(free_layout=indented))
    got = format_text("IVTPRM00", text, ASKED)
    assert got.text == text
    assert got.left == (("IVTPRM00", "it would parse to 0 statements instead of 2"),)


def test_a_file_that_does_not_parse_is_left_alone() -> None:
    text = "AUTOLOG 5\n FTPD JOBNAME FTPD1\n"
    got = format_text("PROFILE.TCPIP", text, ASKED)
    assert got.text == text
    assert got.left and got.left[0][1].startswith("it does not parse (line 1: AUTOLOG")


def test_configuration(tmp_path: Path) -> None:
    cfg = tmp_path / ".decklint.yaml"
    cfg.write_text("format:\n  block-indent: 3\n  statements-per-line: one\n")
    s = settings_of(load(cfg).format)
    assert (s.block_indent, s.statements_per_line) == (3, "one")
    assert settings_of({}) == Settings()
    for bad, said in [
        ("block-indnt: 2", "did you mean block-indent?"),
        ("statement-per-line: one", "did you mean statements-per-line?"),
        ("block-indent: -1", "block-indent must be a number from 0 to 16"),
        ("block-indent: true", "block-indent must be a number"),
        ("statements-per-line: two", "statements-per-line must be one of keep, one"),
    ]:
        cfg.write_text(f"format:\n  {bad}\n")
        with pytest.raises(ConfigError, match=said):
            load(cfg)


def test_command_line(tmp_path: Path) -> None:
    work = tmp_path / "PROFILE.TCPIP"
    shutil.copyfile(_before("crlf"), work)
    runner = CliRunner()
    res = runner.invoke(main, ["format", "--check", str(work), "--isolated"])
    assert res.exit_code == 0, res.output  # by default untouched
    (tmp_path / ".decklint.yaml").write_text("format:\n  block-indent: 2\n")
    res = runner.invoke(
        main, ["format", "--diff", str(work), "--config", str(tmp_path / ".decklint.yaml")]
    )
    assert res.exit_code == 1
    assert "+  PORT 23" in res.output


SHARED = CORPUS.parent
FOLDERS = [SHARED / f for f in ("corpus", "corpus-next", "corpus-3") if (SHARED / f).is_dir()]


def _free_files() -> list[tuple[Path, str, str]]:
    out = []
    for root in FOLDERS:
        for p in sorted(root.rglob("*")):
            if not p.is_file() or p.name == "PROVENANCE.md":
                continue
            text = enc.decode(p.read_bytes(), None).text
            if text is None:
                continue
            name = detect(SourceFile.from_text(str(p), text), None, None).dialect
            if name in FREE:
                out.append((p, text, name))
    return out


@pytest.mark.skipif(not FOLDERS, reason="the shared corpora are absent")
@pytest.mark.parametrize("settings", [ASKED, Settings(block_indent=0), Settings(block_indent=4)])
def test_corpus_meaning_kept(settings: Settings) -> None:
    """Every free-format file of the corpora, formatted in memory (they are test input
    only): the same statements and comments, formatting twice is formatting once, and a
    file is left alone only when it does not parse."""
    files = _free_files()
    assert files
    changed = 0
    for path, text, name in files:
        got = format_text(str(path), text, settings)
        assert all(why.startswith("it does not parse") for _, why in got.left), got.left
        assert _meaning("x", got.text, name) == _meaning("x", text, name), path
        assert format_text(str(path), got.text, settings).text == got.text, path
        changed += got.text != text
    assert changed


def test_editor_edits_make_the_formatted_text() -> None:
    """The language server formats with the same settings (`settings_of` of `format:`)."""
    pytest.importorskip("lsprotocol")
    from decklint.server.formatting import edits_between
    from decklint.server.positions import UTF16

    from .test_format_server import _apply

    text = _before("crlf").read_bytes().decode()
    want = format_text("PROFILE.TCPIP", text, settings_of({"block-indent": 2}))
    assert want.text != text
    assert _apply(text, edits_between(text, want.text, UTF16)) == want.text
