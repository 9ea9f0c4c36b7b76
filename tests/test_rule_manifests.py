"""Meta-tests: every manifest is valid, cited, bound to a check, and its examples hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint import api
from decklint.checks import load_all
from decklint.lint.manifest import load_file
from decklint.lint.registry import load_registry, manifest_files
from decklint.platform.resources import rules_root

from .conftest import SEEDS
from .helpers import options_for

REGISTRY = load_registry()
MANIFESTS = sorted(REGISTRY.rules.values(), key=lambda m: m.code)
PREFIXES = {
    "PRS",
    "VTM",
    "NCP",
    "TSM",
    "CIC",
    "SNA",
    "SUP",
    "CM2",
    "AS4",
    "NSD",
    "AIX",
    "TCP",
    "BPX",
    "VMT",
    "NSK",
    "MP3",
    "JCL",
    "REL",
}


def test_every_file_loads_and_matches_its_name() -> None:
    files = manifest_files(rules_root())
    assert len(files) == len(MANIFESTS) >= 40
    for f in files:
        m = load_file(f)
        assert f.name == f"{m.code}-{m.name}.yaml"


def test_codes_and_names_unique_and_prefixes_known() -> None:
    names = [m.name for m in MANIFESTS]
    assert len(set(names)) == len(names)
    assert {m.prefix for m in MANIFESTS} <= PREFIXES


def test_python_checks_bound_one_to_one() -> None:
    checks = load_all()
    python_rules = {m.code for m in MANIFESTS if m.impl == "python" and m.target != "engine"}
    assert python_rules == set(checks), (
        f"manifests without a check: {sorted(python_rules - set(checks))}; "
        f"checks without a manifest: {sorted(set(checks) - python_rules)}"
    )


def test_check_modules_named_after_their_rule() -> None:
    folder = Path(__file__).resolve().parents[1] / "src" / "decklint" / "checks"
    for code in load_all():
        m = REGISTRY.rules[code]
        expected = f"{code.lower()}_{m.name.replace('-', '_')}.py"
        assert (folder / expected).is_file(), f"{code}: expected checks/{expected}"


# Where each tuning document's text sits in the shared folder (for this test only: users see
# titles, never these names).
DOCUMENT_FILES = {
    "appc": "000_761b89c906492400.txt",
    "zos-tcpip": "001_b53ea280a148c68b.txt",
    "vm-tcpip": "002_77a32b2861a0980c.txt",
    "multiprise-lan": "003_778f1c0dd63a09c9.txt",
    "nonstop-adsm": "004_cf813a2978f9a3f9.txt",
}
# Rules about decklint's own work (suppressions, the baseline, files it could not read): they
# rest on no document.
OWN_CHECKS = {"PRS006", "PRS009", "PRS010", "PRS011", "PRS012", "SUP001", "SUP002", "SUP003"}


def test_every_document_is_listed_with_its_file() -> None:
    from decklint.lint.documents import documents

    assert set(documents()) == set(DOCUMENT_FILES)


@pytest.mark.parametrize("m", MANIFESTS, ids=lambda m: m.code)
def test_manifest_is_documented_and_cited(m) -> None:  # type: ignore[no-untyped-def]
    assert len(m.summary) > 20 and len(m.rationale) > 60
    if m.code in OWN_CHECKS:
        assert m.citation is None and not m.cites, f"{m.code} is decklint's own: it cites nothing"
        return
    if m.citation is None:  # each finding cites its product's manual
        assert m.cites in ("syntax", "catalog"), f"{m.code}: cites nothing"
        return
    if not m.document:  # a product manual, by its title
        title = m.citation.document  # IBM's References and Guides, HPE NonStop's Manuals
        assert any(w in title for w in ("Reference", "Guide", "Manual")), m.code
        return
    seed = SEEDS / DOCUMENT_FILES[m.document]
    if not seed.is_file():
        pytest.skip("the tuning documents are not available")
    assert m.citation.section in seed.read_text(encoding="utf-8"), (
        f"{m.code}: section {m.citation.section!r} not found in {m.citation.document}"
    )


@pytest.mark.parametrize("m", MANIFESTS, ids=lambda m: m.code)
def test_manifest_has_failing_and_passing_examples(m) -> None:  # type: ignore[no-untyped-def]
    if m.tested_by:  # e.g. the baseline ratchet: no deck alone can show it
        test = Path(__file__).resolve().parents[1] / m.tested_by
        assert test.is_file() and m.code in test.read_text(), f"{m.code}: {m.tested_by}"
        assert not m.examples
        return
    kinds = {ex.expect_fail for ex in m.examples}
    assert kinds == {True, False}, f"{m.code} needs at least one fail and one pass example"


EXAMPLES = [
    pytest.param(m, i, ex, id=f"{m.code}-{'fail' if ex.expect_fail else 'pass'}{i}")
    for m in MANIFESTS
    for i, ex in enumerate(m.examples)
]


@pytest.mark.parametrize(("m", "i", "ex"), EXAMPLES)
def test_examples_run(m, i, ex, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    opts = options_for(tmp_path, monkeypatch, dialect=ex.dialect, config=ex.config)
    res = api.lint_texts(ex.files, opts)
    own = [f for f in res.findings if f.code == m.code]
    if ex.expect_fail:
        assert own, f"{m.code} example {i} should fail; findings: {res.findings}"
    else:
        assert not own, f"{m.code} example {i} should pass; got {own}"
    crashes = [f for f in res.findings if f.code == "PRS009" and f.severity.label == "error"]
    assert not crashes


def test_the_cached_registry_holds_the_checked_manifests_without_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pickle

    from decklint.lint import registry

    monkeypatch.setenv("DECKLINT_CACHE_DIR", str(tmp_path))
    files = [(str(p), False) for p in manifest_files(rules_root())]
    listed, fresh = registry._loaded(())  # a miss: read, checked and written
    assert listed == files
    [cached_file] = tmp_path.glob("manifests-*.pickle")
    listed, again = registry._loaded(())  # a hit: the files listed as the miss found them
    assert listed == files
    assert again == fresh and again is not fresh
    expr = next(m for m in again.values() if m.impl == "expr" and m.where)
    assert "require_fn" not in vars(expr)  # compiled when the rule first runs
    assert expr.require_fn is not None and expr.where_fn is not None
    assert pickle.loads(pickle.dumps(expr)) == expr  # the compiled closures are left out
    cached_file.write_bytes(b"not a pickle")
    assert registry._loaded(()) == (files, fresh)  # a damaged cache is rebuilt
