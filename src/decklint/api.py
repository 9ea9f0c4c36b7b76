"""The library entry points: lint files or text, build a topology. Never prints."""

from __future__ import annotations

import contextlib
import functools
import gc
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from decklint.dialects.base import ParsedFile
from decklint.findings import Finding, Severity
from decklint.inputs import encoding as encoding_mod
from decklint.inputs.discover import walk
from decklint.lint.check import Hit
from decklint.lint.manifest import Manifest
from decklint.lint.registry import load_registry
from decklint.lint.runner import (
    diagnostic_finding,
    file_rules,
    run_rules,
    selected_findings,
    stamp_hits,
)
from decklint.model.resolve import resolve
from decklint.model.topology import Settings, Topology
from decklint.pipeline import schedule
from decklint.pipeline.filephase import has_directives
from decklint.source import Span

if TYPE_CHECKING:
    from decklint.inputs import embedded

# Extensions that are never decks: skipped quietly when a folder is walked.
_NOT_DECKS = frozenset(
    [
        ".md",
        ".rst",
        ".py",
        ".pyc",
        ".yaml",
        ".yml",
        ".json",
        ".toml",
        ".cfg",
        ".ini",
        ".lock",
        ".png",
        ".jpg",
        ".jpeg",
        ".gif",
        ".pdf",
        ".html",
        ".htm",
        ".css",
        ".js",
        ".ts",
        ".sh",
        ".bat",
        ".xml",
        ".svg",
        ".zip",
        ".gz",
        ".tar",
        ".whl",
        ".exe",
        ".dll",
        ".so",
    ]
)


@dataclass
class Options:
    dialect: str | None = None
    select: Sequence[str] = ()
    ignore: Sequence[str] = ()
    rule_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    settings: Settings = field(default_factory=Settings)
    config_globs: dict[str, str] = field(default_factory=dict)
    rule_paths: tuple[str, ...] = ()
    inline: bool = True  # honour inline suppressions (False: report everything, to audit them)
    # Per-file configuration: keeps, changes (severity) or drops (None) each finding.
    policy: Callable[[Finding], Finding | None] | None = None
    excluded: Callable[[Path], bool] | None = None
    jobs: int = 1  # worker processes for parsing; 0: every core
    cache: bool = False  # keep and reuse per-file results in the user's cache folder


@dataclass
class Input:
    path: str  # as shown in findings
    text: str | None
    explicit: bool
    problem: str = ""
    notes: tuple[encoding_mod.Note, ...] = ()  # how the bytes were read (PRS011)
    # A deck cut out of another file: that file's path as shown, and where the deck sits in it.
    container: str | None = None
    block: embedded.Block | None = None
    encoding: str = ""  # how the bytes were decoded (fixes are written back the same way)

    @functools.cached_property
    def digest(self) -> bytes | None:
        """The text's hash (`cache.digest`), computed once for the cache and the run memo."""
        from decklint.pipeline.cache import digest

        return None if self.text is None else digest(self.text)


@dataclass
class LintResult:
    findings: list[Finding]
    files: list[tuple[str, str | None]]  # (path, dialect)
    topology: Topology
    parsed: dict[str, ParsedFile]
    internal_errors: int = 0
    rules_run: frozenset[str] = frozenset()
    policy: Callable[[Finding], Finding | None] | None = None
    stats: schedule.Stats = field(default_factory=schedule.Stats)

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


def decode(data: bytes, encoding: str | None = None) -> tuple[str | None, str]:
    """Text of a file, or (None, why) for binary content (see `decklint.inputs.encoding`)."""
    got = encoding_mod.decode(data, encoding)
    return got.text, got.why


def read_input(path: str, data: bytes, explicit: bool, encoding: str | None = None) -> Input:
    got = encoding_mod.decode(data, encoding)
    return Input(path, got.text, explicit, got.why, got.notes, encoding=got.encoding)


def may_hold_decks(path: str, text: str, mode: str = "auto") -> bool:
    """False when `embedded.find` would say the file is no container, told without importing
    it or splitting the text into lines: a container is markdown by its name, or JCL, whose
    statements begin with // (IEBUPDTE's with ./)."""
    if mode == "none":
        return False
    return path.lower().endswith((".md", ".markdown")) or "//" in text or "./" in text


