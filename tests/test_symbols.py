"""The symbol table: what is defined where, what is used, and what is missing."""

from __future__ import annotations

import pytest

from decklint.core.source import Span
from decklint.core.symbols import Definition, Reference, SymbolTable

AT = Span(1, 1, 1, 5)


def _table() -> SymbolTable:
    sym = SymbolTable()
    sym.define_all(
        [
            Definition("tcpip_link", name, "p", AT, "tcpip", "PROD")
            for name in ("OSA2", "ETH1", "OSA1", "ETH1")
        ]
    )
    sym.define(Definition("modetab", "TAB1", "m", AT, "vtam"))
    sym.define(Definition("modetab", "TAB2", "m", AT, "vtam"))
    for kind, name, scope in (("tcpip_link", "OSA3", "PROD"), ("modetab", "TAB1", "")):
        sym.reference(Reference(kind, name, "p", AT, "tcpip", "START", scope))
    sym.reference(Reference("modetab", "ISTINCLM", "a", AT, "vtam", "MODETAB"))
    return sym


def test_names_are_each_defined_name_once_sorted_and_follow_changes() -> None:
    sym = _table()
    assert sym.names("tcpip_link", "PROD") == ["ETH1", "OSA1", "OSA2"]
    assert sym.names("tcpip_link", "TEST") == [] and sym.names("modetab", "") == ["TAB1", "TAB2"]
    sym.define(Definition("tcpip_link", "ETH0", "q", AT, "tcpip", "PROD"))
    assert sym.names("tcpip_link", "PROD") == ["ETH0", "ETH1", "OSA1", "OSA2"]
    sym.move_files({"q": "TEST"})
    assert sym.names("tcpip_link", "TEST") == ["ETH0"]
    assert "ETH0" not in sym.names("tcpip_link", "PROD")


def test_unresolved_unused_and_the_kinds_referred_to() -> None:
    sym = _table()
    assert [r.name for r in sym.unresolved("PRS005")] == ["OSA3"]  # ISTINCLM is IBM's own
    assert [d.name for d in sym.unused()] == ["TAB2"]
    assert sym.referred_kinds() == {"tcpip_link", "modetab"}
    assert [len(d) for d in sym.duplicates()] == [2]


def test_has_kind_with_and_without_a_scope() -> None:
    sym = _table()
    assert sym.has_kind("tcpip_link") and sym.has_kind("tcpip_link", "PROD")
    assert not sym.has_kind("tcpip_link", "TEST") and not sym.has_kind("tcpip_device")
    sym.define(Definition("tcpip_device", "D1", "q", AT, "tcpip", "TEST"))
    assert sym.has_kind("tcpip_device") and sym.has_kind("tcpip_device", "TEST")


def test_guesses_stop_when_the_run_has_spent_its_comparisons(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from decklint.api import lint_texts
    from decklint.checks import prs005_undefined_reference as prs005

    profile = "DEVICE OSADEV1 MPCIPA\nLINK ETH1 IPAQENET OSADEV1\nSTART OSADEV2\nSTART OSADEV3\n"
    by_budget = {}
    full = prs005.GUESS_BUDGET
    for budget in (full, 1, 0):
        monkeypatch.setattr(prs005, "GUESS_BUDGET", budget)
        found = lint_texts({"SYS1/PROFILE.TCPIP": profile}).findings
        by_budget[budget] = [
            "did you mean OSADEV1" in f.message for f in found if f.code == "PRS005"
        ]
    assert by_budget == {full: [True, True], 1: [True, False], 0: [False, False]}


def test_packing_attributes_in_one_pass_gives_the_forms_of_raw() -> None:
    """Attrs.pack writes each attribute's raw form straight into the flat tuple: the same
    shape and tuple as building the forms one by one."""
    from decklint.core.records import Attr, Attrs, Span, _raw

    cases = [
        {"name": Attr("A1", "A1", Span(1, 1, 1, 3))},
        {"x": Attr(4000, "4000", Span(2, 10, 2, 14)), "d": Attr(12, None, None, True, "dflt")},
        {"n": Attr("N", "N", None, False, "")},
        {"s": Attr("V", "V", Span(1, 1, 1, 2), True, ""), "t": Attr(None, None, None, False, "")},
        {"long": Attr("X" * 60, "X" * 60, Span(3, 1, 3, 61), False, "a note")},
    ]
    for attrs in cases:
        one = Attrs.pack(attrs)
        other = Attrs.of_raw({k: _raw(a) for k, a in attrs.items()})
        assert (one._shape, one._flat) == (other._shape, other._flat)
        assert dict(one) == attrs
