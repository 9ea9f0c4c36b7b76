"""`decklint server`: the language server for editors (the `server` extra)."""

from __future__ import annotations

import sys

import click

from decklint.cli.options import EXIT_ERROR, say


@click.command("server")
@click.option("--stdio", is_flag=True, help="Talk over standard input and output (the default).")
@click.option(
    "--untrusted",
    is_flag=True,
    help="The workspace is not trusted (VS Code's restricted mode): read its decks, and of "
    "its configuration only the settings that name no other file (no extends, no rule-paths).",
)
def server(stdio: bool, untrusted: bool) -> None:
    """Run the language server for editors (install with: pip install ".[server]" in a
    decklint checkout)."""
    try:
        from decklint.server import app
    except ImportError as exc:
        say(
            f"the language server needs pygls and lsprotocol ({exc.name} is missing): "
            'install decklint with its server extra: pip install ".[server]" in a decklint '
            'checkout, or pip install "decklint-*.whl[server]" from a built wheel'
        )
        sys.exit(EXIT_ERROR)
    app.start(untrusted=untrusted)
