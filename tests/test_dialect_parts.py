"""A registered dialect is whole: its package (reader, lowering, kinds, spec and a DIALECT
record with every field set), its grammar, its catalog, its fixtures and its row in the
README; and no module outside a dialect's package keeps a table keyed by dialect names.

Adding a dialect is one folder under src/decklint/dialects/, its fixtures and one line in
the registry (docs/architecture.md, "Adding a dialect"): this test names what is missing.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from decklint import dialects
from decklint.core.ir import LogicalUnit
from decklint.core.source import SourceFile
from decklint.dialects.base import Dialect
from decklint.dialects.kinds import kinds
from decklint.model.release import FAMILIES
from decklint.readers.cards import read_assembler

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "decklint"
PACKAGES = SRC / "dialects"
NAMES = dialects.names()
MODULES = ("__init__", "reader", "lowering", "kinds", "spec")
OUTLINES = {"nested", "groups", "blocks", "flat"}


@pytest.mark.parametrize("name", NAMES)
def test_the_package_has_every_module(name: str) -> None:
    folder = PACKAGES / name
    missing = [m for m in MODULES if not (folder / f"{m}.py").is_file()]
    assert not missing, f"dialects/{name}/ lacks {', '.join(m + '.py' for m in missing)}"


@pytest.mark.parametrize("name", NAMES)
def test_the_record_is_the_packages_and_every_field_is_set(name: str) -> None:
    d = dialects.REGISTRY[name]
    assert isinstance(d, Dialect)
    assert d.name == name and d.module == f"decklint.dialects.{name}.spec"
    assert d.language.strip(), f"{name}: no editor language id"
    assert d.product.strip() and d.globs, f"{name}: no product or file names"
    assert d.catalog and (ROOT / "grammars" / "catalogs" / f"{d.catalog}.yaml").is_file(), (
        f"{name}: its catalog grammars/catalogs/{d.catalog}.yaml does not exist"
    )
    assert d.assign in ("=", "(", None), f"{name}: assign {d.assign!r} is not '=', '(' or None"
    assert d.outline in OUTLINES, f"{name}: outline {d.outline!r} is not one of {OUTLINES}"
    assert (d.outline == "nested") == bool(d.levels), f"{name}: 'nested' outlines need levels"
    assert d.family is None or d.family in FAMILIES, f"{name}: unknown family {d.family!r}"
    for k in d.node.kinds:
        assert k in kinds(), f"{name}: its node rule names the undeclared kind {k!r}"


@pytest.mark.parametrize("name", NAMES)
def test_its_catalog_has_its_name(name: str) -> None:
    """The knowledge floor stands below the registry and reads none of its records: it finds
    a dialect's catalog by the dialect's name (`schema.catalog_of`), so the catalog a record
    names is the one of its own name."""
    from decklint.knowledge import schema

    assert dialects.REGISTRY[name].catalog == name, f"{name}: its catalog is not {name}.yaml"
    assert schema.catalog_of(name) is not None


@pytest.mark.parametrize("name", NAMES)
def test_the_record_imports_no_reader(name: str) -> None:
    """The registry reads every record at start-up: a record that imports its reader (and
    Lark with it) would slow every run."""
    code = (
        f"import sys; import decklint.dialects.{name}; "
        "print(' '.join(m for m in sys.modules if m == 'lark' or m.endswith(('.reader', "
        "'.lowering', '.spec'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert not out.stdout.strip(), f"{name}: importing its record imports {out.stdout.strip()}"


def _grammars(name: str) -> set[str]:
    """The grammars its modules name: lark_parser("x", ...), parsed_units(.., "x", ..),
    parse_assembler(src, "x", ...), parse_option_list(src, "x", ...) and parse_units(src,
    read, dialect, "x")."""
    found: set[str] = set()
    for path in (PACKAGES / name).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            at = {"lark_parser": 0, "parsed_units": 1, "parse_assembler": 1}.get(node.func.id)
            at = 1 if node.func.id == "parse_option_list" else at
            at = 3 if node.func.id == "parse_units" else at
            if at is not None and len(node.args) > at:
                arg = node.args[at]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
    return found


@pytest.mark.parametrize("name", NAMES)
def test_its_grammar_exists_and_is_read(name: str) -> None:
    named = _grammars(name)
    assert named, f"{name}: its reader names no grammar"
    for g in named:
        assert (ROOT / "grammars" / f"{g}.lark").is_file(), f"{name}: grammars/{g}.lark missing"


def test_every_grammar_belongs_to_a_dialect() -> None:
    read = set().union(*(_grammars(n) for n in NAMES))
    shared = {"common"}  # imported by the others
    lark = {p.stem for p in (ROOT / "grammars").glob("*.lark")}
    assert lark - read - shared == set(), "a grammar no dialect reads"


@pytest.mark.parametrize("name", NAMES)
def test_it_has_fixtures(name: str) -> None:
    folder = ROOT / "fixtures" / "dialects" / name
    decks = [p for p in folder.iterdir() if p.is_file() and not p.name.endswith(".yaml")]
    goldens = [p for p in folder.iterdir() if p.name.endswith(".model.yaml")]
    assert decks, f"fixtures/dialects/{name}/ holds no sample deck"
    assert goldens, f"fixtures/dialects/{name}/ holds no parse golden (*.model.yaml)"


def _samples(name: str) -> list[Path]:
    """The dialect's sample decks, and its damaged ones (indented, re-flowed, with markup)."""
    out = []
    for folder in (ROOT / "fixtures" / "dialects" / name, ROOT / "fixtures" / "damaged" / name):
        if folder.is_dir():
            out += sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".yaml")
    return out


