"""The catalog is the only table (issue 25): every range and value list it gives is enforced
(PRS003), defaults come from it by case and release, no check or lowering writes a default or
range of its own, and `explain` shows each fact with its evidence."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from decklint import api
from decklint.cli import main
from decklint.core.findings import Finding, Severity
from decklint.knowledge import catalog as catalogs
from decklint.knowledge import facts, schema
from decklint.knowledge.catalog import START_OPTIONS, OperandEntry, StatementEntry
from decklint.knowledge.facts import default_of

SRC = Path(__file__).resolve().parents[1] / "src" / "decklint"


def _lint(files: dict[str, str]) -> list[Finding]:
    return api.lint_texts(files, api.Options()).findings


def _codes(files: dict[str, str], code: str) -> list[Finding]:
    return [f for f in _lint(files) if f.code == code]


# ------------------------------------------------------------------ every fact is enforced


def _outside(op: OperandEntry) -> str:
    """A value the entry's range or value list refuses, coded as the deck would."""
    if op.values:
        if all(v.lstrip("-").isdigit() for v in op.values):
            return str(max(int(v) for v in op.values) + 1)
        return "(ZZBOGUS)" if op.kind == "list" else "ZZBOGUS"
    assert op.range is not None
    hi = op.range[1]
    if op.kind == "hex":
        return f"X'{int(hi) + 1:02X}'"
    if op.kind == "time":
        return f"{hi + 1:g}"
    return f"({int(hi) + 1})" if op.kind == "list" else str(int(hi) + 1)


def _assumed(st: StatementEntry | None, op: OperandEntry) -> bool:
    fact = "values" if op.values else "range"
    low = st is not None and st.confidence == "low" and not op.source
    return op.assumes(fact) or low


def _judged() -> list[tuple[str, str, str]]:
    out = []
    for product in ("vtam", "ncp", "cics"):
        cat = catalogs.catalog(product)
        assert cat is not None
        for st in cat.statements.values():
            for op in st.operands.values():
                if op.range is not None or op.values:
                    out.append((product, st.name, op.name))
        if product == "vtam":
            for op in cat.section_operands(START_OPTIONS).values():
                if op.range is not None or op.values:
                    out.append((product, "", op.name))
    return out


JUDGED = _judged()


def test_the_vtam_and_ncp_catalogs_give_the_ranges_the_issue_counted() -> None:
    ranged = [(p, s) for p, s, o in JUDGED if p in ("vtam", "ncp") and s]
    assert len([1 for p, _ in ranged if p == "vtam"]) >= 104
    assert len([1 for p, _ in ranged if p == "ncp"]) >= 26


@pytest.mark.parametrize(
    ("product", "statement", "operand"), JUDGED, ids=[f"{p}:{s}.{o}" for p, s, o in JUDGED]
)
def test_every_catalogued_range_and_value_list_is_enforced(
    product: str, statement: str, operand: str
) -> None:
    cat = catalogs.catalog(product)
    assert cat is not None
    st = cat.statement(statement) if statement else None
    op = st.operands[operand] if st else cat.section_operands(START_OPTIONS)[operand]
    value = _outside(op)
    if product == "cics":
        files = {"a.csd": f"DEFINE {statement}(X1) GROUP(G1) {operand}({value})\n"}
    elif not statement:
        files = {"ATCSTR00": f"{operand}={value}\n"}
    else:
        files = {f"a.{product}": f"X1       {statement} {operand}={value}\n"}
    found = [f for f in _codes(files, "PRS003") if f.span.line == 1]
    assert found, f"{product}:{statement}.{operand}={value} is not reported"
    want = Severity.WARNING if _assumed(st, op) else Severity.ERROR
    assert found[0].severity is want, found[0].message
    assert ("assumed" in found[0].message) is (want is Severity.WARNING)


# ------------------------------------------------------------------ the facts of the issue


