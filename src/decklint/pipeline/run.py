"""A lint run, in its order: each input's file phase (detect, parse, lower, the file-scope rules;
from the cache or worker processes), the files merged into one model and resolved, the
network rules run on it, then the findings suppressed, placed in the files decks were cut
from and filtered by each file's configuration; or the whole run answered by the run memo.
The library's entry points (`decklint.api`) and every command run lints through here. Never
prints."""

from __future__ import annotations

import contextlib
import copy
import functools
import gc
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from decklint.core.findings import Citation, Finding, Severity
from decklint.core.progress import OnProgress, Progress, Stats
from decklint.core.settings import Settings
from decklint.core.source import Span
from decklint.inputs.gather import Input, gather
from decklint.model.topology import Topology

# The rules, the file phase and the model's resolution are imported by the steps that run
# them: a run the run memo answers needs none of them (a noticeable share of its start-up).
if TYPE_CHECKING:
    from decklint.inputs import embedded
    from decklint.lint.check import Hit
    from decklint.lint.manifest import Manifest
    from decklint.lint.registry import Registry
    from decklint.pipeline import memo, twins
    from decklint.pipeline.filephase import FileUnit, ParsedFiles
    from decklint.readers.base import ParsedFile


class Options:
    """How a lint runs: the rules selected and their options, the settings, the cache, the
    workers, what it reports and to whom it says how far it is. (Its state is set one
    attribute at a time; `copy.copy` gives one to change apart.)"""

    dialect: str | None
    select: Sequence[str]
    ignore: Sequence[str]
    rule_options: dict[str, dict[str, Any]]
    settings: Settings
    config_globs: dict[str, str]
    rule_paths: tuple[str, ...]
    inline: bool  # honour inline suppressions (False: report everything, to audit them)
    # Per-file configuration: keeps, changes (severity) or drops (None) each finding.
    policy: Callable[[Finding], Finding | None] | None
    excluded: Callable[[Path], bool] | None
    jobs: int  # worker processes for parsing; 0: every core
    cache: bool  # keep and reuse per-file results in the user's cache folder
    # Told how far the run is, per file and per rule on the whole model (decklint.core.progress).
    progress: OnProgress | None
    # Keep the statements of the files parsed in this process for what reads most of them
    # after the run (a baseline, SARIF fingerprints); otherwise a file's statements are
    # parsed again when something reads them (`LintResult.parsed`).
    keep_statements: bool
    # Every place of a cause as a finding of its own (`--show-all`); otherwise the findings
    # that share one root are one (`decklint.lint.causes`).
    show_all: bool

    def __init__(
        self,
        dialect: str | None = None,
        select: Sequence[str] = (),
        ignore: Sequence[str] = (),
        rule_options: dict[str, dict[str, Any]] | None = None,
        settings: Settings | None = None,
        config_globs: dict[str, str] | None = None,
        rule_paths: tuple[str, ...] = (),
        inline: bool = True,
        policy: Callable[[Finding], Finding | None] | None = None,
        excluded: Callable[[Path], bool] | None = None,
        jobs: int = 1,
        cache: bool = False,
        progress: OnProgress | None = None,
        keep_statements: bool = False,
        show_all: bool = False,
    ) -> None:
        self.dialect = dialect
        self.select = select
        self.ignore = ignore
        self.rule_options = {} if rule_options is None else rule_options
        self.settings = Settings() if settings is None else settings
        self.config_globs = {} if config_globs is None else config_globs
        self.rule_paths = rule_paths
        self.inline = inline
        self.policy = policy
        self.excluded = excluded
        self.jobs = jobs
        self.cache = cache
        self.progress = progress
        self.keep_statements = keep_statements
        self.show_all = show_all


