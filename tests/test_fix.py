"""--fix, --unsafe-fixes and --diff: card layout kept, parse errors respected, loop bounded."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import api
from decklint.cli import main
from decklint.core.findings import Applicability, Edit
from decklint.core.source import Span
from decklint.fix import loop
from decklint.fix import write as fix_write
from decklint.readers import patch

from .helpers import options_for


def card(text: str, cont: bool = False, seq: int = 0) -> str:
    return text.ljust(71) + ("X" if cont else " ") + f"{seq:08d}"


def _cli(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["lint", "--no-cache", "--no-color", *args])
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture
def gen(tmp_path: Path) -> Path:
    p = tmp_path / "gen.ncp"
    p.write_text(
        "\n".join(
            [
                card("NCPA     PCCU  CUADDR=0A0,MAXDATA=65535", False, 10),
                card("NCPB     BUILD BFRS=240,NEWNAME=NCPB,", True, 20),
                card("               SUBAREA=4           A REMARK", False, 30),
                card("NCPH     HOST  INBFRS=40,MAXBUFRU=5,UNITSZ=4000", False, 40),
                card("         GENEND", False, 50),
            ]
        )
        + "\n"
    )
    return p


def test_fix_applies_only_safe_fixes(gen: Path) -> None:
    code, _, err = _cli("--fix", str(gen))
    text = gen.read_text()
    assert "MAXBFRU=5" in text and "SLODOWN" not in text
    assert "fixed 1 finding in 1 file" in err
    assert code == 1  # the unsafe ones are still reported


def test_unsafe_fixes_keep_the_card_layout(gen: Path) -> None:
    before = gen.read_text().splitlines()
    _cli("--fix", "--unsafe-fixes", str(gen))
    after = gen.read_text().splitlines()
    assert len(after) == len(before)
    for old, new in zip(before, after, strict=True):
        assert new[71:] == old[71:]  # continuation mark and sequence field untouched
        assert len(new) == len(old) == 80
    # the operand goes after the last one; the remark moves right and stays a remark
    assert after[2][:71].rstrip() == "               SUBAREA=4,SLODOWN=6           A REMARK"
    assert "MAXBFRU=5," in after[3]
    result = api.lint_paths([str(gen)])
    assert not [f for f in result.findings if f.code in ("NCP005", "NCP006", "NCP014")]


def test_a_value_that_does_not_fit_is_left_and_said(tmp_path: Path) -> None:
    p = tmp_path / "full.ncp"
    full = "NCPB     BUILD BFRS=240,SUBAREA=4,NEWNAME=NCPB " + "R" * 31
    p.write_text(card(full[:71], False, 10) + "\n")
    before = p.read_text()
    _, _, err = _cli("--fix", "--unsafe-fixes", str(p))
    assert p.read_text() == before
    assert "NCP005" in err and "does not fit the card layout" in err


def test_a_file_with_parse_errors_is_never_fixed(tmp_path: Path) -> None:
    p = tmp_path / "bad.ncp"
    p.write_text("NCPA     PCCU  CUADDR=0A0,DELAY=0.2,MAXDATA=(\nNCPB     BUILD SLODOWN=12\n")
    before = p.read_text()
    _, _, err = _cli("--fix", "--unsafe-fixes", str(p))
    assert p.read_text() == before
    assert "parse errors" in err


def test_diff_writes_nothing_and_exits_1(gen: Path) -> None:
    before = gen.read_text()
    code, out, _ = _cli("--diff", "--unsafe-fixes", str(gen))
    assert code == 1 and gen.read_text() == before
    assert out.startswith(f"--- a/{gen}") and "+NCPH" in out and "-NCPH" in out
    assert "+               SUBAREA=4,SLODOWN=6" in out


def test_unsafe_fixes_alone_is_a_usage_error(gen: Path) -> None:
    assert _cli("--unsafe-fixes", str(gen))[0] == 2


def test_write_is_atomic_and_keeps_the_mode(gen: Path) -> None:
    gen.chmod(0o640)
    _cli("--fix", "--unsafe-fixes", str(gen))
    assert stat.S_IMODE(gen.stat().st_mode) == 0o640
    assert sorted(os.listdir(gen.parent)) == ["gen.ncp"]  # no temporary file left behind


def test_ebcdic_files_are_written_back_as_ebcdic_records(tmp_path: Path) -> None:
    p = tmp_path / "GEN"
    lines = ["NCPB     BUILD BFRS=240,SLODOWN=12,NEWNAME=NCPB", "         GENEND"]
    data = "".join(ln.ljust(80) for ln in lines).encode("cp037")
    p.write_bytes(data)
    _cli("--fix", "--unsafe-fixes", "--dialect", "ncp", str(p))
    out = p.read_bytes()
    assert len(out) == len(data)
    assert out.decode("cp037")[:80].rstrip() == lines[0].replace("SLODOWN=12", "SLODOWN=6")


def test_decks_inside_jcl_are_shown_never_rewritten(tmp_path: Path) -> None:
    p = tmp_path / "LOAD.jcl"
    p.write_text(
        "//LOAD JOB\n//S1 EXEC PGM=IEBUPDTE\n//SYSIN DD DATA\n./ ADD NAME=NCPGEN\n"
        "NCPA     PCCU  CUADDR=0A0,DELAY=0\n"
        "NCPB     BUILD BFRS=240,SLODOWN=12,NEWNAME=NCPB\n         GENEND\n./ ENDUP\n/*\n"
    )
    before = p.read_text()
    _cli("--fix", "--unsafe-fixes", str(p))
    assert p.read_text() == before
    found = api.lint_paths([str(p)]).findings
    assert any(f.code == "NCP005" and f.fix is None for f in found)


def test_the_loop_stops_and_says_so(gen: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = patch.apply

    def undone(text: str, edits: list[Edit], card_image: bool) -> patch.Outcome:
        """Claims the edits but gives the text back as it was: a fix another one undoes."""
        out = real(text, edits, card_image)
        return patch.Outcome(text, out.applied, out.skipped)

    monkeypatch.setattr(patch, "apply", undone)
    run = loop.run(api.gather([str(gen)]), api.Options(), unsafe=True)
    assert not run.converged and run.passes <= loop.MAX_PASSES
    assert "undo each other" in run.why and not run.texts


def test_the_loop_converges_with_a_count(gen: Path) -> None:
    run = loop.run(api.gather([str(gen)]), api.Options(), unsafe=True)
    assert run.converged and 2 <= run.passes <= 3
    assert sum(run.applied.values()) == 2  # SLODOWN added (NCP005), MAXBUFRU spelt (NCP014)


def test_fixer_takes_blanks_from_the_widest_gap_and_keeps_one() -> None:
    line = card("A        PCCU  DELAY=1   REMARK", True, 7)
    edit = Edit(Span(1, 22, 1, 23), "0.0000")
    out = patch.apply(line + "\n", [edit], True)
    assert out.applied and out.text.splitlines()[0][71:] == line[71:]
    assert "DELAY=0.0000 REMARK" in out.text or "DELAY=0.0000   REMARK" in out.text
    overlap = patch.apply(line + "\n", [edit, Edit(Span(1, 22, 1, 23), "2")], True)
    assert len(overlap.applied) == 1 and len(overlap.skipped) == 1


def test_every_rule_with_a_fix_fixes_its_own_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_fix = [m for m in api.manifests() if m.fix is not None]
    documented = {"NCP005", "NCP006", "NCP014", "TCP006", "TCP016", "AS4001"}
    assert {m.code for m in with_fix} >= documented
    for m in with_fix:
        assert m.fix is not None and m.fix.applicability is not Applicability.DISPLAY
        fixed = 0
        for i, ex in enumerate(m.examples):
            if not ex.expect_fail:
                continue
            if ex.config:  # a target release, declared facts: as a run with it has them
                folder = tmp_path / f"{m.code}-{i}"
                folder.mkdir()
                opts = options_for(folder, monkeypatch, dialect=ex.dialect, config=ex.config)
                opts.select, opts.ignore = (m.code,), ()
            else:
                opts = api.Options(dialect=ex.dialect, select=(m.code,))
            inputs = [api.Input(p, t, True) for p, t in ex.files.items()]
            got = api.lint_inputs(inputs, opts).findings
            if not any(f.code == m.code and f.fix is not None for f in got):
                continue
            run = loop.run(inputs, opts, unsafe=True)
            left = [f for f in run.result.findings if f.code == m.code and f.fix is not None]
            assert run.texts and not left, (m.code, run.texts)
            assert len(run.result.findings) < len(got)
            fixed += 1
        assert fixed or m.tested_by or m.code == "NCP014", f"{m.code}: no example shows its fix"


def _only_safe_finding_left(err: str) -> None:
    assert "fixed 0 findings in 0 files" in err


def test_a_read_only_file_is_not_written_and_its_finding_stays(gen: Path) -> None:
    # the mode bits decide, not EACCES: the same whoever runs it, root included
    before = gen.read_bytes()
    gen.chmod(0o444)
    code, out, err = _cli("--fix", str(gen))
    assert gen.read_bytes() == before
    assert "read-only" in err and "fixes not written" in err
    _only_safe_finding_left(err)
    assert "MAXBUFRU" in out and code == 1
    assert stat.S_IMODE(gen.stat().st_mode) == 0o444


def test_a_file_changed_meanwhile_keeps_its_finding(
    gen: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = loop.run

    def run_then_touch(*args: object, **kw: object) -> loop.FixRun:
        done = real(*args, **kw)  # type: ignore[arg-type]
        gen.write_text(gen.read_text() + "* a line added by someone else\n")
        return done

    monkeypatch.setattr(loop, "run", run_then_touch)
    code, out, err = _cli("--fix", str(gen))
    assert "changed on disk while linting" in err
    assert "MAXBUFRU" in out and code == 1
    assert "MAXBUFRU" in gen.read_text()


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in any folder"
)
def test_a_read_only_folder_keeps_the_finding_and_the_exit_status(tmp_path: Path) -> None:
    deck = tmp_path / "ro" / "gen.ncp"
    deck.parent.mkdir()
    deck.write_text(card("NCPH     HOST  INBFRS=40,MAXBUFRU=5,UNITSZ=4000") + "\n")
    deck.parent.chmod(0o555)
    try:
        code, out, err = _cli("--fix", str(deck))
    finally:
        deck.parent.chmod(0o755)
    assert "fixes not written" in err
    assert "MAXBUFRU" in out and "no findings" not in out + err and code == 1


def test_a_symlink_is_fixed_through_and_stays_a_link(gen: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.ncp"
    link.symlink_to(gen.name)
    _cli("--fix", str(link))
    assert link.is_symlink() and os.readlink(link) == gen.name
    assert "MAXBFRU=5" in gen.read_text()
    assert sorted(os.listdir(tmp_path)) == ["gen.ncp", "link.ncp"]


def test_a_hard_link_stays_linked(gen: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.ncp"
    os.link(gen, other)
    _cli("--fix", str(gen))
    assert os.path.samefile(gen, other)
    assert "MAXBFRU=5" in other.read_text()


def test_a_write_that_fails_keeps_the_finding(gen: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(path: Path, data: bytes) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(fix_write, "rewrite_user_file", denied)
    code, out, err = _cli("--fix", str(gen))
    assert "fixes not written: Permission denied" in err
    assert "MAXBUFRU" in out and code == 1


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away"
)
def test_the_owner_stays_the_files_owner(gen: Path) -> None:
    os.chown(gen, 4242, 4343)
    _cli("--fix", str(gen))
    st = gen.stat()
    assert "MAXBFRU=5" in gen.read_text() and (st.st_uid, st.st_gid) == (4242, 4343)


def test_an_input_given_its_fixed_text_is_keyed_by_that_text() -> None:
    """The fix loop lints each pass's texts as new inputs (`Input.replace`): each is keyed in
    the cache and the run memo by its own text's digest, never the one its original had
    computed; what is not changed is kept, and a name no input has is refused."""
    from decklint.inputs.gather import Input, digest

    first = Input("a.vtam", "A1 APPL AUTH=ACQ\n", True, encoding="cp037", dialect="vtam")
    assert first.digest == digest("A1 APPL AUTH=ACQ\n")
    fixed = first.replace(text="A1 APPL AUTH=PASS\n")
    assert fixed.digest == digest("A1 APPL AUTH=PASS\n") != first.digest
    assert (fixed.path, fixed.explicit, fixed.encoding, fixed.dialect) == (
        "a.vtam",
        True,
        "cp037",
        "vtam",
    )
    assert first.text == "A1 APPL AUTH=ACQ\n"  # the original is left as it was
    with pytest.raises(TypeError):
        first.replace(txet="")
