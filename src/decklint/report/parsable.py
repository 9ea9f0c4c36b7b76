"""Parsable reporter: one `path:line:col: [severity] CODE message` line per finding."""

from __future__ import annotations

from collections.abc import Sequence

from decklint.findings import Finding
from decklint.report.safe import printable


def render(findings: Sequence[Finding]) -> str:
    return "".join(
        f"{printable(f.path)}:{f.span.line}:{f.span.col}: [{f.severity.label}] {f.code} "
        f"{printable(f.message)}\n"
        for f in findings
    )
