"""The link layer's `READS` kept whole and honest: an evidence module of `model/network/` is
imported and run only where the model holds one of the entity kinds it draws its links from
(so a run of a start list imports none of them), and it never draws a link or names an
external node where the model holds none of them.

Checked by running every module, whatever the model holds, on the rule cases (every rule's)
and on the example networks: wherever a module adds a link or an external node, the model
holds a kind its line in `READS` names."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from decklint import api
from decklint.dialects.kinds import kinds as entity_kinds
from decklint.model import network
from decklint.model.network.base import Evidence, Linker
from decklint.model.topology import Topology

from .conftest import FIXTURES
from .helpers import case_options

NETWORKS = sorted(p for p in (FIXTURES / "networks").glob("*/*") if p.is_dir())
LINKS = sorted(p for p in (FIXTURES / "links").glob("*") if p.is_dir())


def test_every_evidence_module_is_listed_with_kinds_the_model_knows() -> None:
    modules = {
        m.name
        for m in pkgutil.iter_modules(network.__path__)
        if m.name != "base" and not m.name.startswith("_")
    }
    assert set(network.READS) == modules
    known = entity_kinds()
    assert [k for reads in network.READS.values() for k in reads if k not in known] == []
    # every kind of evidence comes from a listed module, and all of them run for a model
    # that holds everything
    every = network.kinds()
    assert {e.infer.__module__.rpartition(".")[2] for e in every} == modules
    assert [e.order for e in every] == sorted(e.order for e in every)


def test_a_start_list_imports_no_evidence_module_but_those_that_always_run(
    tmp_path: Path,
) -> None:
    deck = tmp_path / "ATCSTR00"
    deck.write_text("SSCPID=1,\nHOSTSA=1,\nSSCPNAME=SSCP1\n")
    probe = (
        "import sys\nfrom decklint import api\n"
        f"api.lint_paths([{str(deck)!r}])\n"
        "print(sorted(m.rpartition('.')[2] for m in sys.modules"
        " if m.startswith('decklint.model.network.')))\n"
    )
    got = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    always = [name for name, reads in network.READS.items() if not reads]
    assert ast.literal_eval(got.strip()) == sorted(["base", *always])


def _cases() -> Iterator[tuple[str, dict[str, object]]]:
    for path in sorted((FIXTURES / "rules").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for name, case in data["cases"].items():
            yield f"{path.stem}-{name}", case


def _watched(wrong: list[str], where: list[str]) -> object:
    """`network.kinds` that runs every kind of evidence whatever the model holds, each noting
    in `wrong` what it added where the model holds none of what its module reads."""

    def watch(ev: Evidence) -> Evidence:
        module = ev.infer.__module__.rpartition(".")[2]
        reads = network.READS[module]

        def infer(links: Linker) -> None:
            topo = links.topo
            before = (len(topo.of("link")), len(links.externals))
            ev.infer(links)
            after = (len(topo.of("link")), len(links.externals))
            if after != before and reads and not any(topo.of(k) for k in reads):
                wrong.append(f"{where[0]}: {module} ({ev.name}) drew with no {', '.join(reads)}")

        return ev._replace(infer=infer)

    every = [watch(ev) for ev in network.kinds()]

    def kinds(topo: Topology | None = None) -> list[Evidence]:
        return every

    return kinds


def test_an_evidence_module_draws_nothing_where_the_model_holds_none_of_what_it_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong: list[str] = []
    where = [""]
    monkeypatch.setattr(network, "kinds", _watched(wrong, where))
    drawn = 0
    for name, case in _cases():
        where[0] = name
        with monkeypatch.context() as mp:
            opts = case_options(case, tmp_path, mp)
            opts.show_all = True
            files = case["files"]
            assert isinstance(files, dict)
            drawn += len(api.lint_texts(files, opts).topology.of("link"))
    for folder in [*NETWORKS, *LINKS]:
        where[0] = str(folder)
        drawn += len(api.lint_paths([str(folder)], api.Options(show_all=True)).topology.of("link"))
    assert drawn > 100
    assert wrong == []
