"""What every command shares: exit statuses, option groups written once (the configuration,
speed, rule selection, dialect, encoding, embedded decks, colour, output), completion, and
the project, reports and messages every command reads and writes the same way."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from decklint.inputs.encoding import CHOICES

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def split_commas(values: tuple[str, ...]) -> list[str]:
    return [v.strip() for item in values for v in item.split(",") if v.strip()]


def dialect_choice(value: str | None) -> str | None:
    if value is None:
        return None
    from decklint import dialects

    if value not in dialects.REGISTRY:
        raise click.BadParameter(f"{value!r} is not a dialect ({', '.join(dialects.names())})")
    return value


def complete_paths(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    """Files and folders: left to the shell."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


def complete_dialects(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    from decklint import dialects

    return [CompletionItem(n) for n in dialects.names() if n.startswith(incomplete.lower())]


def complete_rules(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    """The shipped rules' codes, names, prefixes and groups, for the last item of a comma
    list; read from the manifests' file names (`rules/<prefix>/<CODE>-<name>.yaml`) and their
    `groups:` lines, so completing never loads the rules or parses a deck."""
    import re

    from click.shell_completion import CompletionItem

    from decklint.platform.resources import rules_root

    done, comma, last = incomplete.rpartition(",")
    words = {"ALL"}
    for f in rules_root().glob("*/*.yaml"):
        code, _, name = f.stem.partition("-")
        words |= {code, name, f.parent.name.upper()}
        try:
            text = f.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        listed = re.search(r"^groups:\s*\[([^\]\n]*)\]", text, re.MULTILINE)
        if listed:
            words |= {g.strip() for g in listed.group(1).split(",") if g.strip()}
    key = last.lower()
    return [CompletionItem(done + comma + w) for w in sorted(words) if w.lower().startswith(key)]


EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a command ended by Ctrl-C


def refusal(folder: object, reason: str) -> str:
    return f"not using the cache folder {folder}: {reason}"


def config_options(fn: Any) -> Any:
    """--config and --isolated: which configuration applies."""
    fn = click.option("--isolated", is_flag=True, help="Ignore every configuration file.")(fn)
    return click.option(
        "--config", "config_path", help="Use this configuration file, not the nearest."
    )(fn)


def speed_options(fn: Any) -> Any:
    fn = click.option(
        "--no-cache",
        is_flag=True,
        help="Parse every file again; neither read nor write the cache.",
    )(fn)
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=0),
        default=0,
        show_default=True,
        help="Processes that parse files at once; 0: every core (small runs stay in one).",
    )(fn)


