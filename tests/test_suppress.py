"""Inline suppressions in the dialects' own comment syntax."""

from __future__ import annotations

from decklint import api


def card(text: str, cont: str = " ") -> str:
    return text.ljust(71) + cont


def lint(files: dict[str, str], inline: bool = True) -> list[str]:
    res = api.lint_texts(files, api.Options(inline=inline))
    return [f"{f.span.line}:{f.code}" for f in res.findings]


BAD = "H1       HOST  UNITSZ=384,MAXBFRU=11\n"


def test_disable_next_by_code_and_by_name() -> None:
    assert "2:NCP001" in lint({"n.ncp": "* header\n" + BAD})
    assert lint({"n.ncp": "* decklint: disable-next=NCP001\n" + BAD}) == []
    assert lint({"n.ncp": "* decklint: disable-next=unitsz\n" + BAD}) == []


def test_disable_next_covers_the_whole_continued_statement() -> None:
    deck = (
        "* decklint: disable-next=NCP001\n"
        + card("H1       HOST  MAXBFRU=11,", "X")
        + "\n               UNITSZ=384\n"
    )
    assert lint({"n.ncp": deck}) == []


def test_remark_on_a_continuation_card_covers_its_statement() -> None:
    deck = (
        card("H1       HOST  MAXBFRU=11,", "X")
        + "\n"
        + "               UNITSZ=384           decklint: disable=NCP001\n"
        + "B1       BUILD SLODOWN=50,SUBAREA=4\n"
    )
    assert lint({"n.ncp": deck}) == ["3:NCP005"]


def test_range_until_enable() -> None:
    deck = (
        "T        MODETAB\n"
        "* decklint: disable=VTM002\n"
        "#BATCH   MODEENT LOGMODE=#BATCH,RUSIZES=X'8989'\n"
        "* decklint: enable=VTM002\n"
        "#BATCHSC MODEENT LOGMODE=#BATCHSC,RUSIZES=X'8989'\n"
        "         MODEEND\n"
    )
    assert [x for x in lint({"m.vtam": deck}) if x.endswith("VTM002")] == ["5:VTM002"]


def test_whole_file_and_every_rule() -> None:
    deck = "B1       BUILD SLODOWN=50,SUBAREA=4\n" + BAD + "* decklint: disable-file\n"
    assert lint({"n.ncp": deck}) == []


def test_start_list_remark() -> None:
    text = "SSCPID=01,\nIOBUF=(200,384,,,100,50)   decklint: disable=VTM005\n"
    assert lint({"ATCSTR00": text}) == []


def test_cics_comment_line() -> None:
    csd = (
        "DEFINE CONNECTION(C1) GROUP(G)\n* decklint: disable-next=CIC004\n"
        "DEFINE SESSIONS(S1) GROUP(G) CONNECTION(C1) MODENAME(#BATCH)\n"
    )
    assert lint({"c.csd": csd}) == []


def test_unused_and_invalid_are_reported() -> None:
    assert lint({"n.ncp": "* decklint: disable-next=NCP005\n" + BAD}) == ["1:SUP001", "2:NCP001"]
    assert lint({"n.ncp": "* decklint: disable-next=NCP01X\n" + BAD}) == ["1:SUP002", "2:NCP001"]


def test_parse_errors_cannot_be_waived() -> None:
    got = lint({"n.ncp": "* decklint: disable-file\nH1       HOST  UNITSZ=(384\n"})
    assert "2:PRS001" in got


def test_no_inline_audits_every_suppression() -> None:
    deck = "* decklint: disable-next=NCP001\n" + BAD
    assert lint({"n.ncp": deck}, inline=False) == ["2:NCP001"]


def test_directives_work_from_the_cache_and_files_without_any_keep_no_comments(
    tmp_path,
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    from decklint.pipeline import filephase

    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(tmp_path / "cache"))
    deck = (
        card("H1       HOST  MAXBFRU=11,", "X")
        + "\n"
        + "               UNITSZ=384           decklint: disable=NCP001\n"
        + "* a comment\nB1       BUILD SLODOWN=50,SUBAREA=4\n"
    )
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "a.ncp").write_text(deck)
    (decks / "b.ncp").write_text("* a comment\n" + BAD)
    runs = [api.lint_paths([str(decks)], api.Options(cache=True)) for _ in range(2)]
    assert runs[1].stats.cached == 2
    for res in runs:
        assert [(f.path[-5:], f.span.line, f.code) for f in res.findings] == [
            ("a.ncp", 4, "NCP005"),
            ("b.ncp", 2, "NCP001"),
        ]
    a, b = (runs[1].parsed[str(decks / n)] for n in ("a.ncp", "b.ncp"))
    assert filephase.has_directives(a) and a.read.units and a.read.comments
    assert not b.read.units and not b.read.comments  # nothing a directive could be in


def test_words_after_the_rule_list_are_a_remark_not_rule_names() -> None:
    said = "* decklint: disable-next=NCP001   the next statement, as in the docs\n"
    assert lint({"n.ncp": said + BAD}) == []
    listed = "* decklint: disable-next=NCP005 , NCP001   both codes, blanks at the comma\n"
    assert lint({"n.ncp": listed + BAD}) == []
