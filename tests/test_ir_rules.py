"""`ir` rules run on each file as it is parsed, and cached or transferred files keep their
statements packed until something reads them."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

from decklint import api, checks
from decklint.core.ir import Statement, Statements
from decklint.core.source import Span
from decklint.lint import check
from decklint.lint.manifest import ManifestError, from_dict
from decklint.lint.registry import load_registry

from .conftest import FIXTURES
from .helpers import manifest_data

NCP = """\
LAB45    BUILD BFRS=64,NEWNAME=LAB45
         PCCU  CUADDR=020,DELAY=0.2
"""
IR_CODES = {
    "NCP004",
    "NCP006",
    "NCP014",
    "NCP020",
    "PRS002",
    "PRS003",
    "TCP029",
    "TCP030",
    "TSM001",
    "VTM020",
}


@pytest.fixture
def deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "net"
    folder.mkdir()
    (folder / "LAB45.ncp").write_text(NCP)
    (folder / "TUNED.ncp").write_text("TUNED    BUILD BFRS=240,NEWNAME=TUNED\n")
    return folder


def _codes(result: api.LintResult) -> list[tuple[str, str, int]]:
    return [(f.code, Path(f.path).name, f.span.line) for f in result.findings]


def test_the_statement_rules_are_ir_rules() -> None:
    ir = {m.code for m in load_registry().rules.values() if m.target == "ir"}
    assert ir == IR_CODES
    assert all(load_registry().rules[c].impl == "python" for c in ir)


def test_an_expression_rule_cannot_read_ir() -> None:
    raw = manifest_data(target="ir")
    with pytest.raises(ManifestError, match="expression rule needs target model"):
        from_dict(raw, "XYZ001-x.yaml")


def test_ir_hits_come_back_from_the_cache_and_statements_stay_packed(deck: Path) -> None:
    first = api.lint_paths([str(deck)], api.Options(cache=True))
    assert {"NCP004", "NCP006"} <= {c for c, _f, _l in _codes(first)}
    second = api.lint_paths([str(deck)], api.Options(cache=True))
    assert second.stats.cached == 2
    assert _codes(second) == _codes(first)
    for pf in second.parsed.values():
        assert isinstance(pf.statements, Statements)
    # nothing read the tuned deck's statements: it has no finding that needs a fix
    tuned = second.parsed[str(deck / "TUNED.ncp")].statements
    assert isinstance(tuned, Statements) and not tuned.unpacked


def test_a_fix_of_a_model_rule_unpacks_only_its_own_file(deck: Path) -> None:
    (deck / "SLOW.ncp").write_text("SLOW     BUILD BFRS=240,SLODOWN=50,NEWNAME=SLOW\n")
    (deck / "PROFILE.TCPIP").write_text("SOMAXCONN 10\nTCPCONFIG TCPSENDBFRSIZE 64K\n")
    api.lint_paths([str(deck)], api.Options(cache=True))
    again = api.lint_paths([str(deck)], api.Options(cache=True))
    assert again.stats.cached == 4
    # NCP005 runs per file: its fix was made when the deck was parsed, and cached with it
    slodown = [f for f in again.findings if f.code == "NCP005"]
    assert slodown and slodown[0].fix is not None
    assert [e.replacement for e in slodown[0].fix.edits] == ["6"]
    # TCP006 judges the stack, on the merged model: its fix reads the profile's statements
    (somaxconn,) = [f for f in again.findings if f.code == "TCP006"]
    assert somaxconn.fix is not None
    assert [e.replacement for e in somaxconn.fix.edits] == ["1024"]
    unpacked = {
        Path(path).name
        for path, pf in again.parsed.items()
        if isinstance(pf.statements, Statements) and pf.statements.unpacked
    }
    assert unpacked == {"PROFILE.TCPIP"}


def test_selection_applies_to_cached_ir_hits(deck: Path) -> None:
    api.lint_paths([str(deck)], api.Options(cache=True))
    only = api.lint_paths([str(deck)], api.Options(cache=True, select=("NCP004",)))
    assert only.stats.cached == 2
    assert {c for c, _f, _l in _codes(only)} == {"NCP004"}
    without = api.lint_paths([str(deck)], api.Options(cache=True, ignore=("NCP004",)))
    assert "NCP004" not in {c for c, _f, _l in _codes(without)}
    assert "NCP006" in {c for c, _f, _l in _codes(without)}


def test_an_ir_rule_option_is_part_of_the_cache_key(deck: Path) -> None:
    api.lint_paths([str(deck)], api.Options(cache=True))
    opts = api.Options(cache=True, rule_options={"NCP004": {"bfrs": 64}})
    changed = api.lint_paths([str(deck)], opts)
    assert changed.stats.parsed == 2
    bfrs = [f for f in changed.findings if f.code == "NCP004"]
    assert [Path(f.path).name for f in bfrs] == ["TUNED.ncp"]
    assert "use 64" in bfrs[0].message


def test_a_broken_ir_rule_is_an_internal_error_and_the_rest_still_run(
    deck: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(ctx: check.Context) -> Iterator[check.Hit]:
        yield check.Hit(str(deck / "LAB45.ncp"), Span.point(1, 1), {"what": "x", "hint": ""})
        raise ZeroDivisionError("boom")

    checks.bound("PRS002", "unknown-name")
    monkeypatch.setitem(check.CHECKS, "PRS002", broken)
    result = api.lint_paths([str(deck)], api.Options())
    assert result.internal_errors == 2
    internal = [f for f in result.findings if f.code == "PRS009"]
    assert len(internal) == 2
    assert "internal error in rule PRS002: ZeroDivisionError: boom" in internal[0].message
    codes = {c for c, _f, _l in _codes(result)}
    assert "PRS002" not in codes  # the hit before the failure is dropped with the rule
    assert {"NCP004", "NCP006"} <= codes


def _statements() -> tuple[Statement, ...]:
    return (
        Statement("a", "ncp", 0, "BUILD", Span(1, 1, 1, 20)),
        Statement("a", "ncp", 1, "PCCU", Span(2, 1, 2, 30), label="X"),
    )


def test_statements_loaded_back_unpack_on_first_read_and_equal_the_tuple() -> None:
    stmts = _statements()
    made = Statements(stmts)
    assert made.unpacked and made == stmts and Statements.of(made) is made
    packed = pickle.loads(pickle.dumps(made))
    assert not packed.unpacked
    assert packed == stmts and stmts == packed
    assert packed.unpacked
    assert len(packed) == 2 and packed[1].op == "PCCU" and list(packed) == list(stmts)


def test_pickling_statements_loaded_back_never_unpacks_them() -> None:
    packed = pickle.loads(pickle.dumps(Statements(_statements())))
    copy = pickle.loads(pickle.dumps(packed))
    assert isinstance(copy, Statements)
    assert not packed.unpacked and not copy.unpacked
    assert tuple(copy) == _statements()


def test_a_parsed_file_holds_its_statements_in_one_form() -> None:
    """Every dialect's reader gives its statements as `Statements` (a `ParsedFile` is a
    NamedTuple: nothing converts them when it is made), and a parsed file pickled, as a
    worker's answer or a cache entry holds it, comes back a `ParsedFile` of the same fields."""
    from decklint import dialects
    from decklint.core.source import SourceFile

    decks = sorted(p for p in (FIXTURES / "dialects").glob("*/*") if p.is_file())
    seen = set()
    for deck in decks:
        name = deck.parent.name
        if name not in dialects.REGISTRY or deck.name.endswith(".model.yaml"):
            continue
        src = SourceFile.from_text(deck.name, deck.read_text(encoding="utf-8"))
        pf = dialects.get(name).parse(src)
        assert type(pf.statements) is Statements, deck
        back = pickle.loads(pickle.dumps(pf))
        assert type(back) is type(pf) and type(back.statements) is Statements
        assert back.statements == pf.statements and back.diagnostics == pf.diagnostics, deck
        assert back.source == pf.source and back.macros == pf.macros, deck
        seen.add(name)
    assert seen == set(dialects.REGISTRY)


