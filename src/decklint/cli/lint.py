"""`decklint lint`: the decks linted, fixed (--fix, --diff) or measured against a baseline,
and the findings reported in the format asked for."""

import contextlib
import os
import sys
from pathlib import Path
from typing import Any, NamedTuple

import click

from decklint.cli.options import (
    EXIT_CLEAN,
    EXIT_ERROR,
    EXIT_FINDINGS,
    as_record,
    color_option,
    complete_paths,
    config_error,
    config_exit,
    config_options,
    counted,
    dialect_choice,
    dialect_option,
    embedded_option,
    encoding_option,
    load_project,
    output_option,
    paths_exist,
    progress_display,
    rule_options,
    say,
    speed_options,
    to_output,
)

FORMATS = ["text", "concise", "parsable", "json", "sarif", "github", "gitlab", "junit"]


class LintArgs(NamedTuple):
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


@click.command("lint")
@click.argument("paths", nargs=-1, shell_complete=complete_paths)
@dialect_option()
@click.option(
    "--output-format",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="Output format (default: github under GitHub Actions, else text).",
)
@output_option("Write the report to this file instead of standard output.")
@click.option(
    "--statistics",
    is_flag=True,
    help="Print how many findings each rule has, instead of the findings.",
)
@rule_options(extend=True)
@click.option(
    "--show-fixes",
    is_flag=True,
    help="List the fixes: those applied (with --fix), else those --fix would apply.",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings remain.")
@click.option("--stdin-filename", help="Name to report for input read from '-'.")
@encoding_option(
    "How to read the files: auto detects UTF-8, EBCDIC (cp037, cp1047, cp500; with line ends "
    "or as 80-byte records) and falls back to cp1252."
)
@click.option("--no-source", is_flag=True, help="Do not print the source line under a finding.")
@color_option
@config_options
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
@speed_options
@embedded_option(
    "Decks inside JCL (instream data, IEBUPDTE members) and markdown fences tagged with a "
    "dialect; 'all' also tries untagged fences; 'none' lints files only as they are."
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
@as_record(LintArgs)
def lint(args: LintArgs) -> None:
    """Lint decks: files and folders (folders are walked; '-' reads standard input)."""
    from decklint import api

    args = args._replace(paths=args.paths or (".",))  # ruff's habit: here
    paths_exist(args.paths)
    dialect = dialect_choice(args.dialect)
    project = load_project(
        args.config_path,
        args.isolated,
        args.select,
        args.ignore,
        args.untrusted,
        (args.extend_select, args.extend_ignore),
    )
    for setting in project.withheld():
        say(f"not used in an untrusted folder: {setting}")
    opts = project.options(dialect)
    if args.target_release:
        _target_release(opts, args.target_release)
    opts.inline, opts.show_all = not args.no_inline, args.show_all
    opts.jobs, opts.cache = args.jobs, not args.no_cache
    opts.progress = shown = progress_display(args.quiet, _format(args.fmt))
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
    except config_error() as exc:
        config_exit(exc)
    result = _scoped(result, args.paths, project)
    if args.update_baseline and not args.baseline_path:
        raise click.UsageError("--update-baseline goes with --baseline FILE")
    if args.write_baseline_path:
        try:
            n = api.write_baseline(result, Path(args.write_baseline_path))
        except OSError as exc:
            say(f"cannot write {args.write_baseline_path}: {exc.strerror or exc}")
            sys.exit(EXIT_ERROR)
        if not args.quiet:
            say(f"wrote {n} finding{'s' if n != 1 else ''} to {args.write_baseline_path}")
        sys.exit(EXIT_ERROR if result.internal_errors else EXIT_CLEAN)
    if args.baseline_path:
        result = _baseline(args, result)
    _report(args, result, {i.path: i.text for i in inputs}, project.registry)
    if args.show_fixes and fixing is not None:
        from decklint.report.safe import plain

        for path, n in sorted(fixing.applied.items()):
            click.echo(f"decklint: fixed {counted(n, 'finding')} in {plain(path)}", err=True)
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
    opts.settings = opts.settings._replace(target_release=forced)


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
    return result if len(kept) == len(result.findings) else result.with_findings(kept)


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
    fixed = [i.replace(text=run.texts[i.path]) if i.path in written else i for i in inputs]
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
        say(str(exc))
        sys.exit(EXIT_ERROR)
    except OSError as exc:  # --update-baseline could not write it
        say(f"cannot write {args.baseline_path}: {exc.strerror or exc}")
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
            to_output(args.output, lambda stream, _color: stream.write(doc), None)
            return
        table = statistics.text(result.findings)
        to_output(args.output, lambda stream, _color: stream.write(table), None)
        click.echo(statistics.files_line(files), err=True)
        return
    to_output(
        args.output,
        lambda stream, color: _emit(result, fmt, texts, show, color, stream, registry),
        args.color,
    )
    if args.show_fixes:
        _show_fixes(result.findings)


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
        say(f"{counted(fixes, 'fix')} in {counted(files, 'file')} (not written)")
    _fix_notes(run)
    return EXIT_FINDINGS if run.texts else EXIT_CLEAN


def _fix_notes(run: Any) -> None:
    for f, why in run.not_applied:
        say(f"{f.code} at {f.path}:{f.span.line}: fix not applied: {why}")
    if not run.converged:
        say(f"stopped after {run.passes} passes: {run.why}")


def _write_fixes(inputs: Any, run: Any, quiet: bool) -> set[str]:
    """Write the fixed files and say which were not written, and why; the paths written."""
    from decklint.fix import write

    out = write.write(inputs, run)
    for path, why in out.refused:
        say(f"{path}: fixes not written: {why}")
    if not quiet:
        fixed, files = counted(sum(out.done.values()), "finding"), counted(len(out.done), "file")
        say(f"fixed {fixed} in {files}")
    _fix_notes(run)
    return set(out.done)


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
