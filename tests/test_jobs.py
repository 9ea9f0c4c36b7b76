"""Jobs around the decks: IEBUPDTE streams, in-stream data, assembler jobs, members kept twice.

The fixtures in fixtures/jobs/ are shaped like real jobs: sequence numbers in columns 73-80,
JOB statements continued past a //* comment, PROC overrides (//C.SYSIN, //ASM.SYSIN), an
in-stream procedure, IEBUPDTE control statements with labels, continuations and NUMBER and
ALIAS among a member's records. JCL001-JCL003 are tested here (their manifests say so).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decklint import api
from decklint.core.findings import Finding
from decklint.core.source import SourceFile
from decklint.dialects.vtam import reader as vtam
from decklint.inputs import embedded, jcl, updte
from decklint.pipeline import run
from tests.conftest import FIXTURES

JOBS = FIXTURES / "jobs"


def _lint(*paths: Path) -> api.LintResult:
    return api.lint_paths([str(p) for p in paths], api.Options())


def _blocks(path: Path) -> list[embedded.Block]:
    got = embedded.find(path.name, path.read_text())
    assert got is not None
    return got


def _line_of(path: Path, needle: str, after: int = 0) -> int:
    lines = path.read_text().splitlines()
    return next(i for i, ln in enumerate(lines, 1) if i > after and needle in ln)


def _codes(result: api.LintResult) -> list[tuple[str, int]]:
    return sorted((f.code, f.span.line) for f in result.findings)


def _job(tmp_path: Path, name: str, lines: list[str]) -> Path:
    p = tmp_path / name
    p.write_text("\n".join(lines) + "\n")
    return p


# --------------------------------------------------------------------------- IEBUPDTE


def test_a_number_card_keeps_the_member_going() -> None:
    """./ NUMBER (and ./ ALIAS) among a member's records do not end it: all six members of
    the sysgen job are found, each starting at its first record, the control statements among
    its records read as blank lines."""
    job = JOBS / "SYSGEN.jcl"
    blocks = _blocks(job)
    names = ["ATCSTR01", "ATCCON01", "APPLS01", "MTAB01", "SWNET01", "LCLNODE"]
    assert [b.name for b in blocks] == names
    lines = job.read_text().splitlines()
    for b in blocks:
        text = b.text.splitlines()
        assert text[0] == lines[b.line - 1]
        assert not any(ln.startswith(("./", "//", "><")) for ln in text)
        assert all(ln == lines[b.line - 1 + k] or ln == "" for k, ln in enumerate(text))
    appl = blocks[2]
    assert appl.line == _line_of(job, "APPLS01  VBUILD")
    assert appl.text.splitlines()[-1].startswith("BATCHA")  # the ALIAS after it is not a record


def test_control_statements_keep_their_label_operands_and_continuation() -> None:
    blocks = {b.name: b for b in _blocks(JOBS / "SYSGEN.jcl")}
    appl = blocks["APPLS01"].control
    assert appl is not None
    assert (appl.label, appl.op, appl.name) == ("LOADAPPL", "ADD", "APPLS01")
    # the operands of the continuation record (column 72 marked, resumed in column 16)
    assert appl.get("LEVEL") == "01" and appl.get("SSI") == "2026A001"
    assert appl.line + 1 == appl.last_line
    start = blocks["ATCSTR01"].control
    assert start is not None and (start.get("LEVEL"), start.get("SOURCE")) == ("01", "0")
    assert start.get("LIST") == "ALL"
    assert blocks["ATCSTR01"].dd == "SYSIN" and blocks["ATCSTR01"].step == "LOAD"


def test_every_member_is_linted_as_its_dialect_at_the_jobs_lines() -> None:
    job = JOBS / "SYSGEN.jcl"
    got = _lint(job)
    assert [(Path(p).name, d) for p, d in got.files] == [("SYSGEN.jcl", "vtam")]
    topo = got.topology
    assert {e.name for e in topo.of("vtam_start")} == {"ATCSTR01", "ATCCON01"}
    assert {e.name for e in topo.of("mode")} >= {"BULK01"}
    codes = _codes(got)
    iobuf = _line_of(job, "IOBUF=(100,256)")
    assert ("VTM005", iobuf) in codes
    assert ("VTM006", _line_of(job, "DLOGMOD=INTER01")) in codes
    # nothing is read as a statement that is not one: no syntax error anywhere
    assert not [c for c in codes if c[0] == "PRS001"]
    vtm005 = next(f for f in got.findings if f.code == "VTM005")
    assert vtm005.span.col == job.read_text().splitlines()[iobuf - 1].index("256") + 1


def test_a_change_to_a_member_is_said_once_and_not_linted() -> None:
    job = JOBS / "SYSGEN.jcl"
    got = _lint(job)
    change = _line_of(job, "./ CHANGE")
    mine = [f for f in got.findings if f.span.line >= change]
    assert [(f.code, f.span.line, f.severity.label) for f in mine] == [("JCL002", change, "info")]
    assert "member APPLS01" in mine[0].message
    assert mine[0].citation is not None and "DFSMSdfp Utilities" in mine[0].citation.document


def test_update_inplace_says_in_place(tmp_path: Path) -> None:
    job = _job(
        tmp_path,
        "INPLACE.jcl",
        [
            "//FIX      EXEC PGM=IEBUPDTE,PARM=MOD",
            "//SYSUT1   DD  DSN=SYS1.VTAMLST(APPLS01),DISP=OLD",
            "//SYSIN    DD  *",
            "./ CHANGE UPDATE=INPLACE,NAME=APPLS01",
            "./ NUMBER SEQ1=ALL,NEW1=10,INCR=10",
            "/*",
        ],
    )
    (f,) = _lint(job).findings
    assert f.code == "JCL002" and "in place" in f.message and f.span.line == 4


def test_records_after_endup_are_never_read(tmp_path: Path) -> None:
    job = _job(
        tmp_path,
        "LATE.jcl",
        [
            "//LOAD     EXEC PGM=IEBUPDTE,PARM=NEW",
            "//SYSUT2   DD  DSN=SYS1.VTAMLST,DISP=SHR",
            "//SYSIN    DD  *",
            "./ ADD NAME=APPLA",
            "APPLA    VBUILD TYPE=APPL",
            "./ ENDUP",
            "./ ADD NAME=APPLB",
            "APPLB    VBUILD TYPE=APPL",
            "/*",
        ],
    )
    assert [b.name for b in _blocks(job)] == ["APPLA"]
    (f,) = [f for f in _lint(job).findings if f.code == "JCL003"]
    assert f.severity.label == "warning" and f.span.line == 7
    assert "line 6" in f.message and "APPLB is not written" in f.message


def test_label_data_and_repro_are_not_members(tmp_path: Path) -> None:
    job = _job(
        tmp_path,
        "LABELS.jcl",
        [
            "//COPY     EXEC PGM=IEBUPDTE,PARM=NEW",
            "//SYSIN    DD  *",
            "./ LABEL",
            "UHL1 VTAMLST COPY OF 2026",
            "./ REPRO NAME=OLDAPPL",
            "./ ADD NAME=APPLC",
            "APPLC    VBUILD TYPE=APPL",
            "/*",
        ],
    )
    (b,) = _blocks(job)
    assert b.name == "APPLC" and "UHL1" not in b.text


def test_control_statements_iebupdte_rejects(tmp_path: Path) -> None:
    job = _job(
        tmp_path,
        "BAD.jcl",
        [
            "//LOAD     EXEC PGM=IEBUPDTE,PARM=NEW",
            "//SYSIN    DD  *",
            "./ ADDD NAME=APPLD",
            "./ ADD NAME=APPLE,LEVL=01",
            "APPLE    VBUILD TYPE=APPL",
            "/*",
        ],
    )
    got = [f for f in _lint(job).findings if f.code == "PRS001"]
    assert [(f.span.line, f.span.col) for f in got] == [(3, 4), (4, 4)]
    assert "ADDD is not an IEBUPDTE control statement" in got[0].message
    assert "does not take LEVL=" in got[1].message
    assert all(f.citation and "DFSMSdfp" in f.citation.document for f in got)
    assert [b.name for b in _blocks(job)] == ["APPLE"]


def test_a_bare_iebupdte_stream_with_a_labelled_first_statement() -> None:
    lines = ["./FIRST ADD NAME=MTAB09", "MTAB09   MODETAB", "         MODEEND"]
    got = embedded.find("members.txt", "\n".join(lines) + "\n")
    assert got is not None and [(b.name, b.line) for b in got] == [("MTAB09", 2)]


def test_member_name_from_the_output_data_set(tmp_path: Path) -> None:
    """./ ADD without NAME= writes the data set SYSUT2 names: its member names the deck."""
    job = _job(
        tmp_path,
        "SEQ.jcl",
        [
            "//LOAD     EXEC PGM=IEBUPDTE,PARM=NEW",
            "//SYSUT2   DD  DSN=SYS1.VTAMLST(ATCSTR07),DISP=SHR",
            "//SYSIN    DD  *",
            "./ ADD LIST=ALL",
            "SSCPID=07,IOBUF=(100,4000)",
            "/*",
        ],
    )
    assert [b.name for b in _blocks(job)] == ["ATCSTR07"]


# --------------------------------------------------------------------------- VTAM lists


def test_a_one_record_configuration_list_member_is_a_list(tmp_path: Path) -> None:
    """ATCCON09 in a job: its name reaches the reader that decides list or statements, and a
    record of names with no comma after the last is a whole list."""
    job = tmp_path / "LOAD.jcl"
    job.write_text(
        "//LOAD     EXEC PGM=IEBUPDTE,PARM=NEW\n"
        "//SYSIN    DD  DATA,DLM=@#\n"
        "./ ADD NAME=ATCCON09,LEVEL=00,SOURCE=0,LIST=ALL\n"
        "TSOAPPL,APPLX,LCLNODE\n"
        "@#\n"
    )
    got = api.lint_paths([str(job)], api.Options())
    assert not [f for f in got.findings if f.code == "PRS001"]
    assert [e.name for e in got.topology.of("vtam_start")] == ["ATCCON09"]
    src = SourceFile.from_text("LOAD.jcl(ATCCON09)", "TSOAPPL,APPLX\n")
    assert vtam.is_option_list(src)
    # by its content, whatever its name
    assert vtam.is_option_list(SourceFile.from_text("JOB.jcl(CONFIGS)", "A01,B02,C03\n"))
    assert not vtam.is_option_list(SourceFile.from_text("JOB.jcl(APPLS)", "A01 APPL\n"))
    assert vtam.is_option_list(SourceFile.from_text("SYS1.VTAMLST(ATCSTR00#2)", "X\n"))


# --------------------------------------------------------------------------- JCL


def test_jcl_statements_continue_past_comments_and_sequence_columns() -> None:
    lines = (JOBS / "SYSGEN.jcl").read_text().splitlines()
    st = jcl.statement(lines, 0)
    assert (st.name, st.op, st.last) == ("VTAMGEN", "JOB", 2)  # the //* between is skipped
    assert st.keyword("MSGCLASS") == "X" and st.keyword("NOTIFY") == "&SYSUID"
    assert not any("0000" in p for p in st.params)  # columns 73-80 are not read
    quoted = [
        "//S1       EXEC PGM=IEFBR14,PARM='A LONG VALUE THAT RUNS ON TO THE END OF THE CARD",
        "//             AND GOES ON',REGION=4M",
    ]
    st = jcl.statement(quoted, 0)
    assert st.keyword("REGION") == "4M" and st.last == 1


def test_dd_star_and_dd_data_end_where_jcl_says(tmp_path: Path) -> None:
    job = _job(
        tmp_path,
        "ENDS.jcl",
        [
            "//S1       EXEC PGM=DFHCSDUP",
            "//SYSIN    DD  *,DLM=$$",  # a // statement still ends DD * data (JES2)
            "/* IS DATA HERE",
            "DATA1",
            "//S2       EXEC PGM=DFHCSDUP",
            "//SYSIN    DD  DATA,",  # DLM on the continuation, quoted
            "//             DLM='@@'",
            "//NOT A STATEMENT",
            "DATA2",
            "@@",
            "//S3       EXEC PGM=DFHCSDUP",
            "DATA3 WITH NO DD STATEMENT",  # the system gives it a //SYSIN DD *
            "//S4       EXEC PGM=DFHCSDUP",
            "//SYSIN    DD  DATA",
            "DATA4 RUNS TO THE END OF THE FILE",
            "\x1a",
        ],
    )
    job.write_text(job.read_text().rstrip("\n"))  # the 0x1A is the file's last byte
    lines = job.read_text().splitlines()
    ended = [d.ended for s in jcl.read(lines).steps for d in s.data]
    assert ended == ["statement", "delimiter", "statement", "end"]
    blocks = _blocks(job)
    assert [(b.name, b.line, b.text.splitlines()) for b in blocks] == [
        ("SYSIN", 3, ["/* IS DATA HERE", "DATA1"]),
        ("SYSIN", 8, ["//NOT A STATEMENT", "DATA2"]),
        ("SYSIN", 12, ["DATA3 WITH NO DD STATEMENT"]),
        ("SYSIN", 15, ["DATA4 RUNS TO THE END OF THE FILE"]),
    ]


def test_lines_are_counted_as_every_reader_counts_them(tmp_path: Path) -> None:
    """A form feed or NEL inside a line is no line end: a finding in a deck lands on the line
    the job's own lines (and every report) have."""
    job = _job(
        tmp_path,
        "FF.jcl",
        [
            "//* PAGE \x0c EJECT AND \x85 NEL",
            "//S1       EXEC PGM=IEBUPDTE,PARM=NEW",
            "//SYSIN    DD  *",
            "./ ADD NAME=ATCSTR05",
            "SSCPID=05,IOBUF=(100,256)",
            "/*",
        ],
    )
    (f,) = [f for f in _lint(job).findings if f.code == "VTM005"]
    assert f.span.line == 5 == len(SourceFile.from_text("x", job.read_text()).lines) - 1


