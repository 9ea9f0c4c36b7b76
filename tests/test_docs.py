"""docs/rules.md is generated from the manifests and kept in step by this test."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from decklint.cli import main
from decklint.lint import docs
from decklint.lint.registry import load_registry

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def test_rules_md_is_in_step_with_the_manifests(update_golden: bool) -> None:
    text = docs.render(load_registry().rules.values())
    if update_golden or not DOC.exists():
        DOC.write_text(text, encoding="utf-8")
    assert DOC.read_text(encoding="utf-8") == text, "run pytest --update-golden and commit"


def test_every_rule_has_a_section_grouped_by_product() -> None:
    text = DOC.read_text(encoding="utf-8")
    for code, m in load_registry().rules.items():
        assert f"### {code}\n" in text and m.cited in text
    assert text.index("## VTAM") < text.index("### VTM001") < text.index("## NCP")


def test_cli_renders_the_same_markdown() -> None:
    res = CliRunner().invoke(main, ["rules", "--format", "markdown"])
    assert res.output == DOC.read_text(encoding="utf-8")
