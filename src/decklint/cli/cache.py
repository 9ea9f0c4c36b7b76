"""`decklint cache`: the per-file cache in the user's cache folder, cleaned or measured."""

from __future__ import annotations

import sys

import click

from decklint.cli.options import EXIT_ERROR, refusal, say


@click.group("cache")
def cache_cmd() -> None:
    """The per-file cache in your user cache folder (DECKLINT_CACHE_DIR overrides it)."""


@cache_cmd.command("clean")
def cache_clean() -> None:
    """Remove what decklint keeps in its cache folder."""
    from decklint.pipeline import cache

    was = cache.clean()
    if was.refused:
        say(f"{refusal(was.folder, was.refused)}; removed nothing")
        sys.exit(EXIT_ERROR)
    where = was.folder if was.folder is not None else "no cache folder"
    click.echo(f"decklint: removed {was.entries} files, {_size(was.size)}, from {where}")


@cache_cmd.command("info")
def cache_info() -> None:
    """Where the cache is and how big."""
    from decklint.pipeline import cache

    now = cache.usage()
    if now.refused:
        click.echo(f"decklint: {refusal(now.folder, now.refused)}")
        return
    if now.folder is None:
        click.echo("decklint: no writable cache folder; set DECKLINT_CACHE_DIR")
        return
    click.echo(f"{now.folder}: {now.entries} files, {_size(now.size)}")


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    return f"{n / 1024:.1f} KiB" if n < 1024**2 else f"{n / 1024**2:.1f} MiB"
