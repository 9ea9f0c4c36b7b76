"""Every cross-product rule judges links the decks themselves give, not only links the
configuration declares. A cross-product rule is one whose check reads the links (directly,
or through the views built on them: the frames a mode travels in, the stations of a line,
the NCPs a VTAM owns, a stack's peers); each has a failing case whose finding, or a place it
relates, is in a statement at an end of a link inferred from deck evidence (a kind other than
tcp-peer, adapter, listener and the configuration's `topology: links`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from decklint import api
from decklint.lint.registry import load_registry

from .conftest import FIXTURES, ROOT
from .helpers import case_options

DECLARED = {"tcp-peer", "adapter", "listener"}
# What a check reads the links through.
READS_LINKS = re.compile(
    r"links_of\(|of\(\"link\"\)|views\.frames|stations_of\(|views\.owners|host_iobuf|"
    r"views\.stacks import[^\n]*\bpeers\b"
)
# Rules whose links only the configuration gives: no deck can state them.
CONFIGURATION_ONLY = {
    "PRS012": "it judges the links the configuration declares",
    "VMT002": "its partner is the peer the configuration declares for a stack",
}
# Rules that judge what no link reaches (a port no stack uses): tested on the links beside it.
NO_LINK = {"VTM024": "it reports a TRLE no stack's link reaches"}


def _rules() -> list[str]:
    out = []
    for code, m in load_registry().rules.items():
        module = (
            ROOT / "src" / "decklint" / "checks" / f"{code.lower()}_{m.name.replace('-', '_')}.py"
        )
        if module.exists() and READS_LINKS.search(module.read_text()):
            out.append(code)
    return sorted(out)


def _cases(code: str) -> dict[str, Any]:
    path = FIXTURES / "rules" / f"{code}.yaml"
    return yaml.safe_load(path.read_text())["cases"] if path.exists() else {}


def _ends(res: api.LintResult) -> dict[tuple[str, int], str]:
    """(file, line) of each line of a statement at an end of a deck-inferred link -> its kind."""
    topo = res.topology
    out: dict[tuple[str, int], str] = {}
    for lk in topo.of("link"):
        kind = str(lk.value("kind"))
        if kind in DECLARED or lk.value("via") == "topology: links":
            continue
        ends = [(lk.path, lk.span.line)]
        if lk.value("b_path"):
            ends.append((str(lk.value("b_path")), int(lk.value("b_line"))))
        for path, line in ends:
            for st in topo.statements.get(path, ()):
                if st.span.line <= line <= st.span.end_line:
                    out.update(((path, n), kind) for n in range(st.span.line, st.span.end_line + 1))
            out[(path, line)] = kind
    return out


@pytest.mark.parametrize("code", _rules())
def test_the_rule_judges_a_link_the_decks_give(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if code in CONFIGURATION_ONLY or code in NO_LINK:
        pytest.skip(CONFIGURATION_ONLY.get(code) or NO_LINK[code])
    kinds: set[str] = set()
    for i, case in enumerate(_cases(code).values()):
        if not case["expect"]:
            continue
        where = tmp_path / str(i)
        where.mkdir()
        res = api.lint_texts(case["files"], case_options(case, where, monkeypatch))
        ends = _ends(res)
        for f in res.findings:
            if f.code != code:
                continue
            for place in ((f.path, f.span.line), *((r.path, r.span.line) for r in f.related)):
                if place in ends:
                    kinds.add(ends[place])
    assert kinds, f"{code}: no failing case has a finding at an end of a link the decks give"
