"""Parallel parsing, the per-file cache and the run memo give the serial run's findings."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from decklint import api
from decklint.cli import main
from decklint.core.ir import Statement
from decklint.pipeline import cache, schedule
from tests.conftest import FIXTURES

SITE = FIXTURES / "networks" / "site" / "baseline"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    dst = tmp_path / "site"
    shutil.copytree(SITE, dst)
    return dst


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(folder))
    return folder


def _lint(path: Path, **kw: object) -> api.LintResult:
    return api.lint_paths([str(path)], api.Options(**kw))  # type: ignore[arg-type]


def _keys(result: api.LintResult) -> list[tuple[object, ...]]:
    return [(f.path, f.span, f.code, f.message, f.severity) for f in result.findings]


def test_parallel_gives_the_serial_findings_in_the_same_order(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = _lint(site, jobs=1)
    monkeypatch.setattr(schedule, "PARALLEL_MIN_CHARS", 0)
    parallel = _lint(site, jobs=2)
    assert parallel.stats.workers == 2
    assert _keys(parallel) == _keys(serial)
    assert parallel.files == serial.files
    assert len(serial.findings) > 50  # the example site has plenty to compare


def test_a_workers_files_give_every_statement_when_read(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker with no cache sends back only the statements the model's passes read; the
    others are parsed from the run's text when read: every file's statements, and the fixes
    of the findings, are the serial run's."""
    serial = _lint(site, jobs=1, keep_statements=True)
    monkeypatch.setattr(schedule, "PARALLEL_MIN_CHARS", 0)
    parallel = _lint(site, jobs=2)
    assert parallel.stats.workers == 2
    assert [f.fix for f in parallel.findings] == [f.fix for f in serial.findings]
    assert any(f.fix for f in serial.findings)
    assert sorted(parallel.parsed) == sorted(serial.parsed)
    for path, pf in serial.parsed.items():
        assert tuple(parallel.parsed[path].statements) == tuple(pf.statements), path


