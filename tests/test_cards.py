"""The card reader: columns, continuations, remarks, odd records."""

from __future__ import annotations

from decklint.core.source import SourceFile
from decklint.dialects.vtam.reader import parse
from decklint.readers.cards import read_assembler, read_option_list


def card(text: str, cont: str = " ", seq: str = "") -> str:
    return text.ljust(71) + cont + seq


def read(*lines: str, nl: str = "\n"):  # type: ignore[no-untyped-def]
    return read_assembler(SourceFile.from_text("t", nl.join(lines) + nl))


def test_single_card_fields_are_separated_by_one_blank() -> None:
    r = read("TOMVSAP  APPL  APPC=YES,MODETAB=TUNEMODE    remark here")
    (u,) = r.units
    assert u.text == "TOMVSAP APPL APPC=YES,MODETAB=TUNEMODE"
    assert [x.text for x in u.remarks] == ["remark here"]


def test_continuation_any_character_resumes_in_column_16() -> None:
    for mark in "X*-+C":
        r = read(card("P1       PU    ADDR=01,", mark), card("               MAXDATA=265"))
        (u,) = r.units
        assert u.text == "P1 PU ADDR=01,MAXDATA=265", mark
        assert not r.diagnostics


def test_operands_that_start_on_the_next_card_are_a_field_of_their_own() -> None:
    """A first card holding only name and operation (blanks up to the mark): the operands
    of the continuation card are the operand field, one blank after the operation."""
    r = read(
        card("APPL1    APPL", "X"),
        card("               AUTH=(ACQ,PASS),", "X"),
        card("               EAS=10"),
    )
    (u,) = r.units
    assert u.text == "APPL1 APPL AUTH=(ACQ,PASS),EAS=10"
    assert u.smap.pos(len("APPL1 APPL ")) == (2, 16)
    assert not r.diagnostics
    pf = parse(
        SourceFile.from_text(
            "t", "\n".join([card("APPL1    APPL", "X"), card("               EAS=10")])
        )
    )
    (st,) = pf.statements
    assert (st.op, [o.name for o in st.operands]) == ("APPL", ["EAS"])


def test_value_split_mid_token_at_column_71_is_joined_verbatim() -> None:
    first = "D4B32781 MODEENT LOGMODE=D4B32781,FMPROF=X'02',TSPROF=X'02',PRIPROT=X'7"
    assert len(first) == 71
    r = read(first + "*", card("               1',SECPROT=X'40'"))
    (u,) = r.units
    assert u.text.endswith("PRIPROT=X'71',SECPROT=X'40'")


def test_quoted_string_with_blanks_spans_cards() -> None:
    first = "         TITLE 'A TITLE THAT IS LONG ENOUGH TO REACH COLUMN SEVENTY ONE"
    first = first.ljust(71)[:71]
    r = read(first + "X", card("               END OF TITLE'"))
    (u,) = r.units
    assert u.text.endswith("END OF TITLE'")
    assert not r.diagnostics


def test_sequence_numbers_and_long_records_are_ignored() -> None:
    r = read(
        card("P1       PU    ADDR=01,", "X", "00010000EXTRA"),
        card("               PUTYPE=2", " ", "00020000"),
    )
    (u,) = r.units
    assert u.text == "P1 PU ADDR=01,PUTYPE=2"


def test_remarks_on_continuation_cards() -> None:
    r = read(
        card("P1       PU    ADDR=01,             first remark", "X"),
        card("               PUTYPE=2             second remark"),
    )
    (u,) = r.units
    assert u.text == "P1 PU ADDR=01,PUTYPE=2"
    assert [x.text for x in u.remarks] == ["first remark", "second remark"]
    assert u.remarks[1].line == 2 and u.remarks[1].col == 37