# --------------------------------------------------------------------------- assembler jobs


def test_an_assembler_procedure_step_source_is_one_deck_named_by_the_link_step() -> None:
    job = JOBS / "USSASM.jcl"
    (b,) = _blocks(job)
    # NAME LCLUSS(R) in the link step's SYSIN names it; L.SYSIN itself is no deck
    assert (b.name, b.dd, b.step) == ("LCLUSS", "C.SYSIN", "BUILD.C")
    assert b.line == _line_of(job, "USS TABLE FOR THE LOCAL")
    got = _lint(job)
    assert [(Path(p).name, d) for p, d in got.files] == [("USSASM.jcl", "vtam")]
    assert not [f for f in got.findings if f.code == "PRS009"]


def test_assembler_jobs_of_mvs_and_their_other_steps() -> None:
    job = JOBS / "MODEASM.jcl"
    blocks = _blocks(job)
    # ASMFC's ASM step, link-edited by the next job step into SYS1.VTAMLIB(MTAB02L); an
    # IFOX00 step with no link step after it: its control section; the GO step's data,
    # SYSPUNCH and the binder's statements are no decks
    assert [(b.name, b.dd, b.step) for b in blocks] == [
        ("MTAB02L", "ASM.SYSIN", "ASM.ASM"),
        ("LOGTAB1", "SYSIN", "TABLE2"),
    ]
    assert not any("TEST INPUT" in b.text for b in blocks)