@pytest.mark.parametrize("name", [n for n in NAMES if dialects.get(n).card_reading])
def test_the_declared_card_reading_is_the_parses(name: str) -> None:
    """`card_reading` says how the parse reads a deck with the card reader, so that `decklint
    format` need not parse a deck to know it: on every sample deck, the reader given the
    declared indentation reads the units the parse read (text and columns), and a deck it
    declares read otherwise is read otherwise."""
    spec = dialects.get(name)
    assert spec.card_image and spec.card_reading is not None
    samples = _samples(name)
    assert samples
    for path in samples:
        src = SourceFile.from_text(str(path), path.read_text(encoding="latin-1"))
        indent = spec.card_reading(src)
        parsed = spec.parse(src).read.units
        if indent is None:  # read otherwise: items of a list, or statements the parse mends
            plain = [_unit(u) for u in read_assembler(src).units]
            items = all(u.kind != "statement" for u in parsed)
            assert parsed and (items or [_unit(u) for u in parsed] != plain), path
            continue
        cards = read_assembler(src, indent).units
        assert [_unit(u) for u in parsed] == [_unit(u) for u in cards], path


def _unit(u: LogicalUnit) -> tuple[object, ...]:
    return (u.kind, u.text, u.smap.starts, u.smap.lines, u.smap.cols)


