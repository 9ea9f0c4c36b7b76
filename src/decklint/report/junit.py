"""JUnit XML: one test suite per linted file, one failing test case per finding.

Written a suite at a time (`write`): a file's suite is built and written, then dropped, so a
run with a finding on each of millions of statements never holds the whole document. The text
is what ElementTree gives the whole tree indented (`render`, kept for callers that want it)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import IO

from decklint.core.findings import Finding
from decklint.report.json import not_linted_why
from decklint.report.safe import xml


def render(
    findings: Sequence[Finding],
    files: Sequence[tuple[str, str | None]],
    unlinted: Mapping[str, str] | None = None,
) -> str:
    out = io.StringIO()
    write(findings, files, out, unlinted)
    return out.getvalue()


def write(
    findings: Sequence[Finding],
    files: Sequence[tuple[str, str | None]],
    out: IO[str],
    unlinted: Mapping[str, str] | None = None,
) -> None:
    """`unlinted`: the files not linted and why; a file with no finding is a skipped test."""
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for f in findings:
        by_file[f.path].append(f)
    skipped = dict(unlinted or {})
    paths = sorted({p for p, _d in files} | set(by_file) | set(skipped))
    total = sum(max(len(by_file.get(p, ())), 1) for p in paths)
    root = ET.Element("testsuites", name="decklint", tests=str(total), failures=str(len(findings)))
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    if not paths:
        out.write(ET.tostring(root, encoding="unicode") + "\n")
        return
    head = ET.tostring(root, encoding="unicode")  # '<testsuites ... />'
    out.write(head[: -len(" />")] + ">\n")
    for path in paths:
        suite = _suite(path, by_file.get(path, []), skipped.get(path))
        ET.indent(suite, level=1)
        out.write("  " + ET.tostring(suite, encoding="unicode") + "\n")
    out.write("</testsuites>\n")


def _suite(path: str, found: list[Finding], skipped: str | None = None) -> ET.Element:
    name = xml(path)
    suite = ET.Element(
        "testsuite",
        name=name,
        tests=str(max(len(found), 1)),
        failures=str(len(found)),
        errors="0",
    )
    if not found and skipped is not None:
        suite.set("skipped", "1")
        case = ET.SubElement(suite, "testcase", name="decklint", classname=name)
        ET.SubElement(case, "skipped", message=xml(f"not linted: {not_linted_why(skipped)}"))
    elif not found:
        ET.SubElement(suite, "testcase", name="decklint", classname=name)
    for f in found:
        case = ET.SubElement(
            suite,
            "testcase",
            name=f"{f.code} {f.name} at {f.span.line}:{f.span.col}",
            classname=name,
        )
        failure = ET.SubElement(
            case,
            "failure",
            type=f.severity.label,
            message=xml(f"{f.code} {f.message}"),
        )
        cite = f"\nsee {f.citation.render()}" if f.citation else ""
        failure.text = xml(f"{path}:{f.span.line}:{f.span.col} {f.message}{cite}")
    return suite
