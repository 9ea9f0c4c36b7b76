"""The TSM/ADSM option table is the catalog's: every option and IBM's minimum abbreviations."""

from __future__ import annotations

import pytest

from decklint import api
from decklint.dialects.tsm.reader import option, options_file
from decklint.knowledge.catalog import catalog


def test_every_catalog_option_is_known_by_its_minimum_abbreviation() -> None:
    cat = catalog("tsm")
    assert cat is not None
    for st in cat.statements.values():
        short = "".join(c for c in st.abbrev if not c.islower()) if st.abbrev else st.name
        assert option(short) == st.name or option(st.name) == st.name


@pytest.mark.parametrize(
    ("spelling", "name"),
    [
        ("SE", "SERVERNAME"),
        ("servername", "SERVERNAME"),
        ("VIRTUALM", "VIRTUALMOUNTPOINT"),
        ("quiet", "QUIET"),
        ("TCPCLIENTA", "TCPCLIENTADDRESS"),
    ],
)
def test_spellings(spelling: str, name: str) -> None:
    assert option(spelling) == name


def test_options_file_by_name() -> None:
    assert options_file("/etc/dsm.sys") == "dsm.sys"
    assert options_file("DSMSYS") == "dsm.sys"
    assert options_file("x/endit-dsm.opt") == "dsm.opt"
    assert options_file("options.txt") == ""


def test_valid_options_are_not_reported_unknown() -> None:
    result = api.lint_texts({"dsm.opt": "SErvername tsm1\nFOLlowsymbolic yes\nquiet\n"})
    assert not [x for x in result.findings if x.code == "PRS002"]
