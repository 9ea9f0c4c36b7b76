"""GitLab code quality: the JSON array a merge request widget reads (a CI job's
`artifacts: reports: codequality:`), one issue a finding.

Each issue has a description (the code and the message), a check name (the rule's code), a
severity (`major` for an error, `minor` for a warning, `info`), the place (the path relative
to the folder decklint runs in, which CI runs at the repository's top, and its lines) and a
fingerprint: the finding's baseline identity,
stable when cards are renumbered, numbered where one identity repeats so that every issue's
fingerprint is its own, as GitLab needs to tell issues apart between pipelines. Written one
issue at a time (`report.json.stream_list`); names and messages valid Unicode.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

from decklint.core.findings import Finding, Severity
from decklint.report.safe import json_text

SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def write(findings: Sequence[Finding], identity: Callable[[Finding], str], out: IO[str]) -> None:
    """`identity`: a finding's baseline identity (`lint.baseline.identity`)."""
    items = list(_issues(findings, identity))
    if not items:
        out.write("[]\n")
        return
    out.write("[")
    for n, item in enumerate(items):
        text = json.dumps(item, indent=2, sort_keys=True).replace("\n", "\n  ")
        out.write(("," if n else "") + "\n  " + text)
    out.write("\n]\n")


def _issues(findings: Sequence[Finding], identity: Callable[[Finding], str]) -> Iterator[Any]:
    seen: Counter[str] = Counter()
    for f in findings:
        ident = identity(f)
        seen[ident] += 1
        raw = f"{ident}\0{seen[ident]}" if seen[ident] > 1 else ident
        yield {
            "type": "issue",
            "description": json_text(f"{f.code} {f.message}"),
            "check_name": f.code,
            "categories": ["Bug Risk"] if f.severity is Severity.ERROR else ["Style"],
            "severity": SEVERITY[f.severity],
            "fingerprint": hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest(),
            "location": {
                "path": json_text(f.path),
                "lines": {
                    "begin": max(f.span.line, 1),
                    "end": max(f.span.end_line, f.span.line, 1),
                },
            },
        }