def test_the_statements_coding_some_words_are_the_same_in_every_form() -> None:
    """`coding` answers alike from the statements, from those kept apart for its words, from
    a worker's partial answer and from statements dropped because none codes the words."""
    stmts = _statements()
    words = frozenset({"PCCU"})
    want = (stmts[1],)
    indexed = Statements(stmts).indexed(words)
    assert indexed.coding(words) == want and indexed == stmts
    assert Statements(stmts).coding(frozenset({"X"})) == want  # its label
    sent = pickle.loads(pickle.dumps(indexed.partial()))
    assert sent.coding(words) == want
    with pytest.raises(LookupError):
        list(sent)  # the others are made only where the file's text is
    made: list[int] = []

    def load() -> tuple[Statement, ...]:
        made.append(1)
        return stmts

    whole = sent.loading(load)
    assert whole.coding(words) == want and not made  # its words: read from what was sent
    assert whole.coding(frozenset({"BUILD"})) == (stmts[0],) and made == [1]
    assert tuple(whole) == stmts
    dropped = Statements.later(load, frozenset({"LU"}))
    assert dropped.coding(frozenset({"LU"})) == () and made == [1]


def test_a_workers_answer_holds_only_the_statements_the_model_reads(tmp_path: Path) -> None:
    from decklint.core.settings import Settings
    from decklint.model.upgrade import read_words
    from decklint.pipeline import cache, filephase

    text = "SOMAXCONN 10\nTCPCONFIG TCPSENDBFRSIZE 64K\nPORT 23 TCP INTCLIEN\n"
    path = str(tmp_path / "PROFILE.TCPIP")
    steer = filephase.Steering(None, (), Settings())
    unit = filephase.process(path, text, steer)
    assert unit.pf is not None
    whole = tuple(unit.pf.statements)
    back = cache.loads(cache.dumps(filephase.answer(unit)))
    assert isinstance(back, filephase.FileUnit) and back.pf is not None
    read = read_words("tcpip", path)
    assert {"SOMAXCONN", "TCPCONFIG"} <= read and "PORT" not in read
    sent = back.pf.statements
    assert [st.op for st in sent.coding(read)] == ["SOMAXCONN", "TCPCONFIG"]
    with pytest.raises(LookupError):
        len(sent)  # the PORT statement was not sent
    taken = filephase.taken(back, text)
    assert taken.pf is not None and taken.pf.statements.coding(read) == whole[:2]
    assert tuple(taken.pf.statements) == whole


