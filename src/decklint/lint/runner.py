"""Runs selected rules over a topology and stamps hits into findings."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from decklint.core.entities import Entity
from decklint.core.findings import Cause, Citation, Finding, Fix, Severity
from decklint.core.ir import Diagnostic
from decklint.core.source import Span
from decklint.core.symbols import EXPANSION
from decklint.lint import edits
from decklint.lint.check import Context, FileRule, FindCheck, Hit
from decklint.lint.expr import MatchCut, render
from decklint.lint.manifest import Manifest
from decklint.lint.registry import Registry, load_registry
from decklint.model.topology import Topology


def _values_for(entity: Entity, options: dict[str, Any]) -> Any:
    def values(name: str) -> Any:
        if name.startswith("opt."):
            return options.get(name[4:])
        return entity.value(name)

    return values


def _defaulted_note(entity: Entity, field: str | None) -> str:
    if not field:
        return ""
    a = entity.get(field)
    if not a.defaulted:
        return ""
    if a.value is None:
        return ""
    extra = f", {a.note}" if a.note else ""
    return f" (not coded; the default {a.value} applies{extra})"


def run_expr(m: Manifest, topo: Topology, options: dict[str, Any]) -> Iterable[Finding]:
    kind = m.target_kind
    assert kind is not None and m.require_fn is not None
    for e in topo.of(kind):
        if m.dialects and e.dialect not in m.dialects:
            continue
        env = {"entity": e, "opt": options}
        try:
            if m.where_fn is not None and m.where_fn(env) is not True:
                continue
            if m.require_fn(env) is not False:
                continue
        except MatchCut as cut:  # said, not taken for a pass
            why = f"{e.id} not judged: {cut}"
            yield Finding(e.path, e.span, m.code, m.name, Severity.INFO, why, e.dialect, e.id)
            continue
        values = _values_for(e, options)
        msg = render(m.message, values) + _defaulted_note(e, m.anchor)
        span = e.anchor(m.anchor) if m.anchor else e.span
        fix = _expr_fix(m, e, topo, values) if m.fix is not None else None
        yield Finding(
            e.path,
            span,
            m.code,
            m.name,
            m.severity,
            msg,
            e.dialect,
            e.id,
            m.citation,
            (),
            fix,
            _cause(m, values),
        )


def _cause(m: Manifest, values: Any) -> Cause | None:
    """The cause a finding shares with others of its rule, from the manifest's `cause:`
    templates and the finding's values; None when the rule gives none or its key is empty."""
    spec = m.cause
    if spec is None:
        return None
    key = render(spec.key, values)
    if not key.strip():
        return None
    parts = re.split(_NUMBERS, spec.message) if spec.message else []
    message = tuple(part if n % 2 else render(part, values) for n, part in enumerate(parts))
    return Cause(key, message, render(spec.place, values))


# What a cause's message counts (`manifest.PLACES`): all its places, those besides the first.
_NUMBERS = r"\{(places\.count|places\.others)\}"  # compiled when first used (re's cache)


def _expr_fix(m: Manifest, e: Entity, topo: Topology, values: Any) -> Fix | None:
    spec = m.fix
    assert spec is not None and spec.value is not None and m.anchor is not None
    value, title = render(spec.value, values), render(spec.title, values)
    a = e.get(m.anchor)
    if a.coded and a.span is not None:
        fix = edits.set_value(topo, e.path, a.span, value, title)
    elif spec.operand:
        fix = edits.add_operand(topo, e.path, e.span, f"{spec.operand}={value}", title)
    else:
        fix = None
    if fix is None or not _writable(topo, e.path, fix):
        return None
    return fix._replace(applicability=spec.applicability)


def _writable(topo: Topology, path: str, fix: Fix) -> bool:
    """Whether a fix's edits stay clear of the macro calls of `path` that were expanded: a
    value an expansion generated is written nowhere in the file, so no fix is offered."""
    calls = topo.memo("runner.expanded", lambda: _expanded_calls(topo)).get(path)
    if not calls:
        return True
    return not any(
        c.line <= e.span.end_line and e.span.line <= c.end_line for c in calls for e in fix.edits
    )


def _expanded_calls(topo: Topology) -> dict[str, list[Span]]:
    out: dict[str, list[Span]] = {}
    for d in topo.symbols.definitions:
        if d.kind == EXPANSION:
            out.setdefault(d.path, []).append(d.span)
    return out


def stamp(m: Manifest, hit: Hit, topo: Topology, options: dict[str, Any]) -> Finding:
    args = dict(hit.args)

    def values(name: str) -> Any:
        if name.startswith("opt."):
            return options.get(name[4:])
        return args.get(name)

    dialect = hit.dialect or topo.dialects.get(hit.path, "")
    fix = hit.fix if hit.fix is None or _writable(topo, hit.path, hit.fix) else None
    return Finding(
        hit.path,
        hit.span,
        m.code,
        m.name,
        hit.severity or m.severity,
        render(m.message, values),
        dialect,
        hit.subject,
        hit.citation or citation_for(m, dialect),
        hit.related,
        fix._replace(applicability=m.fix.applicability) if fix and m.fix else fix,
        _cause(m, values),
    )


