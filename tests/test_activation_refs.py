"""Issue 26 (references and lost operands): `did you mean` for one-edit typos of names of four
or more characters, and what the new findings say and how severe they are."""

from __future__ import annotations

import pytest

from decklint.api import lint_texts
from decklint.core.findings import Severity
from decklint.knowledge.catalog import CatalogError, build
from decklint.knowledge.schema import one_edit, suggest


def test_one_edit_reaches_short_names() -> None:
    assert suggest("APLL", ["APPL", "PU", "LU"]) == "APPL"  # a letter changed
    assert suggest("ETH1", ["ETH0", "OSA1"]) == "ETH0"
    assert suggest("ISTINCML", ["ISTINCLM"]) == "ISTINCLM"  # two neighbours swapped
    assert suggest("LUGRUP", ["LUGROUP"]) == "LUGROUP"  # a letter dropped
    assert suggest("ABC", ["ABD"]) is None  # three letters: one edit reaches too many
    assert suggest("ABCD", ["WXYZ"]) is None


def test_one_edit_is_exactly_one() -> None:
    assert one_edit("ABCD", "ABDC") and one_edit("ABCD", "ABCDE") and one_edit("ABCD", "ACD")
    assert not one_edit("ABCD", "ABCD") and not one_edit("ABCD", "BADC")
    assert not one_edit("ABCD", "ABCDEF")


def test_a_misspelt_statement_is_an_error_with_its_guess() -> None:
    res = lint_texts({"a.vtam": "APPLS    VBUILD TYPE=APPL\nTSO      APLL  AUTH=(ACQ)\n"})
    (f,) = [f for f in res.findings if f.code == "PRS002"]
    assert f.severity is Severity.ERROR and f.message.endswith("did you mean APPL?")


def test_a_link_one_edit_from_a_defined_one_is_an_error() -> None:
    deck = "DEVICE OSA1 MPCIPA\nLINK ETH0 IPAQENET OSA1\nHOME 10.1.1.1 ETH1\n"
    res = lint_texts({"prod/PROFILE.TCPIP": deck})
    (f,) = [f for f in res.findings if f.code == "PRS005"]
    assert f.severity is Severity.ERROR and "did you mean ETH0?" in f.message


def test_a_mode_table_one_edit_from_ibms_is_a_warning_with_its_guess() -> None:
    deck = "APPLS    VBUILD TYPE=APPL\nA1       APPL  MODETAB=ISTINCML\n"
    (f,) = [f for f in lint_texts({"a.vtam": deck}).findings if f.code == "VTM006"]
    assert f.severity is Severity.WARNING and f.message.endswith("did you mean ISTINCLM?")


def test_logtab_naming_a_mode_table_points_at_the_table() -> None:
    modes = "LABMODES MODETAB\n#INTER   MODEENT LOGMODE=#INTER\n         MODEEND\n"
    lu = (
        "LOC1     VBUILD TYPE=LOCAL\nPU1      PU    CUADDR=0E20\n"
        "LU1      LU    LOCADDR=2,LOGTAB=LABMODES\n"
    )
    res = lint_texts({"m.vtam": modes, "l.vtam": lu})
    (f,) = [f for f in res.findings if f.code == "VTM021"]
    assert f.severity is Severity.ERROR
    assert "which is a mode table (MODETAB); it must name an interpret table" in f.message
    assert [(r.path, r.span.line) for r in f.related] == [("m.vtam", 1)]
    assert not [f for f in res.findings if f.code in ("VTM006", "PRS005")]


def test_an_assumed_required_operand_is_information_and_says_so() -> None:
    deck = (
        "G01      GROUP LNCTL=SDLC\nL01      LINE  ADDRESS=(020,FULL)\n"
        "P01      PU    ADDR=C1\nL02      LINE  SPEED=9600\n"
    )
    (f,) = [f for f in lint_texts({"n.ncp": deck}).findings if f.code == "NCP020"]
    assert f.severity is Severity.INFO and "assumed, not confirmed in the manual" in f.message


def test_a_confirmed_required_operand_is_an_error() -> None:
    (f,) = [f for f in lint_texts({"a.vtam": "APPLS    VBUILD\n"}).findings if f.code == "VTM020"]
    assert f.severity is Severity.ERROR and f.message.startswith("VBUILD APPLS codes no TYPE")


def test_required_conditions_are_read_and_checked() -> None:
    cat = build(
        {
            "statements": {
                "PU": {
                    "operands": {
                        "ADDR": {
                            "required": {
                                "when": ["GROUP LNCTL=SDLC"],
                                "unless": ["GROUP ECLTYPE"],
                                "peers": True,
                            }
                        }
                    }
                }
            }
        },
        "t.yaml",
    )
    req = cat.operand("PU", "ADDR").required  # type: ignore[union-attr]
    assert req is not None and req.peers and req.when[0].values == ("SDLC",)
    assert req.unless[0].operand == "ECLTYPE" and req.unless[0].values == ()
    bad = build({"statements": {"PU": {"operands": {"ADDR": {"required": "yes"}}}}}, "t.yaml")
    with pytest.raises(CatalogError):
        bad.operand("PU", "ADDR")