def stacked(*options: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Options applied as if written one above the other in this order (the order --help
    lists them in)."""

    def apply(fn: Any) -> Any:
        for option in reversed(options):
            fn = option(fn)
        return fn

    return apply


def dialect_option(
    help: str | None = "Treat every file as this dialect (see `decklint dialects`).",
) -> Callable[[Any], Any]:
    """--dialect, completed with the registry's names."""
    return click.option("--dialect", help=help, shell_complete=complete_dialects)


def rule_options(*, extend: bool = False, complete: bool = True) -> Callable[[Any], Any]:
    """--select and --ignore (and --extend-select, --extend-ignore): which rules run."""

    def option(name: str, what: str) -> Callable[[Any], Any]:
        shell = complete_rules if complete else None
        return click.option(name, multiple=True, help=what, shell_complete=shell)

    chosen = [
        option("--select", "Rules to run: codes, names, prefixes, groups."),
        option("--ignore", "Rules to skip: codes, names, prefixes, groups."),
    ]
    if extend:
        chosen += [
            option("--extend-select", "Rules to run as well as those the configuration selects."),
            option("--extend-ignore", "Rules to skip as well as those the configuration ignores."),
        ]
    return stacked(*chosen)


def encoding_option(help: str) -> Callable[[Any], Any]:
    """--encoding: how to read the files."""
    return click.option(
        "--encoding",
        type=click.Choice(list(CHOICES), case_sensitive=False),
        default="auto",
        show_default=True,
        help=help,
    )


def embedded_option(help: str) -> Callable[[Any], Any]:
    """--embedded: the decks inside jobs and markdown."""
    return click.option(
        "--embedded",
        type=click.Choice(["auto", "all", "none"]),
        default="auto",
        show_default=True,
        help=help,
    )


def output_option(help: str = "Write to this file.") -> Callable[[Any], Any]:
    """--output/-o: a report to a file, whole or not at all."""
    return click.option("--output", "-o", "output", type=click.Path(dir_okay=False), help=help)


color_option = click.option("--color/--no-color", default=None, help="Force colour on or off.")


def as_record(record: Callable[..., Any]) -> Callable[[Callable[[Any], None]], Any]:
    """Under a command's click parameters: the command takes them as one `record`, built from
    the parameters by name, in place of one argument each."""

    def wrap(command: Callable[[Any], None]) -> Any:
        @functools.wraps(command)
        def called(**params: Any) -> None:
            command(record(**params))

        return called

    return wrap


def paths_exist(paths: tuple[str, ...]) -> None:
    """A path that names nothing is a usage error (exit 2), with the name it may have meant."""
    for p in paths:
        if p == "-" or os.path.lexists(p):
            continue
        import difflib

        folder = os.path.dirname(p) or "."
        try:
            names = os.listdir(folder)
        except OSError:
            names = []
        guess = difflib.get_close_matches(os.path.basename(p), names, n=1, cutoff=0.6)
        hint = f"; did you mean {os.path.join(os.path.dirname(p), guess[0])}?" if guess else ""
        raise click.UsageError(f"{p}: no such file or folder{hint}")


def progress_display(quiet: bool, fmt: str) -> Any:
    """The progress line of a long run (`report.progress.Display`), or None: drawn only for a
    person, on standard error when it is a terminal: while the text report is to come on the
    same terminal, or while the report goes to a file or a pipe (the person waits with
    nothing on the screen); not in CI and not --quiet. DECKLINT_PROGRESS_DELAY sets how many
    seconds a run lasts before it shows (1)."""
    if quiet or os.environ.get("TERM") == "dumb":
        return None
    if os.environ.get("CI", "").lower() not in ("", "0", "false") or os.environ.get(
        "GITHUB_ACTIONS"
    ):
        return None
    if not _terminal(sys.stderr) or (fmt != "text" and _terminal(sys.stdout)):
        return None
    from decklint.report.progress import Display

    try:
        delay = float(os.environ.get("DECKLINT_PROGRESS_DELAY", "1"))
    except ValueError:
        delay = 1.0
    return Display(sys.stderr, delay)


def _terminal(stream: Any) -> bool:
    try:
        return stream is not None and bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or closed
        return False


def to_output(path: str | None, emit: Callable[[Any, bool | None], None], color: Any) -> None:
    """A report to the file `path` (whole or not at all: `fileio.atomic_output`) or to
    standard output. A write that fails (a full disk, a missing folder) is an error, exit 2,
    whatever --exit-zero says."""
    from decklint.platform.fileio import atomic_output

    try:
        if path:
            with atomic_output(Path(path)) as stream:
                emit(stream, False)
        else:
            emit(sys.stdout, color)
            sys.stdout.flush()
    except BrokenPipeError:
        raise  # `decklint lint | head`: the reader has seen enough
    except OSError as exc:
        say(f"cannot write {path or 'the report to standard output'}: {exc.strerror or exc}")
        sys.exit(EXIT_ERROR)


def say(message: str) -> None:
    from decklint.report.safe import plain

    click.echo(f"decklint: {plain(message, keep=chr(10))}", err=True)


def counted(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 'es' if word.endswith('x') else 's'}"


def config_error() -> type[Exception]:
    from decklint.project.config import ConfigError

    return ConfigError


def config_exit(exc: Exception) -> None:
    click.echo(f"decklint: configuration error: {exc}", err=True)
    sys.exit(EXIT_ERROR)


def load_project(
    config_path: str | None,
    isolated: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    untrusted: bool = False,
    extend: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> Any:
    from decklint.project import Project
    from decklint.project.config import ConfigError

    try:
        return Project.load(
            config_path,
            isolated=isolated,
            select=split_commas(select),
            ignore=split_commas(ignore),
            untrusted=[Path.cwd()] if untrusted else None,
            extend_select=split_commas(extend[0]),
            extend_ignore=split_commas(extend[1]),
        )
    except ConfigError as exc:
        config_exit(exc)
    except KeyError as exc:
        raise click.UsageError(f"--select/--ignore {exc.args[0]}") from None