class LintResult:
    """What a lint found: the findings, the files and their dialects, the model, the files'
    parses, the rules that ran and the files it did not lint."""

    findings: list[Finding]
    files: list[tuple[str, str | None]]  # (path, dialect)
    topology: Topology
    # path -> the file's parse, made whole on lookup (`ParsedFiles`); {} from the run memo
    parsed: Mapping[str, ParsedFile]
    internal_errors: int
    rules_run: frozenset[str]
    policy: Callable[[Finding], Finding | None] | None
    stats: Stats
    # The files not linted, for no fault of theirs: path -> why. Read whole, no dialect found:
    # why the file is no deck (`Detection.why`), or "" when nothing told either way (a PRS009
    # information); a job or markdown with no deck in it; a file a folder walk did not read
    # for its name (`gather.NOT_READ`). Every report names them.
    unlinted: dict[str, str]
    baselined: int  # findings a baseline held, and so not reported (`apply_baseline`)

    def __init__(
        self,
        findings: list[Finding],
        files: list[tuple[str, str | None]],
        topology: Topology,
        parsed: Mapping[str, ParsedFile],
        internal_errors: int = 0,
        rules_run: frozenset[str] = frozenset(),
        policy: Callable[[Finding], Finding | None] | None = None,
        stats: Stats | None = None,
        unlinted: dict[str, str] | None = None,
        baselined: int = 0,
    ) -> None:
        self.findings = findings
        self.files = files
        self.topology = topology
        self.parsed = parsed
        self.internal_errors = internal_errors
        self.rules_run = rules_run
        self.policy = policy
        self.stats = Stats() if stats is None else stats
        self.unlinted = {} if unlinted is None else unlinted
        self.baselined = baselined

    def with_findings(self, findings: list[Finding]) -> LintResult:
        """Another result, this one's with `findings` instead (grouped, filtered); the rest
        is shared."""
        other = copy.copy(self)
        other.findings = findings
        return other

    def active(self, path: str, code: str) -> bool:
        """Whether rule `code` ran for file `path` (selection and its configuration)."""
        if code not in self.rules_run:
            return False
        if self.policy is None:
            return True
        probe = Finding(path, Span.point(1, 1), code, "", Severity.INFO, "", "")
        return self.policy(probe) is not None

    def fails(self, threshold: Severity) -> bool:
        return any(f.severity >= threshold for f in self.findings)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while decks are parsed.

    Parsing allocates millions of small acyclic objects that reference counting frees; the
    cyclic collector would only rescan them (see docs/decisions.md).
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def lint_inputs(
    inputs: Sequence[Input], opts: Options, identity: bytes | None = None
) -> LintResult:
    """Lint the inputs. With `opts.cache` and the configuration's `identity` (see
    `Project.identity`), a run whose every input and setting is unchanged is answered from the
    run memo; the result then has no model (`topology` empty, `parsed` {})."""
    k = _memo_key(inputs, opts, identity)
    if k is not None:
        from decklint.pipeline import memo

        got = memo.load(k)
        if got is not None:
            n = sum(1 for i in inputs if i.text is not None)
            if opts.progress is not None:
                opts.progress(Progress(len(inputs), n, 0, n))
            return grouped(
                LintResult(
                    list(got.findings),
                    list(got.files),
                    Topology(settings=opts.settings),
                    {},
                    0,
                    got.rules_run,
                    opts.policy,
                    Stats(len(inputs), n, 0, 1, memo=True),
                    dict(got.unlinted),
                ),
                opts,
            )
    with gc_paused():
        result = _lint_inputs(inputs, opts)
    if k is not None and not result.internal_errors:
        from decklint.pipeline import memo

        memo.save(k, _memo(result))
    return grouped(result, opts)


def grouped(result: LintResult, opts: Options) -> LintResult:
    """The result with the findings of one cause as one (`decklint.lint.causes`), unless
    every place is asked for; the run memo keeps every place, so either is answered."""
    if opts.show_all:
        return result
    from decklint.lint import causes

    findings = causes.group(result.findings)
    if len(findings) == len(result.findings):
        return result
    return result.with_findings(findings)


def _memo(result: LintResult) -> memo.Memo:
    from decklint.pipeline import memo

    return memo.Memo(
        tuple(result.findings),
        tuple(result.files),
        result.rules_run,
        tuple(sorted(result.unlinted.items())),
    )


def _memo_key(inputs: Sequence[Input], opts: Options, identity: bytes | None) -> str | None:
    """The run memo's key for these inputs and options, when the memo may be used."""
    if not opts.cache or identity is None:
        return None
    from decklint.pipeline import memo

    steer = (opts.dialect, opts.select, opts.ignore, opts.rule_options, opts.settings)
    return memo.key(identity, (*steer, opts.config_globs, opts.rule_paths, opts.inline), inputs)