def expand(inp: Input, mode: str = "auto") -> list[Input]:
    """The input, or the decks inside it (JCL instream data, markdown fences; see
    `decklint.inputs.embedded`). A container with no deck in it gives nothing unless named."""
    if inp.text is None or not may_hold_decks(inp.path, inp.text, mode):
        return [inp]
    from decklint.inputs import embedded

    blocks = embedded.find(inp.path, inp.text, mode)
    if blocks is None:
        return [inp]
    if not blocks:
        if not inp.explicit:
            return []
        why = "no deck found inside it (JCL instream data, IEBUPDTE members, fenced blocks)"
        return [Input(inp.path, None, True, why, inp.notes)]
    # The container stays (its notes, its text for showing source lines) but is not parsed.
    out = [Input(inp.path, inp.text, inp.explicit, "", inp.notes, inp.path, None, inp.encoding)]
    taken: set[str] = set()
    for b in blocks:
        virtual = f"{inp.path}({b.name})"
        n = 2
        while virtual in taken:
            virtual, n = f"{inp.path}({b.name}#{n})", n + 1
        taken.add(virtual)
        out.append(Input(virtual, b.text, inp.explicit, "", (), inp.path, b))
    return out


def _display(path: Path, cwd: str | None = None) -> str:
    """The path as reported: relative to the current folder inside it, else as given.

    `cwd`: the current folder ending in "/", when the caller has it. A Path's text is already
    normal, so without `..` in it the answer is the text itself or its part after `cwd`,
    as `os.path.relpath` would find with more work (40 ms on 2,000 files)."""
    text = str(path)
    if os.sep == "/" and ".." not in text.split("/"):
        if not text.startswith("/"):
            return text
        if cwd is not None and text.startswith(cwd):
            return text[len(cwd) :]
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path.as_posix()
    return Path(rel).as_posix() if not rel.startswith("..") else path.as_posix()


def gather(
    paths: Iterable[str],
    excluded: Callable[[Path], bool] | None = None,
    encoding: str | None = None,
    embedded_mode: str = "auto",
) -> list[Input]:
    out: list[Input] = []
    cwd = os.getcwd().rstrip("/") + "/"
    explicit = {str(Path(p)) for p in paths if not Path(p).is_dir()}
    for p in paths:
        if not Path(p).exists():
            out.append(Input(p, None, True, "no such file or folder"))
    for f in walk([p for p in paths if Path(p).exists()]):
        is_explicit = str(f) in explicit
        markdown = f.suffix.lower() in (".md", ".markdown") and embedded_mode != "none"
        skip = f.suffix.lower() in _NOT_DECKS and not markdown
        if not is_explicit and (skip or (excluded and excluded(f))):
            continue
        if not f.is_file():  # a pipe, socket or device: reading it could block forever
            if is_explicit:
                out.append(Input(_display(f, cwd), None, True, "not a regular file: skipped"))
            continue
        try:
            data = f.read_bytes()
        except OSError as exc:
            out.append(Input(_display(f, cwd), None, is_explicit, f"cannot read: {exc.strerror}"))
            continue
        shown = _display(f, cwd)
        out.extend(expand(read_input(shown, data, is_explicit, encoding), embedded_mode))
    return out


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while decks are parsed.

    Parsing allocates millions of small acyclic objects that reference counting frees; the
    cyclic collector only rescans them (research/performance.md measured 2x on large decks).
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
    k = None
    if opts.cache and identity is not None:
        from decklint.pipeline import memo

        steer = (opts.dialect, opts.select, opts.ignore, opts.rule_options, opts.settings)
        k = memo.key(identity, (*steer, opts.config_globs, opts.rule_paths, opts.inline), inputs)
        got = memo.load(k)
        if got is not None:
            n = sum(1 for i in inputs if i.text is not None)
            return LintResult(
                list(got.findings),
                list(got.files),
                Topology(settings=opts.settings),
                {},
                0,
                got.rules_run,
                opts.policy,
                schedule.Stats(len(inputs), n, 0, 1, memo=True),
            )
    with _gc_paused():
        result = _lint_inputs(inputs, opts)
    if k is not None and not result.internal_errors:
        from decklint.pipeline import memo

        memo.save(k, memo.Memo(tuple(result.findings), tuple(result.files), result.rules_run))
    return result


