"""`decklint rules`: the rules listed (as markdown: the rule reference, docs/rules.md)."""

from __future__ import annotations

import click

from decklint.cli.options import dialect_choice, dialect_option, load_project


@click.command("rules")
@dialect_option("Only rules for this dialect.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text")
def rules(dialect: str | None, fmt: str) -> None:
    """List the rules (markdown: the rule reference, docs/rules.md)."""
    import json

    ms = sorted(load_project(None, False, (), ()).registry.rules.values(), key=lambda m: m.code)
    if dialect:
        dialect_choice(dialect)
        ms = [m for m in ms if not m.dialects or dialect in m.dialects]
    if fmt == "markdown":
        from decklint.lint import docs

        click.echo(docs.render(ms), nl=False)
    elif fmt == "json":
        rows = [
            {
                "code": m.code,
                "name": m.name,
                "severity": m.severity.label,
                "severities": [s.label for s in m.reports],
                "summary": m.summary,
                "dialects": list(m.dialects),
            }
            for m in ms
        ]
        click.echo(json.dumps(rows, indent=2))
    else:
        for m in ms:
            where = ",".join(m.dialects) if m.dialects else "all"
            graded = "/".join(s.label for s in m.reports)
            click.echo(f"{m.code}  {m.name:<40} {graded:<18} {where:<10} {m.summary}")
