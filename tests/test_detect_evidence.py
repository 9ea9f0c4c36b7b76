"""Detection by evidence: a file is read as a dialect only on positive evidence (statements its
catalog knows, in the shape the product writes them), and evidence against (a script, CMS tags,
';'-comment configurations, XML, JSON, YAML) keeps it from every dialect.

The cases are files written for the tests (fixtures/detect/cases.yaml); the real files of
../shared/corpus-3 are checked as well when they are there (nothing of them is copied).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from decklint import dialects
from decklint.core.source import SourceFile
from decklint.dialects.bpxprm import reader as bpxprm
from decklint.dialects.ncp import reader as ncp
from decklint.dialects.tcpdata import reader as tcpdata
from decklint.dialects.tcpip import keywords as kw
from decklint.dialects.tcpip import reader as tcpip
from decklint.dialects.tsm import reader as tsm
from decklint.dialects.vtam import reader as vtam
from decklint.inputs import evidence
from decklint.inputs.discover import Detection, by_config, detect
from decklint.knowledge.catalog import catalog

from .conftest import CORPUS, FIXTURES

CASES = FIXTURES / "detect"
EXPECTED = yaml.safe_load((CASES / "cases.yaml").read_text())


def _said(d: Detection) -> str:
    if d.dialect is not None:
        return d.dialect
    return f"against: {d.why}" if d.how == "against" else "none"


def _want(case: dict[str, object]) -> str:
    if "dialect" in case:
        return str(case["dialect"])
    return f"against: {case['against']}" if "against" in case else "none"


@pytest.mark.parametrize("rel", sorted(EXPECTED))
@pytest.mark.parametrize("hidden", [False, True], ids=["named", "name-hidden"])
def test_each_case_is_detected_as_written_down(rel: str, hidden: bool) -> None:
    text = (CASES / rel).read_text(encoding="utf-8")
    got = _said(detect(SourceFile.from_text("MEMBER" if hidden else Path(rel).name, text)))
    want = _want(EXPECTED[rel])
    assert got.startswith(want), (rel, got)


def test_a_registry_name_does_not_make_a_script_a_deck() -> None:
    """Evidence against wins over the registry's globs: a script named like an options file
    is still a script. The user's own word (option, directive, dialects: glob) wins over it."""
    script = (CASES / "not-decks" / "make-conf").read_text()
    assert detect(SourceFile.from_text("dsm.sys", script)).how == "against"
    assert detect(SourceFile.from_text("dsm.sys", script), "tsm").dialect == "tsm"
    assert detect(SourceFile.from_text("x", script), None, {"x": "tsm"}).dialect == "tsm"


def test_one_line_of_shell_is_no_script() -> None:
    """A remark that quotes one command is chance; two lines of shell syntax are a script."""
    one = "SERVERNAME TSM1\n  TCPPORT 1500\n  NODENAME LPAR3\nexport DSM_DIR=/opt/tsm\n"
    assert evidence.against(SourceFile.from_text("a", one)) == ""
    assert detect(SourceFile.from_text("a", one)).dialect == "tsm"


def test_an_scf_comment_of_dashes_is_no_yaml() -> None:
    obey = "--- the TLAM lines\nASSUME LINE $LAN1\nALTER LINE $LAN1, QIOMODE ON\n"
    assert detect(SourceFile.from_text("OBEY1", obey)).dialect == "scf"


def test_a_text_that_names_a_statement_once_is_not_recognised() -> None:
    for text in (
        "Our profile sets TCPCONFIG once.\nTCPCONFIG is where the buffers are.\n",
        "Servers\nSERVERNAME TSM1 is the backup server of the test LPAR, not production.\n",
        "   path to the deck\n   local copy\n",
    ):
        assert detect(SourceFile.from_text("README", text)) == Detection(None, "none"), text


def test_vtam_statements_need_the_shape_vtam_writes() -> None:
    """An operation known to VTAM counts with a keyword operand, upper case as decks are
    written, or in any case with an operand its catalog entry lists."""
    assert detect(SourceFile.from_text("A", "APPL1    APPL  AUTH=(ACQ)\n")).dialect == "vtam"
    assert detect(SourceFile.from_text("A", "appl1    appl  auth=(acq)\n")).dialect == "vtam"
    assert detect(SourceFile.from_text("A", "    local foo=bar\n")).dialect is None
    continued = "APPL1    APPL                                                          X\n"
    continued += "               AUTH=(ACQ)\n"
    assert detect(SourceFile.from_text("A", continued)).dialect == "vtam"


def test_a_configuration_list_is_names_only() -> None:
    assert detect(SourceFile.from_text("A", "APPLS1,CDRSC1,SWNET2\n")).dialect == "vtam"
    listed = "* THE MAJOR NODES\nAPPLS1,\n  CDRSC1,   /* CROSS-DOMAIN */\nSWNET2\n"
    assert detect(SourceFile.from_text("A", listed)).dialect == "vtam"
    assert detect(SourceFile.from_text("A", "ID,NAME\nA1,BOB\nA2,ANN\n")).dialect is None
    assert detect(SourceFile.from_text("A", "1993, 1994, 1995,\n")).dialect is None


def test_a_one_record_configuration_list_is_read_as_a_list() -> None:
    from decklint.api import lint_texts

    res = lint_texts({"CONFLIST": "APPLS1,CDRSC1,SWNET2\n"})
    assert not res.findings, res.findings
    (pf,) = res.parsed.values()
    assert [s.kind for s in pf.statements] == ["item", "item", "item"]


# --------------------------------------------------------------------------- the words


def _vtam_statements() -> set[str]:
    cat = catalog("vtam")
    assert cat is not None
    return {n for n, b in cat.raw.items() if "HLASM" not in str(b.get("source", ""))}


