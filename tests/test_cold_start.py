"""What a cold start reads and imports: decklint's own YAML through libyaml's safe loader when
pyyaml has it (the pure-Python one otherwise, reading the same data), a product catalog's
plain data (in JSON's form) kept as a sealed pickle keyed by the catalog's content (a changed
or tampered entry is never believed), and a lint of one deck that imports neither the server
nor `format`."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from decklint.knowledge import catalog
from decklint.lint import manifest
from decklint.platform import store, yamlsafe
from decklint.platform.resources import grammars_root, rules_root

VTAM_CATALOG = grammars_root() / "catalogs" / "vtam.yaml"
A_MANIFEST = next(iter(sorted((rules_root() / "vtm").glob("*.yaml"))))


def test_the_c_loader_is_used_when_pyyaml_has_it() -> None:
    if not hasattr(yaml, "CSafeLoader"):
        pytest.skip("this pyyaml was built without libyaml")
    assert yamlsafe.loader() is yaml.CSafeLoader


def test_without_libyaml_the_pure_python_safe_loader_reads_the_same_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = VTAM_CATALOG.read_text(encoding="utf-8")
    fast = yamlsafe.load(text), manifest.read_yaml(A_MANIFEST)
    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    assert yamlsafe.loader() is yaml.SafeLoader
    assert (yamlsafe.load(text), manifest.read_yaml(A_MANIFEST)) == fast


def test_both_loaders_refuse_tags_that_build_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    hostile = "!!python/object/apply:os.system ['true']"
    with pytest.raises(yaml.YAMLError):
        yamlsafe.load(hostile)
    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    with pytest.raises(yaml.YAMLError):
        yamlsafe.load(hostile)


def _vault(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> store.Vault:
    monkeypatch.delenv("DECKLINT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    v = store.vault()
    assert v is not None
    return v


def _entries(v: store.Vault) -> list[Path]:
    return sorted((v.folder / "catalogs").glob("*.pickle"))


def test_a_catalog_is_kept_sealed_keyed_by_its_content_in_the_form_json_gives(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    v = _vault(monkeypatch, tmp_path)
    raw = VTAM_CATALOG.read_bytes()
    first = catalog._plain(raw)
    (entry,) = _entries(v)
    assert pickle.loads(v.read(f"catalogs/{entry.name}") or b"") == first
    # read from the YAML or from the cache, the data is the same: JSON's (keys as strings)
    assert first == json.loads(json.dumps(yamlsafe.load(raw), default=str))

    def no_yaml(text: object) -> object:
        raise AssertionError("read from the cache, not the YAML")

    monkeypatch.setattr(yamlsafe, "load", no_yaml)
    assert catalog._plain(raw) == first
    monkeypatch.undo()
    _vault(monkeypatch, tmp_path)
    retitled = raw.replace(b'title: "VTAM', b'title: "Our VTAM', 1)  # another text, another entry
    assert catalog._plain(retitled)["title"].startswith("Our VTAM")
    assert len(_entries(v)) == 2


def test_a_tampered_or_planted_catalog_entry_is_never_believed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    v = _vault(monkeypatch, tmp_path)
    raw = VTAM_CATALOG.read_bytes()
    first = catalog._plain(raw)
    (entry,) = _entries(v)
    sealed = entry.read_bytes()
    lie = pickle.dumps({**first, "title": "planted"})
    assert b"VTAM" in sealed
    for bad in (
        sealed.replace(b"VTAM", b"VTAX", 1),  # one value changed, seal kept
        lie,  # a plain pickle, no seal: what anyone could write there
        v.seal(lie, "catalogs/another-name.pickle"),  # sealed under another name
        store.Vault(v.folder, b"t" * 32).seal(lie, f"catalogs/{entry.name}"),  # another key
    ):
        entry.write_bytes(bad)
        assert catalog._plain(raw) == first  # read from the YAML again
        assert entry.read_bytes() != bad  # and the entry written anew


def test_linting_a_vtam_deck_imports_neither_the_server_nor_format(tmp_path: Path) -> None:
    deck = tmp_path / "appl.vtam"
    deck.write_text("APPLS    VBUILD TYPE=APPL\nCICSA    APPL  APPC=YES,AUTH=(ACQ,PASS)\n")
    env = dict(os.environ, NO_COLOR="1", DECKLINT_CACHE_DIR=str(tmp_path / "cache"))
    for _ in range(2):  # cold, then with grammars, manifests and catalogs cached
        got = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "decklint", "lint", "--no-cache", str(deck)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert got.returncode in (0, 1), got.stderr[-2000:]
        imported = {
            line.rsplit("|", 1)[1].strip()
            for line in got.stderr.splitlines()
            if line.startswith("import time:") and "|" in line
        }
        assert "decklint.api" in imported and "decklint.dialects.vtam.lowering" in imported
        unwanted = ("decklint.server", "decklint.fmt", "decklint.review", "pygls", "lsprotocol")
        assert not sorted(m for m in imported if m.startswith(unwanted))
    assert "yaml" not in imported  # nothing of decklint's YAML is read once it is cached


def _imported(env: dict[str, str], *args: str) -> set[str]:
    """The modules a `decklint` process imports (its `-X importtime` lines)."""
    got = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "decklint", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert got.returncode in (0, 1), got.stderr[-2000:]
    return {
        line.rsplit("|", 1)[1].strip()
        for line in got.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def _under(imported: set[str], *packages: str) -> list[str]:
    return sorted(
        m for m in imported if m in packages or m.startswith(tuple(p + "." for p in packages))
    )


# Never imported by a lint of one deck reported as text to a pipe: the YAML reader (catalogs
# and manifests come from the cache), rich (plain text needs none of it), worker pools.
NEVER = ("yaml", "rich", "multiprocessing", "concurrent", "decklint.platform.yamlsafe")
# Nor, by one that loads no Lark parser (Lark's own modules import some of them): OpenSSL's
# hashes (the cache's keys and seals are BLAKE2b, `decklint.platform.digests`), JSON and zlib
# (the catalogs and manifests are sealed pickles), the utf-8-sig codec (a BOM is dropped by
# hand), and, for a deck with no finding, the escaping of what the text report prints.
NOR_WITHOUT_LARK = (
    "hashlib",
    "_hashlib",
    "hmac",
    "json",
    "zlib",
    "encodings.utf_8_sig",
    "decklint.report.safe",
)
# What a start list, the small deck of the cold start, never needs: conditional assembly, the
# assembler's instructions, operands lost to a remark (a list is items, not statements); the
# TCP/IP profile reader (no stack to name), and, with no IOBUF coded, the views VTM005 compares
# one against; `pkgutil` (the link layer's modules are listed in `model.network.READS`). (The
# checks of rules whose entities it makes none of are not imported either, `reads`, nor the
# link layer's evidence modules nor other dialects' packages: `-X importtime` does not show
# what `importlib.import_module` imports, so tests/test_rule_reads.py,
# tests/test_link_reads.py and the last tests here ask the process.)
NOT_FOR_A_LIST = (
    "decklint.readers.assembler.conditional",
    "decklint.readers.assembler.results",
    "decklint.readers.assembler.opencode",
    "decklint.readers.assembler.dc",
    "decklint.readers.assembler.instructions",
    "decklint.readers.lost_operands",
    "decklint.dialects.tcpip",
    "decklint.model.views",
    "decklint.checks._wording",
    "pkgutil",
)
# What only a file parsed in this run needs: Lark and the readers.
PARSING = (
    "lark",
    "decklint.readers.cards",
    "decklint.readers.assembler",
    "decklint.dialects.vtam.reader",
)
# What only a run that builds the model needs: the rules, the file phase, the model's links.
MODEL = (
    "decklint.lint.runner",
    "decklint.pipeline.filephase",
    "decklint.model.resolve",
    "decklint.model.network",
    "decklint.knowledge.catalog",
    "decklint.checks",
)


def test_a_lint_answered_from_the_cache_imports_no_parser(tmp_path: Path) -> None:
    """The start-up of the pre-commit case: a start list linted, then linted again with its
    file's result in the cache (the run memo emptied: the model is built and the rules run)
    and once more, answered by the run memo. Neither parses, so neither imports Lark or a
    reader; the memo's run not even the rules. A test of what is imported, not of time."""
    deck = tmp_path / "ATCSTR00"
    deck.write_text("".join(f"OPTION{i}=VALUE{i},\n" for i in range(19)) + "SSCPID=1\n")
    cache = tmp_path / "cache"
    env = dict(os.environ, NO_COLOR="1", DECKLINT_CACHE_DIR=str(cache))
    first = _imported(env, "lint", str(deck))
    assert "decklint.dialects.vtam.reader" in first  # parsed, and its result cached
    assert not _under(first, "rich", "multiprocessing", "concurrent")
    for runs in cache.glob("runs/*"):
        for memo in runs.iterdir():
            memo.unlink()
    cached = _imported(env, "lint", str(deck))
    assert "decklint.lint.runner" in cached  # the rules ran
    assert not _under(cached, *NEVER, *NOR_WITHOUT_LARK, *PARSING, *NOT_FOR_A_LIST)
    deck.write_text("* EDITED\n" + deck.read_text())  # pre-commit after a change
    edited = _imported(env, "lint", str(deck))
    assert "decklint.dialects.vtam.reader" in edited  # parsed again
    assert not _under(edited, *NEVER, *NOR_WITHOUT_LARK, *NOT_FOR_A_LIST, "lark")
    memo = _imported(env, "lint", str(deck))
    assert "decklint.pipeline.memo" in memo
    assert not _under(memo, *NEVER, *PARSING, *MODEL)