def lint_model(inputs: Sequence[Input], opts: Options, identity: bytes | None = None) -> LintResult:
    """`lint_inputs`, keeping the model (`decklint diff` compares two): a run the run memo
    knows takes its findings from there, and its model is built without running the rules."""
    from decklint.pipeline import memo

    k = _memo_key(inputs, opts, identity)
    got = memo.load(k) if k is not None else None
    with gc_paused():
        result = _lint_inputs(inputs, opts) if got is None else _model_only(inputs, opts, got)
    if k is not None and got is None and not result.internal_errors:
        memo.save(k, _memo(result))
    return grouped(result, opts)


def _model_only(inputs: Sequence[Input], opts: Options, got: memo.Memo) -> LintResult:
    """The model of the inputs, resolved, with the findings a run memo holds for them."""
    from decklint.lint.registry import load_registry
    from decklint.model.resolve import resolve

    reg = load_registry(tuple(opts.rule_paths))
    run = _Run(reg.select(opts.select, opts.ignore), Topology(settings=opts.settings))
    units, stats = _file_phase(inputs, opts, reg)
    _take_files(run, inputs, units)
    try:
        resolve(run.topo)
    except Exception:  # the run the memo holds resolved this model: never expected
        return _lint_inputs(inputs, opts)
    return LintResult(
        list(got.findings),
        list(got.files),
        run.topo,
        run.parsed,
        0,
        got.rules_run,
        opts.policy,
        stats,
        dict(got.unlinted),
    )


def _lint_inputs(inputs: Sequence[Input], opts: Options) -> LintResult:
    """The pipeline: parse and lower each file (with the file-phase rules), merge the files
    into one model, run the network rules on it, then suppress, place and filter."""
    from decklint.lint.registry import load_registry

    reg = load_registry(tuple(opts.rule_paths))
    run = _Run(reg.select(opts.select, opts.ignore), Topology(settings=opts.settings))
    units, stats = _file_phase(inputs, opts, reg)
    _take_files(run, inputs, units)
    done = Progress(len(inputs), stats.parsed + stats.cached, stats.parsed, stats.cached)
    _network_phase(run, opts, inputs[0].path if inputs else "-", done)
    if run.filled:
        _unfilled(run)
    if opts.inline:
        _suppress(run, reg)
    _place_embedded(run, inputs)
    findings = run.findings
    if opts.policy is not None:
        kept = (opts.policy(f) for f in findings)
        findings = [f for f in kept if f is not None]
    return LintResult(
        sorted(set(findings), key=Finding.sort_key),
        run.files,
        run.topo,
        run.parsed,
        run.internal,
        frozenset(m.code for m in run.manifests),
        opts.policy,
        stats,
        run.unlinted,
    )


def _unfilled(run: _Run) -> None:
    """Findings about a value a template fills in, alone, left out: the rendered value is not
    known (`decklint.readers.templates`)."""
    from decklint.readers.templates import covered

    run.findings = [
        f
        for f in run.findings
        if f.path not in run.filled or not covered(run.filled[f.path], f.span)
    ]


def _parsed_files() -> ParsedFiles:
    from decklint.pipeline.filephase import ParsedFiles

    return ParsedFiles()


