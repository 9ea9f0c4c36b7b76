"""The `decided-by` mark kept honest: a rule marked `file` gives a deck linted alone exactly
what the whole network gives it, and a rule marked `part` (or `file`) gives a lint of some
whole decks no finding the whole network does not give, at the same place with the same
message. The language server shows these findings before (or without) a lint of the whole
network, so a mark that lies shows a finding that is taken back.

Checked on the example networks under fixtures/networks/ (each deck alone, each two decks of
one folder, and subsets drawn with a fixed seed) and on the rule cases that hold several
files (each file alone and every other subset of them)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from decklint import api
from decklint.core.findings import Finding
from decklint.lint.manifest import ManifestError, from_dict, load_file
from decklint.lint.registry import Registry, load_registry
from decklint.server.network import Network, Snapshot

from .conftest import FIXTURES
from .helpers import case_options, manifest_data

NETWORKS = sorted(p for p in (FIXTURES / "networks").glob("*/*") if p.is_dir())
CASES = sorted((FIXTURES / "rules").glob("*.yaml"))
SUBSETS = 8  # drawn per network, besides each deck alone and each two decks of a folder
SEED = 27


@dataclasses.dataclass(frozen=True)
class Marks:
    file: frozenset[str]  # `decided-by: file`
    part: frozenset[str]  # `decided-by: part` or `file`


def marks(registry: Registry) -> Marks:
    rules = registry.rules.values()
    return Marks(
        frozenset(m.code for m in rules if m.deck_decides),
        frozenset(m.code for m in rules if m.part_decides),
    )


def _shown(f: Finding) -> str:
    return f"{f.path}:{f.span.line}:{f.span.col} {f.code} {f.message}"


def _judge(
    where: str,
    part: set[str],
    got: Iterable[Finding],
    whole: Iterable[Finding],
    m: Marks,
) -> Iterator[str]:
    """What a lint of the decks `part` gave that the whole network does not give (rules
    marked part or file), and, for a deck alone, what the whole gives it that the deck alone
    does not (rules marked file)."""
    got = {f for f in got if f.code in m.part}
    whole_part = {f for f in whole if f.code in m.part}
    for f in sorted(got - whole_part, key=Finding.sort_key):
        yield f"{where}: {sorted(part)} alone gives {_shown(f)}, the whole network does not"
    if len(part) == 1:
        mine = {f for f in whole if f.code in m.file and f.path in part}
        for f in sorted(mine - got, key=Finding.sort_key):
            yield f"{where}: {sorted(part)} alone lacks {_shown(f)} of the whole network"


def _parts(decks: list[str], rng: random.Random) -> list[set[str]]:
    """Each deck alone, each two decks of one folder, and SUBSETS drawn at random."""
    parts = [{d} for d in decks]
    by_folder: dict[str, list[str]] = {}
    for d in decks:
        by_folder.setdefault(str(Path(d).parent), []).append(d)
    for group in by_folder.values():
        parts += [set(pair) for pair in itertools.combinations(group, 2)]
    for _ in range(SUBSETS if len(decks) > 2 else 0):
        parts.append(set(rng.sample(decks, rng.randint(2, len(decks) - 1))))
    return parts


def network_violations(root: Path, m: Marks, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Lints of parts of the network at `root`, as the language server lints them (its
    configuration, the per-file cache, only the marked rules run)."""
    monkeypatch.chdir(root)
    net = Network([Path(".")])
    net.load_config()
    assert net.project is not None, net.config_error
    net.disk = api.gather(["."], net.project.options(None).excluded)
    snap = net.snapshot()
    whole = net.lint(snap).result.findings
    owner = {i.path: i.container or i.path for i in snap.inputs}
    decks = sorted(set(owner.values()))
    out: list[str] = []
    for part in _parts(decks, random.Random(SEED)):
        inputs = tuple(i for i in snap.inputs if owner[i.path] in part)
        sub = Snapshot(inputs, snap.versions, snap.generation)
        got = net._lint(list(inputs), sub, keep=m.part).result.findings
        out += _judge(root.name, part, got, whole, m)
    return out


def _multi_file_cases() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for p in CASES:
        for name, case in yaml.safe_load(p.read_text(encoding="utf-8"))["cases"].items():
            if len(case["files"]) > 1:
                out.append((p.stem, name, case))
    return out