def test_a_workers_answer_holds_a_statement_only_where_the_model_may_find_something(
    tmp_path: Path,
) -> None:
    """Of VTAM's PUs the upgrade rules read TOPO alone (the PU entry has no history of its
    own): a switched major node's PUs that do not code it are neither sent nor kept, one that
    does is; `coding` from the statements whole finds every PU, as its readers expect."""
    from decklint.core.settings import Settings
    from decklint.model.upgrade import read_for, read_words
    from decklint.pipeline import cache, filephase

    text = (
        "SW1      VBUILD TYPE=SWNET\n"
        "P1       PU    ADDR=01,IDBLK=05D,IDNUM=00001,MAXDATA=521\n"
        "L1       LU    LOCADDR=2\n"
        "P2       PU    ADDR=02,IDBLK=05D,IDNUM=00002,TOPO=NONE\n"
    )
    path = str(tmp_path / "SWNET1")
    steer = filephase.Steering("vtam", (), Settings())
    read = read_words("vtam", path)
    assert "PU" in read
    unit = filephase.process(path, text, steer)
    assert unit.pf is not None
    whole = tuple(unit.pf.statements)
    pus = [st for st in whole if st.op == "PU"]
    wanted = read_for("vtam", path)
    assert [wanted(st) for st in pus] == [False, True]
    back = cache.loads(cache.dumps(filephase.answer(unit)))
    assert isinstance(back, filephase.FileUnit) and back.pf is not None
    assert [st.label for st in back.pf.statements.coding(read)] == ["P2"]
    assert [st.label for st in Statements(whole).coding(read)] == ["P1", "P2"]
    kept = filephase.slim(unit, text)
    assert kept.pf is not None and [st.label for st in kept.pf.statements.coding(read)] == ["P2"]
    none = filephase.process(path, text.replace(",TOPO=NONE", ""), steer)
    dropped = filephase.slim(none, text)
    assert dropped.pf is not None and dropped.pf.statements.coding(read) == ()


