"""Parsable reporter: one `path:line:col: [severity] CODE message` line per finding."""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from decklint.findings import Finding
from decklint.report.safe import plain


def render(findings: Sequence[Finding]) -> str:
    return "".join(_line(f) for f in findings)


def write(findings: Sequence[Finding], out: IO[str]) -> None:
    for f in findings:
        out.write(_line(f))


def _line(f: Finding) -> str:
    return (
        f"{plain(f.path)}:{f.span.line}:{f.span.col}: [{f.severity.label}] {f.code} "
        f"{plain(f.message)}\n"
    )