def test_a_lint_without_the_cache_reads_plain_statements_without_lark_and_no_yaml(
    tmp_path: Path,
) -> None:
    """--no-cache parses the deck, yet reads the catalogs and manifests from the cache, not
    their YAML; a deck of plain statements is read by the fast path (`readers/scan.py`) and
    Lark is not even imported, while one the scanner declines (a sublist within a sublist)
    imports it, its parser loaded from the cache."""
    env = dict(os.environ, NO_COLOR="1", DECKLINT_CACHE_DIR=str(tmp_path / "cache"))
    plain = tmp_path / "ATCSTR00"
    plain.write_text("SSCPID=1,\nNOPROMPT\n")
    _imported(env, "lint", "--no-cache", str(plain))  # the grammars and manifests cached
    got = _imported(env, "lint", "--no-cache", str(plain))
    assert "decklint.dialects.vtam.reader" in got and "decklint.lint.runner" in got
    assert "lark" not in got
    assert not _under(got, *NEVER, *NOR_WITHOUT_LARK, *NOT_FOR_A_LIST)
    nested = tmp_path / "COSTAB"
    nested.write_text(
        "COSTAB1  COSTAB\n#CONNECT COS   VR=((0,0),(1,0))\n         COSEND\n         END\n"
    )
    _imported(env, "lint", "--no-cache", str(nested))  # its parser and catalog cached
    got = _imported(env, "lint", "--no-cache", str(nested))
    assert "lark" in got and "decklint.dialects.vtam.reader" in got
    assert not _under(got, *NEVER)


