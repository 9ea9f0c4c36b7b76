"""The `reads` mark kept honest: a Python check that says which entity kinds it finds its
findings among runs only when the model holds one of them (so a run of other decks imports
no check module it cannot use), and it never finds anything where the model holds none.

Checked by running every such rule with its mark taken off on the rule cases (every rule's,
not only its own) and on the example networks: wherever the rule finds something, the model
holds an entity of a kind it reads."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from decklint import api
from decklint.lint.manifest import ManifestError, from_dict
from decklint.lint.registry import load_registry

from .conftest import FIXTURES
from .helpers import case_options, manifest_data

READING = {c: m for c, m in load_registry().rules.items() if m.reads}
NETWORKS = sorted(p for p in (FIXTURES / "networks").glob("*/*") if p.is_dir())
LINKS = sorted(p for p in (FIXTURES / "links").glob("*") if p.is_dir())


def test_rules_name_what_their_checks_read() -> None:
    assert {"SNA009", "VTM012", "SNA014", "VTM006", "VTM010", "VTM011", "VTM013"} <= READING.keys()
    assert all(m.impl == "python" for m in READING.values())


@pytest.mark.parametrize(
    ("over", "says"),
    [
        ({"reads": ["mode"]}, "for a Python check"),
        ({"impl": "python", "target": "topology", "reads": "mode"}, "a list of entity kinds"),
        ({"impl": "python", "target": "topology", "reads": ["mode", "nosuch"]}, "nosuch"),
    ],
)
def test_a_wrong_reads_is_refused(over: dict[str, object], says: str) -> None:
    data = manifest_data(**over)
    if data.get("impl") == "python":
        data.pop("require", None)
    with pytest.raises(ManifestError, match=says):
        from_dict(data, "x.yaml")


def test_a_rule_whose_kinds_are_absent_is_not_run_nor_its_check_imported(tmp_path: Path) -> None:
    """A start list makes no mode, LU, PU, application or link: the checks that read only
    those are not imported for it, while VTM005's (it judges the start list's IOBUF) is."""
    import subprocess
    import sys

    deck = tmp_path / "ATCSTR00"
    deck.write_text("SSCPID=1,\nNOPROMPT\n")
    modules = [
        "sna008_mode_inconsistent",
        "sna009_mode_not_propagated",
        "vtm012_locaddr_twice",
        "sna014_route_subarea_unknown",
        "vtm006_mode_reference_undefined",
        "vtm010_station_id_twice",
        "vtm011_acbname_twice",
        "vtm013_cpname_is_pu_name",
        "vtm005_iobuf_size",
    ]
    probe = (
        "import sys\nfrom decklint import api\n"
        f"api.lint_paths([{str(deck)!r}])\n"
        f"print([m for m in {modules!r} if 'decklint.checks.' + m in sys.modules])\n"
    )
    got = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert got.strip() == "['vtm005_iobuf_size']"


def _cases() -> Iterator[tuple[str, dict[str, object]]]:
    for path in sorted((FIXTURES / "rules").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for name, case in data["cases"].items():
            yield f"{path.stem}-{name}", case


def _unmarked(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_registry().rules
    for code, m in READING.items():
        monkeypatch.setitem(rules, code, dataclasses.replace(m, reads=()))


def _judge(where: str, result: api.LintResult) -> list[str]:
    wrong = []
    for f in result.findings:
        m = READING.get(f.code)
        if m is not None and not any(result.topology.of(k) for k in m.reads):
            wrong.append(f"{where}: {f.code} found {f.message!r} with no {', '.join(m.reads)}")
    return wrong


def test_a_rule_finds_nothing_where_the_model_holds_none_of_what_it_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong: list[str] = []
    for where, case in _cases():
        with monkeypatch.context() as mp:
            opts = case_options(case, tmp_path, mp)
            _unmarked(mp)
            opts.show_all = True
            files = case["files"]
            assert isinstance(files, dict)
            wrong += _judge(where, api.lint_texts(files, opts))
    with monkeypatch.context() as mp:
        _unmarked(mp)
        for folder in [*NETWORKS, *LINKS]:
            wrong += _judge(str(folder), api.lint_paths([str(folder)], api.Options(show_all=True)))
    assert wrong == []
