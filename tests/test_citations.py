"""A syntax error or an unknown name cites the product's own syntax, or nothing: never a tuning
section that has nothing to do with it."""

from __future__ import annotations

from decklint.api import lint_texts


def _cited(files: dict[str, str], code: str) -> list[str]:
    res = lint_texts(files)
    return [f.citation.render() if f.citation else "" for f in res.findings if f.code == code]


def test_a_vtam_syntax_error_cites_the_resource_definition_reference() -> None:
    deck = "TUNEMODE MODETAB\n#BATCH   MODEENT LOGMODE=#BATCH,RUSIZES=(X'8585'\n         MODEEND\n"
    (cite,) = _cited({"m.vtam": deck}, "PRS001")
    assert cite.startswith("z/OS Communications Server: SNA Resource Definition Reference")


def test_a_profile_syntax_error_cites_the_ip_configuration_reference() -> None:
    cites = _cited({"PROFILE.TCPIP": "SOMAXCONN 1024 EXTRA\n"}, "PRS001")
    assert cites and all(
        c.startswith("z/OS Communications Server: IP Configuration") for c in cites
    )


def test_an_ftp_data_error_cites_no_tuning_section() -> None:
    cites = _cited({"FTP.DATA": "BLKSIZE <BLOCKSIZE>\n"}, "PRS001")
    assert cites and cites == [""] * len(cites)


def test_other_rules_keep_their_documents_citation() -> None:
    res = lint_texts({"n.ncp": "H1       HOST  UNITSZ=384,MAXBFRU=11\n"})
    assert any(
        f.code == "NCP001"
        and f.citation
        and f.citation.document.startswith('"Getting the most from APPC: A network tuning guide"')
        for f in res.findings
    )


def test_an_unknown_operand_cites_the_products_catalog() -> None:
    deck = "TUNEMODE MODETAB\n#B       MODEENT LOGMODE=#B,FOO=1\n         MODEEND\n"
    (cite,) = _cited({"m.vtam": deck}, "PRS002")
    assert cite == "z/OS Communications Server: SNA Resource Definition Reference"
