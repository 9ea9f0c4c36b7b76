"""The workstation and NonStop dialects read the fixtures written after their manuals'
examples (fixtures/dialects/{cm2,nsdos,aix,scf}: one per command family) as the manuals show
them: every statement known, nothing left "not known", no syntax error, each found by its
content as well as its name."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint import api
from decklint.core.source import SourceFile
from decklint.inputs.discover import detect

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "dialects"
DIALECTS = ("cm2", "nsdos", "aix", "scf")
FILES = sorted(
    p
    for d in DIALECTS
    for p in (ROOT / d).iterdir()
    if p.is_file() and not p.name.endswith(".model.yaml")
)


# A fixture that shows what decklint does with a statement it does not know (kept, reported as
# information): NS/DOS's `STAT ON`.
UNKNOWN_ON_PURPOSE = {ROOT / "nsdos" / "CONFIG.NSD"}


@pytest.mark.parametrize(
    "path",
    [p for p in FILES if p not in UNKNOWN_ON_PURPOSE],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_a_manual_shaped_fixture_reads_with_nothing_not_known(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    res = api.lint_texts({path.name: text}, api.Options(dialect=path.parent.name))
    bad = [
        f"{f.span.line}:{f.span.col} {f.code} {f.message}"
        for f in res.findings
        if f.code == "PRS001" or (f.code == "PRS002" and "not known" in f.message)
    ]
    assert not bad, bad


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_fixture_is_found_by_its_content_without_its_file_name(path: Path) -> None:
    if path.parent.name == "nsdos":
        pytest.skip("NS/DOS files are known by their names (CONFIG.NSD, MODE.NSD) and TRLD/TRMF")
    src = SourceFile.from_text("x/member", path.read_text(encoding="utf-8"))
    assert detect(src).dialect == path.parent.name


# Each form the AIX dialect reads, with the fixture written after the example that shows it,
# and what its lowering makes of it: the `no` options (AIX Commands Reference, no Command),
# SNA Server/6000 `exportsna` stanzas, SNA Services/6000 `exportsna` stanzas (`name_TYPE:`,
# `type =`, as Ingres' Connectivity Guide prints them), and Communications Server for AIX's
# sna_node.cfg records (the HP-UX SNAplus2 Appendix B form, as a CS/AIX V5 file holds them).
AIX_FORMS = {
    "rs6000.smit": {"aix_options", "aix_adapter", "aix_dlc", "mode"},
    "rs6000.exportsna": {"aix_dlc", "mode"},
    "services.exportsna": {"mode"},
    "sna_node.cfg": {"workstation", "aix_node", "dlc_link", "aix_dlc", "aix_port", "mode"},
    "ethernet.sna_node.cfg": {"workstation", "aix_node", "dlc_link", "aix_dlc", "aix_port", "mode"},
}


@pytest.mark.parametrize("name", sorted(AIX_FORMS))
def test_each_aix_form_reads_to_the_entities_it_holds(name: str) -> None:
    from decklint.pipeline.debug import load

    path = ROOT / "aix" / name
    pf, low = load(f"aix/{name}", path.read_text(encoding="utf-8"), "aix")
    assert not pf.diagnostics and not low.diagnostics, (pf.diagnostics, low.diagnostics)
    assert {e.kind for e in low.entities} == AIX_FORMS[name]


def test_a_cs_aix_node_is_named_by_its_control_point_and_the_others_by_their_file() -> None:
    from decklint.pipeline.debug import load

    for name, node in (("sna_node.cfg", "aix:RS6KCP"), ("rs6000.smit", "aix:RS6000")):
        path = ROOT / "aix" / name
        _pf, low = load(f"aix/{name}", path.read_text(encoding="utf-8"), "aix")
        assert {e.node for e in low.entities} == {node}
