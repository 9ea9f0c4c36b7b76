"""Dumps for `decklint parse` and for golden files: tree, IR and model as YAML-like text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from decklint import dialects
from decklint.core.entities import Attr
from decklint.core.ir import Statement, Value
from decklint.core.lowering import Lowering
from decklint.core.settings import Settings
from decklint.core.source import SourceFile
from decklint.inputs.discover import detect
from decklint.inputs.gather import decode
from decklint.pipeline.filephase import node_for
from decklint.readers.assembler.instructions import KINDS as ASSEMBLER_KINDS
from decklint.readers.base import ParsedFile


def load(path: str, text: str, dialect: str | None = None) -> tuple[ParsedFile, Lowering]:
    src = SourceFile.from_text(path, text)
    det = detect(src, dialect)
    if det.dialect is None:
        why = f"no deck ({det.why})" if det.how == "against" else "no dialect recognised"
        raise ValueError(f"{path}: {why}; use --dialect")
    spec = dialects.get(det.dialect)
    pf = spec.parse(src)
    low = Lowering(path, det.dialect, node_for(path, det.dialect), Settings())
    spec.lower(pf, low)
    return pf, low


def _value(v: Value | None) -> Any:
    if v is None:
        return None
    if v.is_list:
        return [_value(i) for i in v.items]
    return f"{v.kind}:{v.text}" if v.kind != "empty" else "empty"


def _stmt(s: Statement) -> dict[str, Any]:
    d: dict[str, Any] = {"op": s.op, "at": s.span.render()}
    if s.label:
        d["label"] = s.label
    if s.kind in ASSEMBLER_KINDS:
        d["kind"] = s.kind  # read as the assembler reads it: assembler, machine, ...
    ops = []
    for o in s.operands:
        ops.append({"name": o.name, "value": _value(o.value), "at": o.span.render()})
    if ops:
        d["operands"] = ops
    return d


def _attr(a: Attr) -> str:
    v = a.value
    shown = (
        "null"
        if v is None
        else (
            "(" + ",".join("" if x is None else str(x) for x in v) + ")"
            if isinstance(v, tuple)
            else str(v)
        )
    )
    if a.defaulted:
        return f"{shown} (default{': ' + a.note if a.note else ''})"
    return f"{shown} @ {a.span.render()}" if a.span else shown


def model_dict(pf: ParsedFile, low: Lowering) -> dict[str, Any]:
    ents = []
    for e in low.entities:
        attrs = {}
        for k, a in sorted(e.attrs.items()):
            attrs[k] = _attr(a)
        ents.append(
            {"kind": e.kind, "name": e.name, "scope": e.scope, "node": e.node, "attrs": attrs}
        )
    return {
        "dialect": pf.dialect,
        "statements": [_stmt(s) for s in pf.statements],
        "diagnostics": [f"{d.span.render()} {d.code} {d.message}" for d in pf.diagnostics]
        + [f"{d.span.render()} {d.code} {d.message}" for d in low.diagnostics],
        "entities": ents,
        "definitions": [
            f"{d.kind} {d.scope + '.' if d.scope else ''}{d.name} @ {d.span.render()}"
            for d in low.definitions
        ],
        "references": [
            f"{r.kind} {r.scope + '.' if r.scope else ''}{r.name} ({r.usage}) @ {r.span.render()}"
            for r in low.references
        ],
    }


def dump(path: str, what: str, dialect: str | None = None) -> str:
    import yaml

    text, why = decode(Path(path).read_bytes())
    if text is None:
        raise ValueError(f"{path}: {why}")
    pf, low = load(path, text, dialect)
    if what == "tree":
        from decklint.readers.base import lark_parser

        out = []
        grammar = pf.dialect
        for unit in pf.read.units:
            start = {"item": "operand", "command": "command"}.get(unit.kind, "statement")
            starts = dialects.get(grammar).starts
            try:
                out.append(lark_parser(grammar, starts).parse(unit.text, start=start).pretty())
            except Exception as exc:
                out.append(f"line {unit.line}: {type(exc).__name__}\n")
        return "".join(out)
    d = model_dict(pf, low)
    if what == "ir":
        d = {k: d[k] for k in ("dialect", "statements", "diagnostics")}
    return str(yaml.safe_dump(d, sort_keys=False, width=100))