def test_the_done_when_values_of_the_issue(tmp_path: Path) -> None:
    modes = (
        "T        MODETAB\n"
        "M        MODEENT LOGMODE=M,COMPRES=REQD,SSNDPAC=X'50',SRCVPAC=X'81'\n"
        "         MODEEND\n"
    )
    appl = "A        VBUILD TYPE=APPL\nA1       APPL  CMPAPPLO=5,ENCRTYPE=TDES24\n"
    lu = "S        VBUILD TYPE=SWNET\nP1       PU    PUTYPE=2\nL1       LU    PACING=64\n"
    found = _lint({"m.vtam": modes, "a.vtam": appl, "s.vtam": lu})
    said = {(Path(f.path).name, f.code, f.severity, f.message.split(":")[0]) for f in found}
    assert ("m.vtam", "PRS003", Severity.ERROR, "SSNDPAC=X'50'") in said
    assert ("a.vtam", "PRS003", Severity.ERROR, "CMPAPPLO=5") in said
    assert ("s.vtam", "PRS003", Severity.ERROR, "PACING=64") in said
    # COMPRES=REQD and SRCVPAC=X'81' (window 1, flag bit X'80') are values VTAM takes
    assert not [f for f in found if f.code in ("PRS002", "PRS003") and "COMPRES" in f.message]
    assert not [f for f in found if "SRCVPAC" in f.message and f.code == "PRS003"]


def test_a_pacing_byte_with_the_reserved_bit_gives_no_window(tmp_path: Path) -> None:
    deck = (
        "T        MODETAB\n"
        "M        MODEENT LOGMODE=M,SSNDPAC=X'50',SRCVPAC=4,PSNDPAC=X'81'\n"
        "         MODEEND\n"
    )
    res = api.lint_texts({"m.vtam": deck}, api.Options())
    (mode,) = res.topology.of("mode")
    assert mode.value("pacing_secondary_send") is None  # never 16, the low bits of X'50'
    assert mode.value("pacing_primary_send") == 1  # X'81': the window is the low six bits
    assert not [f for f in res.findings if f.code == "SNA006" and "16" in f.message]


def test_bsc_devices_take_uss3270_or_uss3275_only() -> None:
    deck = (
        "G1       GROUP LNCTL=BSC\n"
        "L1       LINE  ADDRESS=(020,HALF)\n"
        "C1       CLUSTER CUTYPE=3271,GPOLL=40407F7F,SSCPFM=FSS\n"
        "T1       TERMINAL TERM=3277,SSCPFM=USSSCS\n"
        "T2       TERMINAL TERM=3277,SSCPFM=USS3270\n"
        "G2       GROUP LNCTL=SS\n"
        "L2       LINE  ADDRESS=021\n"
        "T3       TERMINAL TERM=2741,SSCPFM=USSSCS\n"
    )
    found = _codes({"n.ncp": deck}, "PRS003")
    assert sorted(f.span.line for f in found) == [3, 4]
    assert all("not one of USS3270, USS3275" in f.message for f in found)
    assert all(f.severity is Severity.ERROR for f in found)


def test_a_db2conn_command_thread_may_take_opid_not_user() -> None:
    deck = (
        "DEFINE DB2CONN(D1) GROUP(G1) COMAUTHTYPE(OPID)\n"
        "DEFINE DB2CONN(D2) GROUP(G1) COMAUTHTYPE(USER)\n"
    )
    (found,) = _codes({"c.csd": deck}, "PRS003")
    assert found.span.line == 2 and found.message.startswith("COMAUTHTYPE(USER): not one of")


def test_an_appl_codes_encrtype_not_encrtyp() -> None:
    deck = "A        VBUILD TYPE=APPL\nA1       APPL  ENCRTYP=DES\n"
    (found,) = _codes({"a.vtam": deck}, "PRS002")
    assert found.message.endswith("did you mean ENCRTYPE?")


# ------------------------------------------------------------------ defaults