def _lint_inputs(inputs: Sequence[Input], opts: Options) -> LintResult:
    reg = load_registry(tuple(opts.rule_paths))
    manifests = reg.select(opts.select, opts.ignore)
    selected = {m.code: m for m in manifests}
    topo = Topology(settings=opts.settings)
    findings: list[Finding] = []
    files: list[tuple[str, str | None]] = []
    parsed: dict[str, ParsedFile] = {}
    hits: list[tuple[str, Hit]] = []
    internal = 0

    def engine(
        code: str, path: str, span: Span, message: str, sev: Severity | None, dialect: str = ""
    ) -> None:
        m = selected.get(code)
        if m is not None:
            from decklint.ir import Diagnostic

            findings.append(
                diagnostic_finding(m, Diagnostic(code, span, message, sev), path, dialect)
            )

    units, stats = schedule.file_units(
        [
            (
                i.path,
                None if i.container == i.path else i.text,
                i.block.dialect if i.block else None,
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
    )
    for inp, unit in zip(inputs, units, strict=True):
        for note in inp.notes:
            sev = Severity.WARNING if note.warning else Severity.INFO
            engine("PRS011", inp.path, Span.point(note.line, note.col), note.message, sev)
        if inp.container == inp.path:
            continue  # the file the decks were cut from: its notes are reported, its decks are
        if inp.text is None or unit is None:
            files.append((inp.path, None))
            engine("PRS009", inp.path, Span.point(1, 1), inp.problem, None)
            continue
        if unit.error:
            internal += 1
            files.append((inp.path, unit.dialect))
            stage, _, what = unit.error.partition(":")
            doing = "detecting the dialect" if stage == "detect" else "reading this file"
            engine(
                "PRS009",
                inp.path,
                Span.point(1, 1),
                f"internal error while {doing} ({what}); please report it",
                Severity.ERROR,
                unit.dialect or "",
            )
            continue
        if unit.dialect is None:
            files.append((inp.path, None))
            if inp.explicit:
                engine(
                    "PRS009",
                    inp.path,
                    Span.point(1, 1),
                    "no dialect recognised: name one with --dialect or a "
                    "'decklint: dialect=NAME' comment",
                    Severity.INFO,
                )
            continue
        files.append((inp.path, unit.dialect))
        pf, low = unit.pf, unit.low
        assert pf is not None and low is not None
        parsed[inp.path] = pf
        topo.merge(low, pf.statements)
        for d in (*pf.diagnostics, *low.diagnostics):
            engine(d.code, inp.path, d.span, d.message, d.severity, unit.dialect)
        if unit.rule_error:
            internal += 1
            engine(
                "PRS009",
                inp.path,
                Span.point(1, 1),
                f"internal error in rule {unit.rule_error}; please report it",
                Severity.ERROR,
                unit.dialect,
            )
        hits.extend(unit.hits)
        findings.extend(selected_findings(selected, unit.findings))
    try:
        findings.extend(stamp_hits(selected, hits, topo, opts.rule_options))
        resolve(topo)
        network = [m for m in manifests if not m.per_file]
        findings.extend(run_rules(network, topo, opts.rule_options))
    except Exception as exc:
        internal += 1
        engine(
            "PRS009",
            inputs[0].path if inputs else "-",
            Span.point(1, 1),
            f"internal error in the rule engine ({type(exc).__name__}: {exc}); please report it",
            Severity.ERROR,
        )
    if opts.inline and any(has_directives(pf) for pf in parsed.values()):
        from decklint.lint import suppress

        outcome = suppress.apply(findings, suppress.collect(parsed.values()), reg)
        findings = outcome.kept
        for path, span, code, message in outcome.problems:
            engine(code, path, span, message, None, topo.dialects.get(path, ""))
    origins = {i.path: (i.container or i.path, i.block) for i in inputs if i.block is not None}
    if origins:
        findings = [_place(f, origins) for f in findings]
        files = _merge_files(files, origins)
    if opts.policy is not None:
        kept = (opts.policy(f) for f in findings)
        findings = [f for f in kept if f is not None]
    findings = sorted(set(findings), key=Finding.sort_key)
    return LintResult(
        findings,
        files,
        topo,
        parsed,
        internal,
        frozenset(m.code for m in manifests),
        opts.policy,
        stats,
    )


Origins = dict[str, tuple[str, "embedded.Block"]]  # cut-out deck -> (container, where)


def _place(f: Finding, origins: Origins) -> Finding:
    """A finding in a cut-out deck, moved to the enclosing file's lines and columns."""
    related = tuple(
        replace(r, path=origins[r.path][0], span=origins[r.path][1].place(r.span))
        if r.path in origins
        else r
        for r in f.related
    )
    if f.path not in origins:
        return replace(f, related=related) if related != f.related else f
    container, block = origins[f.path]
    subject = f.subject or f"deck {block.name}"
    fix = None  # edits are in the deck's coordinates: shown, never applied to the container
    return replace(
        f, path=container, span=block.place(f.span), related=related, subject=subject, fix=fix
    )


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
    return sorted(load_registry().rules.values(), key=lambda m: m.code)


def apply_baseline(result: LintResult, path: Path, *, update: bool = False) -> LintResult:
    """Keep only findings the baseline does not hold; report (or, with `update`, drop)
    baseline entries that no longer occur. Raises baseline.BaselineError."""
    from decklint.ir import Diagnostic
    from decklint.lint import baseline

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
    )


def write_baseline(result: LintResult, path: Path) -> int:
    from decklint.lint import baseline

    doc = baseline.document(result.findings, baseline.Locator(result.parsed))
    baseline.write(path, doc)
    return len(result.findings)
