"""Decks inside JCL and markdown are linted and reported at the enclosing file's lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from decklint import api
from decklint.cli import main
from decklint.inputs import embedded
from tests.conftest import FIXTURES

EMB = FIXTURES / "embedded"


def _lint(*paths: Path, **kw: object) -> api.LintResult:
    return api.lint_paths([str(p) for p in paths], api.Options(**kw))  # type: ignore[arg-type]


def _where(result: api.LintResult) -> set[tuple[str, str, int, int]]:
    return {(Path(f.path).name, f.code, f.span.line, f.span.col) for f in result.findings}


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if needle in ln)


def test_iebupdte_members_are_found_with_their_first_line() -> None:
    text = (EMB / "VTAMLOAD.jcl").read_text()
    blocks = embedded.find("VTAMLOAD.jcl", text)
    assert blocks is not None
    assert [b.name for b in blocks] == ["ATCSTR00", "MTAB01", "SWPU01"]
    lines = text.splitlines()
    for b in blocks:
        assert b.text.splitlines()[0] == lines[b.line - 1]
        assert not any(ln.startswith(("./", "//", "/*")) for ln in b.text.splitlines())


def test_findings_land_on_the_jcl_lines_and_columns() -> None:
    jcl = EMB / "VTAMLOAD.jcl"
    got = _where(_lint(jcl))
    iobuf = _line_of(jcl, "IOBUF=(")
    col = jcl.read_text().splitlines()[iobuf - 1].index("400") + 1
    assert ("VTAMLOAD.jcl", "VTM005", iobuf, col) in got
    # the same deck linted on its own gives the same finding at its own line
    alone = _where(_lint(EMB / "standalone" / "ATCSTR00"))
    assert {c for _, c, _, _ in alone} <= {c for _, c, _, _ in got}
    assert all(name == "VTAMLOAD.jcl" for name, *_ in got)


def test_cross_deck_rules_see_members_of_one_job_as_one_network() -> None:
    got = _lint(EMB / "VTAMLOAD.jcl")
    # the switched PU names mode table MTAB01 and mode LU62X, which MTAB01 lacks
    missing = [f for f in got.findings if "LU62X" in f.message]
    assert missing and missing[0].span.line == _line_of(EMB / "VTAMLOAD.jcl", "DLOGMOD=LU62X")


def test_sysin_dd_star_and_dlm() -> None:
    jcl = EMB / "CSDLOAD.jcl"
    blocks = embedded.find(jcl.name, jcl.read_text())
    assert blocks is not None and [b.name for b in blocks] == ["SYSIN", "SYSIN"]
    # DD * ends at the next // statement; DD DATA,DLM=@@ only at @@ (a // line is data there)
    assert "//" not in blocks[0].text
    assert "//NOT-A-STATEMENT" in blocks[1].text
    got = _lint(jcl)
    assert [(Path(p).name, d) for p, d in got.files] == [("CSDLOAD.jcl", "cics")]
    assert {e.name for e in got.topology.of("sessions")} == {"SES1", "SES2"}
    typo = [f for f in got.findings if "MAXIMUN" in f.message]
    assert typo and typo[0].path.endswith("CSDLOAD.jcl")
    assert typo[0].span.line == _line_of(jcl, "MAXIMUN(")


def test_markdown_fences_tagged_with_a_dialect(tmp_path: Path) -> None:
    md = EMB / "runbook.md"
    got = _lint(md)
    assert ("runbook.md", "NCP006", _line_of(md, "DELAY=0.2"), 47) in _where(got)
    indented = _line_of(md, "IOBUF=(100,400)")
    col = md.read_text().splitlines()[indented - 1].index("400") + 1
    assert ("runbook.md", "VTM005", indented, col) in _where(got)
    # prose and untagged blocks are never read as decks
    assert not any(f.code in ("PRS001", "PRS002") for f in got.findings)


def test_untagged_fences_only_with_all() -> None:
    md = EMB / "runbook.md"
    line = _line_of(md, "SLODOWN=12")
    assert not any(f.span.line == line for f in _lint(md).findings)
    blocks = embedded.find(md.name, md.read_text(), "all")
    assert blocks is not None and any(b.dialect is None for b in blocks)


def test_folder_walk_reads_markdown_with_decks_and_names_the_rest(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# nothing here\n\n```python\nprint(1)\n```\n")
    (tmp_path / "deck.md").write_text("```ncp\nN PCCU DELAY=0.5\n```\n")
    got = _lint(tmp_path)
    assert [Path(p).name for p, _ in got.files] == ["deck.md"]
    assert any(f.code == "NCP006" and f.span.line == 2 for f in got.findings)
    assert {Path(p).name: why for p, why in got.unlinted.items()} == {
        "README.md": "no deck fenced in it"
    }


def test_a_container_without_decks_is_named_alone_and_in_its_folder(tmp_path: Path) -> None:
    jcl = tmp_path / "EMPTY.jcl"
    jcl.write_text("//EMPTY JOB\n//S1 EXEC PGM=IEFBR14\n")
    for got in (_lint(jcl), _lint(tmp_path)):
        assert got.findings == []
        assert list(got.unlinted.values()) == [
            "a job with no deck in it: no step reads in-stream data as one"
        ]


def test_embedded_none_reads_the_file_as_it_is() -> None:
    got = _lint(EMB / "runbook.md", dialect="ncp")
    plain = api.lint_inputs(
        [api.Input("runbook.md", (EMB / "runbook.md").read_text(), True)],
        api.Options(dialect="ncp"),
    )
    assert _where(got) != _where(plain)


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_cli_reports_enclosing_paths(fmt: str) -> None:
    r = CliRunner().invoke(main, ["lint", "--no-cache", "--format", fmt, str(EMB / "VTAMLOAD.jcl")])
    assert r.exit_code == 1, r.output
    assert "VTAMLOAD.jcl" in r.stdout and "(ATCSTR00)" not in r.stdout


def test_cli_embedded_none() -> None:
    r = CliRunner().invoke(
        main, ["lint", "--no-cache", "--embedded", "none", str(EMB / "VTAMLOAD.jcl")]
    )
    assert "statement JOB is not known" in r.stdout  # the job card read as a deck statement


_LINES = [
    "//LOADVT  JOB (ACCT),'LOAD'",
    "//SYSIN    DD *",
    "//DATA     DD DATA,DLM=@@",
    "./ ADD NAME=APPLLAB",
    "//* a comment",
    "/*",
    "```vtam",
    "~~~",
    "APPLLAB  VBUILD TYPE=APPL",
    "         MODEENT LOGMODE=M1,RUSIZES=X'8585'",
    "* see http:/ /host",
    "",
    "   ",
    "\x85NEL",
]


@given(
    st.lists(st.sampled_from(_LINES), max_size=12),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.sampled_from(["deck", "doc.md", "JOB.jcl", "README.MARKDOWN"]),
    st.sampled_from(embedded.MODES),
)
@settings(max_examples=400, deadline=None)
def test_a_file_that_may_hold_no_deck_is_one_find_calls_no_container(
    lines: list[str], eol: str, name: str, mode: str
) -> None:
    text = eol.join(lines)
    if not api.may_hold_decks(name, text, mode):
        assert embedded.find(name, text, mode) is None


def test_every_fixture_that_holds_decks_is_let_through() -> None:
    containers = 0
    for path in sorted(FIXTURES.rglob("*")):
        if not path.is_file() or path.suffix in (".yaml", ".json", ".sarif", ".txt"):
            continue
        text = path.read_text(encoding="latin-1")
        if embedded.find(path.name, text) is not None:
            containers += 1
            assert api.may_hold_decks(path.name, text), path
    assert containers >= 3