def test_a_tcpip_device_is_kept_for_the_model_by_its_types_history(tmp_path: Path) -> None:
    """DEVICE and LINK are catalogued by their type: one whose entry has a history or a date
    (SNAIUCV) is read by the upgrade rules, one of a type with neither (MPCIPA) is not."""
    from decklint.core.settings import Settings
    from decklint.model.upgrade import read_for, read_words
    from decklint.pipeline import filephase

    text = "DEVICE D1 MPCIPA\nLINK L1 IPAQENET D1\nDEVICE D2 SNAIUCV\n"
    path = str(tmp_path / "PROFILE.TCPIP")
    unit = filephase.process(path, text, filephase.Steering("tcpip", (), Settings()))
    assert unit.pf is not None
    wanted = read_for("tcpip", path)
    assert [wanted(st) for st in unit.pf.statements] == [False, False, True]
    read = read_words("tcpip", path)
    sent = filephase.answer(unit).pf
    assert sent is not None and [st.op for st in sent.statements.coding(read)] == ["DEVICE"]


def test_statements_kept_apart_are_those_their_readers_want() -> None:
    span = Span(1, 1, 1, 9)
    a = Statement("a", "vtam", 0, "PU", span, label="A")
    b = Statement("a", "vtam", 1, "PU", span, label="B")
    words = frozenset({"PU"})
    indexed = Statements((a, b)).indexed(words, lambda st: st.label == "B")
    assert indexed.coding(words) == (b,) and indexed == (a, b)
    assert Statements((a, b)).coding(words) == (a, b)


def test_a_readers_units_and_maps_come_back_whole_from_a_cache_entry() -> None:
    """The card reader's units and maps (plain classes; the maps with slots) travel from the
    workers and into cache entries: each comes back with every attribute and maps the same
    offsets to the same places, a macro's generated map as such."""
    from decklint.core.ir import LogicalUnit, ReadResult, Remark
    from decklint.core.source import SourceMap
    from decklint.pipeline import cache
    from decklint.readers.assembler.reader import _GeneratedMap

    sm = SourceMap()
    sm.add(0, 3, 1, 10)
    sm.add(10, 4, 16, 6)
    gm = _GeneratedMap([0], [7], [20], [5], Span(7, 10, 7, 15))
    remark = Remark(3, 40, "THE FIRST")
    units = [LogicalUnit("A1 APPL AUTH=ACQ", sm, 3, remarks=[remark]), LogicalUnit("X", gm, 7)]
    back = cache.loads(cache.dumps(ReadResult(units, [remark], [])))
    assert isinstance(back, ReadResult) and back.comments == [remark] and back.diagnostics == []
    a, b = back.units
    assert (a.text, a.line, a.kind, a.remarks, a.last_line) == (
        "A1 APPL AUTH=ACQ",
        3,
        "statement",
        [remark],
        0,
    )
    assert type(a.smap) is SourceMap
    assert (a.smap.starts, a.smap.lines, a.smap.cols, a.smap.lengths) == (
        [0, 10],
        [3, 4],
        [1, 16],
        [10, 6],
    )
    assert [a.smap.span(s, e) for s, e in ((0, 3), (8, 14), (15, 16))] == [
        sm.span(s, e) for s, e in ((0, 3), (8, 14), (15, 16))
    ]
    assert type(b.smap) is _GeneratedMap and b.smap.anchor == Span(7, 10, 7, 15)
    assert b.smap.span(0, 3) == gm.span(0, 3) and b.end_line == 7
    assert pickle.loads(pickle.dumps(sm, protocol=2)).pos(12) == (4, 18)
