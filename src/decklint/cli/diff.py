"""`decklint diff`: what a change does to the network, the repository linted at two git
revisions and their models and findings compared."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from decklint.cli.options import (
    EXIT_CLEAN,
    EXIT_ERROR,
    EXIT_FINDINGS,
    as_record,
    color_option,
    config_error,
    config_exit,
    config_options,
    embedded_option,
    encoding_option,
    load_project,
    output_option,
    rule_options,
    say,
    speed_options,
    to_output,
)


@dataclass(frozen=True)
class DiffArgs:
    """The command line of `decklint diff`, as click parsed it."""

    revisions: tuple[str, ...]
    fmt: str
    output: str | None
    paths: tuple[str, ...]
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    fail_on: str | None
    exit_zero: bool
    encoding: str
    embedded: str
    color: bool | None
    config_path: str | None
    isolated: bool
    jobs: int
    no_cache: bool
    links: str | None


@click.command("diff")
@click.argument("revisions", nargs=-1, metavar="[BASE [HEAD]]")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    show_default=True,
    help="markdown: a pull-request comment (summary table, details folded).",
)
@click.option(
    "--links",
    metavar="URL",
    help="markdown: link places under this repository address (https://github.com/OWNER/"
    "REPO); without it, relative to the pull request's page.",
)
@output_option()
@click.option(
    "--path",
    "-p",
    "paths",
    multiple=True,
    help="Only the files under this path (repeatable; default: the whole repository).",
)
@rule_options(complete=False)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "info"]),
    help="The lowest severity of a new finding that fails the run (default: the "
    "configuration's, else warning).",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when new findings fail the change.")
@encoding_option("How to read the files (as for lint).")
@embedded_option("Decks inside JCL and markdown (as for lint).")
@color_option
@config_options
@speed_options
@as_record(DiffArgs)
def diff(args: DiffArgs) -> None:
    """What a change does to the network: lint the repository at two git revisions and
    compare their models and findings.

    BASE defaults to where the current branch left the default branch (the merge base with
    origin's default branch, else main or master); HEAD to the work tree. Files git finds
    renamed are followed. Both revisions are judged with the configuration in effect here.
    Exits 1 only on new findings at or above --fail-on."""
    from decklint.review import run
    from decklint.review.revisions import WORK_TREE, GitError, Repository

    if len(args.revisions) > 2:
        raise click.UsageError("give at most two revisions: BASE and HEAD")
    project = load_project(args.config_path, args.isolated, args.select, args.ignore)

    def options(paths: list[str]) -> tuple[Any, bytes | None]:
        opts = project.options(None)
        opts.jobs, opts.cache = args.jobs, not args.no_cache
        project.declare_for(opts, paths)
        return opts, None if args.no_cache else project.identity(paths)

    try:
        repo = Repository.at(Path.cwd())
        base = repo.revision(args.revisions[0]) if args.revisions else repo.default_base()
        head = repo.revision(args.revisions[1]) if len(args.revisions) > 1 else WORK_TREE
        under = tuple(_from_top(repo.top, p) for p in args.paths)
        selection = run.Selection(under, project.excluded, args.encoding, args.embedded)
        review = run.review(repo, base, head, options, selection)
    except GitError as exc:
        say(f"git: {exc}")
        sys.exit(EXIT_ERROR)
    except config_error() as exc:
        config_exit(exc)
    threshold = project.fail_on(args.fail_on)
    _report_review(args, review, threshold)
    if review.internal_errors:
        sys.exit(EXIT_ERROR)
    if not args.exit_zero and review.findings.failing(threshold):
        sys.exit(EXIT_FINDINGS)
    sys.exit(EXIT_CLEAN)


def _from_top(top: Path, path: str) -> str:
    """A --path as a path from the repository's top; outside it is a usage error."""
    try:
        return Path(path).resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        raise click.UsageError(f"--path {path}: not inside the repository {top}") from None


def _links(url: str | None) -> str | None:
    """--links: an http(s) address with nothing a markdown link could be broken out of."""
    if url is None:
        return None
    import re

    if not re.fullmatch(r"https?://[A-Za-z0-9.:-]+(/[A-Za-z0-9._~%/-]*)?", url):
        raise click.UsageError(f"--links {url!r}: an http or https address of the repository")
    return url


def _report_review(args: DiffArgs, review: Any, threshold: Any) -> None:
    from decklint.report import review_json, review_markdown, review_text

    def emit(stream: Any, color: bool | None) -> None:
        if args.fmt == "json":
            stream.write(review_json.render(review, threshold))
        elif args.fmt == "markdown":
            stream.write(review_markdown.render(review, threshold, _links(args.links)))
        else:
            review_text.render(review, stream, threshold, color)

    to_output(args.output, emit, args.color)