def test_comments_crlf_eof_byte_and_no_final_newline() -> None:
    text = "* comment\r\n.* macro comment\r\nP1       PU    ADDR=01\r\n\x1a"
    r = read_assembler(SourceFile.from_text("t", text))
    assert [u.text for u in r.units] == ["P1 PU ADDR=01"]
    assert len(r.comments) == 2
    r2 = read_assembler(SourceFile.from_text("t", "P1       PU    ADDR=01"))
    assert [u.text for u in r2.units] == ["P1 PU ADDR=01"]


def test_tabs_are_expanded_for_columns_but_spans_point_at_real_text() -> None:
    pf = parse(SourceFile.from_text("t.vtam", "P1\tPU\tADDR=01,MAXDATA=265\n"))
    (st,) = pf.statements
    op = st.keyword("MAXDATA")
    assert op is not None
    assert (op.span.line, op.span.col) == (1, 15)


def test_continuation_text_in_column_17_is_a_remark_with_a_warning() -> None:
    r = read(card("P1       PU    ADDR=01,", "X"), card("                MAXDATA=265"))
    (u,) = r.units
    assert u.text == "P1 PU ADDR=01,"
    (d,) = r.diagnostics
    assert d.code == "PRS001" and "column 16" in d.message and d.span.col == 17


def test_trailing_comma_without_continuation_is_reported() -> None:
    r = read("P1       PU    ADDR=01,", "               MAXDATA=265")
    assert r.diagnostics and "column 72" in r.diagnostics[0].message
    assert r.diagnostics[0].span == r.diagnostics[0].span.__class__(1, 23, 1, 24)


def test_non_blank_columns_1_to_15_on_a_continuation_start_a_new_statement() -> None:
    r = read(card("P1       PU    ADDR=01,", "X"), "L1       LU    LOCADDR=2")
    assert [u.text for u in r.units] == ["P1 PU ADDR=01,", "L1 LU LOCADDR=2"]
    assert "columns 1-15" in r.diagnostics[0].message


def test_deck_ending_inside_a_continuation() -> None:
    r = read(card("P1       PU    ADDR=01,", "X"))
    assert r.units and "ends while column 72" in r.diagnostics[0].message


def test_lone_comma_operand_is_not_a_trailing_comma() -> None:
    r = read("         MODEEND ,                     END OF TABLE")
    assert not r.diagnostics
    assert r.units[0].text == " MODEEND ,"


def test_statement_without_operands_keeps_remark_apart() -> None:
    r = read("         GENEND   the end")
    assert r.units[0].text == " GENEND"
    assert r.units[0].remarks[0].text == "the end"


def test_start_list_items_and_remarks() -> None:
    text = "\n".join(
        [
            card("SSCPID=01,                   SSCP IDENTIFIER", "-"),
            card("NOPROMPT,", "-"),
            "IOBUF=(100,128,19,,1,20)           /*FIXED IO */",
        ]
    )
    r = read_option_list(SourceFile.from_text("ATCSTR00", text))
    assert [u.text for u in r.units] == ["SSCPID=01", "NOPROMPT", "IOBUF=(100,128,19,,1,20)"]
    assert len(r.comments) == 2


def test_start_list_item_split_at_column_71() -> None:
    first = ("X" * 40 + "=" + "A" * 30)[:71]
    r = read_option_list(SourceFile.from_text("ATCSTR00", first + "\nBBB,C=1\n"))
    assert r.units[0].text == first + "BBB"
    assert r.units[1].text == "C=1"


def test_a_list_entry_without_a_comma_ends_the_list_and_what_follows_is_reported() -> None:
    text = "APPLS,\nSWNET                 /* no comma: the list ends */\nNCP1,\nPATHS\n"
    r = read_option_list(SourceFile.from_text("ATCCON01", text))
    assert [u.text for u in r.units] == ["APPLS", "SWNET", "NCP1", "PATHS"]
    (d,) = r.diagnostics  # once, at the first entry VTAM never reads
    assert (d.code, d.span.line, d.span.col) == ("PRS001", 3, 1)
    assert "after SWNET (line 2)" in d.message and "column 6" in d.message


