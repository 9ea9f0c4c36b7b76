"""`decklint config`: the configuration that applies here."""

from __future__ import annotations

import click

from decklint.cli.options import config_options, load_project


@click.command("config")
@click.option("--show", is_flag=True, required=True, help="Print the resolved settings.")
@config_options
def config_cmd(show: bool, config_path: str | None, isolated: bool) -> None:
    """Show the configuration that applies here (files found, rules selected, options)."""
    import yaml

    project = load_project(config_path, isolated, (), ())
    click.echo(yaml.safe_dump(project.show(), sort_keys=False, width=100), nl=False)
