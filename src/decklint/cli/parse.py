"""`decklint parse`: how a deck is read (Lark trees, the IR, the model), for grammar work."""

from __future__ import annotations

import click

from decklint.cli.options import dialect_choice, dialect_option


@click.command("parse")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--dump", type=click.Choice(["tree", "ir", "model"]), default="ir", show_default=True)
@dialect_option(None)
def parse(file: str, dump: str, dialect: str | None) -> None:
    """Show how a deck is read: Lark trees, the IR, or the model (grammar debugging)."""
    from decklint.pipeline import debug

    dialect = dialect_choice(dialect)
    try:
        click.echo(debug.dump(file, dump, dialect), nl=False)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