def test_an_in_stream_procedure_is_read_for_its_steps() -> None:
    (b,) = _blocks(JOBS / "INPROC.jcl")
    assert (b.name, b.dd) == ("MTAB03X", "A.SYSIN")


def test_an_unqualified_sysin_goes_to_the_procedures_first_step(tmp_path: Path) -> None:
    job = _job(
        tmp_path,
        "PLAIN.jcl",
        [
            "//         EXEC ASMACL",
            "//SYSIN    DD  *",
            "         PRINT NOGEN",
            "         DC    F'0'",
            "/*",
            "//L.SYSIN  DD  *",
            "  ENTRY START",
            "/*",
        ],
    )
    # no name in the source, no link-edit member, no step name: the DD name
    assert [(b.name, b.dd) for b in _blocks(job)] == [("SYSIN", "SYSIN")]


def test_a_copy_step_names_its_data_after_the_member_it_writes(tmp_path: Path) -> None:
    job = _job(
        tmp_path,
        "COPY.jcl",
        [
            "//COPY     EXEC PGM=IEBGENER",
            "//SYSPRINT DD  SYSOUT=*",
            "//SYSUT2   DD  DSN=SYS1.VTAMLST(ATCSTR02),DISP=SHR",
            "//SYSUT1   DD  *",
            "SSCPID=02,IOBUF=(100,256)",
            "/*",
            "//SYSIN    DD  *",
            "  GENERATE MAXFLDS=1",
            "/*",
        ],
    )
    (b,) = _blocks(job)  # IEBGENER's own control statements are no deck
    assert (b.name, b.dd) == ("ATCSTR02", "SYSUT1")
    got = _lint(job)
    assert [e.name for e in got.topology.of("vtam_start")] == ["ATCSTR02"]