# The frozen dataclasses a lint of one deck may make, each with what keeps it from being a
# NamedTuple (docs/decisions.md, "Records made at start"): making a frozen dataclass's class
# compiles six functions, a NamedTuple's one, and every class of a module decklint imports is
# made at each start.
FROZEN_AT_START = {
    "decklint.lint.manifest.Manifest": "its compiled expressions are cached properties",
    "decklint.knowledge.catalog.Catalog": "it keeps the entries it built, compared by neither",
    "decklint.project.config.Config": "its root is the working folder when it is made",
}
# The mutable dataclasses it may make, each with why it is one. None: the run's mutable state
# (the options, the run, its result, the model, the inputs, the reader's units and maps, the
# cache's store) is plain classes, equal only to themselves, since making a mutable dataclass
# compiles `__init__`, `__repr__` and `__eq__` (about 0.25 ms each start) and nothing compares
# that state by value, prints it or lists its fields (docs/decisions.md, "The run's mutable
# state is plain classes").
MUTABLE_AT_START: dict[str, str] = {}

_MADE = """
import dataclasses, io, json, sys, contextlib
made = []
process = dataclasses._process_class
def wrapped(cls, *a):
    made.append((f"{cls.__module__}.{cls.__qualname__}", bool(a[5])))
    return process(cls, *a)
dataclasses._process_class = wrapped
sys.argv = ["decklint", "lint", "--exit-zero", *sys.argv[1:]]
import decklint.cli
with contextlib.redirect_stdout(io.StringIO()):
    try:
        decklint.cli.main()
    except SystemExit:
        pass
print(json.dumps(made))
"""


