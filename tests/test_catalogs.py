"""The product catalogs (grammars/catalogs/): well formed, cited, and what `explain` shows."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from decklint.cli import main
from decklint.knowledge import catalog as catalogs
from decklint.knowledge.schema import statement_schema

KINDS = catalogs.KINDS


@pytest.mark.parametrize("product", catalogs.names())
def test_a_catalog_is_well_formed_and_every_entry_cites_its_source(product: str) -> None:
    cat = catalogs.catalog(product)
    assert cat is not None and cat.product and cat.reference and cat.statements
    for st in cat.statements.values():
        assert st.meaning, f"{product}:{st.name} has no meaning"
        assert st.source or cat.reference, f"{product}:{st.name} cites nothing"
        for op in [*st.operands.values(), *([st.value] if st.value else [])]:
            assert op.kind in KINDS, f"{product}:{st.name} {op.name}: kind {op.kind!r}"
            assert op.meaning, f"{product}:{st.name} {op.name} has no meaning"
            if op.range is not None:
                assert op.range[0] <= op.range[1], f"{product}:{st.name} {op.name}: range"


def test_a_catalog_is_read_from_the_cache_as_the_yaml_says(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(tmp_path))
    catalogs.catalog.cache_clear()
    first = catalogs.catalog("ncp")
    assert list((tmp_path / "catalogs").glob("*.pickle")), "the parsed catalog is kept"
    catalogs.catalog.cache_clear()
    assert catalogs.catalog("ncp") == first


def test_a_damaged_cached_catalog_is_read_again_from_the_yaml(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(tmp_path))
    catalogs.catalog.cache_clear()
    first = catalogs.catalog("vtam")
    for kept in (tmp_path / "catalogs").glob("*.pickle"):
        kept.write_text("{not a pickle")
    catalogs.catalog.cache_clear()
    assert catalogs.catalog("vtam") == first


def test_explain_shows_an_operand_of_a_catalog() -> None:
    out = CliRunner().invoke(main, ["explain", "ncp:HOST.MAXBFRU"])
    assert out.exit_code == 0, out.output
    assert "ncp:HOST MAXBFRU" in out.output and "range: 1-255" in out.output
    assert "source:" in out.output


def test_explain_lists_every_statement_that_takes_an_operand() -> None:
    out = CliRunner().invoke(main, ["explain", "vtam:DLOGMOD"])
    assert out.exit_code == 0, out.output
    assert "vtam:APPL DLOGMOD" in out.output and "vtam:PU DLOGMOD" in out.output


def test_explain_refuses_what_no_catalog_holds() -> None:
    assert CliRunner().invoke(main, ["explain", "vtam:NOSUCHOP"]).exit_code == 2
    assert CliRunner().invoke(main, ["explain", "nosuch:APPL"]).exit_code == 2


def test_explain_of_a_catalog_as_a_whole_lists_its_statements() -> None:
    """EZACICD's statements are its TYPE= values: `ezacicd:EZACICD` (the macro by the
    product's name) and `ezacicd:` list them, each with what it is."""
    for spec in ("ezacicd:EZACICD", "ezacicd:"):
        out = CliRunner().invoke(main, ["explain", spec])
        assert out.exit_code == 0, out.output
        lines = out.output.splitlines()
        assert "  ezacicd:LISTENER  (EZACICD TYPE=LISTENER, one for each listener of a region)" in (
            lines
        )
        assert [ln.split()[0] for ln in lines if ln.startswith("  ezacicd:")] == [
            "ezacicd:INITIAL",
            "ezacicd:CICS",
            "ezacicd:LISTENER",
            "ezacicd:FINAL",
        ]
    miss = CliRunner().invoke(main, ["explain", "ezacicd:QQQQ"])
    assert miss.exit_code == 2
    assert "its statements: INITIAL, CICS, LISTENER, FINAL" in miss.output
    many = CliRunner().invoke(main, ["explain", "vtam:XYZZY"])
    assert "`decklint explain vtam:` lists its" in many.output


def test_statements_the_catalog_knows_are_known_to_the_checks() -> None:
    """An APPN class-of-service table and an adjacent SSCP table are VTAM statements."""
    for op in ("APPNCOS", "LINEROW", "NODEROW", "ADJCDRM", "NETWORK", "COSTAB"):
        assert statement_schema("vtam", op) is not None, op
    from decklint.readers.assembler.instructions import kind_of

    # the assembler's own instructions are the HLASM catalog's, not VTAM's
    assert statement_schema("vtam", "CSECT") is None and kind_of("CSECT") == "assembler"
    assert "NEGPOLP" in statement_schema("ncp", "LINE").operands  # type: ignore[union-attr]


def test_a_unique_fact_is_read_with_its_scope_and_shown_by_explain() -> None:
    u = catalogs.catalog("vtam").operand("PU", "IDBLK").unique  # type: ignore[union-attr]
    assert u is not None and u.scope == "network" and u.together == ("IDNUM",)
    assert "Switched major node, IDNUM" in u.source and not u.assumed
    result = CliRunner().invoke(main, ["explain", "vtam:PU.IDBLK"])
    assert "unique: IDBLK with IDNUM in one network" in result.output


def test_explain_shows_the_limit_on_a_buffer_count_times_its_buffer_size() -> None:
    result = CliRunner().invoke(main, ["explain", "ncp:HOST.MAXBFRU"])
    assert "times the buffer size it counts: below 65535" in result.output


@pytest.mark.parametrize(
    ("unique", "says"),
    [
        ({"scope": "galaxy", "source": "x"}, "scope"),
        ({"scope": "domain"}, "source"),
        ("domain", "scope"),
    ],
)
def test_a_malformed_unique_fact_is_refused_naming_what_is_wrong(unique: object, says: str) -> None:
    data = {"statements": {"APPL": {"operands": {"ACBNAME": {"kind": "name", "unique": unique}}}}}
    cat = catalogs.build(data, "t.yaml")
    with pytest.raises(catalogs.CatalogError, match=says):
        cat.operand("APPL", "ACBNAME")


@pytest.mark.parametrize("where", ["statement", "operand"])
def test_a_confidence_the_catalogs_do_not_know_is_refused(where: str) -> None:
    op: dict[str, object] = {"kind": "int"}
    st: dict[str, object] = {"operands": {"WINDOW": op}}
    (op if where == "operand" else st)["confidence"] = "medium"
    cat = catalogs.build({"statements": {"LINK": st}}, "t.yaml")
    with pytest.raises(catalogs.CatalogError, match="related, low"):
        cat.operand("LINK", "WINDOW")


def test_explain_says_a_fact_was_read_in_a_related_products_manual() -> None:
    out = CliRunner().invoke(main, ["explain", "aix:DEFINE_TR_LS.max_send_btu_size"])
    assert out.exit_code == 0, out.output
    assert "range: 265-65535" in out.output
    assert "HP-UX SNAplus2 R7 Administration Command Reference, 2.60.1" in out.output
    assert "a manual of a product built from the same code" in out.output


def test_every_related_fact_names_the_manual_it_was_read_in() -> None:
    from decklint.knowledge.catalog_check import related

    for product in catalogs.names():
        cat = catalogs.catalog(product)
        assert cat is not None
        for st in cat.statements.values():
            for op in st.operands.values():
                if (op.confidence or st.confidence) == "related":
                    assert related(st, op).endswith(("Reference", "Guide")), (st.name, op.name)