def test_messages_that_name_a_place_in_a_deck_name_the_jobs_line() -> None:
    job = JOBS / "MODEASM.jcl"
    (dup,) = [f for f in _lint(job).findings if f.code == "PRS004"]
    first = _line_of(job, "INTER02  MODEENT")
    assert f"(first at {dup.path}:{first});" in dup.message
    assert Path(dup.path).name == "MODEASM.jcl"
    assert dup.related[0].path == dup.path and dup.related[0].span.line == first


def test_placing_a_message_reads_it_once() -> None:
    """Places in decks are rewritten; other text is left, however long its words (a pattern
    that also matched the path scanned a 100,000-character word once per character: a
    mutated job took a minute, found by benchmarks/fuzz.py)."""
    block = embedded.Block("MTAB01", "X\n", 40)
    origins = {"LOAD.jcl(MTAB01)": ("LOAD.jcl", block)}
    msg = "mode M is defined again (first at LOAD.jcl(MTAB01):3; also LOAD.jcl(MTAB01):5)"
    assert run._placed_message(msg, origins) == (
        "mode M is defined again (first at LOAD.jcl:42; also LOAD.jcl:44)"
    )
    assert run._placed_message("first at OTHER.jcl(X):3", origins) == "first at OTHER.jcl(X):3"
    word = "A" * 100_000 + "(B):1 " + "C" * 100_000
    assert run._placed_message(word, origins) == word


