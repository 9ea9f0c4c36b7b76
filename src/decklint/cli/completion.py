"""`decklint completion`: the shell completion script for bash, zsh or fish."""

from __future__ import annotations

import click

SHELLS = ["bash", "zsh", "fish"]


@click.command("completion")
@click.argument("shell", type=click.Choice(SHELLS))
@click.pass_context
def completion(ctx: click.Context, shell: str) -> None:
    """Print the shell completion script for bash, zsh or fish.

    \b
    bash: decklint completion bash > ~/.local/share/bash-completion/completions/decklint
    zsh:  decklint completion zsh > ~/.zfunc/_decklint   (with fpath+=~/.zfunc in ~/.zshrc)
    fish: decklint completion fish > ~/.config/fish/completions/decklint.fish"""
    from click.shell_completion import get_completion_class

    kind = get_completion_class(shell)
    assert kind is not None  # click knows each of SHELLS
    main = ctx.find_root().command  # the group the command line started from
    click.echo(kind(main, {}, "decklint", "_DECKLINT_COMPLETE").source())
