"""Every real deck of ../shared/corpus (and ../shared/corpus-next) parses without a crash, is
detected as its dialect, and keeps the share of statements understood that it had
(fixtures/corpus-understood.yaml).

The corpus is test input only; nothing of it is copied into the project. Skipped when absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from decklint.api import decode, lint_paths
from decklint.core.source import SourceFile
from decklint.inputs.discover import detect
from decklint.knowledge.schema import statement_schema

from .conftest import CORPUS, FIXTURES

FOLDERS = {
    "vtam": "vtam",
    "ncp": "ncp",
    "cics-csd": "cics",
    "tcpip-profile-zos": "tcpip",
    "tcpip-profile-vm": "tcpip",
    "bpxprm": "bpxprm",
    "other": "",
}
# The folder of other formats: each file's dialect.
OTHER = {
    "colinpaice-zpdt-IVTPRM00-csm": "ivtprm",
    "tivsm-deb-dsm.sys": "tsm",
    "zeditor01-adcd-z25b-GBLRESOL-resolver-setup": "tcpdata",
    "zeditor01-adcd-z25b-GBLTDATA-tcpip-data": "tcpdata",
    "zos-rescuepack-twopak-FTPDATA": "tcpdata",
    "zos-rescuepack-twopak-TCPDATA": "tcpdata",
    "mauadmc-dsmadmc-dsm.sys": "tsm",
    "endit-hpc2n-2008-dsm.opt": "tsm",
}
# ../shared/corpus-next: real files found later, detected as their folder says.
NEXT = CORPUS.parent / "corpus-next"
# Dialects whose real files must read without any error finding (the TCP/IP family issue).
CLEAN = {"tcpip", "bpxprm", "ivtprm", "tsm", "tcpdata"}
# Real files that are not valid, and the error they rightly get.
INVALID = {
    # a vendor's instructions write ENDAUTOLOG as two words: the block never ends
    "servicepilot-nba4zos-AUTOLOG-snippet": "PRS001",
}


def expected(folder: str, path: Path) -> str:
    return FOLDERS[folder] or OTHER.get(path.name, "")


FILES = (
    sorted((d, p) for d in FOLDERS for p in (CORPUS / d).glob("*") if p.is_file())
    if CORPUS.is_dir()
    else []
)
NEXT_FILES = (
    sorted((d, p) for d in FOLDERS for p in (NEXT / d).glob("*") if p.is_file())
    if NEXT.is_dir()
    else []
)
RECORD = FIXTURES / "corpus-understood.yaml"

pytestmark = pytest.mark.skipif(not FILES, reason="shared corpus not available")


def understood(path: Path) -> tuple[float, float, int]:
    """(share of statements parsed, share of parsed statements with a known operation, count)"""
    res = lint_paths([str(path)])
    errors = [f for f in res.findings if f.code == "PRS001" and f.severity.label == "error"]
    assert not [f for f in res.findings if f.code == "PRS009"], res.findings
    (pf,) = res.parsed.values()
    n = len(pf.statements)
    parsed = n / (n + len(errors)) if n + len(errors) else 1.0
    unknown = {(f.span.line, f.span.col) for f in res.findings if f.code == "PRS002"}
    known = sum(
        1
        for s in pf.statements
        if s.kind != "statement"
        or statement_schema(s.dialect, s.op)
        or s.dialect == "cics"
        or res.topology.symbols.lookup("macro", s.op)
        or (
            s.dialect not in ("vtam", "ncp")
            and s.op_span is not None
            and (s.op_span.line, s.op_span.col) not in unknown
        )
    )
    return parsed, (known / n if n else 1.0), n


@pytest.mark.parametrize(
    ("folder", "path"), FILES + NEXT_FILES, ids=[p.name for _d, p in FILES + NEXT_FILES]
)
def test_detected_as_its_dialect(folder: str, path: Path) -> None:
    text, _ = decode(path.read_bytes())
    assert text is not None
    assert detect(SourceFile.from_text(path.name, text)).dialect == expected(folder, path)


@pytest.mark.parametrize(
    ("folder", "path"),
    [(d, p) for d, p in FILES + NEXT_FILES if expected(d, p) in CLEAN],
    ids=[p.name for d, p in FILES + NEXT_FILES if expected(d, p) in CLEAN],
)
def test_reads_without_an_error_finding(folder: str, path: Path) -> None:
    """Valid real files of the TCP/IP family give no error: syntax, references and all."""
    res = lint_paths([str(path)])
    errors = [f for f in res.findings if f.severity.label == "error"]
    if path.name in INVALID:
        assert [f.code for f in errors] == [INVALID[path.name]], errors
        return
    assert not errors, errors


def test_share_understood_does_not_regress(update_golden: bool, capsys) -> None:  # type: ignore[no-untyped-def]
    got = {}
    for _folder, path in FILES:
        parsed, known, n = understood(path)
        got[path.name] = {"statements": n, "parsed": round(parsed, 3), "known": round(known, 3)}
    with capsys.disabled():
        print("\ncorpus: statements, share parsed, share with a known operation")
        for name, v in got.items():
            print(f"  {v['statements']:5d} {v['parsed']:6.1%} {v['known']:6.1%}  {name}")
    if update_golden or not RECORD.exists():
        RECORD.write_text(yaml.safe_dump(got, sort_keys=True))
    record = yaml.safe_load(RECORD.read_text())
    for name, v in got.items():
        if name in record:
            assert v["parsed"] >= record[name]["parsed"], f"{name}: parsed share regressed"
            assert v["known"] >= record[name]["known"], f"{name}: known share regressed"
            assert v["statements"] >= record[name]["statements"], f"{name}: fewer statements"


# ../shared/corpus-3: real files found in the third round, one folder a system. Each file's
# dialect by its own evidence ("" for a file that is no deck), and the decks inside the jobs.
THIRD = CORPUS.parent / "corpus-3"
THIRD_DIALECTS = {
    "colinpaice-adcd/BPXPRM00": "bpxprm",
    "colinpaice-adcd/ICONFIG6": "tcpip",
    "colinpaice-adcd/IFACE6": "tcpip",
    "colinpaice-adcd/TN3270": "tcpip",
    "colinpaice-adcd/TNPT2023": "tcpip",
    "colinpaice-adcd/TRLE": "vtam",
    "not-decks/safespring-ipnett-baas-stunnel-setup.sh": "",
    **{f"tk4-system/VTAMLST.{m}.mac": "ncp" for m in ("n07", "n08", "n10", "n11")},
    **{f"tk4-system/VTAMLST.{m}.mac": "ncp" for m in ("n12", "n13", "n14", "n15")},
    **{
        f"tk4-system/VTAMLST.{m}.mac": "vtam"
        for m in ("ajrp", "asnasol", "atccon01", "atccon02", "atcstr00", "atest", "atso")
    },
    **{f"tk4-system/VTAMLST.{m}.mac": "vtam" for m in ("l3274", "l3791", "s3705")},
    **{f"tk4-system/VTAMSRC.{m}.mac": "vtam" for m in ("bsplin01", "ethlin01", "ethlogon")},
    **{f"tsm-safespring/{n}": "tsm" for n in ("unix-dsm.opt.sample", "unix-dsm.sys.sample")},
    **{f"tsm-safespring/{n}": "tsm" for n in ("windows-dsm.opt.example", "windows-dsm.opt.sample")},
    "tsm-safespring/windows-mssql-dsm.opt.sample": "tsm",
    "zos-rescuepack/rescuepack--APTSO": "vtam",
    "zos-rescuepack/rescuepack--ATCCON00": "vtam",
    "zos-rescuepack/rescuepack--USSN-usstab-source": "vtam",
    "zvm-viccross/SYSTEM.DTCPARMS": "",
    "zvm-viccross/UFTD.CONFIG": "",
}
# Jobs: the members and assemblies cut out of them, with their dialects.
THIRD_JOBS = {
    "tk4-system/VTAMSRC.bspudt01.mac": {"BSPUDT01": "vtam"},
    "zos-rescuepack/rescuepack-12vtam.jcl": {
        "APTSO": "vtam",
        "ATCCON00": "vtam",
        "ATCSTR00": "vtam",
        "LCL3270A": "vtam",
        "APTELNET": "vtam",
    },
    "zos-rescuepack/rescuepack-post-ipl-usstab.jcl": {"USSN": "vtam"},
}
THIRD_FILES = (
    sorted(
        p.relative_to(THIRD).as_posix()
        for p in THIRD.rglob("*")
        if p.is_file() and p.name != "PROVENANCE.md"
    )
    if THIRD.is_dir()
    else []
)


def test_every_file_of_corpus_3_is_expected_here() -> None:
    if not THIRD_FILES:
        pytest.skip("shared corpus-3 not available")
    assert sorted([*THIRD_DIALECTS, *THIRD_JOBS]) == THIRD_FILES


@pytest.mark.parametrize("rel", sorted(THIRD_DIALECTS))
def test_corpus_3_files_are_recognised_by_their_own_evidence(rel: str) -> None:
    path = THIRD / rel
    if not path.is_file():
        pytest.skip("shared corpus-3 not available")
    text, _ = decode(path.read_bytes())
    assert text is not None
    for name in (path.name, "MEMBER01"):  # by name and content, and by content alone
        found = detect(SourceFile.from_text(name, text)).dialect
        assert (found or "") == THIRD_DIALECTS[rel], (rel, name)


@pytest.mark.parametrize("rel", sorted(THIRD_JOBS))
def test_every_deck_of_a_corpus_3_job_is_linted_as_its_dialect(rel: str) -> None:
    from decklint.api import Input, expand

    path = THIRD / rel
    if not path.is_file():
        pytest.skip("shared corpus-3 not available")
    text, _ = decode(path.read_bytes())
    blocks = expand(Input(rel, text, True))
    got = {}
    for b in blocks:
        if b.path == rel:
            continue  # the job itself: its findings are the job's (JCL001-003)
        member = b.path[b.path.rindex("(") + 1 : -1] if b.path.endswith(")") else b.path
        assert b.text is not None
        got[member] = detect(SourceFile.from_text(b.path, b.text)).dialect
    assert got == THIRD_JOBS[rel]


def test_corpus_3_files_that_are_no_decks_get_nothing() -> None:
    nodecks = [THIRD / rel for rel, d in THIRD_DIALECTS.items() if not d]
    if not all(p.is_file() for p in nodecks):
        pytest.skip("shared corpus-3 not available")
    for p in nodecks:  # named on the command line or found in a folder: no finding at all
        assert lint_paths([str(p)]).findings == [], p
    assert lint_paths([str(THIRD / "not-decks")]).findings == []
    assert lint_paths([str(THIRD / "zvm-viccross")]).findings == []


@pytest.mark.parametrize("rel", sorted(r for r, d in THIRD_DIALECTS.items() if d in CLEAN))
def test_corpus_3_tcpip_family_files_read_without_an_error(rel: str) -> None:
    path = THIRD / rel
    if not path.is_file():
        pytest.skip("shared corpus-3 not available")
    res = lint_paths([str(path)])
    assert not [f for f in res.findings if f.severity.label == "error"], res.findings


# ../shared/corpus-4: real files found in the fourth round, one folder a system or a source.
# Each file's dialect as its run reads it (a template by its product lines and its name
# without the template suffix), "" for a file that is no deck; `True` after it where its
# content alone tells too (renamed to MEMBER01).
FOURTH = CORPUS.parent / "corpus-4"
FOURTH_DIALECTS: dict[str, tuple[str, bool]] = {
    **{f"carddemo-csd/{n}": ("cics", True) for n in ("CARDDEMO.CSD", "CRDDEMO2.csd")},
    **{f"carddemo-csd/{n}": ("cics", True) for n in ("CRDDEMOD.csd", "CRDDEMOM.csd")},
    "cbsa-csd/BANK.csd": ("cics", True),
    "cbsa-csd/CBSACSD.jcl": ("", True),  # its SYSIN is a member of a library: no deck in it
    **{f"cbt-negatives/{n}": ("", True) for n in ("CBT249.FILE300-pof.mac",)},
    **{f"cbt-negatives/{n}": ("", True) for n in ("CBT249.FILE349-reset2vm.mac",)},
    **{f"cbt-negatives/{n}": ("", True) for n in ("CBT249.FILE352-$$file8.mac",)},
    **{f"cbt-negatives/{n}": ("", True) for n in ("CBT429.FILE376-edjes3.mac",)},
    "ibm-wsc-network-express/O4ETHA2-final-EQENET.tcpip": ("tcpip", True),
    "ibm-wsc-network-express/O4ETHA2-temporary-IPAQENET-DEVNUM.tcpip": ("tcpip", True),
    "jcics-csd/Terminal-DFHCSD.txt": ("cics", True),
    "jcics-csd/VSAM-DFHCSD.txt": ("cics", True),
    "nondeck-zos-scripts/enable-ipv6.sh": ("", True),
    **{f"tk4-sg0250-vtamlst/{n}": ("vtam", True) for n in ("APPLTSO", "ATCCON00")},
    **{f"tk4-sg0250-vtamlst/{n}": ("vtam", True) for n in ("ATCSTR00", "LCLMAJ00")},
    **{f"tsm-fluggel-vmware/{n}": ("tsm", True) for n in ("dsm.opt.j2", "dsm.sys.j2")},
    "tsm-mikesimos/InclExcl.j2": ("tsm", False),  # include-exclude lines: its name tells
    **{f"tsm-mikesimos/{n}": ("tsm", True) for n in ("dsm.opt.j2", "dsm.sys.j2")},
    **{f"tsm-nevoband/{n}": ("tsm", True) for n in ("dsm.opt.j2", "dsm.sys.j2")},
    "tsm-nosolutions/InclExcl.AIX": ("tsm", False),
    "tsm-nosolutions/dsm.opt.erb": ("tsm", False),  # template code and comments only
    "tsm-nosolutions/dsm.sys_global.erb": ("tsm", False),
    "tsm-nosolutions/dsm.sys_header.erb": ("tsm", False),
    "tsm-nosolutions/dsm.sys_stanza.erb": ("tsm", True),
    "tsm-nosolutions/dsmcad.redhat": ("", True),
    **{f"zvm-moshix-nondeck/{n}": ("", True) for n in ("MAINT.PROFILE.EXEC", "PROFILE.XEDIT")},
    "zvm-moshix-nondeck/system.config": ("", True),
}
# Jobs: the decks cut out of them, with their dialects.
FOURTH_JOBS = {
    "carddemo-csd/CBADMCDJ.jcl": {"SYSIN": "cics"},
    "mhp-3705-more/ncpjcl3.txt": {"BSPLMT02": "vtam"},
    "mhp-3705-more/ncpjcl8.txt": {"BSPUDT01": "vtam"},
}
FOURTH_FILES = (
    sorted(
        p.relative_to(FOURTH).as_posix()
        for p in FOURTH.rglob("*")
        if p.is_file() and p.name != "PROVENANCE.md"
    )
    if FOURTH.is_dir()
    else []
)


def _read_as(name: str, text: str) -> str:
    """The dialect a run reads a file as ("" for none): its file phase, templates and all."""
    from decklint.core.settings import Settings
    from decklint.pipeline.filephase import Steering, process

    return process(name, text, Steering(None, (), Settings())).dialect or ""


def test_every_file_of_corpus_4_is_expected_here() -> None:
    if not FOURTH_FILES:
        pytest.skip("shared corpus-4 not available")
    assert sorted([*FOURTH_DIALECTS, *FOURTH_JOBS]) == FOURTH_FILES


@pytest.mark.parametrize("rel", sorted(FOURTH_DIALECTS))
def test_corpus_4_files_are_read_as_their_dialect(rel: str) -> None:
    from decklint.api import Input, expand

    path = FOURTH / rel
    if not path.is_file():
        pytest.skip("shared corpus-4 not available")
    text, _ = decode(path.read_bytes())
    assert text is not None
    want, by_content = FOURTH_DIALECTS[rel]
    decks = [i for i in expand(Input(rel, text, True)) if i.text is not None and i.block is None]
    got = _read_as(path.name, text) if decks else ""
    assert got == want, rel
    if by_content and decks:
        assert _read_as("MEMBER01", text) == want, rel


@pytest.mark.parametrize("rel", sorted(FOURTH_JOBS))
def test_every_deck_of_a_corpus_4_job_is_linted_as_its_dialect(rel: str) -> None:
    from decklint.api import Input, expand

    path = FOURTH / rel
    if not path.is_file():
        pytest.skip("shared corpus-4 not available")
    text, _ = decode(path.read_bytes())
    got = {}
    for b in expand(Input(rel, text, True)):
        if b.block is None:
            continue
        assert b.text is not None
        got[b.block.name] = _read_as(b.path, b.text) if not b.block.dialect else b.block.dialect
    assert got == FOURTH_JOBS[rel]


def test_corpus_4_files_that_are_no_decks_get_nothing_and_are_named() -> None:
    nodecks = [FOURTH / rel for rel, (d, _c) in FOURTH_DIALECTS.items() if not d]
    if not all(p.is_file() for p in nodecks):
        pytest.skip("shared corpus-4 not available")
    for p in nodecks:  # named on the command line or found in a folder: no finding at all
        res = lint_paths([str(p)])
        assert res.findings == [], p
        assert list(res.unlinted) == [str(p)], p
    for folder in ("cbt-negatives", "nondeck-zos-scripts", "zvm-moshix-nondeck"):
        res = lint_paths([str(FOURTH / folder)])
        assert res.findings == [] and len(res.unlinted) == len(list((FOURTH / folder).iterdir()))


@pytest.mark.parametrize("rel", sorted(r for r, (d, _c) in FOURTH_DIALECTS.items() if d in CLEAN))
def test_corpus_4_tcpip_family_files_read_without_an_error(rel: str) -> None:
    path = FOURTH / rel
    if not path.is_file():
        pytest.skip("shared corpus-4 not available")
    res = lint_paths([str(path)])
    assert not [f for f in res.findings if f.severity.label == "error"], res.findings


def test_a_corpus_4_file_gives_the_same_result_alone_and_in_its_folder() -> None:
    """Read as the same dialect (or named as not linted the same way), with the same findings
    of its own (those that compare two files aside: a folder has the other file)."""
    if not FOURTH.is_dir():
        pytest.skip("shared corpus-4 not available")
    across = {"PRS004", "PRS005", "PRS006"}
    for folder in sorted(p for p in FOURTH.iterdir() if p.is_dir()):
        whole = lint_paths([str(folder)])
        for f in sorted(p for p in folder.iterdir() if p.is_file()):
            alone = lint_paths([str(f)])
            key = str(f)
            assert dict(alone.files).get(key) == dict(whole.files).get(key), f
            # not linted alone, not linted in the folder (where a name a walk passes says so)
            assert (key in alone.unlinted) == (key in whole.unlinted), f

            def own(res: object, key: str = key) -> list[tuple[str, int, str]]:
                return [
                    (x.code, x.span.line, x.message)
                    for x in res.findings  # type: ignore[attr-defined]
                    if x.path == key and x.code not in across
                ]

            assert own(alone) == own(whole), f