def test_the_sniffers_words_are_their_catalogs() -> None:
    """Each word a sniffer takes as evidence is a statement of the product's catalog."""
    assert not vtam._SNIFF_OPS - _vtam_statements()
    assert not vtam._TABLE_OPS - _vtam_statements()
    ncp_cat = catalog("ncp")
    assert ncp_cat is not None
    assert not set(ncp.SNIFF_OPS) - set(ncp_cat.raw)
    assert not tcpip._SNIFF_FIRST - set(kw.top_level())
    assert not tsm._SNIFF_FIRST - set(tsm._index().values())
    assert not tcpdata._SNIFF_FIRST - tcpdata._known()
    assert not bpxprm._SNIFF_FIRST - bpxprm._known()


# --------------------------------------------------------------------------- dialects: globs


@pytest.mark.parametrize(
    ("path", "glob"),
    [
        ("colinpaice/IFACE6", "IFACE6"),
        ("IFACE6", "IFACE6"),
        ("sys1/tcpparms/iface6", "IFACE6"),
        ("SYS1.TCPPARMS(IFACE6)", "IFACE6"),
        ("job.jcl(IFACE6)", "IF*"),
        ("/repo/sys1/TCPPARMS/IFACE6", "tcpparms/*"),
        ("repo/TCPPARMS/IFACE6", "TCPPARMS"),
        ("repo/TCPPARMS/IFACE6", "tcpparms/"),
        ("IFACE6", "*IFACE6"),
    ],
)
def test_a_dialects_glob_matches_names_members_and_paths(path: str, glob: str) -> None:
    assert by_config(path, {glob: "tcpip"}) == Detection("tcpip", "config")


@pytest.mark.parametrize(
    ("path", "glob"),
    [("repo/IFACE6X", "IFACE6"), ("repo/TCPPARMS/IFACE6", "vtamlst/*"), ("IFACE6", "IFACE")],
)
def test_a_dialects_glob_matches_nothing_else(path: str, glob: str) -> None:
    assert by_config(path, {glob: "tcpip"}) is None


def test_a_bare_glob_in_the_configuration_names_a_member(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from decklint.cli import main

    (tmp_path / "sys").mkdir()
    (tmp_path / "sys" / "iface6").write_text("INTERFACE OSA1 START\n")
    (tmp_path / ".decklint.yaml").write_text("dialects:\n  IFACE6: tcpip\n")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["lint", "--format", "json", "--no-cache", "sys"])
    import json

    assert json.loads(res.output)["files"] == [{"dialect": "tcpip", "path": "sys/iface6"}]


# --------------------------------------------------------------------------- real files

CORPUS_3 = CORPUS.parent / "corpus-3"
REAL = {
    "not-decks/safespring-ipnett-baas-stunnel-setup.sh": "against: a script",
    "zvm-viccross/UFTD.CONFIG": "against: ';' comments",
    "zvm-viccross/SYSTEM.DTCPARMS": "against: z/VM CMS",
    "colinpaice-adcd/ICONFIG6": "tcpip",
    "colinpaice-adcd/IFACE6": "tcpip",
    "colinpaice-adcd/TN3270": "tcpip",
    "colinpaice-adcd/TNPT2023": "tcpip",
    "zos-rescuepack/rescuepack--ATCCON00": "vtam",
    "tk4-system/VTAMSRC.bsplin01.mac": "vtam",
    "tk4-system/VTAMSRC.ethlin01.mac": "vtam",
    "tk4-system/VTAMSRC.ethlogon.mac": "vtam",
    "tk4-system/VTAMSRC.bspudt01.mac": "vtam",
    "zos-rescuepack/rescuepack--USSN-usstab-source": "vtam",
}


@pytest.mark.skipif(not CORPUS_3.is_dir(), reason="shared corpus-3 not available")
@pytest.mark.parametrize("rel", sorted(REAL))
def test_real_files_are_detected_by_evidence(rel: str) -> None:
    text = (CORPUS_3 / rel).read_bytes().decode("utf-8", "replace")
    for name in (Path(rel).name, "MEMBER"):
        got = _said(detect(SourceFile.from_text(name, text)))
        assert got.startswith(REAL[rel]), (rel, name, got)


def test_every_dialect_sniffs_without_claiming_the_not_decks() -> None:
    """No sniffer takes any of the not-decks for its own, asked directly."""
    for path in sorted((CASES / "not-decks").iterdir()):
        src = SourceFile.from_text("MEMBER", path.read_text())
        if evidence.against(src).startswith("prose"):
            continue  # an article quotes statements a sniffer sees: prose keeps it out
        for name in dialects.names():
            if name == "nsdos":
                continue  # scores names: MEMBER is none of its
            assert dialects.get(name).sniff(src) < 0.5, (path.name, name)


def test_a_deck_with_some_lines_of_text_is_no_article() -> None:
    """Prose makes a file an article only where sentences are most of its lines: an FTP.DATA
    whose banner block holds a few (read by its name, the block said once) stays a deck."""
    banner = "\n".join(
        [
            "BANNER",
            "  Welcome to the payroll system's FTP server, run by the operations team today.",
            "  Only the people who work on the payroll may log on to it and send files here.",
            "  Call the help desk on the number in the handbook when something goes wrong.",
            "ENDBANNER",
            "INACTIVE 900",
            "JESINTERFACELEVEL 2",
            "PRIMARY 15",
            "SECONDARY 30",
            "FILETYPE SEQ",
        ]
    )
    src = SourceFile.from_text("FTP.DATA", banner + "\n")
    assert evidence.against(src) == ""
    assert detect(src).dialect == "tcpdata"