def test_defaults_come_from_the_catalog_by_case_with_their_evidence() -> None:
    deck = (
        "S        VBUILD TYPE=SWNET\n"
        "P1       PU    PUTYPE=1\n"
        "P2       PU    ADDR=02\n"
        "L2       LU    LOCADDR=2\n"
        "LS       VBUILD TYPE=LOCAL\n"
        "P3       PU    CUADDR=0E0\n"
        "L3       LU    LOCADDR=2\n"
    )
    topo = api.lint_texts({"s.vtam": deck}, api.Options()).topology
    pus = {e.name: e for e in topo.of("pu")}
    lus = {e.name: e for e in topo.of("lu")}
    assert pus["P1"].value("maxdata") == 261 and pus["P2"].value("maxdata") == 265
    assert pus["P1"].get("maxdata").note == "where PUTYPE=1"
    assert lus["L2"].value("vpacing") == 2 and lus["L3"].value("vpacing") == 1  # local SNA
    # an assumed default says so where a finding shows it
    assert default_of("ncp", "BUILD", "SLODOWN").assumed
    assert default_of("ncp", "BUILD", "SLODOWN").note.startswith("assumed")
    assert not default_of("ncp", "PCCU", "DELAY").assumed
    assert default_of("ncp", "PCCU", "MAXDATA", release=(4, 3)) == (65535, False, "from V4R3")


def test_ncp006_leaves_a_deck_that_relies_on_delay_0_alone() -> None:
    deck = "P1       PCCU  CUADDR=660\nB1       BUILD BFRS=240\n"
    assert not _codes({"n.ncp": deck}, "NCP006")


_LOWERING = tuple(
    f"dialects/{d}/{m}.py"
    for d, ms in (("vtam", ("reader", "lowering", "resources")), ("ncp", ("reader", "lowering")))
    for m in ms
)
_CHECKS = ("ncp", "vtm", "sna")


def _literal_defaults(path: Path) -> list[str]:
    """`default(...)`/`attr_or_default(...)` calls whose value is a number or a product's
    upper-case word written in the code, and module-level tables of numbers in a check."""
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = node.args[1:2] if node.func.id == "attr_or_default" else node.args[:1]
            if node.func.id not in ("default", "attr_or_default"):
                continue
            for c in (v for arg in args for v in _values(arg)):
                if not isinstance(c, ast.Constant) or isinstance(c.value, bool):
                    continue
                word = isinstance(c.value, str) and c.value.isupper()
                if isinstance(c.value, (int, float)) or word:
                    out.append(f"{path.name}:{c.lineno} {node.func.id}({c.value!r})")
    if path.parent.name == "checks" and not path.name.startswith("sna"):
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign):
                nums = [
                    c
                    for c in ast.walk(stmt.value)
                    if isinstance(c, ast.Constant) and type(c.value) in (int, float)
                ]
                if nums:
                    out.append(f"{path.name}:{stmt.lineno} a table of numbers")
    return out


def _values(node: ast.expr) -> list[ast.expr]:
    """The expressions a value may be: itself, or either side of `a if c else b`."""
    if isinstance(node, ast.IfExp):
        return [*_values(node.body), *_values(node.orelse)]
    return [node]


def test_no_literal_default_or_range_is_written_outside_the_catalog() -> None:
    files = [SRC / f for f in _LOWERING]
    files += [p for p in (SRC / "checks").glob("*.py") if p.name.startswith(_CHECKS)]
    found = [hit for p in files for hit in _literal_defaults(p)]
    assert found == [], "take these from the catalog (facts.catalogued, default_of): " + str(found)


def test_the_literal_scan_finds_what_the_old_code_wrote(tmp_path: Path) -> None:
    old = tmp_path / "checks" / "ncp099_x.py"
    old.parent.mkdir()
    old.write_text(
        "_LIMIT = 65535\n"
        "def f(st, x, appc, text):\n"
        "    a = attr_or_default(st.keyword('MAXOUT'), 1)\n"
        "    b = default('ISTINCLM', 'note')\n"
        "    c = attr_or_default(x, 2 if appc else 0)\n"
        "    d = default(None, 'fine')\n"
        "    e = default('LOGICAL' in text)\n"
    )
    assert len(_literal_defaults(old)) == 5


# ------------------------------------------------------------------ one entry is enough


