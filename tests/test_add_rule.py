"""scripts/add_rule.py: a scaffolded rule's files keep the invariants the meta-tests check."""

from __future__ import annotations

import ast
import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from decklint.lint import docs
from decklint.lint.manifest import load_file
from decklint.lint.registry import manifest_files

from .conftest import ROOT


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("add_rule", ROOT / "scripts" / "add_rule.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


add_rule = _script()


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The parts of a checkout the scaffold writes into."""
    for folder in ("rules", "fixtures/rules", "docs"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    (tmp_path / "src" / "decklint" / "checks").mkdir(parents=True)
    return tmp_path


def _check_invariants(root: Path, code: str, name: str) -> None:
    manifest = root / "rules" / code[:3].lower() / f"{code}-{name}.yaml"
    m = load_file(manifest)  # valid, named and placed as the registry wants
    assert (m.code, m.name) == (code, name)
    assert len(m.summary) > 20 and len(m.rationale) > 60
    assert {ex.expect_fail for ex in m.examples} == {True, False}
    cases = yaml.safe_load((root / "fixtures" / "rules" / f"{code}.yaml").read_text())
    assert cases["rule"] == code
    for n, c in cases["cases"].items():
        assert n.startswith("fail_") == bool(c["expect"]), n
    assert {n[:5] for n in cases["cases"]} == {"fail_", "pass_"}
    shipped = [load_file(p) for p in manifest_files(root / "rules")]
    rendered = (root / "docs" / "rules.md").read_text(encoding="utf-8")
    assert rendered == docs.render(shipped) and f"### {code}\n" in rendered


def test_an_expression_rule(checkout: Path) -> None:
    written = add_rule.scaffold(checkout, "NCP099", "pacing-thing", "ncp", python=False, kind="ncp")
    assert [p.relative_to(checkout).as_posix() for p in written] == [
        "rules/ncp/NCP099-pacing-thing.yaml",
        "fixtures/rules/NCP099.yaml",
        "docs/rules.md",
    ]
    assert load_file(written[0]).impl == "expr"
    _check_invariants(checkout, "NCP099", "pacing-thing")


def test_a_python_rule_gets_a_check_module_named_after_it(checkout: Path) -> None:
    add_rule.scaffold(checkout, "tcp099", "tiny-window", "tcpip", python=True)
    _check_invariants(checkout, "TCP099", "tiny-window")
    module = checkout / "src" / "decklint" / "checks" / "tcp099_tiny_window.py"
    tree = ast.parse(module.read_text(encoding="utf-8"))
    [fn] = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    [decorator] = fn.decorator_list
    assert isinstance(decorator, ast.Call) and ast.literal_eval(decorator.args[0]) == "TCP099"
    case = yaml.safe_load((checkout / "fixtures" / "rules" / "TCP099.yaml").read_text())
    assert "PROFILE.TCPIP" in case["cases"]["fail_todo"]["files"]  # a name tcpip recognises


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (("NCP005", "new-name", "ncp", False, "ncp"), "NCP005 exists"),
        (("NCP099", "slodown", "ncp", False, "ncp"), "taken by NCP005"),
        (("XYZ001", "new-name", "ncp", True, None), "add it to decklint.lint.docs.PRODUCTS"),
        (("NCP099", "new-name", "cobol", True, None), "not a dialect"),
        (("NCP099", "new-name", "ncp", False, None), "needs --kind"),
        (("NCP099", "new-name", "ncp", False, "nothing"), "not a model kind"),
        (("NCP99", "new-name", "ncp", True, None), "not a code"),
        (("NCP099", "New_Name", "ncp", True, None), "kebab-case"),
    ],
)
def test_refused_before_anything_is_written(checkout: Path, args: tuple, why: str) -> None:  # type: ignore[type-arg]
    before = sorted(p for p in checkout.rglob("*") if p.is_file())
    code, name, dialect, python, kind = args
    with pytest.raises(add_rule.Refused, match=why):
        add_rule.scaffold(checkout, code, name, dialect, python=python, kind=kind)
    assert sorted(p for p in checkout.rglob("*") if p.is_file()) == before


def test_the_command_line_refuses_an_existing_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert add_rule.main(["NCP014", "operand-typo", "--dialect", "ncp", "--python"]) == 2
    assert "NCP014 exists" in capsys.readouterr().err
