"""One file's share of a lint run: detect, parse, lower. Runs in a worker process or from cache.

What a file contributes to the model (its statements, lowered entities and symbols, and the
problems found while reading it) depends only on its text, its path, the options that steer
detection and lowering, and decklint itself. That is what makes it safe to compute in a
separate process and to keep in the content-keyed cache (`decklint.pipeline.cache`).
"""

import functools
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

from decklint import dialects
from decklint.core.findings import Finding
from decklint.core.ir import Diagnostic, LogicalUnit, ReadResult, Statement, Statements
from decklint.core.lowering import Lowering
from decklint.core.records import record
from decklint.core.settings import Settings
from decklint.core.source import SourceFile, SourceMap, Span
from decklint.core.symbols import EXPANSION
from decklint.inputs.discover import detect
from decklint.lint.check import FileRule, Hit
from decklint.model.topology import Topology
from decklint.readers import templates
from decklint.readers.base import ParsedFile


class Steering(NamedTuple):
    """The options a file's result depends on (part of its cache key)."""

    dialect: str | None
    config_globs: tuple[tuple[str, str], ...]
    settings: Settings
    file_rules: tuple[FileRule, ...] = ()


@record
class FileUnit(NamedTuple):
    """What one file gives the run. `pf` carries no source text (the caller has it)."""

    path: str
    dialect: str | None
    pf: ParsedFile | None = None
    low: Lowering | None = None
    error: str = ""  # an internal error: "detect: ..." or "parse: ..."
    hits: tuple[tuple[str, Hit], ...] = ()  # what the file phase's checks found: (code, hit)
    findings: tuple[Finding, ...] = ()  # what its expression rules found
    rule_error: str = ""  # an internal error in a rule of the file phase: "CODE: ..."
    # no dialect: why the file is no deck (evidence against: a shell script, JSON, ...), or ""
    # when nothing tells either way (`Detection.why`)
    against: str = ""
    # a template (`decklint.readers.templates`): the values it fills in, where nothing found
    # about a value alone is reported, in this phase or the run's
    filled: tuple[Span, ...] = ()


def node_for(path: str, dialect: str) -> str:
    folder = Path(path).parent.name or "."
    return f"{dialect}:{folder}"


def process(path: str, text: str, steer: Steering, hint: str | None = None) -> FileUnit:
    """Detect, parse and lower one file; never raises for a bug of ours (see `error`).

    `hint`: the dialect the file's container names (a markdown fence's info string), or the
    one it was given (`Input.dialect`). A template is read for its product lines, its dialect
    told by them and its name without the template suffix (`decklint.readers.templates`)."""
    tpl = templates.read(path, text)
    src = SourceFile.from_text(path, text if tpl is None else tpl.text)
    try:
        seen = src if tpl is None else SourceFile.from_text(tpl.name, tpl.text)
        det = detect(seen, hint or steer.dialect, dict(steer.config_globs))
        if tpl is not None and det.dialect is None and not det.why:
            det = detect(src, hint or steer.dialect, dict(steer.config_globs))
    except Exception as exc:  # a broken dialect module must not stop the run
        return FileUnit(path, None, error=f"detect:{type(exc).__name__}: {exc}")
    if det.dialect is None:
        return FileUnit(path, None, against=det.why)
    unit = _read(path, src, det.dialect, steer)
    return unit if tpl is None else _template(unit, tpl)


def _read(path: str, src: SourceFile, dialect: str, steer: Steering) -> FileUnit:
    """Parse and lower one file of a dialect, and run the file phase's rules on it."""
    try:
        spec = dialects.get(dialect)
        # Lowering and the rules read the statements: the lines and the reader's units go
        # first, which in a large deck are a third of what its parse holds.
        pf = _bare(spec.parse(src), path)
        del src
        low = Lowering(path, dialect, node_for(path, dialect), steer.settings)
        spec.lower(pf, low)
        for name, mspan in pf.macros:
            low.define("macro", name, mspan)
        for name, cspan in pf.expansions:
            low.define(EXPANSION, name, cspan)
    except Exception as exc:  # a bug of ours must not stop the run
        return FileUnit(path, dialect, error=f"parse:{type(exc).__name__}: {exc}")
    if not steer.file_rules:
        return FileUnit(path, dialect, pf, low)
    from decklint.checks import bound
    from decklint.lint.runner import run_file_rules

    alone = Topology(settings=steer.settings)  # the file phase's rules see this file only
    alone.merge(low, pf.statements)
    hits, found, rule_error = run_file_rules(steer.file_rules, alone, bound)
    return FileUnit(
        path, dialect, pf, low, hits=tuple(hits), findings=tuple(found), rule_error=rule_error
    )


def _template(unit: FileUnit, tpl: templates.Template) -> FileUnit:
    """A template's unit: what was found about a value it fills in alone left out, and one
    information (PRS015) on how much was not judged."""
    if unit.pf is None or unit.low is None:
        return unit
    keep = [d for d in unit.pf.diagnostics if not tpl.covers(d.span)]
    pf = unit.pf._replace(diagnostics=tuple(keep))
    low = unit.low
    low.diagnostics = [d for d in low.diagnostics if not tpl.covers(d.span)]
    if tpl.note():
        low.diag(Diagnostic("PRS015", Span.point(1, 1), tpl.note()))
    hits = tuple((c, h) for c, h in unit.hits if h.path != unit.path or not tpl.covers(h.span))
    found = tuple(f for f in unit.findings if not tpl.covers(f.span))
    return unit._replace(pf=pf, low=low, hits=hits, findings=found, filled=tpl.filled)


_EMPTY_SOURCE = SourceFile.from_text("", "")
_NO_MAP = SourceMap()


