"""`decklint format`: card decks laid out as the assembler wants them (columns 1, 16, 72),
their meaning unchanged; written, checked (--check) or shown (--diff)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from decklint.cli.options import (
    EXIT_CLEAN,
    EXIT_ERROR,
    EXIT_FINDINGS,
    complete_paths,
    config_error,
    config_exit,
    config_options,
    counted,
    dialect_choice,
    dialect_option,
    embedded_option,
    load_project,
    paths_exist,
    say,
    speed_options,
)


@click.command("format")
@click.argument("paths", nargs=-1, shell_complete=complete_paths)
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when a file would change.")
@click.option(
    "--diff", is_flag=True, help="Print what would change as a unified diff; write nothing."
)
@dialect_option()
@click.option("--encoding", help="Read (and write) files in this encoding (default: detected).")
@embedded_option(
    "Decks inside JCL and markdown: those decklint finds (auto), every fence, or none."
)
@click.option("--quiet", "-q", is_flag=True, help="Print only the diff and the files left alone.")
@speed_options
@config_options
def format_cmd(
    paths: tuple[str, ...],
    check: bool,
    diff: bool,
    dialect: str | None,
    encoding: str | None,
    embedded: str,
    quiet: bool,
    no_cache: bool,
    jobs: int,
    config_path: str | None,
    isolated: bool,
) -> None:
    """Lay card decks out as the assembler wants them (columns 1, 16, 72), meaning unchanged:
    files and folders, folders walked (default: the current folder)."""
    import difflib

    from decklint.fmt.run import run, settings_of
    from decklint.report.safe import printable

    paths = paths or (".",)
    if "-" in paths:
        raise click.UsageError("format reads files, not standard input")
    paths_exist(paths)
    project = load_project(config_path, isolated, (), ())
    cfg = project.config
    chosen = dialect_choice(dialect)
    opts = project.options(chosen)
    opts.cache = not no_cache

    def lint_phase(inputs: Sequence[Any]) -> Callable[[Sequence[Any]], list[Any]]:
        """The lint's file phase with the lint's options (the configuration's facts found for
        all the inputs): its cache entries, when a lint left them, say each deck's dialect
        and parse. Called in format's worker processes: it starts none of its own."""
        from decklint import api

        project.declare_for(opts, [i.path for i in inputs])
        opts.jobs = 1
        return lambda some: api.file_units(some, opts)[0]

    try:
        results = run(
            paths,
            settings_of(cfg.format),
            config_globs=dict(cfg.dialect_globs),
            excluded=project.excluded,
            encoding=encoding,
            embedded_mode=embedded,
            dialect=chosen,
            write=not (check or diff),
            lint=lint_phase,
            jobs=jobs,
        )
    except config_error() as exc:
        config_exit(exc)
    changed = [r for r in results if r.changed]
    for r in results:
        for where, why in r.left:
            say(f"{printable(where)}: left as it is: {printable(why)}")
        if r.problem:
            what = "not written" if r.not_written else "not formatted"
            say(f"{printable(r.path)}: {what}: {printable(r.problem)}")
    if diff:
        for r in changed:
            for ln in difflib.unified_diff(
                r.before.splitlines(keepends=True),
                r.after.splitlines(keepends=True),
                f"a/{r.path}",
                f"b/{r.path}",
            ):
                end = "" if ln.endswith(("\n", "\r")) else "\n\\ No newline at end of file\n"
                click.echo(printable(ln.rstrip("\r\n"), "\t") + (end or "\n"), nl=False)
    elif check and not quiet:
        for r in changed:
            say(f"would format {printable(r.path)}")
    if not quiet:
        say(_format_summary(results, check or diff))
    if any(r.problem for r in results):
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_FINDINGS if (check or diff) and changed else EXIT_CLEAN)


def _format_summary(results: Sequence[Any], dry: bool) -> str:
    """What happened to the files, every one counted once: formatted (or would be), not
    written (an error: each as it was), not read, unchanged."""
    done = sum(1 for r in results if r.changed and (r.written or (dry and not r.problem)))
    failed = sum(1 for r in results if r.not_written)
    unread = sum(1 for r in results if r.unread)
    parts = [f"{'would format' if dry else 'formatted'} {counted(done, 'file')}"]
    if failed:
        parts.append(f"{counted(failed, 'file')} not written (each as it was)")
    if unread:
        parts.append(f"{counted(unread, 'file')} not formatted")
    parts.append(f"{counted(len(results) - done - failed - unread, 'file')} unchanged")
    return ", ".join(parts)