class _Run:
    """What a run has gathered so far, step by step."""

    manifests: list[Manifest]
    topo: Topology
    findings: list[Finding]
    files: list[tuple[str, str | None]]  # (path, dialect)
    parsed: ParsedFiles
    hits: list[tuple[str, Hit]]
    internal: int  # internal errors
    unlinted: dict[str, str]  # `LintResult.unlinted`
    filled: dict[str, tuple[Span, ...]]  # templates' values
    passed: set[str]  # containers with no deck in them

    def __init__(
        self,
        manifests: list[Manifest],
        topo: Topology,
        findings: list[Finding] | None = None,
        files: list[tuple[str, str | None]] | None = None,
        parsed: ParsedFiles | None = None,
        hits: list[tuple[str, Hit]] | None = None,
        internal: int = 0,
        unlinted: dict[str, str] | None = None,
        filled: dict[str, tuple[Span, ...]] | None = None,
        passed: set[str] | None = None,
    ) -> None:
        self.manifests = manifests
        self.topo = topo
        self.findings = [] if findings is None else findings
        self.files = [] if files is None else files
        self.parsed = _parsed_files() if parsed is None else parsed
        self.hits = [] if hits is None else hits
        self.internal = internal
        self.unlinted = {} if unlinted is None else unlinted
        self.filled = {} if filled is None else filled
        self.passed = set() if passed is None else passed

    @functools.cached_property
    def selected(self) -> dict[str, Manifest]:
        return {m.code: m for m in self.manifests}

    def report(
        self,
        code: str,
        path: str,
        span: Span,
        message: str,
        sev: Severity | None = None,
        dialect: str = "",
        cites: tuple[str, str] | None = None,
    ) -> None:
        """A finding of the engine itself (PRS009, PRS011, a parser's diagnostic), if selected;
        `cites`: the (document, section) it cites instead of the rule's citation."""
        m = self.selected.get(code)
        if m is not None:
            from decklint.core.ir import Diagnostic
            from decklint.lint.runner import diagnostic_finding

            d = Diagnostic(code, span, message, sev)
            f = diagnostic_finding(m, d, path, dialect)
            self.findings.append(f if cites is None else f._replace(citation=Citation(*cites)))

    def internal_error(self, path: str, what: str, dialect: str = "") -> None:
        self.internal += 1
        message = f"internal error {what}; please report it"
        self.report("PRS009", path, Span.point(1, 1), message, Severity.ERROR, dialect)


def file_units(inputs: Sequence[Input], opts: Options) -> tuple[list[FileUnit | None], Stats]:
    """What a lint's file phase gives each input (None for a container's own text), from the
    cache where a lint with these options left it, else parsed (and cached) now: for a
    command that reads the files as the lint does (`decklint format`)."""
    from decklint.lint.registry import load_registry

    with gc_paused():
        return _file_phase(inputs, opts, load_registry(tuple(opts.rule_paths)))


def _file_phase(
    inputs: Sequence[Input], opts: Options, reg: Registry
) -> tuple[list[FileUnit | None], Stats]:
    """Each input detected, parsed and lowered, with the per-file rules run on it (from the
    cache where it can be); a container's own text is not parsed, only its decks are."""
    from decklint.lint.runner import file_rules
    from decklint.pipeline import schedule

    return schedule.file_units(
        [
            (
                i.path,
                None if i.container == i.path else i.text,
                (i.block.dialect if i.block else None) or i.dialect,
            )
            for i in inputs
        ],
        digests=[None if i.container == i.path else i.digest for i in inputs]
        if opts.cache
        else None,
        dialect=opts.dialect,
        config_globs=opts.config_globs,
        settings=opts.settings,
        jobs=opts.jobs,
        use_cache=opts.cache,
        file_rules=file_rules(reg, opts.rule_options),
        done=_files_done(inputs, opts.progress),
        keep_statements=opts.keep_statements,
    )


def _files_done(
    inputs: Sequence[Input], told: OnProgress | None
) -> Callable[[int, int], None] | None:
    """The file phase's counts, as `schedule.file_units` gives them, told as `Progress`
    (the inputs found and read first); None when no one is told."""
    if told is None:
        return None
    files = len(inputs)
    read = sum(1 for i in inputs if i.text is not None and i.container != i.path)
    told(Progress(files, read))

    def done(parsed: int, cached: int) -> None:
        told(Progress(files, read, parsed, cached))

    return done


# PRS009 for a file no dialect was recognised in and nothing showed to be no deck.
NOT_RECOGNISED = (
    "no dialect recognised: nothing in the file is a statement of a product decklint reads; "
    "if it is a deck, name its dialect with --dialect, a dialects: glob in the configuration "
    "or a 'decklint: dialect=NAME' comment in its first ten lines"
)


def _take_files(run: _Run, inputs: Sequence[Input], units: list[FileUnit | None]) -> None:
    """Take each file's unit into the run, letting go of the unit once taken: what the run
    keeps of a file is in `run` then. A member kept both in a job and as a file is taken
    once (`decklint.pipeline.twins`)."""
    twice = {}
    if any(i.block is not None for i in inputs):
        from decklint.pipeline.twins import twins

        twice = twins(inputs, [u.dialect if u is not None else None for u in units])
        _no_deck_containers(run, inputs, units)
    for n, inp in enumerate(inputs):
        got = twice.get(n)
        if got is None:
            _take_file(run, inp, units[n])
        else:
            _take_twin(run, inputs, got, units[n])
        units[n] = None