# --------------------------------------------------------------------------- kept twice


def _by_code(findings: list[Finding], code: str) -> list[Finding]:
    return [f for f in findings if f.code == code]


def test_a_member_kept_as_a_file_too_is_one_member() -> None:
    folder = JOBS / "twins"
    job = folder / "LOADLST.jcl"
    got = _lint(folder)
    # TSOAPPL: the same records (the file has the sequence numbers NUMBER wrote): no name of
    # it is defined again, and its findings are not reported twice
    dup = {f.message.split(" is defined")[0].split()[-1] for f in _by_code(got.findings, "PRS004")}
    assert dup == {"CICSA", "IMSA"}  # APPLX: the file differs from the member, two definitions
    twins = _by_code(got.findings, "JCL001")
    assert [(Path(f.path).name, f.span.line) for f in twins] == [
        ("LOADLST.jcl", _line_of(job, "NAME=TSOAPPL")),
        ("LOADLST.jcl", _line_of(job, "NAME=ATCCON02")),
    ]
    assert all(f.severity.label == "info" and f.citation is None for f in twins)
    assert f"file {Path(twins[0].path).parent / 'TSOAPPL'}," in twins[0].message
    assert "linted once, as that file" in twins[0].message
    seen = [(f.code, f.message) for f in got.findings if f.code != "PRS004"]
    assert len(seen) == len(set(seen))  # nothing reported twice


def test_the_copy_linted_is_the_file_unless_only_the_job_holds_a_deck(tmp_path: Path) -> None:
    (tmp_path / "LOADLST.jcl").write_text((JOBS / "twins" / "LOADLST.jcl").read_text())
    (tmp_path / "site--ATCCON02").write_text("TSOAPPL,APPLX\n")
    got = _lint(tmp_path)
    files = dict((Path(p).name, d) for p, d in got.files)
    (twin,) = _by_code(got.findings, "JCL001")
    if files["site--ATCCON02"] is None:  # the file alone is not recognised
        assert "here (the file alone is not recognised as a deck)" in twin.message
    else:
        assert "as that file" in twin.message
    assert "ATCCON02" in {e.name for e in got.topology.of("vtam_start")}