def test_parallel_with_three_processes_and_the_cache_gives_the_serial_findings(
    site: Path, fresh_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = _lint(site, jobs=1)
    monkeypatch.setattr(schedule, "PARALLEL_MIN_CHARS", 0)
    parallel = _lint(site, jobs=3, cache=True)
    assert parallel.stats.workers == 3
    assert _keys(parallel) == _keys(serial)
    # what this process parsed and what the workers parsed (they write it) is in the cache
    again = _lint(site, jobs=3, cache=True)
    assert again.stats.parsed == 0 and _keys(again) == _keys(serial)


def test_processes_claiming_in_turn_get_every_file_once_in_chunks() -> None:
    import multiprocessing
    import threading

    todo = [(i, f"f{i}", "x", None) for i in range(103)]
    counter = multiprocessing.get_context().Value("q", 0)
    got: list[list[int]] = [[], [], []]
    ready = threading.Barrier(3)

    def claimer(k: int) -> None:
        ready.wait()
        got[k] = [i for i, _p, _t, _h in schedule._claims(todo, counter)]

    threads = [threading.Thread(target=claimer, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(i for g in got for i in g) == list(range(103))
    assert all(g == sorted(g) for g in got)  # each claims in input order
    assert list(schedule._claims(todo, counter)) == []  # nothing left to claim


def test_the_chunks_claimed_shrink_toward_the_end() -> None:
    """Four files at a time while many are left, one at a time at the end: the side that
    takes the last ones keeps the other idle no longer than one file."""
    import itertools
    import multiprocessing

    todo = [(i, f"f{i}", "x", None) for i in range(40)]
    counter = multiprocessing.get_context().Value("q", 0)
    ends = [counter.value for _item in schedule._claims(todo, counter)]
    sizes = [b - a for a, b in itertools.pairwise([0, *dict.fromkeys(ends)])]
    assert sum(sizes) == 40 and sizes[0] == schedule._CHUNK
    assert sizes == sorted(sizes, reverse=True) and sizes[-8:] == [1] * 8


def test_a_faster_process_takes_more_files(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers claim from the counter this process claims from: when this process is slow
    the workers parse most of the run, and the findings are the serial run's."""
    serial = _lint(site, jobs=1)
    here = schedule._here
    mine: list[str] = []

    def slow_here(path: str, *args: object) -> object:
        mine.append(path)
        import time

        time.sleep(0.05)
        return here(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(schedule, "_here", slow_here)
    monkeypatch.setattr(schedule, "PARALLEL_MIN_CHARS", 0)
    parallel = _lint(site, jobs=2)
    assert _keys(parallel) == _keys(serial)
    assert len(mine) < parallel.stats.parsed / 2


def test_workers_files_are_taken_in_between_this_process_chunks(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loading what the workers sent is not left for the end (where it was serial time)."""
    serial = _lint(site, jobs=1)
    here, rehydrate = schedule._here, schedule.rehydrate
    events: list[str] = []

    def slow_here(path: str, *args: object) -> object:
        import time

        time.sleep(0.05)
        events.append("here")
        return here(path, *args)  # type: ignore[arg-type]

    def taken(*args: object) -> object:
        events.append("taken")
        return rehydrate(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(schedule, "_here", slow_here)
    monkeypatch.setattr(schedule, "rehydrate", taken)
    monkeypatch.setattr(schedule, "PARALLEL_MIN_CHARS", 0)
    parallel = _lint(site, jobs=2)
    assert _keys(parallel) == _keys(serial)
    last_here = max(i for i, e in enumerate(events) if e == "here")
    assert "taken" in events[:last_here]


def _dying_work(steer: object, keep: bool = False) -> int:
    """A worker that sends two files and is then killed."""
    import os

    assert schedule._shared is not None
    todo, counter, done, _store, _keys = schedule._shared
    for n, (i, p, text, hint) in enumerate(schedule._claims(todo, counter)):
        if n == 2:
            os._exit(9)
        unit = schedule.process(p, text, steer, hint)  # type: ignore[arg-type]
        done.put((i, cache.dumps(schedule.slim(unit))))
    return 0


def test_a_killed_worker_leaves_its_files_to_this_process(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = _lint(site, jobs=1)
    here = schedule._here

    def slow_here(path: str, *args: object) -> object:  # the worker gets files to claim
        import time

        time.sleep(0.05)
        return here(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(schedule, "_here", slow_here)
    monkeypatch.setattr(schedule, "_work", _dying_work)
    monkeypatch.setattr(schedule, "PARALLEL_MIN_CHARS", 0)
    parallel = _lint(site, jobs=2)
    assert parallel.stats.workers == 1  # said so: the rest was parsed here
    assert _keys(parallel) == _keys(serial)
    assert parallel.files == serial.files


def test_small_runs_stay_in_one_process(site: Path) -> None:
    assert _lint(site, jobs=4).stats.workers == 1


def test_second_run_reads_every_file_from_the_cache(site: Path, fresh_cache: Path) -> None:
    first = _lint(site, cache=True)
    assert first.stats.cached == 0 and first.stats.parsed > 10
    second = _lint(site, cache=True)
    assert second.stats.parsed == 0
    assert second.stats.cached == first.stats.parsed
    assert _keys(second) == _keys(first)
    # cross-deck rules still ran on the whole model built from the entries
    assert any(f.code.startswith("SNA") for f in second.findings)
    assert len(second.topology.entities) == len(first.topology.entities)


def test_a_warm_run_that_parses_nothing_never_imports_lark(site: Path, fresh_cache: Path) -> None:
    """The manifest cache holds expression trees as plain data, and every deck comes from the
    file cache: a warm run needs no grammar (importing Lark is a fifth of a cold start)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from decklint import api\n"
        f"r = api.lint_paths([{str(site)!r}], api.Options(cache=True))\n"
        "print(r.stats.parsed, len(r.findings), 'lark' in sys.modules)\n"
    )

    def run() -> list[str]:
        return subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()

    parsed, found, lark = run()
    assert int(parsed) > 10 and lark == "True"
    parsed, again, lark = run()
    assert (parsed, again, lark) == ("0", found, "False")


def test_a_changed_file_is_the_only_one_parsed_again(site: Path, fresh_cache: Path) -> None:
    _lint(site, cache=True)
    deck = next(p for p in sorted(site.rglob("*")) if p.is_file() and p.suffix != ".yaml")
    deck.write_text(deck.read_text() + "\n")
    again = _lint(site, cache=True)
    assert again.stats.parsed == 1


def test_cached_findings_equal_uncached_ones_for_every_fixture_network(
    fresh_cache: Path,
) -> None:
    for net in sorted((FIXTURES / "networks").iterdir()):
        if not net.is_dir():
            continue
        plain = _lint(net)
        _lint(net, cache=True)
        warm = _lint(net, cache=True)
        assert warm.stats.parsed == 0, net
        assert _keys(warm) == _keys(plain), net


def test_settings_are_part_of_the_key(site: Path, fresh_cache: Path) -> None:
    _lint(site, cache=True)
    other = _lint(site, cache=True, dialect="vtam")
    assert other.stats.cached == 0


def test_the_key_form_of_the_options_names_each_record_and_sorts_its_sets() -> None:
    """`cache.stable`: a NamedTuple record (the steering, its settings, a file rule) keeps its
    type's name, as a dataclass did, so two records of equal fields differ in a key; a set in
    one is sorted, so the key is the same whatever the hash order."""
    from decklint.core.settings import Settings
    from decklint.lint.check import FileRule
    from decklint.pipeline.filephase import Steering

    settings = Settings(bulk_modes=frozenset({"#BATCH", "#INTER", "#BATCHSC"}))
    steer = Steering("vtam", (("*.vtm", "vtam"),), settings, (FileRule("PRS003", "x", (), ()),))
    form = cache.stable(steer)
    assert isinstance(form, tuple) and form[0] == "Steering"
    assert form[3] == ("Settings", ("set", "'#BATCH'", "'#BATCHSC'", "'#INTER'"), *form[3][2:])
    assert form[4] == (("FileRule", "PRS003", "x", (), (), False, None),)
    again = Steering(
        "vtam",
        (("*.vtm", "vtam"),),
        settings._replace(bulk_modes=frozenset(["#BATCHSC", "#INTER", "#BATCH"])),
        steer.file_rules,
    )
    assert cache.steering_form(again) == cache.steering_form(steer)
    assert cache.stable(Settings()) != cache.stable(tuple(Settings()))


def test_a_damaged_entry_is_a_miss_not_a_crash(site: Path, fresh_cache: Path) -> None:
    first = _lint(site, cache=True)
    entries = [p for p in (fresh_cache / "files").rglob("*") if p.is_file()]
    assert entries
    for p in entries:
        p.write_bytes(b"not a pickle")
    again = _lint(site, cache=True)
    assert again.stats.cached == 0
    assert _keys(again) == _keys(first)
    healed = _lint(site, cache=True)
    assert healed.stats.parsed == 0


def test_an_unwritable_cache_costs_speed_never_the_run(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(blocker / "cache"))
    result = _lint(site, cache=True)
    assert result.stats.parsed > 0 and result.findings


def test_model_objects_survive_the_compact_pickle(site: Path) -> None:
    result = _lint(site)
    stmts = [s for pf in result.parsed.values() for s in pf.statements]
    assert all(isinstance(s, Statement) for s in stmts)
    assert pickle.loads(pickle.dumps(stmts, protocol=5)) == stmts
    ents = result.topology.entities
    assert pickle.loads(pickle.dumps(ents, protocol=5)) == ents


def test_defaulted_attributes_are_shared_and_keep_their_type() -> None:
    from decklint.core.lowering import default

    assert default(256) is default(256)
    assert default(1) is not default(True) and type(default(True).value) is bool
    assert default(1.0).value.__class__ is float
    assert default("X", "note") is not default("X")
    listed = default(["A", "B"])  # unhashable: an Attr of its own
    assert listed.value == ["A", "B"] and listed.defaulted and listed is not default(["A", "B"])


def _cli(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_cli_memo_answers_an_unchanged_run_and_misses_after_any_change(
    site: Path, fresh_cache: Path
) -> None:
    args = ["lint", "--no-color", "--statistics", str(site)]
    code1, out1, err1 = _cli(*args)
    assert "run memo" not in err1
    code2, out2, err2 = _cli(*args)
    assert "findings from the run memo" in err2
    assert (code2, out2) == (code1, out1)
    # a different selection, a configuration file, a changed deck: all run the rules again
    assert "run memo" not in _cli(*args, "--ignore", "PRS006")[2]
    (site / ".decklint.yaml").write_text("ignore: [PRS006]\n")
    _, out3, err3 = _cli(*args)
    assert "run memo" not in err3 and out3 != out1
    assert "run memo" in _cli(*args)[2]
    deck = next(p for p in sorted(site.rglob("*")) if p.is_file() and p.suffix != ".yaml")
    deck.write_text(deck.read_text() + "\n")
    assert "1 parsed" in _cli(*args)[2]


def test_lint_model_takes_the_memo_findings_and_still_builds_the_model(
    site: Path, fresh_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from decklint.project import Project

    project = Project.load(isolated=True)
    opts = project.options()
    opts.cache = True
    inputs = api.gather([str(site)], opts.excluded)
    identity = project.identity([i.path for i in inputs])
    first = api.lint_model(inputs, opts, identity)
    assert first.findings and first.topology.of("link")

    def no_rules(*args: object, **kw: object) -> None:
        raise AssertionError("the rules ran again")

    monkeypatch.setattr("decklint.lint.runner.run_rules", no_rules)  # as the run imports it
    again = api.lint_model(inputs, opts, identity)
    assert again.findings == first.findings and again.files == first.files
    assert again.topology.entities == first.topology.entities  # resolved: links, nodes
    assert again.topology.statements.keys() == first.topology.statements.keys()
    # and `decklint lint` on the same files is answered by that memo too
    assert api.lint_inputs(inputs, opts, identity).stats.memo


def test_cli_no_cache_writes_nothing(site: Path, fresh_cache: Path) -> None:
    _cli("lint", "--no-cache", str(site))
    assert not (fresh_cache / "files").exists() and not (fresh_cache / "runs").exists()


def test_cache_clean_and_info(site: Path, fresh_cache: Path) -> None:
    _cli("lint", str(site))
    code, out, _ = _cli("cache", "info")
    assert code == 0 and str(fresh_cache) in out and " 0 files" not in out
    code, out, _ = _cli("cache", "clean")
    assert code == 0 and "removed" in out
    assert cache.usage().entries == 0
    code, out, _ = _cli("cache", "info")
    assert ": 0 files" in out


def test_entities_travel_with_packed_attributes_built_on_first_read() -> None:
    from decklint.core.entities import Attr, Attrs, Entity
    from decklint.core.lowering import default
    from decklint.core.source import Span

    attrs = {"maxdata": Attr(4105, "4105", Span(3, 16, 3, 28)), "pacing": default(7, "why")}
    e = Entity("ncp", "LAB45", "a.ncp", "ncp", Span(1, 1, 1, 9), "ncp:LAB45", attrs)
    copy = pickle.loads(pickle.dumps(e, protocol=5))
    assert isinstance(copy.attrs, Attrs)
    assert copy.value("maxdata") == 4105 and copy.value("nothing") is None
    assert not copy.attrs._made  # a value needs no Attr
    assert copy.get("pacing") == default(7, "why") and copy.anchor("maxdata") == Span(3, 16, 3, 28)
    assert copy.get("nothing").defaulted and "maxdata" in copy.attrs and len(copy.attrs) == 2
    assert copy == e and pickle.loads(pickle.dumps(copy)) == e
    with pytest.raises(TypeError):
        copy.attrs["x"] = Attr(1)  # type: ignore[index]


def test_every_form_of_packed_attribute_comes_back_as_it_was() -> None:
    from lark import Token

    from decklint.core.entities import Attr, Attrs, Entity
    from decklint.core.lowering import default
    from decklint.core.source import Span

    where = Span(3, 16, 3, 28)
    attrs = {
        "coded": Attr(4105, "4105", where),  # the flat six
        "name": Attr("LAB45"),  # the short three
        "dflt": default(7, "why"),
        "raw_only": Attr(5, "X'05'"),  # the general five
        "span_dflt": Attr(1, None, where, True),
        "noted": Attr(2, "2", where, False, "a note"),
        "text": Attr("IPAQENET", "ipaqenet", where),
        "token": Attr("A", Token("NAME", "a"), where),  # a str subclass cannot be interned
    }
    e = Entity("ncp", "LAB45", "a.ncp", "ncp", Span(1, 1, 1, 9), "ncp:LAB45", attrs)
    copy = pickle.loads(pickle.dumps(e, protocol=5))
    assert isinstance(copy.attrs, Attrs)
    assert {k: width for k, (_at, width) in copy.attrs._shape.items()} == {
        "coded": 6,
        "name": 3,
        "dflt": 3,
        "raw_only": 5,
        "span_dflt": 5,
        "noted": 5,
        "text": 6,
        "token": 6,
    }
    for k, a in attrs.items():
        assert copy.value(k) == a.value and copy.get(k) == a, k
        assert copy.anchor(k) == (a.span or e.span), k
        assert copy.coded(k) is e.coded(k) is a.coded, k
    assert not copy.coded("nothing") and not e.coded("nothing")
    assert [k for k in attrs if copy.coded(k)] == ["coded", "noted", "text", "token"]


def test_entities_with_the_same_attributes_share_one_shape_and_one_flat_tuple_each() -> None:
    from decklint.core.entities import Attr, Entity
    from decklint.core.lowering import default
    from decklint.core.source import Span

    def route(name: str, mtu: int, line: int) -> Entity:
        attrs = {"mtu": Attr(mtu, str(mtu), Span(line, 20, line, 24)), "max": default(5, "")}
        return Entity("tcpip_route", name, "p", "tcpip", Span(line, 1, line, 30), "n", attrs)

    routes = [route("A", 1500, 3), route("B", 576, 4), route("C", 4096, 5)]
    copies = pickle.loads(pickle.dumps(routes, protocol=5))
    assert len({id(c.attrs._shape) for c in copies}) == 1
    assert all(type(c.attrs._flat) is tuple for c in copies)
    assert [c.value("mtu") for c in copies] == [1500, 576, 4096]
    assert [c.anchor("mtu").line for c in copies] == [3, 4, 5]
    assert copies == routes
    # Different attributes, or the same in another form, make another shape.
    odd = Entity("tcpip_route", "D", "p", "tcpip", Span(6, 1, 6, 9), "n", {"mtu": default(1, "")})
    assert pickle.loads(pickle.dumps(odd)).attrs._shape is not copies[0].attrs._shape


def test_inferred_attributes_pack_as_their_attrs_would_with_an_override_in_its_place() -> None:
    from decklint.core.entities import Attr, Attrs, packed_attrs
    from decklint.core.lowering import default
    from decklint.core.source import Span

    mtu = Attr(1500, "1500", Span(3, 20, 3, 24))
    defaults = {"kind": "ip", "status": "matched", "frame": None}
    for extra in ({}, {"mtu": mtu}, {"frame": mtu, "note": default("x")}):
        got = packed_attrs("A-B", defaults, extra)
        want = {"name": Attr("A-B"), **{k: default(v) for k, v in defaults.items()}, **extra}
        assert list(got) == list(want) and dict(got) == want
        assert got._shape is Attrs.pack(want)._shape and got._flat == Attrs.pack(want)._flat


def test_an_entity_is_read_by_name_immutable_and_travels_as_a_tuple() -> None:
    from decklint.core.entities import Attr, Attrs, Entity
    from decklint.core.source import Span

    where = Span(7, 10, 8, 3)
    e = Entity("pu", "PU1", "n.ncp", "ncp", where, "ncp:N", {"maxout": Attr(7)}, "G1")
    assert (e.kind, e.name, e.path, e.dialect, e.span, e.node, e.scope) == (
        *("pu", "PU1", "n.ncp", "ncp"),
        where,
        *("ncp:N", "G1"),
    )
    assert e.id == "ncp:pu:G1.PU1" and e.value("maxout") == 7 and "PU1" in repr(e)
    with pytest.raises(AttributeError):
        e.name = "PU2"  # type: ignore[misc]
    copy = pickle.loads(pickle.dumps(e, protocol=5))
    assert type(copy) is Entity and type(copy.attrs) is Attrs and copy == e
    assert Entity("k", "n", "p", "d", where, "x") != Entity(
        "k", "n", "p", "d", Span(7, 10, 8, 4), "x"
    )


def test_symbols_are_tuples_that_travel_without_a_constructor_and_make_their_span_on_read() -> None:
    from decklint.core.source import Span
    from decklint.core.symbols import Definition, Reference

    where = Span(4, 10, 4, 18)
    d = Definition("tcpip_link", "OSA1", "p/PROFILE", where, "tcpip", "PROD")
    r = Reference("tcpip_link", "OSA1", "p/PROFILE", where, "tcpip", "START", "PROD", "PRS005")
    (d2, r2) = pickle.loads(pickle.dumps((d, r), protocol=5))
    assert type(d2) is Definition and type(r2) is Reference
    assert (d2.kind, d2.name, d2.path, d2.span, d2.dialect, d2.scope) == (
        "tcpip_link",
        "OSA1",
        "p/PROFILE",
        where,
        "tcpip",
        "PROD",
    )
    assert (r2.usage, r2.scope, r2.rule, r2.span) == ("START", "PROD", "PRS005", where)
    assert d2 == d and hash(d2) == hash(d) and r2 == r
    assert d.moved("TEST").scope == "TEST" and d.moved("TEST").span == where
    assert r.moved("TEST").scope == "TEST" and r.moved("TEST").rule == "PRS005"
    assert Reference("modetab", "M", "a", where, "vtam", "MODETAB").rule == "PRS005"
    assert "OSA1" in repr(d) and "4:10-4:18" in repr(r)


def test_records_are_built_by_their_fields_and_load_without_running_python() -> None:
    from decklint.core.entities import Attr, Entity
    from decklint.core.ir import Diagnostic, Operand, Remark, Statement, Value
    from decklint.core.source import Span
    from decklint.core.symbols import Definition, Reference

    where = Span(1, 2, 3, 4)
    value = Value("int", "5", where)
    records = [
        where,
        Attr(5, "5", where),
        value,
        Operand("MAXDATA", value, where, "MAXDATA"),
        Remark(1, 9, "a remark"),
        Statement("p", "vtam", 0, "VBUILD", where, operands=(Operand(None, value, where),)),
        Diagnostic("PRS001", where, "bad"),
        Entity("k", "n", "p", "d", where, "x", {"a": Attr(1)}),
        Definition("modetab", "M", "p", where, "vtam"),
        Reference("modetab", "M", "p", where, "vtam", "MODETAB"),
    ]
    for r in records:
        reduced = r.__reduce__()
        assert reduced == (tuple.__new__, (type(r), tuple(r)))  # no constructor of ours
        copy = pickle.loads(pickle.dumps(r, protocol=5))
        assert type(copy) is type(r) and copy == r
        with pytest.raises(AttributeError):
            r.kind = "x"  # type: ignore[misc,union-attr]
    assert Span(1, 2, 3, 4) == Span(1, 2, 3, 4) and hash(Span(1, 2, 3, 4)) == hash((1, 2, 3, 4))
    assert Attr(5).defaulted is False and Attr(5, defaulted=True).defaulted
    assert Entity("k", "n", "p", "d", Span(1, 1, 1, 1), "x").attrs == {}
    assert Statement("p", "vtam", 7, "X", where).index == 7  # the field, not tuple.index


def test_builds_no_run_used_for_a_month_are_removed_once_a_day(
    site: Path, fresh_cache: Path
) -> None:
    import os

    _lint(site, cache=True)  # this build: entries, a run memo and its mark
    own = cache.fingerprint()
    day, now = 86400, 2_000_000_000.0
    for build, age in (("oldbuild", 40), ("recent", 5), ("memoonly", 40)):
        for area in ("files", "runs"):
            (fresh_cache / area / build).mkdir(parents=True)
        entry = fresh_cache / "files" / build / "ab" / "cdef"
        entry.parent.mkdir()
        entry.write_bytes(b"x")
        for p in (entry, entry.parent, fresh_cache / "files" / build, fresh_cache / "runs" / build):
            os.utime(p, (now - age * day, now - age * day))
    memo = fresh_cache / "runs" / "memoonly" / "k"  # answered by its memo 2 days ago
    memo.write_bytes(b"m")
    os.utime(memo, (now - 2 * day, now - 2 * day))
    os.utime(fresh_cache / "runs" / "memoonly", (now - 40 * day, now - 40 * day))
    (fresh_cache / ".pruned").unlink()

    assert cache.prune(fresh_cache, own, now) == ["oldbuild"]
    left = {p.name for p in (fresh_cache / "files").iterdir()}
    assert left == {own, "recent", "memoonly"}
    assert not (fresh_cache / "runs" / "oldbuild").exists()
    # looked for at most once a day: a build gone stale since is removed tomorrow
    later = now + 3600
    os.utime(fresh_cache / "files" / "recent", (later - 40 * day, later - 40 * day))
    os.utime(fresh_cache / "runs" / "recent", (later - 40 * day, later - 40 * day))
    assert cache.prune(fresh_cache, own, later) == []
    assert cache.prune(fresh_cache, own, now + 2 * day) == ["recent"]
    # the run's own entries are still read
    assert _lint(site, cache=True).stats.parsed == 0
    assert cache.usage().entries > 10


def test_a_cache_folder_that_cannot_be_written_is_not_pruned(tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    assert cache.prune(blocker / "cache", "new", 2_000_000_000.0) == []
    assert blocker.read_text() == ""


def test_the_fingerprint_covers_every_module_grammar_and_manifest() -> None:
    """An edit anywhere in decklint keys new cache entries: the stamps reach every module of
    the package (they once stopped at the folder of cache.py, and a changed check module kept
    serving the old findings from the cache)."""
    import decklint
    from decklint.platform.resources import grammars_root, rules_root, stamps

    package = Path(decklint.__file__).resolve().parent
    stamped = {rel for rel, _size, _mtime in stamps(str(package), "")}
    modules = {p.relative_to(package).as_posix() for p in package.rglob("*.py")}
    assert modules - {m for m in modules if "__pycache__" in m} <= stamped
    assert "checks/prs003_value_out_of_range.py" in stamped
    cache.fingerprint.cache_clear()
    before = cache.fingerprint()
    probe = package / "checks" / "prs003_value_out_of_range.py"
    st = probe.stat()
    try:
        os.utime(probe, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
        cache.fingerprint.cache_clear()
        assert cache.fingerprint() != before
    finally:
        os.utime(probe, ns=(st.st_atime_ns, st.st_mtime_ns))
        cache.fingerprint.cache_clear()
    assert any(True for _ in stamps(str(grammars_root()), ""))
    assert any(True for _ in stamps(str(rules_root()), ""))


def test_an_installed_build_is_fingerprinted_by_its_installers_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wheel's install records every file of the package with its hash (dist-info RECORD):
    the fingerprint reads that one file instead of stamping some 800 files on every run. An
    editable install's RECORD lists no module of the package: there the files are stamped."""
    from decklint.platform import resources

    site = tmp_path / "site-packages"
    package = site / "decklint"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    record = site / "decklint-1.2.dist-info" / "RECORD"
    record.parent.mkdir()
    record.write_text("decklint/__init__.py,sha256=abc,0\ndecklint/rules/x.yaml,sha256=d,1\n")
    assert resources._record(package, "1.2") == record.read_bytes()
    # a version spelt otherwise in the folder's name is found too
    assert resources._record(package, "1.2.0") == record.read_bytes()
    record.write_text("_editable_impl_decklint.pth,sha256=x,16\n")  # an editable install
    assert resources._record(package, "1.2") is None

    def stamped(folder: str, prefix: str) -> Any:
        raise AssertionError("an installed build's files are not stamped")

    record.write_text("decklint/__init__.py,sha256=abc,0\n")
    monkeypatch.setattr(resources, "stamps", stamped)
    monkeypatch.setattr(resources, "_record", lambda package, version: record.read_bytes())
    resources.fingerprint.cache_clear()
    try:
        before = resources.fingerprint()
        record.write_text("decklint/__init__.py,sha256=abd,0\n")  # another build installed
        resources.fingerprint.cache_clear()
        assert resources.fingerprint() != before
    finally:
        resources.fingerprint.cache_clear()


def test_a_build_keeps_its_newest_run_memos_only(fresh_cache: Path) -> None:
    """Each save looks at the folder's names; beyond `memo.KEEP` the oldest memos go."""
    from decklint.pipeline import memo

    got = memo.Memo((), (), frozenset())
    area = fresh_cache / "runs" / cache.fingerprint()
    for n in range(memo.KEEP + 3):
        memo.save(f"{n:040x}", got)
        os.utime(area / f"{n:040x}", (1_000_000 + n, 1_000_000 + n))
        assert len(list(area.iterdir())) == min(n + 1, memo.KEEP)
    assert sorted(p.name for p in area.iterdir()) == [f"{n:040x}" for n in range(3, memo.KEEP + 3)]
    assert memo.load(f"{memo.KEEP + 2:040x}") == got
