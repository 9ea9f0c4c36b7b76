"""The command line: the `decklint` group and its commands, one module each; the options they
share are written once (`options`). Click commands only: the work is done by the library."""

from __future__ import annotations

import importlib
from typing import Any

import click

from decklint import __version__
from decklint.cli.options import EXIT_INTERRUPTED, refusal, say

# Each command and where it is: its module is imported when the command runs (or a list of
# the commands asks for its help), so that a lint imports the lint command's module alone.
COMMANDS = {
    "cache": "decklint.cli.cache:cache_cmd",
    "completion": "decklint.cli.completion:completion",
    "config": "decklint.cli.config:config_cmd",
    "dialects": "decklint.cli.dialects:dialects_cmd",
    "diff": "decklint.cli.diff:diff",
    "explain": "decklint.cli.explain:explain",
    "format": "decklint.cli.format:format_cmd",
    "init": "decklint.cli.init:init_cmd",
    "lint": "decklint.cli.lint:lint",
    "parse": "decklint.cli.parse:parse",
    "rules": "decklint.cli.rules:rules",
    "server": "decklint.cli.server:server",
    "topology": "decklint.cli.topology:topology",
    "watch": "decklint.cli.watch:watch_cmd",
}


class _Group(click.Group):
    """The command group: each command's module imported when the command is asked for
    (`COMMANDS`); Ctrl-C ends a run with the shell's status for it, not with 1, which a CI
    gate reads as 'findings'."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        module, name = where.split(":")
        command: click.Command = getattr(importlib.import_module(module), name)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("decklint: interrupted", err=True)
            ctx.exit(EXIT_INTERRUPTED)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="decklint")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Lint IBM-era network definition decks (VTAM, NCP, CICS, ...)."""
    if ctx.invoked_subcommand != "cache":  # which says it in its own words
        from decklint.platform.store import status

        now = status()
        if now.refused:
            say(f"warning: {refusal(now.folder, now.refused)}; running without the cache")