def test_a_lint_of_one_deck_makes_only_the_dataclasses_listed_with_their_reasons(
    tmp_path: Path,
) -> None:
    """A start list linted with `--no-cache` and as pre-commit runs it (the cache in use):
    every frozen dataclass it makes is one listed above, with its reason; a new one is made
    a NamedTuple (or imported only where it is needed), or listed here with why it cannot
    be. Likewise every mutable one: a new piece of the run's state is a plain class, unless
    listed with why it needs what a dataclass makes. What is made is counted, never timed."""
    deck = tmp_path / "ATCSTR00"
    deck.write_text("".join(f"OPTION{i}=VALUE{i},\n" for i in range(19)) + "SSCPID=1\n")
    env = dict(os.environ, NO_COLOR="1", DECKLINT_CACHE_DIR=str(tmp_path / "cache"))
    for args in (["--no-cache", str(deck)], [str(deck)], [str(deck)]):
        got = subprocess.run(
            [sys.executable, "-c", _MADE, *args],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        made = json.loads(got.stdout.splitlines()[-1])
        assert ["decklint.project.config.Config", True] in made  # the count is of this run
        frozen = sorted({n for n, f in made if f and n.startswith("decklint.")})
        assert [n for n in frozen if n not in FROZEN_AT_START] == []
        mutable = sorted({n for n, f in made if not f and n.startswith("decklint.")})
        assert [n for n in mutable if n not in MUTABLE_AT_START] == []


def test_a_deck_named_for_its_dialect_imports_that_dialects_package_alone(tmp_path: Path) -> None:
    """The dialects' records are kept in the cache for this build: once they are, a start
    list (its name tells its dialect) imports VTAM's package and no other dialect's, and
    the records read from the cache are those of the packages."""
    deck = tmp_path / "ATCSTR00"
    deck.write_text("SSCPID=1,\nNOPROMPT\n")
    env = dict(os.environ, NO_COLOR="1", DECKLINT_CACHE_DIR=str(tmp_path / "cache"))
    probe = (
        "import sys, io, contextlib\n"
        f"sys.argv = ['decklint', 'lint', '--no-cache', {str(deck)!r}]\n"
        "import decklint.cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n        decklint.cli.main()\n    except SystemExit:\n        pass\n"
        "from decklint import dialects\n"
        "print(sorted(n for n in dialects.NAMES if 'decklint.dialects.' + n in sys.modules))\n"
        "print(dialects._kept() == {n: dialects._record(n) for n in dialects.NAMES})\n"
    )

    def run() -> list[str]:
        got = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
        )
        return got.stdout.split("\n")

    first = run()  # the records read from the packages, and kept
    assert first[1] == "True"
    packages, same = run()[:2]
    assert packages == "['vtam']" and same == "True"


def test_the_dialect_records_are_read_from_the_packages_without_a_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from decklint import dialects

    monkeypatch.setattr(store, "vault", lambda: None)
    assert dialects._kept() is None
    records = {n: dialects._record(n) for n in dialects.NAMES}
    assert dialects._registry() == records  # whichever way this process read them
    assert {n: d.globs for n, d in records.items()} == dialects.GLOBS