def _no_deck_containers(run: _Run, inputs: Sequence[Input], units: list[FileUnit | None]) -> None:
    """The containers none of whose decks a dialect was recognised in (a job of assembler
    source, a library of macro definitions): each one is no deck, named once with what it
    holds, and its decks get no finding. A container with a deck among others that are not
    recognised gets a PRS009 for each of those (`_block_not_recognised`)."""
    held: dict[str, list[str]] = {}
    decks: set[str] = set()
    for inp, unit in zip(inputs, units, strict=True):
        if inp.block is None or inp.container is None or inp.container == inp.path:
            continue
        held.setdefault(inp.container, []).append(inp.block.name)
        if unit is not None and unit.dialect is not None:
            decks.add(inp.container)
    for container, names in held.items():
        if container in decks:
            continue
        run.passed.add(container)
        shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        run.unlinted[container] = (
            f"no deck decklint reads among what it holds ({shown}): assembler source, macro "
            "definitions, another program's input"
        )


def _take_twin(run: _Run, inputs: Sequence[Input], twin: twins.Twin, unit: FileUnit | None) -> None:
    """The copy of a member that is not linted again: its reading notes, its place among the
    run's files, and one finding on the job's statement that brings the member."""
    inp = inputs[twin.dropped]
    _notes(run, inp)
    dialect = unit.dialect if unit is not None else None
    run.files.append((inp.path, dialect))
    job = inputs[twin.job]
    other = inputs[twin.kept if twin.job == twin.dropped else twin.dropped]
    block = job.block
    assert block is not None and job.container is not None
    where = (
        "as that file"
        if twin.job == twin.dropped
        else "here (the file alone is not recognised as a deck)"
    )
    message = (
        f"member {block.name} is also the file {other.path}, record for record: it is "
        f"one member, linted once, {where}"
    )
    span = block.card or Span.point(block.line, 1)
    run.report("JCL001", job.container, span, message)


def _block_not_recognised(block: embedded.Block) -> str:
    """PRS009 for a deck cut out of a job or a document that no dialect was recognised in:
    named as the job names it (the member, the DD statement and its step), not "the file"."""
    if block.control is not None:
        what = f"member {block.name}"
    elif block.dd:
        step = f" of step {block.step}" if block.step else ""
        what = f"the in-stream data of DD {block.dd}{step}"
    else:
        what = f"fenced block {block.name}"
    return (
        f"no dialect recognised in {what}: nothing in it is a statement of a product decklint "
        "reads; if it is a deck, name its dialect with a dialects: glob for its name "
        f"({block.name}) or a 'decklint: dialect=NAME' comment in its first ten lines"
    )


def _take_file(run: _Run, inp: Input, unit: FileUnit | None) -> None:
    """One file's unit into the run: its reading notes, its problems, its part of the model,
    its diagnostics and what the file-phase rules found in it."""
    _notes(run, inp)
    if inp.container == inp.path:
        # the file the decks were cut from: its notes and what its jobs say are reported,
        # its decks are
        for r in inp.remarks:
            span = Span(r.line, r.col, r.line, r.end_col)
            run.report(r.code, inp.path, span, r.message, r.severity, cites=r.cites)
        return
    if inp.passed:  # not linted for a reason that is no problem: named in every report
        run.unlinted[inp.path] = inp.problem
        return
    if inp.text is None or unit is None:
        run.files.append((inp.path, None))
        run.report("PRS009", inp.path, Span.point(1, 1), inp.problem)
        return
    if unit.error:
        run.files.append((inp.path, unit.dialect))
        stage, _, what = unit.error.partition(":")
        doing = "detecting the dialect" if stage == "detect" else "reading this file"
        run.internal_error(inp.path, f"while {doing} ({what})", unit.dialect or "")
        return
    if unit.dialect is None:
        run.files.append((inp.path, None))
        if inp.block is not None:  # data of a job or a document that is no deck: theirs
            if inp.explicit and inp.container not in run.passed:
                message = _block_not_recognised(inp.block)
                run.report("PRS009", inp.path, Span.point(1, 1), message, Severity.INFO)
            return
        run.unlinted[inp.path] = unit.against  # named in the text summary either way
        if not unit.against:  # nothing against it: it may be a deck decklint did not see
            run.report("PRS009", inp.path, Span.point(1, 1), NOT_RECOGNISED, Severity.INFO)
        return
    run.files.append((inp.path, unit.dialect))
    if unit.filled:
        run.filled[inp.path] = unit.filled
    pf, low = unit.pf, unit.low
    assert pf is not None and low is not None
    run.parsed.add(inp.path, pf, inp.text)
    run.topo.merge(low, pf.statements)
    run.topo.texts[inp.path] = inp.text
    for d in (*pf.diagnostics, *low.diagnostics):
        run.report(d.code, inp.path, d.span, d.message, d.severity, unit.dialect)
    if unit.rule_error:
        run.internal_error(inp.path, f"in rule {unit.rule_error}", unit.dialect)
    run.hits.extend(unit.hits)
    if unit.findings:
        from decklint.lint.runner import selected_findings

        run.findings.extend(selected_findings(run.selected, unit.findings))


