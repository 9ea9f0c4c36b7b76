"""`--statistics`: how many findings each rule has (and how many of them --fix could fix),
most first; and how the files were read. As text (the table, and the files on a line of
their own) or as one JSON document. The files counted are those the lint's summary counts:
the files linted (a dialect found), and apart from them those read and not linted."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from decklint import __version__
from decklint.core.findings import Finding
from decklint.report.safe import json_text

if TYPE_CHECKING:
    from decklint.core.progress import Stats

SCHEMA_VERSION = 1


class Row(NamedTuple):
    findings: int
    code: str
    name: str
    severity: str
    fixable: int


class Files(NamedTuple):
    """The files of the run as the lint's summary counts them, and how they were read."""

    linted: int
    not_linted: int
    stats: Stats


def rows(findings: Sequence[Finding]) -> list[Row]:
    """One row a rule and severity, most findings first."""
    counts = Counter((f.code, f.name, f.severity.label) for f in findings)
    fixable = Counter((f.code, f.severity.label) for f in findings if f.fix is not None)
    return [
        Row(n, code, name, sev, fixable[(code, sev)])
        for (code, name, sev), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def files_of(result: Any) -> Files:
    """The counts of a `LintResult`: linted as the text summary counts them."""
    linted = sum(1 for _p, d in result.files if d)
    return Files(linted, sum(1 for _p, d in result.files if not d), result.stats)


def text(findings: Sequence[Finding]) -> str:
    return "".join(
        f"{r.findings:6d}  {r.code}  {r.severity:<8} {r.name}"
        + (f"  ({r.fixable} fixable)" if r.fixable else "")
        + "\n"
        for r in rows(findings)
    )


def files_line(files: Files) -> str:
    st = files.stats
    others = f", {files.not_linted} not linted" if files.not_linted else ""
    return (
        f"files: {files.linted} linted{others} ({st.cached} from the cache, {st.parsed} "
        f"parsed, {st.workers} worker{'s' if st.workers != 1 else ''}"
        f"{'; findings from the run memo' if st.memo else ''})"
    )


def document(findings: Sequence[Finding], files: Files) -> dict[str, Any]:
    st = files.stats
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "decklint", "version": __version__},
        "findings": len(findings),
        "rules": [
            {
                "code": r.code,
                "name": json_text(r.name),
                "severity": r.severity,
                "count": r.findings,
                "fixable": r.fixable,
            }
            for r in rows(findings)
        ],
        "files": {
            "linted": files.linted,
            "not_linted": files.not_linted,
            "from_cache": st.cached,
            "parsed": st.parsed,
            "workers": st.workers,
            "run_memo": st.memo,
        },
    }


def json_text_of(findings: Sequence[Finding], files: Files) -> str:
    return json.dumps(document(findings, files), indent=2, sort_keys=True) + "\n"
