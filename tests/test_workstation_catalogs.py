"""The catalogs of the workstation and NonStop dialects (AS/400 CL, CM/2 NDF, NS/DOS, AIX SNA
Services, NonStop SCF) are their only table: every range and value list they hold is enforced,
a finding that rests on an assumed fact is a warning that says so, the lowering takes its
defaults from them, and `explain`, hover and completion answer from them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import api, dialects
from decklint.cli import main
from decklint.core.findings import Severity
from decklint.knowledge import catalog as catalogs
from decklint.knowledge import schema
from decklint.knowledge.catalog_check import (
    assumed,
    default_of,
    positions,
    related,
    value_problem,
)

from .helpers import case_options

PRODUCTS = ("as400", "cm2", "nsdos", "aix", "scf")
SRC = Path(__file__).resolve().parents[1] / "src" / "decklint" / "dialects"


def _lint(files: dict[str, str], tmp_path, monkeypatch) -> list[tuple[str, str, Severity, str]]:  # type: ignore[no-untyped-def]
    res = api.lint_texts(files, case_options({"files": files}, tmp_path, monkeypatch))
    return [
        (f.code, f"{f.span.line}:{f.span.col}", f.severity, f.message)
        for f in res.findings
        if f.code in ("PRS002", "PRS003")
    ]


@pytest.mark.parametrize("product", PRODUCTS)
def test_each_dialect_names_its_catalog(product: str) -> None:
    assert dialects.REGISTRY[product].catalog == product
    assert catalogs.catalog(product) is not None


def test_schema_py_keeps_no_table_of_these_products() -> None:
    assert not hasattr(schema, "AS400") and not hasattr(schema, "CM2")
    assert not set(schema.ALL) & set(PRODUCTS)


@pytest.mark.parametrize(
    ("key", "shows"),
    [
        ("as400:CRTMODD.MAXSSN", ["range: 1-512", "default: 8", "CRTMODD"]),
        ("as400:CHGSYSVAL", ["SYSVAL", "VALUE"]),
        ("cm2:DEFINE_MODE", ["RECEIVE_PACING_WINDOW", "not confirmed"]),
        ("nsdos:TRLD.MAXIN", ["range: 1-127", "not confirmed"]),
        ("aix:transmit_window_count", ["aix:DLC", "range: 1-127"]),
        ("scf:PORT.DATAFORWARDTIME", ["default: 0.010", "not confirmed"]),
        ("scf:ALTER", ["SCF command"]),
    ],
)
def test_explain_answers_for_every_workstation_dialect(key: str, shows: list[str]) -> None:
    out = CliRunner().invoke(main, ["explain", key])
    assert out.exit_code == 0, out.output
    for text in shows:
        assert text in out.output, (key, text, out.output)


def test_an_unknown_key_names_what_exists() -> None:
    out = CliRunner().invoke(main, ["explain", "as400:CRTMODD.MAXSN"])
    assert out.exit_code == 2 and "did you mean MAXSSN" in out.output
    out = CliRunner().invoke(main, ["explain", "cm2:DEFINE_MOD"])
    assert out.exit_code == 2 and "did you mean DEFINE_MODE" in out.output


# -------------------------------------------------------------- every range and list enforced


def _deck(product: str, statement: str, operand: str, value: str) -> dict[str, str] | None:
    """A deck coding one operand of a statement with `value`, as the dialect writes it."""
    cat = catalogs.catalog(product)
    assert cat is not None
    name = operand if product != "aix" else _spelt(product, statement, operand)
    if product == "as400":
        return {"a.clp": f"{statement} {name}({value})\n"}
    if product == "cm2":
        return {"a.ndf": f"{statement} {name}({value});\n"}
    if product == "nsdos":
        if operand in positions("nsdos", statement):
            if statement != "MODE":
                return None
            cols = ["*", "3", "8"]
            cols[positions("nsdos", statement).index(operand)] = value
            return {"MODE.NSD": f"M1 {' '.join(cols)}\n"}
        return {"CONFIG.NSD": f"{statement} {name}={value}\n"}
    if product == "aix":
        if statement == "NO":
            return {"a.smit": f"no -o {name}={value}\n"}
        if statement.startswith("DEFINE_"):  # a CS/AIX record of sna_node.cfg
            return {"sna_node.cfg": f"[{statement.lower()}]\n{name} = {value}\n"}
        stanza = {"DLC": "sna_dlc_x", "ADAPTER": "tok0", "MODE": "sna_mode_x"}[statement]
        return {"a.smit": f"no -o thewall=8192\n{stanza}:\n  {name} = {value}\n"}
    if product == "scf":
        return {"a.scf": f"ALTER {statement} $X, {name} {value}\n"}
    return None


def _spelt(product: str, statement: str, operand: str) -> str:
    from decklint.knowledge.catalog_check import spelt

    cat = catalogs.catalog(product)
    assert cat is not None
    return spelt(cat, statement, operand)


def _checked() -> list[tuple[str, str, str]]:
    out = []
    for product in PRODUCTS:
        cat = catalogs.catalog(product)
        assert cat is not None
        for st in cat.statements.values():
            for op in st.operands.values():
                if op.kind in ("list", "text", "name"):
                    continue
                if op.range is not None or (op.kind in ("enum", "yesno") and op.values):
                    out.append((product, st.name, op.name))
    return out


@pytest.mark.parametrize(("product", "statement", "operand"), _checked())
def test_every_catalogued_range_and_value_list_is_enforced(
    product: str, statement: str, operand: str, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    cat = catalogs.catalog(product)
    assert cat is not None
    st = cat.statement(statement)
    op = cat.operand(statement, operand)
    assert st is not None and op is not None
    if op.range is not None:
        bad = f"{int(op.range[1]) + 1:X}" if op.kind == "hex" else str(int(op.range[1]) + 1)
    else:
        bad = "ZZZQQ"
    assert value_problem(op, _value(bad)) is not None
    deck = _deck(product, statement, operand, bad)
    if deck is None:
        pytest.skip("no way to code it alone")
    found = [f for f in _lint(deck, tmp_path, monkeypatch) if f[0] == "PRS003"]
    assert found, (deck, _lint(deck, tmp_path, monkeypatch))
    severity, message = found[0][2], found[0][3]
    if assumed(cat, st, op):
        assert severity is Severity.WARNING and "(assumed" in message
    elif related(st, op):
        # read in a manual of a product built from the same code: a warning naming it
        assert severity is Severity.WARNING and f"as {related(st, op)} documents it" in message
    else:
        assert severity is Severity.ERROR and "assumed" not in message


def _value(text: str):  # type: ignore[no-untyped-def]
    from decklint.core.ir import Value
    from decklint.core.source import Span

    return Value("word", text, Span.point(1, 1))


# ---------------------------------------------------------------- defaults only in the catalog

_LOWERING = {
    "as400": SRC / "as400" / "lowering.py",
    "cm2": SRC / "cm2" / "lowering.py",
    "nsdos": SRC / "nsdos" / "lowering.py",
}


@pytest.mark.parametrize("product", sorted(_LOWERING))
def test_no_default_the_catalog_holds_is_written_in_the_lowering(product: str) -> None:
    cat = catalogs.catalog(product)
    assert cat is not None
    defaults = {
        op.default
        for st in cat.statements.values()
        for op in st.operands.values()
        if op.default is not None
    }
    tree = ast.parse(_LOWERING[product].read_text())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        if name not in ("default", "attr_or_default", "_attr", "_num"):
            continue
        for arg in node.args[1:] if name != "default" else node.args:
            if isinstance(arg, ast.Constant) and arg.value in defaults and arg.value not in ("",):
                raise AssertionError(
                    f"{product}: line {node.lineno} writes the default {arg.value!r}; "
                    "read it from the catalog (catalog_check.default_of)"
                )


def test_the_lowering_applies_the_catalogs_defaults(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    files = {"a.clp": "CRTMODD MODD(M1)\n", "b.ndf": "DEFINE_MODE MODE_NAME(M2);\n"}
    res = api.lint_texts(files, case_options({"files": files}, tmp_path, monkeypatch))
    modes = {e.name: e for e in res.topology.of("mode")} if res.topology else {}
    if not modes:
        pytest.skip("the result carries no model")
    m1, m2 = modes["M1"], modes["M2"]
    assert m1.value("receive_window") == default_of("as400", "CRTMODD", "INPACING")
    assert m1.value("max_sessions") == default_of("as400", "CRTMODD", "MAXSSN")
    assert m2.value("receive_window") == default_of("cm2", "DEFINE_MODE", "RECEIVE_PACING_WINDOW")
    assert "(assumed)" in (m2.attrs["receive_window"].note or "")


# ------------------------------------------------------------------------- findings by case


def test_as400_names_and_values_by_the_catalog(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    deck = (
        "CRTMODD MODD(X) MAXSSN(600) INPACNG(3)\n"
        "CRTLINTRN LIND(L) RSRCNAME(R) LINESPEED(8M)\n"
        "CRTMOD MODD(Y)\n"
        "PGM\n"
        "CHGSYSVAL QPFRADJ VALUE('5')\n"
        "CRTDEVAPPC HOSTDEV CICSLAB LOCADR(1FF)\n"
        "CRTDEVTAP DEVD(TAP01) RSRCNAME(TAP01)\n"
        "ZQ9 X\n"
    )
    got = {(c, at): (sev, msg) for c, at, sev, msg in _lint({"a.clp": deck}, tmp_path, monkeypatch)}
    assert got[("PRS003", "1:24")] == (
        Severity.ERROR,
        "MAXSSN(600) on CRTMODD: outside the allowed range 1-512",
    )
    assert got[("PRS002", "1:29")] == (
        Severity.ERROR,
        "parameter INPACNG of CRTMODD is not known; did you mean INPACING?",
    )
    assert got[("PRS003", "2:41")][1].endswith("must be one of 4M, 16M, 100M, *AUTO, *NWI")
    # a command decklint does not model is information at most: one letter from one it
    # models, or named as no IBM i command is; an IBM i command's name, nothing
    assert got[("PRS002", "3:1")] == (
        Severity.INFO,
        "command CRTMOD is not one decklint models; did you mean CRTMODD?",
    )
    assert ("PRS002", "4:1") not in got  # PGM
    assert ("PRS002", "7:1") not in got  # CRTDEVTAP
    assert got[("PRS002", "8:1")][0] is Severity.INFO
    sev, msg = got[("PRS003", "5:25")]
    assert sev is Severity.WARNING and msg.startswith("VALUE('5') on QPFRADJ: must be one of 0")
    assert got[("PRS003", "6:35")][1].endswith("outside the allowed range 00-FF")


def test_a_closed_confirmed_as400_command_rejects_what_it_does_not_take(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    ((code, _at, sev, msg),) = _lint({"a.clp": "CRTMODD MODD(X) ZZZQQ(1)\n"}, tmp_path, monkeypatch)
    assert (code, sev) == ("PRS002", Severity.ERROR)
    assert msg.startswith("parameter ZZZQQ of CRTMODD is not accepted by AS/400 (catalog: ")


def test_assumed_catalogs_warn_and_say_so(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    files = {
        "a.ndf": "DEFINE_MODE MODE_NAME(X) RECEIVE_PACING_WINDOW(64);\n",
        "CONFIG.NSD": "TRLD 400000001088, MAXIN=2, MAXOT=2\nSTAT ON\n",
        "a.scf": "ASSUME LINE $CHAMA\nALTER PORT #IP, DATAFORWARDCOUNTS 1\n",
        "a.smit": "no -o thewall=8192\nsna_mode_x:\n  max_ru_size = 4096\n",
    }
    got = _lint(files, tmp_path, monkeypatch)
    assert got, "each file has a finding"
    for code, at, sev, msg in got:
        if sev is Severity.INFO:
            assert msg == "record STAT is not known; it is kept but not modelled", (code, at)
            continue
        assert sev is Severity.WARNING and "(assumed" in msg, (code, at, msg)
    messages = " | ".join(m for *_x, m in got)
    assert "RECEIVE_PACING_WINDOW(64) on DEFINE_MODE: outside the allowed range 0-63" in messages
    assert "keyword MAXOT of TRLD is not known; did you mean MAXOUT?" in messages
    assert "attribute DATAFORWARDCOUNTS of ALTER PORT is not known" in messages
    assert "max_ru_size = 4096 on the mode profile: outside the allowed range 1-3840" in messages


# ------------------------------------------------------------------------ hover and completion


def _hover(path: str, text: str, line: int, col: int) -> str:
    from decklint import ide

    h = ide.hover(api.lint_texts({path: text}), path, text, line, col)
    return h.markdown if h is not None else ""


def test_hover_and_completion_read_the_workstation_catalogs() -> None:
    from decklint.ide.complete import completions

    deck = "CRTMODD BLKDATA MAXSSN(16)\n"
    assert "MODD" in _hover("a.clp", deck, 1, 10)  # the positional mode name
    assert "1-512" in _hover("a.clp", deck, 1, 18)
    labels = {c.label for c in completions("a.clp", "CRTMODD MODD(X) MAXS", 1, 21)}
    assert "MAXSSN" in labels
    scf = "ASSUME LINE $CHAMA\nALTER PORT #IP, DATAFORWARDCOUNT 1\n"
    assert "DATAFORWARDCOUNT" in _hover("a.scf", scf, 2, 18)
    smit = "no -o thewall=8192\nsna_dlc_x:\n  transmit_window_count = 8\n"
    assert "1-127" in _hover("a.smit", smit, 3, 4)
