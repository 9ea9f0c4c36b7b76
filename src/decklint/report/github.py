"""GitHub Actions workflow commands: one annotation per finding, then a summary line.

Every line is escaped: the runner reads `::command` at the start of any line and `##[command]`
anywhere in one, so text from file names and messages must never form either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from decklint.core.findings import Finding, Severity
from decklint.report.json import not_linted_why
from decklint.report.safe import printable

COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _data(text: str) -> str:
    text = printable(text, keep="\r\n").replace("%", "%25")
    return text.replace("\r", "%0D").replace("\n", "%0A").replace("##[", "#%23[")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def render(
    findings: Sequence[Finding], limit: int = 50, unlinted: Mapping[str, str] | None = None
) -> str:
    """`unlinted`: the files not linted and why, named in one notice after the findings."""
    lines = []
    for f in findings[:limit]:
        props = [f"file={_prop(f.path)}", f"line={f.span.line}", f"col={f.span.col}"]
        if f.span.end_line >= f.span.line:
            props += [f"endLine={f.span.end_line}", f"endColumn={f.span.end_col}"]
        props.append(f"title={_prop(f'{f.code} {f.name}')}")
        msg = f.message + (f" (see {f.citation.render()})" if f.citation else "")
        lines.append(f"::{COMMAND[f.severity]} {','.join(props)}::{_data(msg)}")
    counts = {s: sum(1 for f in findings if f.severity == s) for s in Severity}
    summary = (
        f"decklint: {len(findings)} finding{'s' if len(findings) != 1 else ''} "
        f"({counts[Severity.ERROR]} error, {counts[Severity.WARNING]} warning, "
        f"{counts[Severity.INFO]} info)"
    )
    if len(findings) > limit:
        summary += f"; {limit} shown as annotations, {len(findings) - limit} more in the log"
        for f in findings[limit:]:
            lines.append(
                _log(f"{f.path}:{f.span.line}:{f.span.col} {f.severity.label} {f.code} {f.message}")
            )
    lines.append(summary)
    if unlinted:
        named = "; ".join(f"{p} ({not_linted_why(w)})" for p, w in sorted(unlinted.items()))
        n = len(unlinted)
        title = _prop(f"decklint: {n} file{'s' if n != 1 else ''} not linted")
        lines.append(f"::notice title={title}::{_data(named)}")
    return "\n".join(lines) + "\n"


def _log(line: str) -> str:
    """A plain log line that the runner cannot take for a command."""
    line = _data(line)
    return line.replace(":", "%3A", 1) if line.lstrip().startswith("::") else line
