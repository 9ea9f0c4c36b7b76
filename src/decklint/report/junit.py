"""JUnit XML: one test suite per linted file, one failing test case per finding."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Sequence

from decklint.findings import Finding
from decklint.report.safe import xml


def render(findings: Sequence[Finding], files: Sequence[tuple[str, str | None]]) -> str:
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for f in findings:
        by_file[f.path].append(f)
    paths = sorted({p for p, _d in files} | set(by_file))
    root = ET.Element(
        "testsuites", name="decklint", tests=str(max(len(findings), 0)), failures=str(len(findings))
    )
    total_tests = 0
    for path in paths:
        found = by_file.get(path, [])
        name = xml(path)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=name,
            tests=str(max(len(found), 1)),
            failures=str(len(found)),
            errors="0",
        )
        if not found:
            ET.SubElement(suite, "testcase", name="decklint", classname=name)
            total_tests += 1
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
            total_tests += 1
    root.set("tests", str(total_tests))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