def test_a_file_with_other_records_is_another_definition(tmp_path: Path) -> None:
    (tmp_path / "LOADLST.jcl").write_text((JOBS / "twins" / "LOADLST.jcl").read_text())
    (tmp_path / "TSOAPPL").write_text(
        "TSOAPPL  VBUILD TYPE=APPL\nTSO      APPL  AUTH=(PASS,NVPACE,TSO),EAS=9\n"
    )
    got = _lint(tmp_path)
    assert not _by_code(got.findings, "JCL001")
    (dup,) = _by_code(got.findings, "PRS004")
    assert "VTAM resource name TSO is defined again" in dup.message


@pytest.mark.parametrize(
    ("path", "parts"),
    [
        ("a/rescue--APTSO", ["RESCUE", "APTSO"]),
        ("SYS1.VTAMLST(APTSO)", ["SYS1", "VTAMLST", "APTSO"]),
        ("b\\aptso.vtamlst", ["APTSO", "VTAMLST"]),
    ],
)
def test_the_parts_of_a_files_name(path: str, parts: list[str]) -> None:
    from decklint.pipeline.twins import name_parts

    assert name_parts(path) == parts


# --------------------------------------------------------------------------- containers


def test_a_job_fenced_in_markdown_keeps_its_remarks_in_place(tmp_path: Path) -> None:
    md = tmp_path / "runbook.md"
    md.write_text(
        "# Loading\n\n"
        "  ```jcl\n"
        "  //LOAD     EXEC PGM=IEBUPDTE\n"
        "  //SYSIN    DD  *\n"
        "  ./ CHANGE NAME=APPLS01\n"
        "  TSOA     APPL  EAS=60\n"
        "  /*\n"
        "  ```\n"
    )
    (f,) = _lint(md).findings
    assert (f.code, f.span.line, f.span.col) == ("JCL002", 6, 3)


def test_updte_reads_a_stream_without_jcl() -> None:
    data = ["./ ADD NAME=A", "X", "./ NUMBER NEW1=10", "Y", "./ ALIAS NAME=B", "./ ENDUP"]
    stream = updte.read(data, 10)
    (m,) = stream.members
    assert (m.start, m.end, m.skipped, m.aliases) == (1, 4, frozenset({2}), ("B",))
    assert [d.op for d in m.details] == ["NUMBER"] and m.control.line == 11
    assert not stream.remarks


def test_in_stream_data_concatenated_by_a_dd_with_no_name_is_one_deck(tmp_path: Path) -> None:
    job = _job(
        tmp_path,
        "CONCAT.jcl",
        [
            "//BUILD    EXEC ASMACL",
            "//C.SYSIN  DD  *",
            "MTAB04   MODETAB",
            "/*",
            "//         DD  *",
            "BATCH04  MODEENT LOGMODE=BATCH04,RUSIZES=X'8989'",
            "         MODEEND",
            "/*",
        ],
    )
    (b,) = _blocks(job)
    assert (b.name, b.line) == ("MTAB04", 3)
    text = b.text.splitlines()  # the delimiter and the DD statement between read as blanks
    assert text[:3] == ["MTAB04   MODETAB", "", ""] and text[3].startswith("BATCH04")
    got = _lint(job)
    assert {e.name for e in got.topology.of("mode")} == {"BATCH04"}


def test_data_coded_in_an_in_stream_procedure_is_read(tmp_path: Path) -> None:
    job = _job(
        tmp_path,
        "PROCDATA.jcl",
        [
            "//LOADJOB  JOB (1),'PROC DATA'",
            "//LOADPRC  PROC",
            "//U        EXEC PGM=IEBUPDTE,PARM=NEW",
            "//SYSUT2   DD  DSN=SYS1.VTAMLST,DISP=SHR",
            "//SYSIN    DD  *",
            "./ ADD NAME=ATCSTR08",
            "SSCPID=08,IOBUF=(100,4000)",
            "/*",
            "//         PEND",
            "//RUN      EXEC LOADPRC",
        ],
    )
    assert [(b.name, b.step) for b in _blocks(job)] == [("ATCSTR08", "U")]


