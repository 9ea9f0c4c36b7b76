"""`decklint init`: a commented `.decklint.yaml` written for a folder from what it holds."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from decklint.cli.options import EXIT_ERROR, say


@click.command("init")
@click.argument("folder", default=".", type=click.Path(file_okay=False))
@click.option("--force", is_flag=True, help="Replace the folder's configuration if it has one.")
@click.option("--stdout", "to_stdout", is_flag=True, help="Print the configuration; write nothing.")
def init_cmd(folder: str, force: bool, to_stdout: bool) -> None:
    """Write a commented .decklint.yaml for FOLDER (default: here) from what it holds: the
    dialects of decks whose names do not tell them, the folders that hold no deck, the nodes
    found (for the facts no deck holds). Never over an existing configuration without
    --force."""
    from decklint.project import init

    root = Path(folder)
    if not root.is_dir():
        raise click.UsageError(f"{folder}: no such folder")
    try:
        found = init.survey(root)
        text = init.render(found)
        init.check(text, root)
        if to_stdout:
            click.echo(text, nl=False)
            return
        written = init.write(root, text, force=force)
    except init.InitError as exc:
        say(str(exc))
        sys.exit(EXIT_ERROR)
    except OSError as exc:
        say(f"cannot write the configuration in {folder}: {exc.strerror or exc}")
        sys.exit(EXIT_ERROR)
    say(f"wrote {written}: {init.summary(found)}")