def _notes(run: _Run, inp: Input) -> None:
    """How the file's bytes were read (PRS011)."""
    for note in inp.notes:
        sev = Severity.WARNING if note.warning else Severity.INFO
        run.report("PRS011", inp.path, Span.point(note.line, note.col), note.message, sev)


def _network_phase(run: _Run, opts: Options, first_path: str, done: Progress) -> None:
    """The file-phase hits stamped as findings, references resolved across the files, and the
    rules that need the whole model run on it; a bug in any is one PRS009 on the first file.
    `done`: the progress of the files, to which the rules' is added."""
    from decklint.checks import bound
    from decklint.lint.runner import run_rules, stamp_hits
    from decklint.model.resolve import resolve

    try:
        run.findings.extend(stamp_hits(run.selected, run.hits, run.topo, opts.rule_options))
        resolve(run.topo)
        network = [m for m in run.manifests if not m.per_file]
        rules: Iterable[Manifest] = network
        if opts.progress is not None:
            rules = _counted(network, opts.progress, done)
        run.findings.extend(run_rules(rules, run.topo, bound, opts.rule_options))
    except Exception as exc:
        run.internal_error(first_path, f"in the rule engine ({type(exc).__name__}: {exc})")


def _counted(rules: list[Manifest], told: OnProgress, done: Progress) -> Iterator[Manifest]:
    """The rules, each told as it is taken (the one before it has run), then the last."""
    for n, m in enumerate(rules):
        told(done._replace(rules_run=n, rules=len(rules)))
        yield m
    told(done._replace(rules_run=len(rules), rules=len(rules)))


def _suppress(run: _Run, reg: Registry) -> None:
    """Inline suppressions applied; their own problems (unused, unknown code) reported."""
    from decklint.pipeline.filephase import has_directives

    holding = [p for p in run.parsed if has_directives(run.parsed.slim(p))]
    if not holding:
        return
    from decklint.lint import suppress

    outcome = suppress.apply(run.findings, suppress.collect(run.parsed[p] for p in holding), reg)
    run.findings = outcome.kept
    for path, span, code, message in outcome.problems:
        run.report(code, path, span, message, None, run.topo.dialects.get(path, ""))


def _place_embedded(run: _Run, inputs: Sequence[Input]) -> None:
    """Findings in cut-out decks moved to the lines of the files they were cut from."""
    origins = {i.path: (i.container or i.path, i.block) for i in inputs if i.block is not None}
    if origins:
        run.findings = [_place(f, origins) for f in run.findings]
        run.files = _merge_files(run.files, origins)
        run.topo.placed = {
            deck: (container, block.line, block.col, block.text.count("\n") + 1)
            for deck, (container, block) in origins.items()
        }


Origins = dict[str, tuple[str, "embedded.Block"]]  # cut-out deck -> (container, where)