_JOB_LINES = [
    "//LOAD     JOB (1),'X',",
    "//             CLASS=A",
    "//*",
    "//",
    "//S1       EXEC PGM=IEBUPDTE,PARM=NEW",
    "//S2       EXEC ASMACL",
    "//S3       EXEC PGM=IEWL",
    "//P        PROC",
    "//         PEND",
    "//SYSUT2   DD  DSN=SYS1.VTAMLST(ATCSTR00),DISP=SHR",
    "//SYSIN    DD  DATA,DLM='@@",
    "//SYSIN    DD  *,DLM=@@",
    "//C.SYSIN  DD  *",
    "//L.SYSIN  DD  *",
    "//         DD  *",
    "/*",
    "@@",
    "./ ADD NAME=ATCCON01,LIST=ALL,                                          X",
    "./LBL ADD NAME=APPL1",
    "./             LEVEL=01",
    "./ NUMBER NEW1=10,INCR=10",
    "./ CHANGE NAME=APPL1,UPDATE=INPLACE",
    "./ ALIAS NAME=",
    "./ LABEL",
    "./ ENDUP",
    "./",
    "./ ADDD",
    "  NAME LCLUSS(R)",
    "USSTAB1  USSTAB FORMAT=DYNAMIC",
    "         MACRO",
    "APPL1    VBUILD TYPE=APPL",
    "A,B,C",
    "",
    "\x0c\x1a",
]


@given(st.lists(st.sampled_from(_JOB_LINES), max_size=20))
@settings(max_examples=300, deadline=None)
def test_any_job_is_cut_without_an_error_and_every_deck_is_the_jobs_lines(
    lines: list[str],
) -> None:
    text = "\n".join(lines) + "\n"
    got = embedded.read("JOB.jcl", text)
    if got is None:
        return
    file_lines = SourceFile.from_text("JOB.jcl", text).lines
    for b in got.blocks:
        for k, ln in enumerate(b.text.split("\n")[:-1]):  # the block's own lines
            assert ln in ("", file_lines[b.line - 1 + k])
        assert b.card is None or 1 <= b.card.line <= len(file_lines)
    for r in got.remarks:
        assert 1 <= r.line <= len(file_lines) and r.col <= r.end_col


def test_a_job_shown_without_its_job_card_is_a_job() -> None:
    """A job that starts with comments and SET statements (instructions show it so, for the
    user's own JOB card) is JCL: its DFHCSDUP input is a CICS deck, the JCL is not."""
    path = JOBS / "csdup-no-job-card.jcl"
    (block,) = _blocks(path)
    assert (block.name, block.dialect, block.step, block.line) == ("SYSIN", "cics", "DEFINE", 12)
    res = _lint(path)
    assert res.findings == [], res.findings
    assert [d for _p, d in res.files] == ["cics"]


def test_iebupdte_statements_masked_as_dot_at_are_read_as_control_statements() -> None:
    path = JOBS / "masked-iebupdte.jcl"
    assert [(b.name, b.line) for b in _blocks(path)] == [("ATCCON00", 8), ("APPLTSO", 11)]
    res = _lint(path)
    assert not [f for f in res.findings if f.severity.label == "error"], res.findings
    # where the data holds `./` statements of its own, a `.@` record is data of a member
    both = ["./ ADD NAME=OUTER", ".@ ADD NAME=INNER", "X APPL", "./ ENDUP"]
    assert [m.control.name for m in updte.read(both).members] == ["OUTER"]
    assert not updte.masked(both)


def test_a_member_no_dialect_is_recognised_in_is_named() -> None:
    """Beside a deck of the job, data no dialect is recognised in gets its PRS009, naming the
    DD statement and step; a job with no deck at all is no deck (named, no finding)."""
    csd = "//S0 EXEC PGM=DFHCSDUP\n//SYSIN DD *\n DEFINE PROGRAM(P1) GROUP(G1)\n/*\n"
    other = "//S1 EXEC PGM=IDCAMS\n//SYSIN DD *\n  LISTCAT ENTRIES(A.B)\n/*\n"
    res = api.lint_inputs(
        api.expand(api.Input("job.jcl", "//J1 JOB 1\n" + csd + other, True)), api.Options()
    )
    (f,) = [f for f in res.findings if f.code == "PRS009"]
    assert f.path == "job.jcl" and f.span.line == 8
    assert "in the in-stream data of DD SYSIN of step S1" in f.message
    assert "the file" not in f.message
    res = api.lint_inputs(
        api.expand(api.Input("idcams.jcl", "//J1 JOB 1\n" + other, True)), api.Options()
    )
    assert res.findings == []
    assert res.unlinted["idcams.jcl"].startswith("no deck decklint reads among what it holds")
