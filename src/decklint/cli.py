"""Command line: click commands only; the work is done by the library."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import click

from decklint import __version__
from decklint.inputs.encoding import CHOICES

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
FORMATS = ["text", "concise", "parsable", "json", "sarif", "github", "gitlab", "junit"]


def _csv(values: tuple[str, ...]) -> list[str]:
    return [v.strip() for item in values for v in item.split(",") if v.strip()]


def _dialect_choice(value: str | None) -> str | None:
    if value is None:
        return None
    from decklint import dialects

    if value not in dialects.REGISTRY:
        raise click.BadParameter(f"{value!r} is not a dialect ({', '.join(dialects.names())})")
    return value


def _complete_paths(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    """Files and folders: left to the shell."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


def _complete_dialects(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    from decklint import dialects

    return [CompletionItem(n) for n in dialects.names() if n.startswith(incomplete.lower())]


def _complete_rules(ctx: Any, param: Any, incomplete: str) -> list[Any]:
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


class _Group(click.Group):
    """The command group: Ctrl-C ends a run with the shell's status for it, not with 1,
    which a CI gate reads as 'findings'."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("decklint: interrupted", err=True)
            ctx.exit(EXIT_INTERRUPTED)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="decklint")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Lint IBM-era network definition decks (VTAM, NCP, CICS, ...)."""
    if ctx.invoked_subcommand != "cache":  # which says it in its own words
        from decklint.platform.store import status

        now = status()
        if now.refused:
            _say(f"warning: {_refusal(now.folder, now.refused)}; running without the cache")


def _refusal(folder: object, reason: str) -> str:
    return f"not using the cache folder {folder}: {reason}"


def _config_options(fn: Any) -> Any:
    """--config and --isolated: which configuration applies."""
    fn = click.option("--isolated", is_flag=True, help="Ignore every configuration file.")(fn)
    return click.option(
        "--config", "config_path", help="Use this configuration file, not the nearest."
    )(fn)


def _speed_options(fn: Any) -> Any:
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


@dataclass(frozen=True)
class LintArgs:
    """The command line of `decklint lint`, as click parsed it."""

    paths: tuple[str, ...]
    dialect: str | None
    fmt: str | None
    output: str | None
    statistics: bool
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    extend_select: tuple[str, ...]
    extend_ignore: tuple[str, ...]
    show_fixes: bool
    exit_zero: bool
    stdin_filename: str | None
    encoding: str
    no_source: bool
    color: bool | None
    config_path: str | None
    isolated: bool
    untrusted: bool
    no_inline: bool
    baseline_path: str | None
    update_baseline: bool
    write_baseline_path: str | None
    fix: bool
    unsafe_fixes: bool
    diff: bool
    jobs: int
    no_cache: bool
    embedded: str
    fail_on: str | None
    quiet: bool
    show_all: bool
    target_release: str | None


def _as_record(record: Callable[..., Any]) -> Callable[[Callable[[Any], None]], Any]:
    """Under a command's click parameters: the command takes them as one `record`, built from
    the parameters by name, in place of one argument each."""

    def wrap(command: Callable[[Any], None]) -> Any:
        @functools.wraps(command)
        def called(**params: Any) -> None:
            command(record(**params))

        return called

    return wrap


@main.command()
@click.argument("paths", nargs=-1, shell_complete=_complete_paths)
@click.option(
    "--dialect",
    help="Treat every file as this dialect (see `decklint dialects`).",
    shell_complete=_complete_dialects,
)
@click.option(
    "--output-format",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="Output format (default: github under GitHub Actions, else text).",
)
@click.option(
    "--output",
    "-o",
    "output",
    type=click.Path(dir_okay=False),
    help="Write the report to this file instead of standard output.",
)
@click.option(
    "--statistics",
    is_flag=True,
    help="Print how many findings each rule has, instead of the findings.",
)
@click.option(
    "--select",
    multiple=True,
    help="Rules to run: codes, names, prefixes, groups.",
    shell_complete=_complete_rules,
)
@click.option(
    "--ignore",
    multiple=True,
    help="Rules to skip: codes, names, prefixes, groups.",
    shell_complete=_complete_rules,
)
@click.option(
    "--extend-select",
    multiple=True,
    help="Rules to run as well as those the configuration selects.",
    shell_complete=_complete_rules,
)
@click.option(
    "--extend-ignore",
    multiple=True,
    help="Rules to skip as well as those the configuration ignores.",
    shell_complete=_complete_rules,
)
@click.option(
    "--show-fixes",
    is_flag=True,
    help="List the fixes: those applied (with --fix), else those --fix would apply.",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings remain.")
@click.option("--stdin-filename", help="Name to report for input read from '-'.")
@click.option(
    "--encoding",
    type=click.Choice(list(CHOICES), case_sensitive=False),
    default="auto",
    show_default=True,
    help="How to read the files: auto detects UTF-8, EBCDIC (cp037, cp1047, cp500; with line "
    "ends or as 80-byte records) and falls back to cp1252.",
)
@click.option("--no-source", is_flag=True, help="Do not print the source line under a finding.")
@click.option("--color/--no-color", default=None, help="Force colour on or off.")
@_config_options
@click.option(
    "--untrusted",
    is_flag=True,
    help="The current folder is not trusted (another's repository, an untrusted editor "
    "workspace): read only the configurations inside it, and none of their settings that "
    "name other files (extends, rule-paths).",
)
@click.option(
    "--no-inline",
    is_flag=True,
    help="Ignore inline suppressions (report everything, to audit them).",
)
@click.option(
    "--baseline",
    "baseline_path",
    type=click.Path(dir_okay=False),
    help="Report only findings this baseline file does not hold.",
)
@click.option(
    "--update-baseline",
    is_flag=True,
    help="With --baseline: drop the entries that no longer occur (ratchet).",
)
@click.option(
    "--write-baseline",
    "write_baseline_path",
    type=click.Path(dir_okay=False),
    help="Write every current finding to this baseline file and exit 0.",
)
@click.option("--fix", is_flag=True, help="Apply the fixes marked safe, then report what is left.")
@click.option(
    "--unsafe-fixes",
    is_flag=True,
    help="With --fix or --diff: the fixes that change network behaviour too.",
)
@click.option("--diff", is_flag=True, help="Show the fixes as a unified diff; write nothing.")
@_speed_options
@click.option(
    "--embedded",
    type=click.Choice(["auto", "all", "none"]),
    default="auto",
    show_default=True,
    help="Decks inside JCL (instream data, IEBUPDTE members) and markdown fences tagged with "
    "a dialect; 'all' also tries untagged fences; 'none' lints files only as they are.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "info"]),
    help="The lowest severity that fails the run (default: the configuration's, else warning).",
)
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="Print the findings only: no progress line, no summary line ('N findings in M "
    "files', or 'no findings in M files': a clean run prints nothing; nor the lines that name "
    "the files not linted, so a file no dialect was recognised in prints as its PRS009 "
    "finding), no counts of fixes or baseline entries written. Errors, fixes not written or "
    "not applied, and --statistics still print.",
)
@click.option(
    "--show-all",
    is_flag=True,
    help="List every place of a cause as a finding of its own (by default findings that "
    "share one root, such as a mode table not linted that many LUs name, are one finding with "
    "the other places as related locations).",
)
@click.option(
    "--target-release",
    metavar="PRODUCT=RELEASE,...",
    help="Judge the decks for these releases before an upgrade (z/OS=3.1,VTAM=z/OS 3.1; a "
    "bare release is z/OS's, and VTAM follows z/OS): what they remove is an error, what they "
    "deprecate a warning, a default they change an information. Overrides target-release: of "
    "every configuration.",
)
@_as_record(LintArgs)
def lint(args: LintArgs) -> None:
    """Lint decks: files and folders (folders are walked; '-' reads standard input)."""
    from decklint import api

    args = dataclasses.replace(args, paths=args.paths or (".",))  # ruff's habit: here
    _paths_exist(args.paths)
    dialect = _dialect_choice(args.dialect)
    project = _project(
        args.config_path,
        args.isolated,
        args.select,
        args.ignore,
        args.untrusted,
        (args.extend_select, args.extend_ignore),
    )
    for setting in project.withheld():
        _say(f"not used in an untrusted folder: {setting}")
    opts = project.options(dialect)
    if args.target_release:
        _target_release(opts, args.target_release)
    opts.inline, opts.show_all = not args.no_inline, args.show_all
    opts.jobs, opts.cache = args.jobs, not args.no_cache
    opts.progress = shown = _progress(args.quiet, _format(args.fmt))
    # a baseline and SARIF fingerprints read the statements of every file with a finding
    opts.keep_statements = bool(
        args.fmt in ("sarif", "gitlab") or args.baseline_path or args.write_baseline_path
    )
    fixing: Any = None
    try:
        # the progress line is cleared before anything else is printed, errors included
        with shown or contextlib.nullcontext():
            inputs = _lint_inputs(args, opts)
            project.declare_for(opts, [i.path for i in inputs])
            if args.unsafe_fixes and not (args.fix or args.diff):
                raise click.UsageError("--unsafe-fixes goes with --fix or --diff")
            if args.fix or args.diff:
                from decklint.fix import loop

                fixing = loop.run(inputs, opts, args.unsafe_fixes)
            else:
                # The run memo only when nothing needs the parsed model afterwards (a baseline
                # does).
                reuse = not (args.baseline_path or args.write_baseline_path)
                identity = project.identity([i.path for i in inputs]) if reuse else None
                result = api.lint_inputs(inputs, opts, identity)
        opts.progress = None
        if fixing is not None:
            inputs, result = _fix(args, inputs, fixing, opts)
    except _config_error() as exc:
        _config_exit(exc)
    result = _scoped(result, args.paths, project)
    if args.update_baseline and not args.baseline_path:
        raise click.UsageError("--update-baseline goes with --baseline FILE")
    if args.write_baseline_path:
        try:
            n = api.write_baseline(result, Path(args.write_baseline_path))
        except OSError as exc:
            _say(f"cannot write {args.write_baseline_path}: {exc.strerror or exc}")
            sys.exit(EXIT_ERROR)
        if not args.quiet:
            _say(f"wrote {n} finding{'s' if n != 1 else ''} to {args.write_baseline_path}")
        sys.exit(EXIT_ERROR if result.internal_errors else EXIT_CLEAN)
    if args.baseline_path:
        result = _baseline(args, result)
    _report(args, result, {i.path: i.text for i in inputs}, project.registry)
    if args.show_fixes and fixing is not None:
        from decklint.report.safe import plain

        for path, n in sorted(fixing.applied.items()):
            click.echo(f"decklint: fixed {_n(n, 'finding')} in {plain(path)}", err=True)
    if result.internal_errors:
        sys.exit(EXIT_ERROR)
    if not args.exit_zero and result.fails(project.fail_on(args.fail_on)):
        sys.exit(EXIT_FINDINGS)
    sys.exit(EXIT_CLEAN)


def _target_release(opts: Any, text: str) -> None:
    """`--target-release`: the release of each product the run judges the decks for, over
    every configuration's; a spelling decklint cannot read is a usage error (exit 2)."""
    from decklint.model.release import TargetError, parse_targets

    try:
        targets = parse_targets(text)
    except TargetError as exc:
        raise click.BadParameter(str(exc), param_hint="--target-release") from None
    forced = tuple((f, r, "--target-release") for f, r in sorted(targets.items()))
    opts.settings = dataclasses.replace(opts.settings, target_release=forced)


def _scoped(result: Any, roots: tuple[str, ...], project: Any) -> Any:
    """The findings of a run on some of a site's decks (a subfolder, the files of a commit)
    without those about the configuration's facts of other nodes: a configuration above the
    paths linted is judged where its own folder is linted. A finding in a configuration file
    stays when the file lies in a path linted, or when the node it is about is named by a
    path of a linted file (its folder or file name)."""
    configs = {str(p.resolve()) for p in project.config_files([path for path, _d in result.files])}
    if not configs:
        return result
    named = [Path(r).resolve() for r in roots if r != "-"]
    inside = {c for c in configs if any(Path(c).is_relative_to(r) for r in named)}
    parts = {part.upper() for path, _d in result.files for part in Path(path).parts}
    kept = [
        f
        for f in result.findings
        if (where := str(Path(f.path).resolve())) not in configs
        or where in inside
        or f.subject.rsplit(":", 1)[-1].upper() in parts
    ]
    return (
        result if len(kept) == len(result.findings) else dataclasses.replace(result, findings=kept)
    )


def _paths_exist(paths: tuple[str, ...]) -> None:
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


def _lint_inputs(args: LintArgs, opts: Any) -> list[Any]:
    """The inputs the command line names: standard input for '-', then the files and folders."""
    from decklint import api

    inputs: list[api.Input] = []
    if "-" in args.paths:
        data = _read_stdin()
        piped = api.read_input(args.stdin_filename or "<stdin>", data, True, args.encoding)
        inputs.extend(api.expand(piped, args.embedded))
    file_paths = [p for p in args.paths if p != "-"]
    inputs.extend(
        api.gather(file_paths, opts.excluded, args.encoding, args.embedded, opts.progress)
    )
    return inputs


def _format(fmt: str | None) -> str:
    """The output format: the one asked for, else github under GitHub Actions, else text."""
    if fmt is None:
        return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"
    return fmt


def _progress(quiet: bool, fmt: str) -> Any:
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


STDIN_LIMIT = 256 << 20


def _read_stdin() -> bytes:
    """Standard input, up to STDIN_LIMIT bytes; a closed stream or more than that is a usage
    error (exit 2), not a traceback or a run out of memory."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise click.UsageError("'-' reads standard input, which is closed")
    try:
        data = stream.read(STDIN_LIMIT + 1)
    except (OSError, ValueError) as exc:
        raise click.UsageError(f"cannot read standard input: {exc}") from None
    if len(data) > STDIN_LIMIT:
        raise click.UsageError(
            f"standard input is larger than {STDIN_LIMIT >> 20} MiB; lint the file by name"
        )
    return bytes(data)


def _fix(args: LintArgs, inputs: list[Any], run: Any, opts: Any) -> tuple[list[Any], Any]:
    """--fix: write the fixed files of the fix loop's `run`, and go on with their fixed
    texts; --diff: show, exit."""
    if args.diff:
        sys.exit(_show_diff(inputs, run, args.quiet))
    written = _write_fixes(inputs, run, args.quiet)
    fixed = [
        dataclasses.replace(i, text=run.texts[i.path]) if i.path in written else i for i in inputs
    ]
    if written != set(run.texts):
        # a fix not written leaves its findings, and the exit status they give
        from decklint import api

        return fixed, api.lint_inputs(fixed, opts)
    return fixed, run.result


def _baseline(args: LintArgs, result: Any) -> Any:
    from decklint import api
    from decklint.lint.baseline import BaselineError

    assert args.baseline_path is not None
    try:
        return api.apply_baseline(result, Path(args.baseline_path), update=args.update_baseline)
    except BaselineError as exc:
        _say(str(exc))
        sys.exit(EXIT_ERROR)
    except OSError as exc:  # --update-baseline could not write it
        _say(f"cannot write {args.baseline_path}: {exc.strerror or exc}")
        sys.exit(EXIT_ERROR)


def _report(args: LintArgs, result: Any, texts: dict[str, str | None], registry: Any) -> None:
    """The findings in the chosen format, to the chosen place; --statistics to stderr."""
    fmt = _format(args.fmt)
    show = _Shown(args.no_source, not args.quiet)
    if args.statistics:  # the counts instead of the findings, as ruff does
        from decklint.report import statistics

        files = statistics.files_of(result)
        if fmt == "json":
            doc = statistics.json_text_of(result.findings, files)
            _to_output(args.output, lambda stream, _color: stream.write(doc), None)
            return
        table = statistics.text(result.findings)
        _to_output(args.output, lambda stream, _color: stream.write(table), None)
        click.echo(statistics.files_line(files), err=True)
        return
    _to_output(
        args.output,
        lambda stream, color: _emit(result, fmt, texts, show, color, stream, registry),
        args.color,
    )
    if args.show_fixes:
        _show_fixes(result.findings)


def _to_output(path: str | None, emit: Callable[[Any, bool | None], None], color: Any) -> None:
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
        _say(f"cannot write {path or 'the report to standard output'}: {exc.strerror or exc}")
        sys.exit(EXIT_ERROR)


def _say(message: str) -> None:
    from decklint.report.safe import plain

    click.echo(f"decklint: {plain(message, keep=chr(10))}", err=True)


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 'es' if word.endswith('x') else 's'}"


def _show_diff(inputs: Any, run: Any, quiet: bool) -> int:
    """Print the fixes as a unified diff; exit 1 when there is one (like `git diff --exit-code`)."""
    import difflib

    before = {i.path: i.text for i in inputs}
    for path in sorted(run.texts):
        lines = difflib.unified_diff(
            before[path].splitlines(keepends=True),
            run.texts[path].splitlines(keepends=True),
            f"a/{path}",
            f"b/{path}",
        )
        for ln in lines:
            click.echo(
                ln if ln.endswith("\n") else f"{ln}\n\\ No newline at end of file\n", nl=False
            )
    fixes, files = sum(run.applied.values()), len(run.texts)
    if not quiet:
        _say(f"{_n(fixes, 'fix')} in {_n(files, 'file')} (not written)")
    _fix_notes(run)
    return EXIT_FINDINGS if run.texts else EXIT_CLEAN


def _fix_notes(run: Any) -> None:
    for f, why in run.not_applied:
        _say(f"{f.code} at {f.path}:{f.span.line}: fix not applied: {why}")
    if not run.converged:
        _say(f"stopped after {run.passes} passes: {run.why}")


def _write_fixes(inputs: Any, run: Any, quiet: bool) -> set[str]:
    """Write the fixed files and say which were not written, and why; the paths written."""
    from decklint.fix import write

    out = write.write(inputs, run)
    for path, why in out.refused:
        _say(f"{path}: fixes not written: {why}")
    if not quiet:
        _say(f"fixed {_n(sum(out.done.values()), 'finding')} in {_n(len(out.done), 'file')}")
    _fix_notes(run)
    return set(out.done)


def _config_error() -> type[Exception]:
    from decklint.project.config import ConfigError

    return ConfigError


def _config_exit(exc: Exception) -> None:
    click.echo(f"decklint: configuration error: {exc}", err=True)
    sys.exit(EXIT_ERROR)


def _project(
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
            select=_csv(select),
            ignore=_csv(ignore),
            untrusted=[Path.cwd()] if untrusted else None,
            extend_select=_csv(extend[0]),
            extend_ignore=_csv(extend[1]),
        )
    except ConfigError as exc:
        _config_exit(exc)
    except KeyError as exc:
        raise click.UsageError(f"--select/--ignore {exc.args[0]}") from None


@main.command()
@click.argument("paths", nargs=-1, required=True, shell_complete=_complete_paths)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "dot", "mermaid", "html", "text"]),
    default="json",
    show_default=True,
    help="JSON (stable schema), Graphviz DOT, Mermaid, one self-contained HTML page, or a "
    "text tree to read in a terminal.",
)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write to this file.")
@click.option(
    "--dialect", help="Treat every file as this dialect.", shell_complete=_complete_dialects
)
@_config_options
@_speed_options
def topology(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    dialect: str | None,
    config_path: str | None,
    isolated: bool,
    jobs: int,
    no_cache: bool,
) -> None:
    """Draw the site: nodes, links and their status, and the findings on them."""
    from decklint import api
    from decklint.report import topology as export

    dialect = _dialect_choice(dialect)
    project = _project(config_path, isolated, (), ())
    opts = project.options(dialect)
    opts.jobs, opts.cache = jobs, not no_cache
    inputs = api.gather(list(paths), opts.excluded)
    try:
        project.declare_for(opts, [i.path for i in inputs])
        result = api.lint_inputs(inputs, opts)
    except _config_error() as exc:
        _config_exit(exc)
    link_codes = {m.code for m in project.registry.rules.values() if "link" in m.groups}
    data = export.export(result.topology, list(result.findings), link_codes)
    if fmt == "json":
        text = export.to_json(data)
    elif fmt == "dot":
        text = export.to_dot(data)
    elif fmt == "mermaid":
        text = export.to_mermaid(data)
    elif fmt == "text":
        from decklint.report.topology_text import to_text

        text = to_text(data)
    else:
        base = os.path.dirname(os.path.abspath(output)) if output else os.getcwd()
        text = export.to_html(data, os.path.relpath(base))
    _to_output(output, lambda stream, _color: stream.write(text), None)
    if output:
        _say(f"wrote {output}")
    sys.exit(EXIT_ERROR if result.internal_errors else EXIT_CLEAN)


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


@main.command("diff")
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
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write to this file.")
@click.option(
    "--path",
    "-p",
    "paths",
    multiple=True,
    help="Only the files under this path (repeatable; default: the whole repository).",
)
@click.option("--select", multiple=True, help="Rules to run: codes, names, prefixes, groups.")
@click.option("--ignore", multiple=True, help="Rules to skip: codes, names, prefixes, groups.")
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "info"]),
    help="The lowest severity of a new finding that fails the run (default: the "
    "configuration's, else warning).",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when new findings fail the change.")
@click.option(
    "--encoding",
    type=click.Choice(list(CHOICES), case_sensitive=False),
    default="auto",
    show_default=True,
    help="How to read the files (as for lint).",
)
@click.option(
    "--embedded",
    type=click.Choice(["auto", "all", "none"]),
    default="auto",
    show_default=True,
    help="Decks inside JCL and markdown (as for lint).",
)
@click.option("--color/--no-color", default=None, help="Force colour on or off.")
@_config_options
@_speed_options
@_as_record(DiffArgs)
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
    project = _project(args.config_path, args.isolated, args.select, args.ignore)

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
        _say(f"git: {exc}")
        sys.exit(EXIT_ERROR)
    except _config_error() as exc:
        _config_exit(exc)
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

    _to_output(args.output, emit, args.color)


@main.command("format")
@click.argument("paths", nargs=-1, shell_complete=_complete_paths)
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when a file would change.")
@click.option(
    "--diff", is_flag=True, help="Print what would change as a unified diff; write nothing."
)
@click.option(
    "--dialect",
    help="Treat every file as this dialect (see `decklint dialects`).",
    shell_complete=_complete_dialects,
)
@click.option("--encoding", help="Read (and write) files in this encoding (default: detected).")
@click.option(
    "--embedded",
    type=click.Choice(["auto", "all", "none"]),
    default="auto",
    show_default=True,
    help="Decks inside JCL and markdown: those decklint finds (auto), every fence, or none.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print only the diff and the files left alone.")
@_speed_options
@_config_options
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
    _paths_exist(paths)
    project = _project(config_path, isolated, (), ())
    cfg = project.config
    chosen = _dialect_choice(dialect)
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
    except _config_error() as exc:
        _config_exit(exc)
    changed = [r for r in results if r.changed]
    for r in results:
        for where, why in r.left:
            _say(f"{printable(where)}: left as it is: {printable(why)}")
        if r.problem:
            what = "not written" if r.not_written else "not formatted"
            _say(f"{printable(r.path)}: {what}: {printable(r.problem)}")
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
            _say(f"would format {printable(r.path)}")
    if not quiet:
        _say(_format_summary(results, check or diff))
    if any(r.problem for r in results):
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_FINDINGS if (check or diff) and changed else EXIT_CLEAN)


def _format_summary(results: Sequence[Any], dry: bool) -> str:
    """What happened to the files, every one counted once: formatted (or would be), not
    written (an error: each as it was), not read, unchanged."""
    done = sum(1 for r in results if r.changed and (r.written or (dry and not r.problem)))
    failed = sum(1 for r in results if r.not_written)
    unread = sum(1 for r in results if r.unread)
    parts = [f"{'would format' if dry else 'formatted'} {_n(done, 'file')}"]
    if failed:
        parts.append(f"{_n(failed, 'file')} not written (each as it was)")
    if unread:
        parts.append(f"{_n(unread, 'file')} not formatted")
    parts.append(f"{_n(len(results) - done - failed - unread, 'file')} unchanged")
    return ", ".join(parts)


@main.command("init")
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
        _say(str(exc))
        sys.exit(EXIT_ERROR)
    except OSError as exc:
        _say(f"cannot write the configuration in {folder}: {exc.strerror or exc}")
        sys.exit(EXIT_ERROR)
    _say(f"wrote {written}: {init.summary(found)}")


@main.group("cache")
def cache_cmd() -> None:
    """The per-file cache in your user cache folder (DECKLINT_CACHE_DIR overrides it)."""


@cache_cmd.command("clean")
def cache_clean() -> None:
    """Remove what decklint keeps in its cache folder."""
    from decklint.pipeline import cache

    was = cache.clean()
    if was.refused:
        _say(f"{_refusal(was.folder, was.refused)}; removed nothing")
        sys.exit(EXIT_ERROR)
    where = was.folder if was.folder is not None else "no cache folder"
    click.echo(f"decklint: removed {was.entries} files, {_size(was.size)}, from {where}")


@cache_cmd.command("info")
def cache_info() -> None:
    """Where the cache is and how big."""
    from decklint.pipeline import cache

    now = cache.usage()
    if now.refused:
        click.echo(f"decklint: {_refusal(now.folder, now.refused)}")
        return
    if now.folder is None:
        click.echo("decklint: no writable cache folder; set DECKLINT_CACHE_DIR")
        return
    click.echo(f"{now.folder}: {now.entries} files, {_size(now.size)}")


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    return f"{n / 1024:.1f} KiB" if n < 1024**2 else f"{n / 1024**2:.1f} MiB"


@main.command("config")
@click.option("--show", is_flag=True, required=True, help="Print the resolved settings.")
@_config_options
def config_cmd(show: bool, config_path: str | None, isolated: bool) -> None:
    """Show the configuration that applies here (files found, rules selected, options)."""
    import yaml

    project = _project(config_path, isolated, (), ())
    click.echo(yaml.safe_dump(project.show(), sort_keys=False, width=100), nl=False)


class _Shown(NamedTuple):
    """What the text report shows besides the findings' own lines."""

    no_source: bool
    summary: bool


def _emit(
    result: Any,
    fmt: str,
    texts: dict[str, str | None],
    show: _Shown,
    color: bool | None,
    out: Any,
    registry: Any,
) -> None:
    if fmt == "json":
        from decklint.report import json as jsonrep

        jsonrep.write(result.findings, result.files, out, result.unlinted, result.baselined)
    elif fmt == "sarif":
        from decklint.lint import baseline
        from decklint.report import sarif

        locator = baseline.Locator(result.parsed)
        rules = list(registry.rules.values())
        sarif.write(
            result.findings, rules, lambda f: baseline.identity(f, locator), out, result.unlinted
        )
    elif fmt == "github":
        from decklint.report import github

        out.write(github.render(result.findings, unlinted=result.unlinted))
    elif fmt == "junit":
        from decklint.report import junit

        junit.write(result.findings, result.files, out, result.unlinted)
    elif fmt == "parsable":
        from decklint.report import parsable

        parsable.write(result.findings, out, result.unlinted)
    elif fmt == "gitlab":
        from decklint.lint import baseline
        from decklint.report import gitlab

        locator = baseline.Locator(result.parsed)
        gitlab.write(result.findings, lambda f: baseline.identity(f, locator), out)
    else:
        from decklint.core.source import SourceFile
        from decklint.report import text as textrep

        shown: list[SourceFile] = []  # the file whose lines are quoted now (findings come
        # sorted by file: a large run does not hold every file's lines at once)

        def line_of(path: str, line: int) -> str:
            if not shown or shown[0].path != path:
                shown[:] = [SourceFile.from_text(path, texts.get(path) or "")]
            return shown[0].line_text(line)

        textrep.render(
            result.findings,
            line_of,
            out,
            color=color,
            show_source=not show.no_source,
            summary=show.summary,
            files_linted=sum(1 for _p, d in result.files if d),
            unlinted=result.unlinted,
            baselined=result.baselined,
            concise=fmt == "concise",
        )


def _show_fixes(findings: Any) -> None:
    """--show-fixes: the fixes --fix would apply (and those only --unsafe-fixes would), one a
    line, on standard error."""
    from decklint.core.findings import Applicability
    from decklint.report.safe import plain

    fixes = [f for f in findings if f.fix is not None]
    if not fixes:
        click.echo("decklint: no fixes available", err=True)
        return
    safe = [f for f in fixes if f.fix.applicability == Applicability.SAFE]
    more = len(fixes) - len(safe)
    click.echo(
        f"decklint: {len(safe)} fixable with --fix, {more} more with --unsafe-fixes:", err=True
    )
    for f in fixes:
        how = "--fix" if f.fix.applicability == Applicability.SAFE else "--unsafe-fixes"
        where = f"{plain(f.path)}:{f.span.line}:{f.span.col}"
        click.echo(f"  {where} {f.code} {plain(f.fix.title)} ({how})", err=True)


@main.command()
@click.argument("rule", shell_complete=_complete_rules)
def explain(rule: str) -> None:
    """Show what a rule checks, why, where the document says so, and examples.

    PRODUCT:NAME (vtam:MAXDATA, ncp:HOST, ncp:LINE.MAXTSL, tcpip:TCPCONFIG) shows a
    statement's or operand's entry in the product catalog instead."""
    if ":" in rule:
        click.echo("\n".join(_catalog_entry(rule)))
        return
    m = _project(None, False, (), ()).registry.by_name(rule)
    if m is None:
        raise click.UsageError(f"no rule {rule!r} (see `decklint rules`)")
    lines = [
        f"{m.code} {m.name} ({m.graded})",
        "",
        m.summary,
        "",
        *_severities(m),
        "Why:",
        *("  " + ln for ln in m.rationale.splitlines()),
        "",
        f"Source: {m.cited}",
    ]
    from decklint.lint.docs import DECIDED, example_files

    if m.decided_by in DECIDED:
        lines += ["", DECIDED[m.decided_by]]
    if m.options:
        lines += ["", "Options:"]
        lines += [
            f"  {o.name} ({o.type}, default {o.default!r}): {o.doc}" for o in m.options.values()
        ]
    for ex in m.examples:
        lines += ["", "Fails:" if ex.expect_fail else "Passes:"]
        for name, body in example_files(ex).items():
            lines.append(f"  --- {name}")
            lines += ["  " + ln for ln in body.rstrip("\n").splitlines()]
    click.echo("\n".join(lines))


def _severities(m: Any) -> list[str]:
    """What each severity of a rule's findings means, when they take more than one."""
    if not m.severities:
        return []
    return ["Severity:", *(f"  {s.label}: {when}" for s, when in m.severities), ""]


def _catalog_entry(spec: str) -> list[str]:
    """The catalog lines for PRODUCT:STATEMENT, PRODUCT:OPERAND or PRODUCT:STATEMENT.OPERAND."""
    from decklint.knowledge import catalog as catalogs

    try:
        return catalogs.lookup(spec)
    except LookupError as exc:
        raise click.UsageError(str(exc.args[0])) from None


@main.command()
@click.option("--dialect", help="Only rules for this dialect.", shell_complete=_complete_dialects)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text")
def rules(dialect: str | None, fmt: str) -> None:
    """List the rules (markdown: the rule reference, docs/rules.md)."""
    import json

    ms = sorted(_project(None, False, (), ()).registry.rules.values(), key=lambda m: m.code)
    if dialect:
        _dialect_choice(dialect)
        ms = [m for m in ms if not m.dialects or dialect in m.dialects]
    if fmt == "markdown":
        from decklint.lint import docs

        click.echo(docs.render(ms), nl=False)
    elif fmt == "json":
        rows = [
            {
                "code": m.code,
                "name": m.name,
                "severity": m.severity.label,
                "severities": [s.label for s in m.reports],
                "summary": m.summary,
                "dialects": list(m.dialects),
            }
            for m in ms
        ]
        click.echo(json.dumps(rows, indent=2))
    else:
        for m in ms:
            where = ",".join(m.dialects) if m.dialects else "all"
            graded = "/".join(s.label for s in m.reports)
            click.echo(f"{m.code}  {m.name:<40} {graded:<18} {where:<10} {m.summary}")


@main.command("dialects")
def dialects_cmd() -> None:
    """List the dialects and how files are recognised."""
    from decklint import dialects

    for name in dialects.names():
        spec = dialects.get(name)
        click.echo(f"{name:<6} {spec.title}")
        click.echo(f"       globs: {' '.join(spec.globs)}")


@main.command()
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
        _say(
            f"the language server needs pygls and lsprotocol ({exc.name} is missing): "
            'install decklint with its server extra: pip install ".[server]" in a decklint '
            'checkout, or pip install "decklint-*.whl[server]" from a built wheel'
        )
        sys.exit(EXIT_ERROR)
    app.start(untrusted=untrusted)


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--dump", type=click.Choice(["tree", "ir", "model"]), default="ir", show_default=True)
@click.option("--dialect", shell_complete=_complete_dialects)
def parse(file: str, dump: str, dialect: str | None) -> None:
    """Show how a deck is read: Lark trees, the IR, or the model (grammar debugging)."""
    from decklint.pipeline import debug

    dialect = _dialect_choice(dialect)
    try:
        click.echo(debug.dump(file, dump, dialect), nl=False)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None


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


@main.command("watch")
@click.argument("paths", nargs=-1, required=True, shell_complete=_complete_paths)
@click.option(
    "--interval",
    type=click.FloatRange(min=0.1),
    default=1.0,
    show_default=True,
    help="Seconds between two looks at the files (longer when looking takes long).",
)
@click.option(
    "--dialect",
    help="Treat every file as this dialect (see `decklint dialects`).",
    shell_complete=_complete_dialects,
)
@click.option(
    "--select",
    multiple=True,
    help="Rules to run: codes, names, prefixes, groups.",
    shell_complete=_complete_rules,
)
@click.option(
    "--ignore",
    multiple=True,
    help="Rules to skip: codes, names, prefixes, groups.",
    shell_complete=_complete_rules,
)
@_config_options
@click.option(
    "--encoding",
    type=click.Choice(list(CHOICES), case_sensitive=False),
    default="auto",
    show_default=True,
    help="How to read the files (as for `decklint lint`).",
)
@click.option(
    "--embedded",
    type=click.Choice(["auto", "all", "none"]),
    default="auto",
    show_default=True,
    help="Decks inside JCL and markdown (as for `decklint lint`).",
)
@_speed_options
@click.option("--color/--no-color", default=None, help="Force colour on or off.")
@click.option("--looks", type=click.IntRange(min=0), hidden=True)  # stop after N looks (tests)
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="Print the findings that came and went only: no line per run (but for a run that "
    "could not lint), no progress line, no word on standard error.",
)
@_as_record(WatchArgs)
def watch_cmd(args: WatchArgs) -> None:
    """Lint, then lint again whenever a file changes, and print only what changed: the
    findings that went (-) and came (+), and a line with the time and the count.

    The files are those `decklint lint PATHS` reads, and the configuration files that apply;
    each run takes unchanged files from the cache. Ctrl-C stops (exit 0)."""
    from decklint.pipeline import watch

    if "-" in args.paths:
        raise click.UsageError("watch looks at files: '-' (standard input) cannot change")
    dialect = _dialect_choice(args.dialect)
    latest = [_project(args.config_path, args.isolated, args.select, args.ignore)]

    def look() -> Any:
        seen = watch.snapshot(list(args.paths), latest[0].excluded, args.embedded)
        try:
            configs = latest[0].config_files(list(seen))
        except _config_error():
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
                select=_csv(args.select),
                ignore=_csv(args.ignore),
            )
            opts = project.options(dialect)
            opts.jobs, opts.cache = args.jobs, not args.no_cache
            with _progress(args.quiet, "text") or contextlib.nullcontext() as shown:
                opts.progress = shown
                paths = list(args.paths)
                inputs = api.gather(paths, opts.excluded, args.encoding, args.embedded, shown)
                project.declare_for(opts, [i.path for i in inputs])
                result = api.lint_inputs(inputs, opts)
        except _config_error() as exc:
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
                _say(f"looking for changes every {every}; Ctrl-C stops")
    except KeyboardInterrupt:
        click.echo("", err=True)
    sys.exit(EXIT_CLEAN)


SHELLS = ["bash", "zsh", "fish"]


@main.command()
@click.argument("shell", type=click.Choice(SHELLS))
def completion(shell: str) -> None:
    """Print the shell completion script for bash, zsh or fish.

    \b
    bash: decklint completion bash > ~/.local/share/bash-completion/completions/decklint
    zsh:  decklint completion zsh > ~/.zfunc/_decklint   (with fpath+=~/.zfunc in ~/.zshrc)
    fish: decklint completion fish > ~/.config/fish/completions/decklint.fish"""
    from click.shell_completion import get_completion_class

    kind = get_completion_class(shell)
    assert kind is not None  # click knows each of SHELLS
    click.echo(kind(main, {}, "decklint", "_DECKLINT_COMPLETE").source())


if __name__ == "__main__":  # pragma: no cover
    main()
