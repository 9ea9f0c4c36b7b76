"""Decks kept as templates (Ansible's Jinja2, Puppet's ERB and EPP): read for their product
lines, their dialect told by those lines and their name without the template suffix; template
code and the values a template fills in are not judged, and one information (PRS015) says how
much was not. The fixtures in fixtures/templates/ are shaped like the roles that keep TSM
client options and VTAM definitions so."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint import api
from decklint.core.settings import Settings
from decklint.core.source import Span
from decklint.fmt.files import format_text
from decklint.readers import templates
from tests.conftest import FIXTURES

TEMPLATES = FIXTURES / "templates"


def _lint(*paths: Path) -> api.LintResult:
    return api.lint_paths([str(p) for p in paths], api.Options())


def _codes(res: api.LintResult, path: Path) -> list[tuple[int, str]]:
    return [(f.span.line, f.code) for f in res.findings if f.path.endswith(path.name)]


@pytest.mark.parametrize(
    ("rel", "dialect"),
    [
        ("ansible/dsm.sys.j2", "tsm"),
        ("ansible/dsm.opt.j2", "tsm"),
        ("ansible/InclExcl.j2", "tsm"),
        ("ansible/APPLCICS.j2", "vtam"),
        ("puppet/dsm.opt.erb", "tsm"),  # template code only: told by its name
        ("puppet/dsm.sys_header.erb", "tsm"),  # no tag at all: its name without .erb
        ("puppet/dsm.sys_stanza.erb", "tsm"),
    ],
)
def test_a_template_is_the_dialect_of_its_product_lines_and_name(rel: str, dialect: str) -> None:
    res = _lint(TEMPLATES / rel)
    assert [d for _p, d in res.files] == [dialect]
    assert not res.unlinted


def test_template_code_and_filled_values_are_not_judged_and_said_once() -> None:
    path = TEMPLATES / "ansible" / "dsm.sys.j2"
    res = _lint(path)
    (note,) = [f for f in res.findings if f.code == "PRS015"]
    assert note.span == Span.point(1, 1)
    assert note.message.startswith(
        "a template: 6 lines of template code and 5 values it fills in are not judged"
    )
    # a literal value is judged as in any dsm.sys; the port, the address and the loop are not
    assert _codes(res, path) == [(1, "PRS015"), (9, "PRS003")]


def test_a_value_filled_in_is_read_as_a_placeholder_of_its_width() -> None:
    text = "SErvername  {{ server }}\n{% if x %}\n   TCPPort 1500\n{% endif %}\n"
    tpl = templates.read("dsm.sys.j2", text)
    assert tpl is not None
    assert tpl.name == "dsm.sys"
    assert tpl.text.split("\n") == ["SErvername  XXXXXXXXXXXX", "", "   TCPPort 1500", "", ""]
    assert (tpl.code_lines, tpl.filled) == (2, (Span(1, 13, 1, 25),))
    assert tpl.covers(Span(1, 13, 1, 25)) and not tpl.covers(Span(1, 1, 1, 25))


def test_a_card_deck_template_keeps_its_columns_and_judges_its_own_values() -> None:
    path = TEMPLATES / "ansible" / "APPLCICS.j2"
    res = _lint(path)
    assert _codes(res, path) == [(1, "PRS015"), (6, "PRS003")]
    (bad,) = [f for f in res.findings if f.code == "PRS003"]
    assert bad.span.col == 57  # VPACING=99999 where the template writes it


def test_no_tag_and_no_template_suffix_is_no_template() -> None:
    assert templates.read("ATCSTR00", "CONFIG=00,SSCPID=1\n") is None
    assert templates.read("notes.txt", "a <b> and {braces}\n") is None
    plain = templates.read("dsm.sys.erb", "SErvername A\n")
    assert plain is not None and (plain.name, plain.note()) == ("dsm.sys", "")


def test_a_template_gives_the_same_findings_alone_and_in_its_folder() -> None:
    folder = _lint(TEMPLATES)
    for path in sorted(TEMPLATES.rglob("*")):
        if path.is_file():
            alone = _lint(path)
            mine = [f for f in folder.findings if f.path == alone.files[0][0]]
            assert [(f.code, f.span, f.message) for f in mine] == [
                (f.code, f.span, f.message) for f in alone.findings
            ], path


def test_format_leaves_a_template_alone() -> None:
    path = TEMPLATES / "ansible" / "APPLCICS.j2"
    text = path.read_text()
    got = format_text(str(path), text, Settings())
    assert got.text == text
    assert got.left == ((str(path), "a template: format the file it renders, not the template"),)