def test_several_names_a_line_remarks_and_a_last_entry_without_a_comma_are_a_whole_list() -> None:
    text = card("A1,A2,    /* two on one line */", "X") + "\n" + "A3,B4\n"
    r = read_option_list(SourceFile.from_text("ATCCON02", text))
    assert [u.text for u in r.units] == ["A1", "A2", "A3", "B4"]
    assert not r.diagnostics


def test_a_deck_shifted_right_is_read_as_shifted_back_and_reported() -> None:
    from decklint.api import lint_texts

    lines = [
        "APPLS    VBUILD TYPE=APPL",
        card("A1       APPL  MODETAB=ISTINCLM,DLOGMOD=D4A32782,", "X"),
        "               AUTH=(ACQ)",
        "A2       APPL  AUTH=(ACQ)",
    ]
    text = "".join("   " + ln + "\n" for ln in lines)
    res = lint_texts({"appls": text})
    assert [(f.code, f.span.line, f.span.col) for f in res.findings] == [("PRS001", 1, 1)]
    assert "shifted 3 columns" in res.findings[0].message
    assert sorted(e.name for e in res.topology.of("application")) == ["A1", "A2"]
    (a2,) = [e for e in res.topology.of("application") if e.name == "A2"]
    assert (a2.span.line, a2.span.col) == (4, 4)  # positions stay the file's own


def test_unlabelled_statements_indented_as_usual_are_not_a_shifted_deck() -> None:
    from decklint.readers.cards import shifted_by

    src = SourceFile.from_text("t", "         VBUILD TYPE=APPL\nA1       APPL  AUTH=(ACQ)\n")
    indent, line = shifted_by(src, {"VBUILD", "APPL"})
    assert not indent and not indent.lines and line == 0


def test_an_adjacent_sscp_table_refers_to_the_cdrms_the_cdrm_major_node_defines() -> None:
    from decklint.api import lint_texts

    adj = (
        "         VBUILD TYPE=ADJSSCP\n"
        "OS390    ADJCDRM\n"
        "         NETWORK NETID=NET1\n"
        "OS390    CDRM\n"
        "VSE1     ADJCDRM\n"
    )
    cdrm = (
        "         VBUILD TYPE=CDRM\n"
        "         NETWORK NETID=NET1\n"
        "OS390    CDRM  SUBAREA=6,CDRDYN=YES\n"
        "VSE1     CDRM  SUBAREA=12,CDRDYN=YES\n"
    )
    res = lint_texts({"adj.vtam": adj, "cdrm.vtam": cdrm})
    assert not [f for f in res.findings if f.severity.label == "error"], res.findings
    sym = res.topology.symbols
    assert [d.path for d in sym.lookup("cdrm", "OS390")] == ["cdrm.vtam"]  # defined once
    refs = sorted((r.name, r.span.line) for r in sym.references if r.kind == "cdrm")
    assert refs == [("OS390", 2), ("OS390", 4), ("VSE1", 5)]


def test_conditional_assembly_operands_keep_blanks_inside_parentheses() -> None:
    from decklint.core.source import SourceFile
    from decklint.readers.cards import read_assembler

    text = (
        ".GONCE   AIF   ('&FM' EQ '' OR (&X AND NOT &Y)).NOGFM   remark here\n"
        + "&B       SETB  (&A EQ 1 AND".ljust(71)
        + "X\n"
        "               &C EQ 2)                remark\n"
    )
    units = read_assembler(SourceFile.from_text("m", text)).units
    # the blanks up to column 71 are part of the expression, as the assembler reads it
    assert [" ".join(u.text.split()) for u in units] == [
        ".GONCE AIF ('&FM' EQ '' OR (&X AND NOT &Y)).NOGFM",
        "&B SETB (&A EQ 1 AND &C EQ 2)",
    ]
    assert [r.text for r in units[0].remarks] == ["remark here"]


