"""`decklint watch`: lint, then lint again whenever a file changes, and print only the findings
that came and went."""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from decklint.cli.options import (
    EXIT_CLEAN,
    as_record,
    color_option,
    complete_paths,
    config_error,
    config_options,
    dialect_choice,
    dialect_option,
    embedded_option,
    encoding_option,
    load_project,
    progress_display,
    rule_options,
    say,
    speed_options,
    split_commas,
)


@dataclass(frozen=True)
class WatchArgs:
    """The command line of `decklint watch`, as click parsed it."""

    paths: tuple[str, ...]
    interval: float
    dialect: str | None
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    config_path: str | None
    isolated: bool
    encoding: str
    embedded: str
    jobs: int
    no_cache: bool
    color: bool | None
    looks: int | None
    quiet: bool


@click.command("watch")
@click.argument("paths", nargs=-1, required=True, shell_complete=complete_paths)
@click.option(
    "--interval",
    type=click.FloatRange(min=0.1),
    default=1.0,
    show_default=True,
    help="Seconds between two looks at the files (longer when looking takes long).",
)
@dialect_option()
@rule_options()
@config_options
@encoding_option("How to read the files (as for `decklint lint`).")
@embedded_option("Decks inside JCL and markdown (as for `decklint lint`).")
@speed_options
@color_option
@click.option("--looks", type=click.IntRange(min=0), hidden=True)  # stop after N looks (tests)
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="Print the findings that came and went only: no line per run (but for a run that "
    "could not lint), no progress line, no word on standard error.",
)
@as_record(WatchArgs)
def watch_cmd(args: WatchArgs) -> None:
    """Lint, then lint again whenever a file changes, and print only what changed: the
    findings that went (-) and came (+), and a line with the time and the count.

    The files are those `decklint lint PATHS` reads, and the configuration files that apply;
    each run takes unchanged files from the cache. Ctrl-C stops (exit 0)."""
    from decklint.pipeline import watch

    if "-" in args.paths:
        raise click.UsageError("watch looks at files: '-' (standard input) cannot change")
    dialect = dialect_choice(args.dialect)
    latest = [load_project(args.config_path, args.isolated, args.select, args.ignore)]

    def look() -> Any:
        seen = watch.snapshot(list(args.paths), latest[0].excluded, args.embedded)
        try:
            configs = latest[0].config_files(list(seen))
        except config_error():
            configs = []  # a broken one: the next run says what is wrong
        seen.update(watch.stamps(_shown_path(p) for p in configs))
        return seen

    def lint() -> Any:
        from decklint import api
        from decklint.project import Project

        try:
            project = Project.load(
                args.config_path,
                isolated=args.isolated,
                select=split_commas(args.select),
                ignore=split_commas(args.ignore),
            )
            opts = project.options(dialect)
            opts.jobs, opts.cache = args.jobs, not args.no_cache
            with progress_display(args.quiet, "text") or contextlib.nullcontext() as shown:
                opts.progress = shown
                paths = list(args.paths)
                inputs = api.gather(paths, opts.excluded, args.encoding, args.embedded, shown)
                project.declare_for(opts, [i.path for i in inputs])
                result = api.lint_inputs(inputs, opts)
        except config_error() as exc:
            return f"configuration error: {exc}"
        except KeyError as exc:
            return f"--select/--ignore {exc.args[0]}"
        latest[0] = project
        return result

    _watch(watch.watch(look, lint, interval=args.interval, looks=args.looks), args)


def _shown_path(path: Path) -> str:
    """A path as findings show it: relative to the current folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive
        return path.as_posix()
    return path.as_posix() if rel.startswith("..") else Path(rel).as_posix()


def _watch(runs: Any, args: WatchArgs) -> None:
    """Print each run as it comes; Ctrl-C ends it quietly, exit 0."""
    from decklint.report import changes

    try:
        for n, run in enumerate(runs):
            changes.render(run, sys.stdout, color=args.color, quiet=args.quiet)
            sys.stdout.flush()
            if n == 0 and not args.quiet:
                every = f"{args.interval:g} second{'' if args.interval == 1 else 's'}"
                say(f"looking for changes every {every}; Ctrl-C stops")
    except KeyboardInterrupt:
        click.echo("", err=True)
    sys.exit(EXIT_CLEAN)