@pytest.mark.parametrize("name", NAMES)
def test_it_is_documented(name: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(rf"^\| `{name}` \|", readme, re.M), f"README.md: no row for `{name}`"


# ----------------------------------------------------------- no table keyed by dialect names

# Tables outside the packages that may stay keyed by dialect names, each with its reason.
ALLOWED = {
    # a rule's own knowledge: how each product spells the operands the rule compares, or a
    # product limit only that rule applies; rules are not part of any one dialect
    "checks/sna008_mode_inconsistent.py": "the operands each product spells a mode field as",
    # the editors' detection tables: each dialect's sniffer tables by the name its port in
    # Neovim and Emacs reads them by; built from the readers, not a second copy
    "inputs/signs.py": "the detection tables the editor ports read, by dialect",
    # keyed by catalog name (ftpdata is a catalog and no dialect): the family a catalog's
    # releases are written in; tcpip's catalog is z/OS's while a profile's family is its stack's
    "model/release.py": "catalog name -> release family",
    # where a mode's frames come from per product: a view's join, read by SNA010
    "model/views/frames.py": "how each workstation's mode finds its DLC frame",
    # keyed by the link layer's evidence modules, two of which are named as dialects are
    # (bpxprm, cics): the entity kinds each module draws its links from
    "model/network/__init__.py": "evidence module -> the kinds it reads",
}


def _keyed_by_dialects(path: Path) -> bool:
    """A dict literal keyed by dialect names: two or more of them among its constant keys, or
    only dialect names (a per-kind table where "ncp" is the NCP node's kind, or a record with
    a "tcpip" field, is neither)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            named = keys & set(NAMES)
            if len(named) >= 2 or (named and named == keys):
                return True
    return False


def test_no_table_outside_the_packages_is_keyed_by_dialect_names() -> None:
    found = set()
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("dialects/") and rel.split("/")[1] in NAMES:
            continue  # a dialect's own package
        if _keyed_by_dialects(path):
            found.add(rel)
    assert found - set(ALLOWED) == set(), "move these tables into the dialects' records"
    assert set(ALLOWED) - found == set(), "an allowed table is gone: drop it from ALLOWED"


# ----------------------------------------------------------- no table keyed by entity kinds

# Modules that say how kinds are named, compared or drawn read it from the kinds'
# declarations (`KindSpec.word`, `review_skip`, `reviewed`, `drawn`), never from a table of
# their own: a new kind is described once, in its dialect's kinds.py.
KIND_READERS = ("review/changes.py", "report/topology.py")


def _literal(node: ast.expr) -> bool:
    """A value a table holds: a constant, or a tuple, set or frozenset({...}) of them (not a
    record being built, whose keys only happen to be kind names: "node", "path", "line")."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_literal(e) for e in node.elts)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in ("frozenset", "set", "tuple") and all(map(_literal, node.args))
    return False


def _keyed_by_kinds(path: Path, kinds: set[str]) -> list[int]:
    """Lines of dict literals and tuples of (kind, ...) rows keyed by three or more kinds."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        keys: set[object] = set()
        if isinstance(node, ast.Dict) and all(_literal(v) for v in node.values):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
        elif isinstance(node, ast.Tuple):
            rows = [e for e in node.elts if isinstance(e, ast.Tuple) and e.elts]
            keys = {r.elts[0].value for r in rows if isinstance(r.elts[0], ast.Constant)}
        if len(keys & kinds) >= 3:
            lines.append(node.lineno)
    return lines


def test_how_kinds_are_named_compared_and_drawn_is_declared_with_the_kinds() -> None:
    from decklint.dialects.kinds import kinds

    known = set(kinds())
    found = {rel: at for rel in KIND_READERS if (at := _keyed_by_kinds(SRC / rel, known))}
    assert found == {}, "declare these on the kinds (model.kinds.kind): word, review_skip, drawn"


def test_the_kinds_declare_what_review_and_topology_read() -> None:
    from decklint.dialects.kinds import kinds
    from decklint.report.topology import _drawn
    from decklint.review.changes import word

    every = kinds()
    assert word("application") == "APPL" and word("ncp_host") == "NCP HOST"
    assert word("tcpip_autolog") == "tcpip autolog"  # no word declared: the kind's name
    assert not every["tcpip_profile"].reviewed
    assert "pccu_maxdata" in every["ncp_host"].review_skip
    drawn = _drawn()
    assert drawn[:2] == (("ncp", "unitsz", "UNITSZ"), ("ncp", "maxbfru", "MAXBFRU"))
    for kind, field, _label in drawn:
        assert field in every[kind].fields, f"{kind} draws {field}, which it does not declare"
    for spec in every.values():
        assert spec.review_skip <= set(spec.fields), f"{spec.kind} skips a field it lacks"