def slim(unit: FileUnit, text: str | None = None) -> FileUnit:
    """The unit without what the caller can rebuild: source text and the card maps.

    Kept: statements, lowered model, diagnostics, and, in a file with a `decklint:` directive,
    its comments and each unit's lines and remarks (inline suppressions live there and cover
    them). Dropping the rest makes a cached or transferred unit smaller and quicker to
    load, and a large run's model smaller. With `text` (the unit stays in this process and
    is not cached), its statements are not kept either: they are parsed again from `text` if
    something reads them (`Statements.later`); the file phase's rules have read them already.
    A file the model's own passes will read again (it codes something dated: `read_words`)
    keeps them, those passes' statements kept apart (`Statements.indexed`): parsing it again
    would cost a second parse, for the same objects; of the others, those passes know that
    they code nothing they look for (`Statements.coding`).
    Otherwise they go as bytes when pickled (`Statements`).
    """
    if unit.pf is None:
        return unit
    pf = _bare(unit.pf)
    if text is not None:
        words = _read_words(unit.path, pf)
        kept = pf.statements.indexed(words, _read_for(unit.path, pf))
        if kept.coding(words):
            statements = kept
        else:
            load = functools.partial(reparse, unit.path, text, pf.dialect)
            statements = Statements.later(load, words)
        pf = pf._replace(statements=statements)
    return unit._replace(pf=pf)


def answer(unit: FileUnit) -> FileUnit:
    """A worker's unit for the run that sent it the file, when nothing is cached: `slim`,
    with only the statements the model's passes read after the file phase (those that code
    the words they read where their entries may give them something: `read_for`,
    `Statements.partial`); the run makes the others from the file's text if something reads
    them all (`taken`). Most statements then cross no process boundary: pickling them was a
    third of a worker's time."""
    if unit.pf is None:
        return unit
    pf = _bare(unit.pf)
    words = _read_words(unit.path, pf)
    partial = pf.statements.indexed(words, _read_for(unit.path, pf)).partial()
    return unit._replace(pf=pf._replace(statements=partial))


def taken(unit: FileUnit, text: str) -> FileUnit:
    """A worker's `answer` taken into the run: the statements it did not send are parsed from
    `text` if something reads them all."""
    if unit.pf is None:
        return unit
    load = functools.partial(reparse, unit.path, text, unit.pf.dialect)
    statements = unit.pf.statements.loading(load)
    if statements is unit.pf.statements:
        return unit
    return unit._replace(pf=unit.pf._replace(statements=statements))


def _read_words(path: str, pf: ParsedFile) -> frozenset[str]:
    from decklint.model.upgrade import read_words  # the model's passes say what they read

    return read_words(pf.dialect, path)


def _read_for(path: str, pf: ParsedFile) -> Callable[[Statement], bool]:
    from decklint.model.upgrade import read_for

    return read_for(pf.dialect, path)


def _bare(pf: ParsedFile, path: str = "") -> ParsedFile:
    """The parse without its source text and the reader's units (their text and card maps);
    a file with a directive keeps its comments, and its units' lines and remarks. `path`:
    the source keeps the file's path (lowering reads it)."""
    if has_directives(pf):
        units = [
            LogicalUnit("", _NO_MAP, u.line, u.kind, list(u.remarks), u.end_line)
            for u in pf.read.units
        ]
        read = ReadResult(units, list(pf.read.comments), [])
    else:  # nothing for inline suppression to read: the remarks are many objects
        read = _NO_READ
    source = SourceFile.from_text(path, "") if path else _EMPTY_SOURCE
    return pf._replace(source=source, read=read)


_NO_READ = ReadResult([], [], [])  # shared by the files that have nothing to suppress


def reparse(path: str, text: str, dialect: str) -> tuple[Statement, ...]:
    """A file's statements parsed again from its text (the parse depends on nothing else; a
    template's, on its product lines)."""
    spec = dialects.get(dialect)
    tpl = templates.read(path, text)
    return tuple(spec.parse(SourceFile.from_text(path, tpl.text if tpl else text)).statements)


def has_directives(pf: ParsedFile) -> bool:
    """Whether a comment or remark of the file may hold a `decklint:` directive."""
    if any("decklint:" in c.text.lower() for c in pf.read.comments):
        return True
    return any("decklint:" in r.text.lower() for u in pf.read.units for r in u.remarks)


def rehydrate(unit: FileUnit, settings: Settings) -> FileUnit:
    """A slimmed unit from the cache or a worker, for this run: this run's settings."""
    if unit.low is not None:
        unit.low.settings = settings
    return unit


class ParsedFiles(Mapping[str, ParsedFile]):
    """The run's parsed files (path -> `ParsedFile`), each made whole when it is looked up.

    The run keeps each file's slimmed parse and a reference to its text (which the caller
    holds anyway): the source and its lines are made on lookup, and the statements are read
    (unpacked, or parsed again) only when something reads them. A large run then holds its
    model, not every file's lines and statements."""

    def __init__(self) -> None:
        self._files: dict[str, tuple[ParsedFile, str]] = {}

    def add(self, path: str, pf: ParsedFile, text: str) -> None:
        self._files[path] = (pf, text)

    def slim(self, path: str) -> ParsedFile:
        """The file's parse as the run keeps it: no source text (its statements still read)."""
        return self._files[path][0]

    def __getitem__(self, path: str) -> ParsedFile:
        pf, text = self._files[path]
        return pf._replace(source=SourceFile.from_text(path, text))

    def __iter__(self) -> Iterator[str]:
        return iter(self._files)

    def __len__(self) -> int:
        return len(self._files)
