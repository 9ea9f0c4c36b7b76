"""PRS002 against a closed product catalog: an operand the catalog's complete list lacks is an
error that names the catalog; an open or unconfirmed entry keeps the old information."""

from __future__ import annotations

from decklint import api
from decklint.core.findings import Severity

from .helpers import case_options


def _prs002(files: dict[str, str], tmp_path, monkeypatch) -> list[tuple[str, Severity]]:  # type: ignore[no-untyped-def]
    res = api.lint_texts(files, case_options({"files": files}, tmp_path, monkeypatch))
    return [(f.message, f.severity) for f in res.findings if f.code == "PRS002"]


def test_an_operand_a_closed_vtam_entry_lacks_is_rejected(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    deck = "T        MODETAB\nM        MODEENT LOGMODE=M,DLOGMOD=X\n         MODEEND\n"
    ((message, severity),) = _prs002({"a.vtam": deck}, tmp_path, monkeypatch)
    assert severity is Severity.ERROR
    assert message.startswith("operand DLOGMOD on MODEENT is not accepted by VTAM (catalog: ")
    assert "Logon mode table" in message


def test_a_near_miss_on_a_closed_entry_keeps_its_suggestion(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    deck = "T        MODETAB\nM        MODEENT LOGMODE=M,RUSIZE=X'8D8D'\n         MODEEND\n"
    ((message, severity),) = _prs002({"a.vtam": deck}, tmp_path, monkeypatch)
    assert severity is Severity.ERROR
    assert "is not accepted by VTAM" in message
    assert message.endswith("; did you mean RUSIZES?")


def test_open_and_unconfirmed_entries_reject_nothing(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    appl = "APPLS    VBUILD TYPE=APPL\nA1       APPL  APPC=YES,ZZZQQ=4\n"
    mdltab = "MDLTB    MDLTAB FOO=1\n         END\n"
    assert _prs002({"a.vtam": appl, "m.vtam": mdltab}, tmp_path, monkeypatch) == []


def test_an_attribute_a_closed_cics_type_lacks_is_rejected(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    deck = "DEFINE PROG(P1) GROUP(G) LANG(COBOL) FOOBAR(1)\n"
    ((message, severity),) = _prs002({"c.csd": deck}, tmp_path, monkeypatch)
    assert severity is Severity.ERROR
    assert message.startswith("attribute FOOBAR of DEFINE PROGRAM is not accepted by CICS")
    assert "(catalog: CICS TS Resource Definition Guide" in message
