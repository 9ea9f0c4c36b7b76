"""`decklint diff --format json`: a change's review as one stable, sorted document."""

from __future__ import annotations

import json
from typing import Any

from decklint import __version__
from decklint.core.findings import Severity
from decklint.review.changes import Change, Location
from decklint.review.run import Review

SCHEMA_VERSION = 1


def _at(loc: Location | None) -> dict[str, Any] | None:
    return None if loc is None else {"path": loc.path, "line": loc.line, "column": loc.col}


def _change(c: Change) -> dict[str, Any]:
    return {
        "change": c.change,
        "kind": c.kind,
        "subject": c.subject,
        "note": c.note,
        # a statement decklint does not model, added or removed: no rule looked at it
        "judged": c.kind != "statement",
        "base": _at(c.base),
        "head": _at(c.head),
        "differences": [
            {
                "field": d.field,
                "detail": d.detail,
                "before": d.before,
                "after": d.after,
                "base": _at(d.base),
                "head": _at(d.head),
                "judged": d.judged,
            }
            for d in c.differences
        ],
        "reaches": [
            {"subject": r.subject, "usage": r.usage, "at": _at(r.where)} for r in c.reaches
        ],
    }


def document(review: Review, fail_on: Severity) -> dict[str, Any]:
    found = review.findings
    failing = found.failing(fail_on)
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "decklint", "version": __version__},
        "base": {"revision": review.base.label, "commit": review.base.commit},
        "head": {"revision": review.head.label, "commit": review.head.commit},
        "files": {
            "linted": {"base": review.linted[0], "head": review.linted[1]},
            "added": list(review.files.added),
            "removed": list(review.files.removed),
            "modified": list(review.files.modified),
            "renamed": [{"base": a, "head": b} for a, b in review.files.renamed],
        },
        "configuration_changed": list(review.configuration),
        "summary": {
            "changes": len(review.changes),
            "new": len(found.new),
            "fixed": len(found.fixed),
            "moved": len(found.moved),
            "fail_on": fail_on.label,
            "failing": len(failing),
        },
        "changes": [_change(c) for c in review.changes],
        "findings": {
            "new": [f.as_dict() for f in found.new],
            "fixed": [f.as_dict() for f in found.fixed],
            "moved": [{"base": m.base.as_dict(), "head": m.head.as_dict()} for m in found.moved],
        },
    }


def render(review: Review, fail_on: Severity) -> str:
    return json.dumps(document(review, fail_on), indent=2, sort_keys=True) + "\n"