def test_adding_an_operand_with_a_range_touches_one_catalog_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "grammars"
    shutil.copytree(catalogs.grammars_root(), root)
    path = root / "catalogs" / "vtam.yaml"
    data = yaml.safe_load(path.read_text())
    data["statements"]["APPL"]["operands"]["ZZLIMIT"] = {
        "kind": "int",
        "range": [1, 9],
        "meaning": "an operand added for the test",
        "source": "a manual",
    }
    path.write_text(yaml.safe_dump(data))
    monkeypatch.setattr(catalogs, "grammars_root", lambda: root)
    caches = [catalogs.catalog, catalogs.operand_names]
    caches += [schema.statement_schema, schema.operand_entries, schema.known_operands]
    caches += [schema.statement_names, schema.closed_by_catalog, schema.catalog_of]
    caches += [schema.judged_entries, facts._plain]
    for cached in caches:
        cached.cache_clear()
    try:
        deck = "A        VBUILD TYPE=APPL\nA1       APPL  ZZLIMIT=10\nA2       APPL  ZZLIMIT=5\n"
        found = [f for f in _lint({"a.vtam": deck}) if f.code in ("PRS002", "PRS003")]
        assert [(f.code, f.span.line, f.severity) for f in found] == [("PRS003", 2, Severity.ERROR)]
        assert "ZZLIMIT=10: outside the allowed range 1-9" in found[0].message
    finally:
        for cached in caches:
            cached.cache_clear()


# ------------------------------------------------------------------ explain


def _explain(spec: str) -> tuple[int, str]:
    out = CliRunner().invoke(main, ["explain", spec])
    return out.exit_code, out.output


def test_explain_gives_a_start_options_default_and_its_evidence() -> None:
    code, text = _explain("vtam:CDRDYN")
    assert code == 0, text
    assert "vtam:CDRDYN  (start option)" in text and "default: YES" in text
    assert "socy" in text  # the manual's page it rests on
    assert "vtam:CDRM CDRDYN" in text and "default: NO" in text  # the CDRM operand's own


def test_explain_marks_an_assumed_fact_and_shows_cases() -> None:
    code, text = _explain("ncp:BUILD.SLODOWN")
    assert code == 0 and "(not confirmed in the manual)" in text
    code, text = _explain("ncp:TERMINAL.SSCPFM")
    assert code == 0 and "where GROUP LNCTL=BSC: values USS3270, USS3275; default USS3275" in text
    code, text = _explain("vtam:MODEENT.SSNDPAC")
    assert code == 0 and "reserved bits: X'40'" in text and "default: 0 (assumed)" in text


def test_explain_names_what_exists_for_an_unknown_key() -> None:
    code, text = _explain("vtam:CDRDYNN")
    assert code == 2 and "did you mean CDRDYN" in text
    code, text = _explain("ncp:BUILD.SLODWN")
    assert code == 2 and "did you mean SLODOWN" in text


# ------------------------------------------------------------------ schema's API


def test_schema_is_the_catalogs_where_a_dialect_has_one() -> None:
    modeent = schema.statement_schema("vtam", "MODEENT")
    assert modeent is not None and modeent.closed and "COMPRES" in modeent.operands
    ssndpac = schema.operand_entries("vtam", "MODEENT")["SSNDPAC"]
    assert ssndpac.kind == "pace" and ssndpac.reserved_bits == 0x40
    # an unconfirmed closed entry is open (it rejects nothing), as before
    mdltab = schema.statement_schema("vtam", "MDLTAB")
    assert mdltab is not None and not mdltab.closed
    # a dialect still without a catalog keeps its table, its ranges as entries
    assert schema.operand_entries("cm2", "DEFINE_MODE")["RECEIVE_PACING_WINDOW"].range == (
        0,
        63,
    )
    assert "BUILD" in schema.statement_names("ncp") and "TCPCONFIG" not in schema.statement_names(
        "tcpip"
    )


def test_hover_shows_the_default_of_the_case_that_holds() -> None:
    from decklint import ide

    text = "S        VBUILD TYPE=SWNET\nP1       PU    PUTYPE=1,ADDR=01\n"
    result = api.lint_texts({"s.vtam": text}, api.Options())
    h = ide.hover(result, "s.vtam", text, 2, 10)
    assert h is not None
    assert "- `MAXDATA` not coded: the default `261` (where PUTYPE=1) applies" in h.markdown
    assert "- `VPACING` not coded: the default `2` (where VBUILD TYPE=SWNET|MODEL)" in h.markdown
