"""`decklint topology`: the site drawn, its nodes and links and the findings on them, as JSON,
DOT, Mermaid, HTML or a text tree."""

from __future__ import annotations

import os
import sys

import click

from decklint.cli.options import (
    EXIT_CLEAN,
    EXIT_ERROR,
    complete_paths,
    config_error,
    config_exit,
    config_options,
    dialect_choice,
    dialect_option,
    load_project,
    output_option,
    say,
    speed_options,
    to_output,
)


@click.command("topology")
@click.argument("paths", nargs=-1, required=True, shell_complete=complete_paths)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "dot", "mermaid", "html", "text"]),
    default="json",
    show_default=True,
    help="JSON (stable schema), Graphviz DOT, Mermaid, one self-contained HTML page, or a "
    "text tree to read in a terminal.",
)
@output_option()
@dialect_option("Treat every file as this dialect.")
@config_options
@speed_options
def topology(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    dialect: str | None,
    config_path: str | None,
    isolated: bool,
    jobs: int,
    no_cache: bool,
) -> None:
    """Draw the site: nodes, links and their status, and the findings on them."""
    from decklint import api
    from decklint.report import topology as export

    dialect = dialect_choice(dialect)
    project = load_project(config_path, isolated, (), ())
    opts = project.options(dialect)
    opts.jobs, opts.cache = jobs, not no_cache
    inputs = api.gather(list(paths), opts.excluded)
    try:
        project.declare_for(opts, [i.path for i in inputs])
        result = api.lint_inputs(inputs, opts)
    except config_error() as exc:
        config_exit(exc)
    link_codes = {m.code for m in project.registry.rules.values() if "link" in m.groups}
    data = export.export(result.topology, list(result.findings), link_codes)
    if fmt == "json":
        text = export.to_json(data)
    elif fmt == "dot":
        text = export.to_dot(data)
    elif fmt == "mermaid":
        text = export.to_mermaid(data)
    elif fmt == "text":
        from decklint.report.topology_text import to_text

        text = to_text(data)
    else:
        base = os.path.dirname(os.path.abspath(output)) if output else os.getcwd()
        text = export.to_html(data, os.path.relpath(base))
    to_output(output, lambda stream, _color: stream.write(text), None)
    if output:
        say(f"wrote {output}")
    sys.exit(EXIT_ERROR if result.internal_errors else EXIT_CLEAN)