def test_attribute_references_are_no_quoted_strings() -> None:
    from decklint.core.source import SourceFile
    from decklint.readers.cards import read_assembler

    text = (
        ".NOGRU   AIF   (T'&SYSLIST(0) NE 'O').OK\n"
        "         MVC   0(L'X,R1),Y      move it\n"
        "         DC    AL1(L'FIELD),C'L A'   remark\n"
    )
    read = read_assembler(SourceFile.from_text("m", text))
    assert [u.text for u in read.units] == [
        ".NOGRU AIF (T'&SYSLIST(0) NE 'O').OK",
        " MVC 0(L'X,R1),Y",
        " DC AL1(L'FIELD),C'L A'",
    ]
    assert not read.diagnostics


def test_a_remark_that_ends_in_one_letter_is_no_continuation_mark() -> None:
    # one card whose remark ends in a lone letter before column 72: the comma without a mark
    # is reported as it always was, the letter is not taken for a mark
    r = read(
        card("P1       PU    ADDR=01,                            LINE A"),
        card("               MAXDATA=265"),
        card("P2       PU    ADDR=02,", "X"),
        card("               MAXDATA=265"),
    )
    assert [d.message[:40] for d in r.diagnostics] == ["the operands end with a comma but column"]
    assert r.units[0].text == "P1 PU ADDR=01,"


def test_a_sequence_field_after_a_blank_column_72_is_no_pushed_mark() -> None:
    r = read(
        card("P1       PU    ADDR=01,", " ", "00010000"),
        card("               MAXDATA=265", " ", "00020000"),
    )
    (d,) = r.diagnostics
    assert "column 72 is blank" in d.message


def test_a_mark_pushed_to_column_73_with_the_sequence_field_is_read_as_continued() -> None:
    r = read(
        card("P1       PU    ADDR=01,") + "X00010000",
        card("               MAXDATA=265", " ", "00020000"),
    )
    assert [u.text for u in r.units] == ["P1 PU ADDR=01,MAXDATA=265"]
    (d,) = r.diagnostics
    assert (d.span.line, d.span.col) == (1, 73)
    assert d.message.startswith("the continuation mark is in column 73: column 72 expected")


def test_symbols_and_angle_brackets_of_a_deck_are_not_markup() -> None:
    r = read(
        "A&SYSCLONE. APPL  AUTH=(ACQ)",
        "M1       USSMSG MSG=1,TEXT='ENTER <APPLID> AND PRESS ENTER'",
    )
    assert not r.diagnostics
    assert r.units[1].text.endswith("TEXT='ENTER <APPLID> AND PRESS ENTER'")


def test_lone_marks() -> None:
    from decklint.readers.damage import lone_mark

    assert lone_mark(card("   A=1,") + "X", 72) == 73
    assert lone_mark(card("   A=1,") + "X00010000", 72) == 73
    assert lone_mark(card("   A=1,", " ", "00010000"), 72) == 0  # a sequence field alone
    assert lone_mark("   A=1,".ljust(69) + "X", 72) == 70
    assert lone_mark(card("   A=1,", "X"), 72) == 0  # the mark is where it belongs
    assert lone_mark(card("   A=1,") + "7", 72) == 0  # a digit is a sequence number


def test_a_field_s_end_is_found_as_walking_its_characters_finds_it() -> None:
    """`_field_end` takes the first blank as the end where the field's quotes pair up before
    it (and none may be an attribute reference's): the end, the quote still open and the
    depth that walking every quote, blank and parenthesis gives, for fields made up at
    random of quotes, attribute letters, blanks and parentheses."""
    import random

    from decklint.readers.cards import _field_end, _walk_field

    rng = random.Random(39)
    pieces = ["'", "''", "X'", "L'", "l'", "T'&", "A", "12", " ", "(", ")", ",", "=", "K'X"]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 10)))
        for start in range(len(text)):
            want = _walk_field(text, start, False, -1)
            assert _field_end(text, start, False) == want, (text, start)