def case_violations(
    case: dict[str, Any], m: Marks, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    opts = case_options(case, tmp_path, monkeypatch)
    opts.select = sorted(m.part)
    files: dict[str, str] = case["files"]
    whole = api.lint_texts(files, opts).findings
    out: list[str] = []
    names = sorted(files)
    for size in range(1, len(names)):
        for part in itertools.combinations(names, size):
            got = api.lint_texts({n: files[n] for n in part}, opts).findings
            out += _judge("case", set(part), got, whole, m)
    return out


MULTI = _multi_file_cases()


@pytest.mark.parametrize("root", NETWORKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_marked_rules_find_on_a_part_of_a_network_what_the_whole_finds(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert network_violations(root, marks(load_registry()), monkeypatch) == []


@pytest.mark.parametrize(("code", "name", "case"), MULTI, ids=[f"{c}-{n}" for c, n, _ in MULTI])
def test_the_marked_rules_find_on_part_of_a_case_what_the_whole_case_finds(
    code: str, name: str, case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert case_violations(case, marks(load_registry()), tmp_path, monkeypatch) == []


def test_the_candidates_marked_are_those_a_deck_decides() -> None:
    """The rules marked beyond the file phase: each compares one deck's own values."""
    rules = load_registry().rules.values()
    beyond = {m.code for m in rules if m.decided_by != "network" and not m.per_file}
    engine = {m.code for m in rules if m.target == "engine" and m.scope == "file"}
    assert beyond - engine == {"BPX006", "VTM012"}
    # the duplicates compared across decks name the first claim in path order, and a scope
    # (a stack) other decks decide: not marked
    for code in ("PRS004", "VTM010", "VTM011", "TCP027", "TCP028", "VTM006"):
        assert load_registry().rules[code].decided_by == "network"


@pytest.mark.parametrize("code", ["PRS004", "VTM010", "VTM011"])
def test_a_duplicate_across_decks_names_another_first_in_a_part(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why the duplicates compared across decks are not marked: three decks claim one name
    or value; the whole reports the second and third against the first, a part without the
    first reports the third against the second, a message the whole never gives."""
    case = next(c for k, n, c in MULTI if k == code and n.startswith("fail_three_decks"))
    found = case_violations(case, _marked(code, "part"), tmp_path, monkeypatch)
    assert any(f" {code} " in v and "alone gives" in v for v in found), found


def _marked(code: str, level: str) -> Marks:
    reg = load_registry()
    rules = dict(reg.rules)
    rules[code] = dataclasses.replace(rules[code], decided_by=level)
    return marks(reg._replace(rules=rules))


@pytest.mark.parametrize("level", ["part", "file"])
def test_a_rule_a_part_cannot_decide_fails_when_marked(
    level: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """VTM006 (a mode table entry defined nowhere) marked: a switched major node linted
    without the deck of its mode table gives findings the whole network does not."""
    m = _marked("VTM006", level)
    root = FIXTURES / "networks" / "rtp-lab" / "baseline"
    found = network_violations(root, m, monkeypatch)
    assert any(" VTM006 " in v for v in found), found
    case = next(c for code, _, c in MULTI if code == "VTM006")
    assert any(" VTM006 " in v for v in case_violations(case, m, tmp_path, monkeypatch))


def test_decided_by_is_read_and_checked(tmp_path: Path) -> None:
    def raw(**over: Any) -> dict[str, Any]:
        return manifest_data(**{"target": "topology", "impl": "python", "require": None, **over})

    assert from_dict(raw(), "XYZ001-x.yaml").decided_by == "network"
    part = from_dict(raw(**{"decided-by": "part"}), "XYZ001-x.yaml")
    assert part.part_decides and not part.deck_decides
    deck = from_dict(raw(**{"decided-by": "file"}), "XYZ001-x.yaml")
    assert deck.part_decides and deck.deck_decides and not deck.per_file
    assert from_dict(manifest_data(scope="file"), "XYZ001-x.yaml").decided_by == "file"
    with pytest.raises(ManifestError, match="decided-by must be file, part, network"):
        from_dict(raw(**{"decided-by": "deck"}), "XYZ001-x.yaml")
    with pytest.raises(ManifestError, match="sees one file only"):
        from_dict(manifest_data(scope="file", **{"decided-by": "part"}), "XYZ001-x.yaml")
    # a site's rule: no test keeps its mark honest
    site = tmp_path / "XYZ001-x.yaml"
    site.write_text(yaml.safe_dump(manifest_data(**{"decided-by": "part"})), encoding="utf-8")
    with pytest.raises(ManifestError, match="no decided-by"):
        load_file(site, user=True)
