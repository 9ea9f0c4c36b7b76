"""One file's share of a lint run: detect, parse, lower. Runs in a worker process or from cache.

What a file contributes to the model (its statements, lowered entities and symbols, and the
problems found while reading it) depends only on its text, its path, the options that steer
detection and lowering, and decklint itself. That is what makes it safe to compute in a
separate process and to keep in the content-keyed cache (`decklint.pipeline.cache`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from decklint import dialects
from decklint.dialects.base import ParsedFile
from decklint.findings import Finding
from decklint.inputs.discover import detect
from decklint.ir import LogicalUnit, ReadResult
from decklint.lint.check import FileRule, Hit
from decklint.model.lowering import Lowering
from decklint.model.settings import Settings
from decklint.model.topology import Topology
from decklint.source import SourceFile, SourceMap


@dataclass(frozen=True)
class Steering:
    """The options a file's result depends on (part of its cache key)."""

    dialect: str | None
    config_globs: tuple[tuple[str, str], ...]
    settings: Settings
    file_rules: tuple[FileRule, ...] = ()


@dataclass(frozen=True)
class FileUnit:
    """What one file gives the run. `pf` carries no source text (the caller has it)."""

    path: str
    dialect: str | None
    pf: ParsedFile | None = None
    low: Lowering | None = None
    error: str = ""  # an internal error: "detect: ..." or "parse: ..."
    hits: tuple[tuple[str, Hit], ...] = ()  # what the file phase's checks found: (code, hit)
    findings: tuple[Finding, ...] = ()  # what its expression rules found
    rule_error: str = ""  # an internal error in a rule of the file phase: "CODE: ..."


def node_for(path: str, dialect: str) -> str:
    folder = Path(path).parent.name or "."
    return f"{dialect}:{folder}"


def process(path: str, text: str, steer: Steering, hint: str | None = None) -> FileUnit:
    """Detect, parse and lower one file; never raises for a bug of ours (see `error`).

    `hint`: the dialect the file's container names (a markdown fence's info string), or the
    one it was given (`Input.dialect`)."""
    src = SourceFile.from_text(path, text)
    try:
        det = detect(src, hint or steer.dialect, dict(steer.config_globs))
    except Exception as exc:  # a broken dialect module must not stop the run
        return FileUnit(path, None, error=f"detect:{type(exc).__name__}: {exc}")
    if det.dialect is None:
        return FileUnit(path, None)
    try:
        spec = dialects.get(det.dialect)
        pf = spec.parse(src)
        low = Lowering(path, det.dialect, node_for(path, det.dialect), steer.settings)
        spec.lower(pf, low)
        for name, mspan in pf.macros:
            low.define("macro", name, mspan)
    except Exception as exc:  # a bug of ours must not stop the run
        return FileUnit(path, det.dialect, error=f"parse:{type(exc).__name__}: {exc}")
    if not steer.file_rules:
        return FileUnit(path, det.dialect, pf, low)
    from decklint.lint.runner import run_file_rules

    alone = Topology(settings=steer.settings)  # the file phase's rules see this file only
    alone.merge(low, pf.statements)
    hits, found, rule_error = run_file_rules(steer.file_rules, alone)
    return FileUnit(
        path, det.dialect, pf, low, hits=tuple(hits), findings=tuple(found), rule_error=rule_error
    )


_EMPTY_SOURCE = SourceFile.from_text("", "")
_NO_MAP = SourceMap()


def slim(unit: FileUnit, keep_source: bool = False) -> FileUnit:
    """The unit without what the caller can rebuild: source text and the card maps.

    Kept: statements, lowered model, diagnostics, and, in a file with a `decklint:` directive,
    its comments and each unit's lines and remarks (inline suppressions live there and cover
    them). Dropping the rest makes a cached or transferred unit smaller and quicker to
    load, and a large run's model smaller. `keep_source` when the unit stays in
    this process; otherwise its statements go as bytes (`Statements`, when pickled): the file
    phase's rules have read them already.
    """
    if unit.pf is None:
        return unit
    pf = unit.pf
    if has_directives(pf):
        units = [
            LogicalUnit("", _NO_MAP, u.line, u.kind, list(u.remarks), u.end_line)
            for u in pf.read.units
        ]
        read = ReadResult(units, list(pf.read.comments), [])
    else:  # nothing for inline suppression to read: the remarks are many objects
        read = ReadResult([], [], [])
    if keep_source:
        return replace(unit, pf=replace(pf, read=read))
    return replace(unit, pf=replace(pf, source=_EMPTY_SOURCE, read=read))


def has_directives(pf: ParsedFile) -> bool:
    """Whether a comment or remark of the file may hold a `decklint:` directive."""
    if any("decklint:" in c.text.lower() for c in pf.read.comments):
        return True
    return any("decklint:" in r.text.lower() for u in pf.read.units for r in u.remarks)


def rehydrate(unit: FileUnit, text: str, settings: Settings) -> FileUnit:
    """A slimmed unit made whole again for this run: its source and this run's settings."""
    if unit.pf is None:
        return unit
    if unit.low is not None:
        unit.low.settings = settings
    return replace(unit, pf=replace(unit.pf, source=SourceFile.from_text(unit.path, text)))