def _place(f: Finding, origins: Origins) -> Finding:
    """A finding in a cut-out deck, moved to the enclosing file's lines and columns."""
    related = tuple(
        r._replace(path=origins[r.path][0], span=origins[r.path][1].place(r.span))
        if r.path in origins
        else r
        for r in f.related
    )
    message = _placed_message(f.message, origins)
    if f.path not in origins:
        if related == f.related and message == f.message:
            return f
        return f._replace(related=related, message=message)
    container, block = origins[f.path]
    subject = f.subject or f"deck {block.name}"
    fix = None  # edits are in the deck's coordinates: shown, never applied to the container
    return f._replace(
        path=container,
        span=block.place(f.span),
        related=related,
        subject=subject,
        fix=fix,
        message=message,
    )


# "(MEMBER):line" of a place in a cut-out deck; the path before it is found by hand, since a
# pattern that matched it too would scan a long message once per character. Compiled when
# first used (`re` keeps it): only a run of decks cut out of other files places findings.
_PLACE_IN_DECK = r"\(([^()\s]{1,64})\):(\d{1,9})"


def _placed_message(message: str, origins: Origins) -> str:
    """A message that names a place in a cut-out deck (`JOB.jcl(MTAB01):3`, "first at ...")
    names the enclosing file's line instead."""
    if "):" not in message:
        return message
    out: list[str] = []
    last = 0
    for m in re.finditer(_PLACE_IN_DECK, message):
        start = message.rfind(" ", 0, m.start()) + 1
        got = origins.get(message[start : m.end(1) + 1])
        if got is None or start < last:
            continue
        container, block = got
        out += [message[last:start], f"{container}:{int(m.group(2)) + block.line - 1}"]
        last = m.end()
    return "".join([*out, message[last:]]) if out else message


def _merge_files(
    files: list[tuple[str, str | None]], origins: Origins
) -> list[tuple[str, str | None]]:
    out: dict[str, str | None] = {}
    for path, dialect in files:
        key = origins[path][0] if path in origins else path
        if out.get(key) is None:
            out[key] = dialect
    return list(out.items())


def lint_paths(paths: Sequence[str], opts: Options | None = None) -> LintResult:
    opts = opts or Options()
    return lint_inputs(gather(paths, opts.excluded), opts)


def lint_texts(files: dict[str, str], opts: Options | None = None) -> LintResult:
    """Lint in-memory files (name -> text): used by tests, examples and stdin."""
    return lint_inputs([Input(k, v, True) for k, v in files.items()], opts or Options())


def manifests() -> list[Manifest]:
    from decklint.lint.registry import load_registry

    return sorted(load_registry().rules.values(), key=lambda m: m.code)


def apply_baseline(result: LintResult, path: Path, *, update: bool = False) -> LintResult:
    """Keep only findings the baseline does not hold; report (or, with `update`, drop)
    baseline entries that no longer occur. Raises baseline.BaselineError."""
    from decklint.core.ir import Diagnostic
    from decklint.lint import baseline
    from decklint.lint.registry import load_registry
    from decklint.lint.runner import diagnostic_finding

    files = baseline.load(path)
    locator = baseline.Locator(result.parsed)
    outcome = baseline.compare(result.findings, files, locator, result.active)
    findings = list(outcome.new)
    if update:
        baseline.write(path, baseline.shrink(files, result.findings, locator, result.active))
    else:
        m = load_registry().rules.get("SUP003")
        for p, n in sorted(outcome.stale.items()):
            if m is None:
                break
            msg = (
                f"{n} baseline entr{'y' if n == 1 else 'ies'} for this file no longer "
                f"occur{'s' if n == 1 else ''}: shrink {path} with --update-baseline so "
                "the fixed problems cannot come back unnoticed"
            )
            findings.append(
                diagnostic_finding(
                    m,
                    Diagnostic("SUP003", Span.point(1, 1), msg),
                    p,
                    result.topology.dialects.get(p, ""),
                )
            )
    findings.sort(key=Finding.sort_key)
    return LintResult(
        findings,
        result.files,
        result.topology,
        result.parsed,
        result.internal_errors,
        result.rules_run,
        result.policy,
        result.stats,
        result.unlinted,
        outcome.known,
    )


def write_baseline(result: LintResult, path: Path) -> int:
    from decklint.lint import baseline

    doc = baseline.document(result.findings, baseline.Locator(result.parsed))
    baseline.write(path, doc)
    return len(result.findings)
