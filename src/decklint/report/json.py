"""JSON reporter: a stable, sorted document with a schema version."""

from __future__ import annotations

import json
from collections.abc import Sequence

from decklint import __version__
from decklint.findings import Finding

SCHEMA_VERSION = 1


def render(findings: Sequence[Finding], files: Sequence[tuple[str, str | None]]) -> str:
    counts = {"error": 0, "warning": 0, "info": 0}
    for f in findings:
        counts[f.severity.label] += 1
    doc = {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "decklint", "version": __version__},
        "files": [{"path": p, "dialect": d} for p, d in sorted(files, key=lambda x: x[0])],
        "summary": counts,
        "findings": [f.as_dict() for f in sorted(findings, key=Finding.sort_key)],
    }
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"
