"""`decklint explain`: a rule (what it checks, why, the document's section, examples), or a
product catalog's entry for a statement or an operand."""

from __future__ import annotations

from typing import Any

import click

from decklint.cli.options import complete_rules, load_project


@click.command("explain")
@click.argument("rule", shell_complete=complete_rules)
def explain(rule: str) -> None:
    """Show what a rule checks, why, where the document says so, and examples.

    PRODUCT:NAME (vtam:MAXDATA, ncp:HOST, ncp:LINE.MAXTSL, tcpip:TCPCONFIG) shows a
    statement's or operand's entry in the product catalog instead."""
    if ":" in rule:
        click.echo("\n".join(_catalog_entry(rule)))
        return
    m = load_project(None, False, (), ()).registry.by_name(rule)
    if m is None:
        raise click.UsageError(f"no rule {rule!r} (see `decklint rules`)")
    lines = [
        f"{m.code} {m.name} ({m.graded})",
        "",
        m.summary,
        "",
        *_severities(m),
        "Why:",
        *("  " + ln for ln in m.rationale.splitlines()),
        "",
        f"Source: {m.cited}",
    ]
    from decklint.lint.docs import DECIDED, example_files

    if m.decided_by in DECIDED:
        lines += ["", DECIDED[m.decided_by]]
    if m.options:
        lines += ["", "Options:"]
        lines += [
            f"  {o.name} ({o.type}, default {o.default!r}): {o.doc}" for o in m.options.values()
        ]
    for ex in m.examples:
        lines += ["", "Fails:" if ex.expect_fail else "Passes:"]
        for name, body in example_files(ex).items():
            lines.append(f"  --- {name}")
            lines += ["  " + ln for ln in body.rstrip("\n").splitlines()]
    click.echo("\n".join(lines))


def _severities(m: Any) -> list[str]:
    """What each severity of a rule's findings means, when they take more than one."""
    if not m.severities:
        return []
    return ["Severity:", *(f"  {s.label}: {when}" for s, when in m.severities), ""]


def _catalog_entry(spec: str) -> list[str]:
    """The catalog lines for PRODUCT:STATEMENT, PRODUCT:OPERAND or PRODUCT:STATEMENT.OPERAND."""
    from decklint.knowledge import catalog as catalogs

    try:
        return catalogs.lookup(spec)
    except LookupError as exc:
        raise click.UsageError(str(exc.args[0])) from None
