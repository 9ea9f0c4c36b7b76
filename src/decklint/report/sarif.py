"""SARIF 2.1.0 for code scanning (GitHub accepts it as uploaded by codeql-action/upload-sarif).

Relative `uri`s against %SRCROOT% (a file outside the current folder: an absolute `file://`
URI without a base), rules with short and full descriptions and help text,
levels from severities, related locations for the other end of a mismatch, and
`partialFingerprints` from the baseline identity (stable across renumbered cards). The results
are written one at a time (`report.json.stream_list`); names and messages are valid Unicode,
`uri`s percent-encoded (an undecodable byte of a file's name as the byte it is).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from decklint import __version__
from decklint.core.findings import Finding, Severity
from decklint.lint.manifest import Manifest
from decklint.report.json import not_linted_why, stream_list
from decklint.report.safe import json_text, uri

LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


BASE = "%SRCROOT%"


def _artifact(path: str) -> dict[str, str]:
    """A file as a SARIF artifact location: a path under the current folder as a relative
    `uri` against %SRCROOT%; any other as an absolute `file://` URI, which stands alone
    (SARIF 2.1.0 §3.4.4: `uriBaseId` is for a relative reference, and is absent when `uri`
    is absolute)."""
    p = Path(path)
    if not p.is_absolute() and not p.as_posix().startswith("../") and p.as_posix() != "..":
        return {"uri": uri(p.as_posix()), "uriBaseId": BASE}
    whole = Path(os.path.abspath(p))
    try:
        return {"uri": uri(whole.relative_to(Path.cwd()).as_posix()), "uriBaseId": BASE}
    except ValueError:
        posix = whole.as_posix()
        return {"uri": "file://" + ("" if posix.startswith("/") else "/") + uri(posix)}


def _region(f_line: int, f_col: int, e_line: int, e_col: int) -> dict[str, int]:
    region = {"startLine": max(f_line, 1), "startColumn": max(f_col, 1)}
    if (e_line, e_col) > (f_line, f_col):
        region["endLine"] = e_line
        region["endColumn"] = max(e_col, 1)
    return region


def _rule(m: Manifest) -> dict[str, Any]:
    help_text = f"{m.summary}\n\n{m.rationale}\n\nSource: {m.cited}"
    return {
        "id": m.code,
        "name": "".join(part.capitalize() for part in m.name.split("-")),
        "shortDescription": {"text": m.summary},
        "fullDescription": {"text": m.rationale},
        "help": {
            "text": help_text,
            "markdown": f"**{m.summary}**\n\n{m.rationale}\n\n*Source:* {m.cited}",
        },
        "defaultConfiguration": {"level": LEVEL[m.severity]},
        "properties": {"tags": list(m.groups), "decklint-name": m.name},
    }


def render(
    findings: Sequence[Finding],
    manifests: Sequence[Manifest],
    fingerprints: Callable[[Finding], str | None],
    unlinted: Mapping[str, str] | None = None,
) -> str:
    out = io.StringIO()
    write(findings, manifests, fingerprints, out, unlinted)
    return out.getvalue()


def write(
    findings: Sequence[Finding],
    manifests: Sequence[Manifest],
    fingerprints: Callable[[Finding], str | None],
    out: IO[str],
    unlinted: Mapping[str, str] | None = None,
) -> None:
    """`fingerprints` gives a finding's baseline identity; `unlinted` the files not linted
    and why, each a notification of the run's invocation (a note, not a result)."""
    used = sorted({f.code for f in findings})
    by_code = {m.code: m for m in manifests}
    rules = [_rule(by_code[c]) for c in used if c in by_code]
    index = {r["id"]: i for i, r in enumerate(rules)}
    doc = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "decklint",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": rules,
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": True,
                        "toolExecutionNotifications": [
                            _not_linted(p, why) for p, why in sorted((unlinted or {}).items())
                        ],
                    }
                ],
                "results": [],
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    results = (_result(f, index, fingerprints(f)) for f in findings)
    stream_list(doc, "results", 3, results, out)
    out.write("\n")


def _not_linted(path: str, why: str) -> dict[str, Any]:
    return {
        "level": "note",
        "descriptor": {"id": "not-linted"},
        "message": {"text": json_text(f"not linted: {not_linted_why(why)}")},
        "locations": [{"physicalLocation": {"artifactLocation": _artifact(path)}}],
    }


def _result(f: Finding, index: dict[str, int], fp: str | None) -> dict[str, Any]:
    loc = {
        "physicalLocation": {
            "artifactLocation": _artifact(f.path),
            "region": _region(f.span.line, f.span.col, f.span.end_line, f.span.end_col),
        }
    }
    result: dict[str, Any] = {
        "ruleId": f.code,
        "level": LEVEL[f.severity],
        "message": {"text": json_text(f.message)},
        "locations": [loc],
    }
    if f.code in index:
        result["ruleIndex"] = index[f.code]
    if f.related or f.places:
        result["relatedLocations"] = [
            {
                "id": i + 1,
                "message": {"text": json_text(r.message)},
                "physicalLocation": {
                    "artifactLocation": _artifact(r.path),
                    "region": _region(r.span.line, r.span.col, r.span.end_line, r.span.end_col),
                },
            }
            for i, r in enumerate((*f.related, *f.places))
        ]
    if f.places:  # one finding for the places of one cause: how many
        result["properties"] = {"count": f.place_count}
    if fp:
        result["partialFingerprints"] = {"decklintIdentity/v1": fp}
    return result
