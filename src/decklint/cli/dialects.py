"""`decklint dialects`: the dialects and the file names that tell them."""

from __future__ import annotations

import click


@click.command("dialects")
def dialects_cmd() -> None:
    """List the dialects and how files are recognised."""
    from decklint import dialects

    for name in dialects.names():
        spec = dialects.get(name)
        click.echo(f"{name:<6} {spec.title}")
        click.echo(f"       globs: {' '.join(spec.globs)}")