def citation_for(m: Manifest, dialect: str) -> Citation | None:
    """What a finding of the rule cites: its manifest's citation, or, for rules about the
    product's own syntax (`citation: findings:`), the dialect's syntax section or catalog
    manual, or nothing where the dialect declares none."""
    if not m.cites:
        return m.citation
    from decklint.dialects import catalog_citation, syntax_citation

    return catalog_citation(dialect) if m.cites == "catalog" else syntax_citation(dialect)


def diagnostic_finding(m: Manifest, d: Diagnostic, path: str, dialect: str) -> Finding:
    return Finding(
        path,
        d.span,
        m.code,
        m.name,
        d.severity or m.severity,
        d.message,
        dialect,
        d.subject,
        citation_for(m, dialect),
    )


def _options(m: Manifest, options: dict[str, dict[str, Any]] | None) -> dict[str, Any]:
    opts = m.option_defaults()
    opts.update((options or {}).get(m.code, {}))
    return opts


def file_rules(reg: Registry, options: dict[str, dict[str, Any]] | None) -> tuple[FileRule, ...]:
    """Every rule of the file phase, selected or not: a file's results then stay valid in the
    cache whatever a later run selects (selection applies when they become findings)."""
    return tuple(
        FileRule(
            m.code,
            m.name,
            m.dialects,
            tuple(sorted(_options(m, options).items())),
            m.impl == "expr",
            m.target_kind,
        )
        for m in sorted(reg.rules.values(), key=lambda m: m.code)
        if m.per_file
    )


def run_file_rules(
    rules: tuple[FileRule, ...], topo: Topology, find: FindCheck
) -> tuple[list[tuple[str, Hit]], list[Finding], str]:
    """The file phase's rules on a model of one file: the Python checks' hits as (code, hit),
    the expression rules' findings, and the first internal error ("CODE: what"), after
    which the remaining rules still run. `find`: how a rule's Python check is found."""
    hits: list[tuple[str, Hit]] = []
    found: list[Finding] = []
    error = ""
    linted = set(topo.dialects.values())
    for rule in rules:
        if rule.dialects and not linted & set(rule.dialects):
            continue
        if rule.kind is not None and not topo.of(rule.kind):
            continue  # nothing of the kind it inspects (and its module is not imported)
        try:
            if rule.expr:
                m = load_registry().rules[rule.code]  # shipped rules only (Manifest.per_file)
                found.extend(run_expr(m, topo, dict(rule.options)))
                continue
            fn = find(rule.code, rule.name)
            if fn is None:
                raise RuntimeError("no check is bound to it")
            got = list(fn(Context(topo, dict(rule.options))))
            hits.extend((rule.code, hit) for hit in got)
        except Exception as exc:  # a bug of ours costs this rule's results, never the file
            error = error or f"{rule.code}: {type(exc).__name__}: {exc}"
    return hits, found, error


def selected_findings(selected: dict[str, Manifest], found: Iterable[Finding]) -> list[Finding]:
    """The file phase's expression findings of the selected rules."""
    return [f for f in found if f.code in selected]


def stamp_hits(
    selected: dict[str, Manifest],
    hits: Iterable[tuple[str, Hit]],
    topo: Topology,
    options: dict[str, dict[str, Any]] | None,
) -> list[Finding]:
    """Findings of the file phase's hits for the selected rules."""
    out: list[Finding] = []
    for code, hit in hits:
        m = selected.get(code)
        if m is None:
            continue
        f = stamp(m, hit, topo, _options(m, options))
        if not m.dialects or f.dialect in m.dialects or f.dialect == "config":
            out.append(f)
    return out


def run_rules(
    manifests: Iterable[Manifest],
    topo: Topology,
    find: FindCheck,
    options: dict[str, dict[str, Any]] | None = None,
) -> list[Finding]:
    """The rules of the whole model on it; `find`: how a rule's Python check is found."""
    out: list[Finding] = []
    linted = set(topo.dialects.values())
    for m in manifests:
        if m.dialects and not linted & set(m.dialects):
            continue  # no file of the rule's dialects: it cannot fire
        if m.target_kind is not None and not topo.of(m.target_kind):
            continue  # nothing of the kind the rule inspects
        if m.reads and not any(topo.of(kind) for kind in m.reads):
            continue  # nothing its check finds anything among: its module is not imported
        opts = _options(m, options)
        if m.impl == "expr":
            out.extend(run_expr(m, topo, opts))
        elif m.target != "engine":
            fn = find(m.code, m.name)
            if fn is None:
                raise RuntimeError(f"rule {m.code} says impl: python but no check is bound to it")
            for hit in fn(Context(topo, opts)):
                f = stamp(m, hit, topo, opts)
                if m.dialects and f.dialect not in m.dialects and f.dialect != "config":
                    continue  # the rule is declared for other dialects
                out.append(f)
    return out
