"""Parsable reporter: one `path:line:col: [severity] CODE message` line per finding, then one
`path: not linted: why` line per file not linted (no line and column: a tool that reads the
findings' lines passes them by)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import IO

from decklint.core.findings import Finding
from decklint.report.json import not_linted_why
from decklint.report.safe import plain


def render(findings: Sequence[Finding], unlinted: Mapping[str, str] | None = None) -> str:
    return "".join(_line(f) for f in findings) + "".join(_lines(unlinted))


def write(
    findings: Sequence[Finding], out: IO[str], unlinted: Mapping[str, str] | None = None
) -> None:
    for f in findings:
        out.write(_line(f))
    for line in _lines(unlinted):
        out.write(line)


def _line(f: Finding) -> str:
    return (
        f"{plain(f.path)}:{f.span.line}:{f.span.col}: [{f.severity.label}] {f.code} "
        f"{plain(f.message)}\n"
    )


def _lines(unlinted: Mapping[str, str] | None) -> list[str]:
    return [
        f"{plain(p)}: not linted: {plain(not_linted_why(why))}\n"
        for p, why in sorted((unlinted or {}).items())
    ]
