"""Jobs around the decks: IEBUPDTE streams, in-stream data, assembler jobs, members kept twice."""

from __future__ import annotations

from pathlib import Path

from decklint import api
from decklint.dialects import vtam
from decklint.source import SourceFile

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
