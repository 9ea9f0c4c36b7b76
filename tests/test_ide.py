"""The editor features (decklint.ide): hover, definition, references, outline, completion,
over the small network in fixtures/ide/ (a mode table, applications, a switched major node,
an NCP, a CICS region, a CM/2 workstation, a TCP/IP profile and the member it INCLUDEs)."""

from __future__ import annotations

from functools import cache

import pytest

from decklint import api, ide
from decklint.core.source import Span
from decklint.ide import Location, Symbol

from .conftest import FIXTURES

DECKS = FIXTURES / "ide"


@cache
def _texts() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(DECKS.iterdir())}


@pytest.fixture
def texts() -> dict[str, str]:
    return dict(_texts())


@pytest.fixture
def result(texts: dict[str, str]) -> api.LintResult:
    return api.lint_texts(texts)


def at(text: str, needle: str, nth: int = 0, offset: int = 0) -> tuple[int, int]:
    """The 1-based (line, column) of the `nth` occurrence of `needle`, plus `offset`."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    return line, col + offset


def span_of(text: str, needle: str, nth: int = 0) -> Span:
    line, col = at(text, needle, nth)
    return Span(line, col, line, col + len(needle))


def hover_text(
    result: api.LintResult, texts: dict[str, str], path: str, needle: str, nth: int = 0
) -> str:
    line, col = at(texts[path], needle, nth)
    h = ide.hover(result, path, texts[path], line, col)
    assert h is not None, f"no hover at {needle!r}"
    return h.markdown


# ------------------------------------------------------------------ hover


def test_hover_on_dlogmod_names_the_mode_and_what_it_says(result, texts) -> None:
    md = hover_text(result, texts, "apps.vtam", "#INTER")
    assert md.startswith("**DLOGMOD** · vtam APPL")
    assert "default logon mode entry" in md
    assert "defined in `modes.vtam` line 3: logon mode `#INTER` of mode table LABMODES" in md
    assert "RU sizes: secondary LU sends 256, primary LU sends 256 (RUSIZES=X'8585')" in md
    assert "at most 8 characters" in md


def test_hover_on_rusizes_decodes_256_both_ways(result, texts) -> None:
    text = texts["modes.vtam"]
    line, col = at(text, "X'8585'")
    h = ide.hover(result, "modes.vtam", text, line, col + 2)
    assert h is not None
    assert h.span == span_of(text, "X'8585'")
    assert "secondary LU sends at most **256** bytes (8 x 2^5)" in h.markdown
    assert "primary LU sends at most **256** bytes (8 x 2^5)" in h.markdown
    assert "`X'8585'`: 256 both ways" in h.markdown
    assert "range: 0-65535" in h.markdown and "default: 0" in h.markdown


def test_hover_on_the_rusizes_keyword_decodes_its_value_too(result, texts) -> None:
    md = hover_text(result, texts, "modes.vtam", "RUSIZES=X'F7F8'")
    assert "secondary LU sends at most **1920** bytes (15 x 2^7)" in md
    assert "primary LU sends at most **3840** bytes (15 x 2^8)" in md
    assert "both ways" not in md


def test_hover_decodes_a_pacing_bind_byte_and_a_mask(result, texts) -> None:
    md = hover_text(result, texts, "modes.vtam", "X'83'")
    assert "a window of **3** (its low six bits)" in md
    assert "outside the range" not in md
    md = hover_text(result, texts, "modes.vtam", "X'B0'")
    assert "`X'B0'` = 176" in md
    assert "X'B0' = B'1011 0000' (bits on: 0, 2, 3)" in md


def test_hover_on_a_statement_says_which_defaults_apply(result, texts) -> None:
    text = texts["modes.vtam"]
    inter = hover_text(result, texts, "modes.vtam", "MODEENT")
    assert "defines one logon mode" in inter
    assert "- `PSNDPAC` not coded: the default `0` applies" in inter
    assert "RUSIZES` not coded" not in inter
    line, col = at(text, "MODEENT", nth=1)
    batch = ide.hover(result, "modes.vtam", text, line, col)
    assert batch is not None and "`PSNDPAC` not coded" not in batch.markdown


def test_hover_on_a_label_also_says_what_it_defines(result, texts) -> None:
    md = hover_text(result, texts, "modes.vtam", "#BATCH ")
    assert "logon mode `#BATCH` of mode table LABMODES, `modes.vtam` line 10" in md
    assert "pacing: primary send 3, secondary send 3, secondary receive 0" in md


def test_hover_says_when_a_value_sifts_down_instead_of_the_default(result, texts) -> None:
    md = hover_text(result, texts, "ncp.ncp", "PU    ADDR")
    assert "- `MAXOUT` not coded: GROUP TRPHY codes `MAXOUT=7`, which applies here" in md


def test_hover_says_what_a_vtam_group_sifts_down(result) -> None:
    text = (FIXTURES / "dialects" / "vtam" / "appl.vtam").read_text(encoding="utf-8")
    line, col = at(text, "APPL  AUTH")
    md = ide.hover(result, "appl.vtam", text, line, col)
    assert md is not None
    assert "- `MODETAB` not coded: GROUP APGRP codes `MODETAB=LABMODES`, which applies here" in (
        md.markdown
    )
    assert "- `DSESLIM` not coded: the default" in md.markdown


def test_hover_on_a_rule_code_in_a_suppression(result, texts) -> None:
    text = texts["apps.vtam"]
    line, col = at(text, "VTM009")
    h = ide.hover(result, "apps.vtam", text, line, col + 3)
    assert h is not None
    assert h.span == span_of(text, "VTM009")
    m = next(m for m in api.manifests() if m.code == "VTM009")
    assert h.markdown.startswith(f"**VTM009** `{m.name}`")
    assert m.summary in h.markdown
    assert m.citation.render() in h.markdown


def test_hover_on_tcpip_parameters_and_sizes(result, texts) -> None:
    md = hover_text(result, texts, "profile.tcpip", "TCPSENDBfrsize")
    assert md.startswith("**TCPSENDBFRSIZE** · tcpip TCPCONFIG")
    assert "default from z/OS V2R1: 65536" in md
    md = hover_text(result, texts, "profile.tcpip", "64K")
    assert "`64K` = 65,536 bytes" in md
    md = hover_text(result, texts, "profile.tcpip", "DYNAMIC")
    assert md.startswith("**INBPERF**") and "BALANCED" in md


def test_hover_on_a_start_option_names_the_pool_positions() -> None:
    text = "SSCPNAME=HOSTA,\nIOBUF=(400,508,19,,1,20)\n"
    result = api.lint_texts({"ATCSTR00": text}, api.Options(dialect="vtam"))
    h = ide.hover(result, "ATCSTR00", text, 2, 2)
    assert h is not None and h.markdown.startswith("**IOBUF** · vtam start options")
    assert "- baseno 400, bufsize 508, slowpt 19, xpanno 1, xpanpt 20" in h.markdown


def test_hover_on_cics_and_cm2_operands(result, texts) -> None:
    md = hover_text(result, texts, "region.csd", "MODENAME")
    assert md.startswith("**MODENAME** · cics SESSIONS")
    md = hover_text(result, texts, "ws.ndf", "MAX_RU_SIZE_UPPER_BOUND")
    assert "range: 256-16384" in md  # the tuning guide: CM/2 lets the RU grow to 16,384


def test_hover_between_statements_is_none(result, texts) -> None:
    text = texts["modes.vtam"]
    assert ide.hover(result, "modes.vtam", text, 1, 3) is None  # a comment line
    assert ide.hover(result, "modes.vtam", text, 999, 1) is None


# ------------------------------------------------------------------ definition


def definition(result, texts, path: str, needle: str, nth: int = 0) -> list[Location]:
    line, col = at(texts[path], needle, nth)
    return ide.definition(result, path, texts[path], line, col + 1)


def test_definition_dlogmod_to_modeent_in_another_deck(result, texts) -> None:
    got = definition(result, texts, "apps.vtam", "#INTER")
    assert got == [Location("modes.vtam", span_of(texts["modes.vtam"], "#INTER", nth=1))]


def test_definition_modetab_to_the_mode_table(result, texts) -> None:
    got = definition(result, texts, "switched.vtam", "LABMODES")
    assert got == [Location("modes.vtam", span_of(texts["modes.vtam"], "LABMODES", nth=1))]


def test_definition_cics_modename_to_the_vtam_mode(result, texts) -> None:
    got = definition(result, texts, "region.csd", "#BATCH")
    assert got == [Location("modes.vtam", span_of(texts["modes.vtam"], "#BATCH", nth=1))]


def test_definition_cics_netname_to_the_vtam_lu(result, texts) -> None:
    got = definition(result, texts, "region.csd", "WSLU")
    assert got == [Location("switched.vtam", span_of(texts["switched.vtam"], "WSLU"))]


def test_definition_path_grpnm_to_the_ncp_group(result, texts) -> None:
    got = definition(result, texts, "switched.vtam", "TRLOG")
    assert got == [Location("ncp.ncp", span_of(texts["ncp.ncp"], "TRLOG"))]


def test_definition_pu_cpname_to_the_workstation(result, texts) -> None:
    got = definition(result, texts, "switched.vtam", "WSCP")
    assert got == [Location("ws.ndf", span_of(texts["ws.ndf"], "FQ_CP_NAME(IDENET.WSCP)"))]


def test_definition_tcpip_names_to_devices_links_and_interfaces(result, texts) -> None:
    prof = texts["profile.tcpip"]
    lcs1 = Location("profile.tcpip", span_of(prof, "LCS1"))
    assert definition(result, texts, "profile.tcpip", "LCS1", nth=1) == [lcs1]  # LINK's device
    assert definition(result, texts, "profile.tcpip", "LCS1", nth=2) == [lcs1]  # START
    osa1 = Location("profile.tcpip", span_of(prof, "OSA1"))
    assert definition(result, texts, "profile.tcpip", "OSA1", nth=1) == [osa1]  # START
    eth1 = Location("profile.tcpip", span_of(prof, "ETH1"))
    assert definition(result, texts, "profile.tcpip", "ETH1", nth=1) == [eth1]  # HOME
    member = texts["EXTRA.tcpip"]
    ctc1 = Location("EXTRA.tcpip", span_of(member, "CTC1"))
    assert definition(result, texts, "EXTRA.tcpip", "CTC1", nth=1) == [ctc1]


def test_definition_include_to_the_member(result, texts) -> None:
    got = definition(result, texts, "profile.tcpip", "SYS1.TCPPARMS(EXTRA)")
    assert got == [Location("EXTRA.tcpip", Span(1, 1, 1, 1))]


def test_definition_of_a_configuration_list_entry_is_its_member() -> None:
    files = {
        "ATCCON01": "* CONFIGURATION LIST\nAPPLS,\nSWNODE\n",
        "APPLS": "APPLS    VBUILD TYPE=APPL\nA1       APPL  ACBNAME=A1\n",
        "ATCSTR00": "SSCPNAME=HOSTA,CONFIG=01,NODETYPE=EN\n",
    }
    result = api.lint_texts(files, api.Options(dialect="vtam"))
    got = ide.definition(result, "ATCCON01", files["ATCCON01"], 2, 2)
    assert got == [Location("APPLS", Span(1, 1, 1, 1))]
    got = ide.definition(result, "ATCSTR00", files["ATCSTR00"], 1, 24)
    assert got == [Location("ATCCON01", Span(1, 1, 1, 1))]


def test_definition_on_a_definition_is_itself(result, texts) -> None:
    got = definition(result, texts, "modes.vtam", "#BATCH", nth=1)
    assert got == [Location("modes.vtam", span_of(texts["modes.vtam"], "#BATCH", nth=1))]


def test_definition_reads_the_editors_text_not_the_lint_result(result, texts) -> None:
    edited = "* A NEW FIRST LINE\n* AND A SECOND\n" + texts["apps.vtam"]
    line, col = at(edited, "#INTER")
    got = ide.definition(result, "apps.vtam", edited, line, col)
    assert got == [Location("modes.vtam", span_of(texts["modes.vtam"], "#INTER", nth=1))]


# ------------------------------------------------------------------ references


def test_references_of_a_modeent_from_several_decks(result, texts) -> None:
    text = texts["modes.vtam"]
    line, col = at(text, "#BATCH")  # the MODEENT's label
    got = ide.references(result, "modes.vtam", text, line, col)
    assert got == [
        Location("modes.vtam", span_of(text, "#BATCH", nth=1)),
        Location("region.csd", span_of(texts["region.csd"], "#BATCH")),
        Location("switched.vtam", span_of(texts["switched.vtam"], "#BATCH")),
    ]
    without = ide.references(result, "modes.vtam", text, line, col, include_declaration=False)
    assert Location("modes.vtam", span_of(text, "#BATCH", nth=1)) not in without
    assert len(without) == 2


def test_references_from_a_use_find_the_other_uses(result, texts) -> None:
    text = texts["apps.vtam"]
    line, col = at(text, "#INTER")
    got = ide.references(result, "apps.vtam", text, line, col, include_declaration=False)
    assert got == [
        Location("apps.vtam", span_of(text, "#INTER")),
        Location("switched.vtam", span_of(texts["switched.vtam"], "#INTER")),
    ]


def test_references_of_a_tcpip_device(result, texts) -> None:
    prof = texts["profile.tcpip"]
    line, col = at(prof, "LCS1")
    got = ide.references(result, "profile.tcpip", prof, line, col, include_declaration=False)
    assert got == [
        Location("profile.tcpip", span_of(prof, "LCS1", nth=1)),
        Location("profile.tcpip", span_of(prof, "LCS1", nth=2)),
    ]


# ------------------------------------------------------------------ outline


def outline(symbols: list[Symbol] | tuple[Symbol, ...]) -> list[object]:
    return [
        (s.name, s.kind, outline(s.children)) if s.children else (s.name, s.kind) for s in symbols
    ]


def test_symbols_of_a_switched_major_node(texts) -> None:
    syms = ide.symbols("switched.vtam", texts["switched.vtam"])
    assert outline(syms) == [
        ("SWIDE", "major-node", [("WSPU", "pu", [("WSPATH", "statement"), ("WSLU", "lu")])])
    ]
    node = syms[0]
    assert node.selection == span_of(texts["switched.vtam"], "SWIDE")
    last = texts["switched.vtam"].rstrip("\n").count("\n") + 1
    assert (node.span.line, node.span.end_line) == (2, last)
    for child in node.children:  # a child lies inside its parent
        assert (node.span.line, node.span.col) <= (child.span.line, child.span.col)
        assert (child.span.end_line, child.span.end_col) <= (node.span.end_line, node.span.end_col)


def test_symbols_of_an_ncp(texts) -> None:
    assert outline(ide.symbols("ncp.ncp", texts["ncp.ncp"])) == [
        (
            "NCPIDE",
            "major-node",
            [
                ("NCPH", "statement"),
                ("TRPHY", "group", [("TRL1", "line", [("TRP1", "pu", [("TRU1", "lu")])])]),
                ("TRLOG", "group"),
            ],
        )
    ]


def test_symbols_of_a_mode_table(texts) -> None:
    syms = ide.symbols("modes.vtam", texts["modes.vtam"])
    assert outline(syms) == [("LABMODES", "mode-table", [("#INTER", "mode"), ("#BATCH", "mode")])]
    assert syms[0].span.end_line == texts["modes.vtam"].count("\n")  # MODEEND closes it


def test_symbols_of_a_tcpip_profile(texts) -> None:
    assert outline(ide.symbols("profile.tcpip", texts["profile.tcpip"])) == [
        ("TCPCONFIG", "statement"),
        ("LCS1", "device"),
        ("ETH1", "link"),
        ("OSA1", "interface"),
        ("HOME", "statement", [("10.1.1.1 ETH1", "statement")]),
        ("INCLUDE SYS1.TCPPARMS(EXTRA)", "statement"),
        ("START LCS1", "statement"),
        ("START OSA1", "statement"),
    ]


def test_symbols_of_a_csd_group_its_defines(texts) -> None:
    assert outline(ide.symbols("region.csd", texts["region.csd"])) == [
        (
            "GROUP IDEGRP",
            "group",
            [("CONNECTION(WSC)", "connection"), ("SESSIONS(WSCS)", "statement")],
        )
    ]


# ------------------------------------------------------------------ completion


def labels(items: list[ide.Completion]) -> list[str]:
    return [c.label for c in items]


def test_completion_of_appl_operands() -> None:
    text = "APPLS    VBUILD TYPE=APPL\nA1       APPL  ACBNAME=A1,DL"
    got = ide.completions("a.vtam", text, 2, len("A1       APPL  ACBNAME=A1,DL") + 1)
    assert labels(got) == ["DLGINOUT", "DLOGMOD", "DLRORDER"]
    dlogmod = got[1]
    assert dlogmod.kind == "operand" and dlogmod.insert_text == "DLOGMOD="
    assert "default logon mode entry" in dlogmod.documentation
    every = ide.completions("a.vtam", text, 2, len("A1       APPL  ACBNAME=A1,") + 1)
    assert "APPC" in labels(every) and "ACBNAME" not in labels(every)  # coded already


def test_completion_on_a_continuation_card() -> None:
    text = (
        "APPLS    VBUILD TYPE=APPL\nA1       APPL  ACBNAME=A1," + " " * 45 + "X\n               AUT"
    )
    got = ide.completions("a.vtam", text, 3, 19)
    assert "AUTOSES" in labels(got) and "AUTH" in labels(got)


def test_completion_of_enumerated_values() -> None:
    text = "APPLS    VBUILD TYPE=APPL\nA1       APPL  APPC="
    got = ide.completions("a.vtam", text, 2, len("A1       APPL  APPC=") + 1)
    assert labels(got) == ["YES", "NO"] and {c.kind for c in got} == {"value"}
    text = "S1       VBUILD TYPE=SW"
    got = ide.completions("s.vtam", text, 1, len(text) + 1)
    assert labels(got) == ["SWNET"]
    csd = "DEFINE SESSIONS(S1) GROUP(G1) PROTOCOL("
    assert "APPC" in labels(ide.completions("r.csd", csd, 1, len(csd) + 1))
    prof = "INTERFACE OSA1 DEFINE IPAQENET INBPERF "
    got = ide.completions("p.tcpip", prof, 1, len(prof) + 1)
    assert labels(got) == ["BALANCED", "DYNAMIC", "MINCPU", "MINLATENCY"]


def test_completion_of_tcpip_parameters_after_a_word() -> None:
    prof = "TCPCONFIG TCPSENDBfrsize 64K TCPRCV"
    got = ide.completions("p.tcpip", prof, 1, len(prof) + 1)
    assert labels(got) == ["TCPRCVBUFRSIZE"] and got[0].insert_text == "TCPRCVBUFRSIZE"
    prof = "INTERFACE OSA1 DEFINE IPAQENET "
    assert "PORTNAME" in labels(ide.completions("p.tcpip", prof, 1, len(prof) + 1))


def test_no_completion_in_the_label_field() -> None:
    assert ide.completions("a.vtam", "APPLS    VBUILD TYPE=APPL\nA1", 2, 2) == []


def test_completion_of_statement_names() -> None:
    text = "APPLS    VBUILD TYPE=APPL\nA1       APP"
    got = ide.completions("a.vtam", text, 2, len("A1       APP") + 1)
    assert "APPL" in labels(got) and {c.kind for c in got} == {"statement"}


# ------------------------------------------------------------------ robustness


BROKEN = {
    "garbage.vtam": "A1 APPL ((((=,,=)\n\x00\x01\x02 X'ZZ\n         MODEENT RUSIZES=X'85\n",
    "empty.ncp": "",
    "half.tcpip": "DEVICE\nLINK L1 ETHERNET\nHOME\n  10.1.1.1\nINCLUDE\nSTART\n",
    "odd.csd": "DEFINE CONNECTION( GROUP() MODENAME(\n",
    "unknown.txt": "nothing a dialect reads\n",
}


def test_a_broken_deck_gives_empty_answers_never_an_exception() -> None:
    result = api.lint_texts(BROKEN)
    for path, text in BROKEN.items():
        lines = [*text.split("\n"), ""]
        for line in range(1, len(lines) + 2):
            for col in range(1, 45):
                h = ide.hover(result, path, text, line, col)
                assert h is None or isinstance(h.markdown, str)
                assert isinstance(ide.definition(result, path, text, line, col), list)
                assert isinstance(ide.references(result, path, text, line, col), list)
                assert isinstance(ide.completions(path, text, line, col), list)
        assert isinstance(ide.symbols(path, text), list)
    assert ide.symbols("unknown.txt", BROKEN["unknown.txt"]) == []
    assert ide.hover(result, "unknown.txt", BROKEN["unknown.txt"], 1, 1) is None


def test_every_position_of_the_fixtures_answers(result, texts) -> None:
    for path, text in texts.items():
        for line, row in enumerate(text.split("\n"), 1):
            for col in range(1, len(row) + 2, 3):
                ide.hover(result, path, text, line, col)
                ide.definition(result, path, text, line, col)
                ide.references(result, path, text, line, col)
                ide.completions(path, text, line, col)


def test_a_document_that_is_not_a_file(texts) -> None:
    uri = "zowe-ds:/IBMUSER.VTAMLST(SWIDE)"
    files = {**texts, uri: texts["switched.vtam"]}
    del files["switched.vtam"]
    result = api.lint_texts(files)
    assert (uri, "vtam") in result.files
    text = files[uri]
    assert outline(ide.symbols(uri, text))[0][0] == "SWIDE"
    line, col = at(text, "#BATCH")
    assert ide.definition(result, uri, text, line, col) == [
        Location("modes.vtam", span_of(texts["modes.vtam"], "#BATCH", nth=1))
    ]
    mode = texts["modes.vtam"]
    line, col = at(mode, "#BATCH")
    assert Location(uri, span_of(text, "#BATCH")) in ide.references(
        result, "modes.vtam", mode, line, col
    )
    h = ide.hover(result, uri, text, *at(text, "MAXDATA"))
    assert h is not None and h.markdown.startswith("**MAXDATA**")


def test_hover_on_a_csd_resource_is_the_resource_type(result, texts) -> None:
    md = hover_text(result, texts, "region.csd", "CONNECTION(WSC)")
    assert md.startswith("**CONNECTION** · cics")
    assert "- `ATTACHSEC` not coded: the default `LOCAL` applies" in md
    md = hover_text(result, texts, "region.csd", "WSC)")
    assert "CICS connection `WSC` in group IDEGRP, `region.csd` line 2" in md


def test_decks_inside_a_job_are_answered_in_the_jobs_lines() -> None:
    job = (FIXTURES / "embedded" / "CSDLOAD.jcl").read_text(encoding="utf-8")
    path = "CSDLOAD.jcl"
    result = api.lint_inputs(api.expand(api.Input(path, job, True)), api.Options())
    line, col = at(job, "CON1)", nth=2)  # the CONNECTION of SESSIONS SES2, in the second deck
    assert ide.definition(result, path, job, line, col) == [
        Location(path, span_of(job, "CON1"))  # CONNECTION(CON1), in the first deck
    ]
    refs = ide.references(result, path, job, *at(job, "CON1"), include_declaration=False)
    assert refs == [
        Location(path, span_of(job, "CON1", 1)),
        Location(path, span_of(job, "CON1", 2)),
    ]
    h = ide.hover(result, path, job, *at(job, "MODENAME"))
    assert h is not None and h.span == span_of(job, "MODENAME")
    assert h.markdown.startswith("**MODENAME** · cics SESSIONS")
    assert ide.hover(result, path, job, 2, 5) is None  # a JCL statement: no deck there
    assert outline(ide.symbols(path, job)) == [
        (
            "SYSIN",
            "file",
            [
                (
                    "GROUP GRP1",
                    "group",
                    [("CONNECTION(CON1)", "connection"), ("SESSIONS(SES1)", "statement")],
                )
            ],
        ),
        ("SYSIN", "file", [("GROUP GRP1", "group", [("SESSIONS(SES2)", "statement")])]),
    ]
    sessions = ide.symbols(path, job)[1].children[0].children[0]
    assert sessions.selection == span_of(job, "SESSIONS(SES2)")
    got = ide.completions(path, job, *at(job, "MAXIMUN"))
    assert "MAXIMUM" in labels(got)


def test_completion_writes_each_dialects_keyword_syntax() -> None:
    ndf = "DEFINE_MODE  MODE_NAME(#BATCH)\n             RECEIVE_PA"
    got = ide.completions("w.ndf", ndf, 2, len("             RECEIVE_PA") + 1)
    assert [(c.label, c.insert_text) for c in got] == [
        ("RECEIVE_PACING_WINDOW", "RECEIVE_PACING_WINDOW(")
    ]
    csd = "DEFINE SESSIONS(S1) GROUP(G1)\n       MODEN"
    got = ide.completions("r.csd", csd, 2, len("       MODEN") + 1)
    assert [(c.label, c.insert_text) for c in got] == [("MODENAME", "MODENAME(")]


# ------------------------------------------------------------------ a deck alone


def test_a_hover_on_a_lint_of_the_deck_alone_says_what_it_cannot_know(texts) -> None:
    """A language server's first look lints the opened deck alone: its hover gives the
    catalog's facts and says where the decks around it are missing, never a wrong word."""
    text = texts["apps.vtam"]
    alone = api.lint_texts({"apps.vtam": text})
    line, col = at(text, "#INTER")
    h = ide.hover(alone, "apps.vtam", text, line, col, partial=True)
    assert h is not None and h.markdown.startswith("**DLOGMOD** · vtam APPL")
    assert "- defined in: not known yet (the workspace is not linted yet)" in h.markdown
    line, col = at(text, "APPL  ACBNAME")
    h = ide.hover(alone, "apps.vtam", text, line, col, partial=True)
    assert h is not None
    assert "release of APPS: not known from this deck alone" in h.markdown
    assert "declare it under nodes" not in h.markdown  # no advice on what is not read yet


def test_names_at_tells_a_name_from_anything_else(result, texts) -> None:
    """What definitions and references look up in other decks: a name used or defined, a
    target such as a CPNAME; not a keyword or a number."""
    apps, switched = texts["apps.vtam"], texts["switched.vtam"]
    assert ide.names_at(result, "apps.vtam", apps, *at(apps, "#INTER"))
    assert ide.names_at(result, "apps.vtam", apps, *at(apps, "CICSA "))
    assert not ide.names_at(result, "apps.vtam", apps, *at(apps, "DLOGMOD"))
    assert not ide.names_at(result, "apps.vtam", apps, *at(apps, "VPACING=0", offset=8))
    assert ide.names_at(result, "switched.vtam", switched, *at(switched, "CPNAME=", offset=7))
