"""JSON reporter: a stable, sorted document with a schema version.

Written as it is made: the findings one at a time, so a run with a million of them does not
hold their dictionaries and the whole text at once. The text is what `json.dumps(doc,
indent=2, sort_keys=True)` gives for the whole document.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import IO, Any

from decklint import __version__
from decklint.core.findings import Finding
from decklint.report.safe import json_text

SCHEMA_VERSION = 1


def render(
    findings: Sequence[Finding],
    files: Sequence[tuple[str, str | None]],
    unlinted: Mapping[str, str] | None = None,
    baselined: int = 0,
) -> str:
    import io

    out = io.StringIO()
    write(findings, files, out, unlinted, baselined)
    return out.getvalue()


def write(
    findings: Sequence[Finding],
    files: Sequence[tuple[str, str | None]],
    out: IO[str],
    unlinted: Mapping[str, str] | None = None,
    baselined: int = 0,
) -> None:
    """`unlinted`: the files not linted and why (`LintResult.unlinted`), listed under
    `not_linted` so that no file a run passed by is left unsaid; `baselined`: the findings a
    baseline held (the summary's `baselined`)."""
    counts = {"error": 0, "warning": 0, "info": 0, "baselined": baselined}
    for f in findings:
        counts[f.severity.label] += 1
    doc = {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "decklint", "version": __version__},
        "files": [
            {"path": json_text(p), "dialect": d} for p, d in sorted(files, key=lambda x: x[0])
        ],
        "not_linted": [
            {"path": json_text(p), "why": json_text(not_linted_why(why))}
            for p, why in sorted((unlinted or {}).items())
        ],
        "summary": counts,
        "findings": [],
    }
    items = (clean(f.as_dict()) for f in sorted(findings, key=Finding.sort_key))
    stream_list(doc, "findings", 1, items, out, sort_keys=True)
    out.write("\n")


def not_linted_why(why: str) -> str:
    """Why a file was not linted, in words ("" is a file no dialect was recognised in)."""
    return why or "no dialect recognised (a PRS009 information says so)"


def clean(doc: dict[str, Any]) -> dict[str, Any]:
    """A finding's dictionary with its names and messages valid Unicode."""
    for key in ("path", "message", "subject"):
        if isinstance(doc.get(key), str):
            doc[key] = json_text(doc[key])
    for r in (*(doc.get("related") or ()), *(doc.get("places") or ())):
        clean(r)
    return doc


def stream_list(
    doc: dict[str, Any],
    key: str,
    depth: int,
    items: Iterable[Any],
    out: IO[str],
    dumps: Callable[..., str] = json.dumps,
    **options: Any,
) -> None:
    """`doc` as `dumps(doc, indent=2, **options)` writes it, the empty list under `key`
    (a key at `depth`, 1 for the top level) filled with `items` one at a time."""
    pad = "  " * depth
    whole = dumps(doc, indent=2, **options)
    mark = f'\n{pad}"{key}": []'  # a string in JSON holds no raw line end: found only there
    at = whole.index(mark) + len(mark) - 1
    out.write(whole[:at])
    inner = "\n" + pad + "  "
    first = True
    for item in items:
        text = dumps(item, indent=2, **options).replace("\n", inner)
        out.write(("" if first else ",") + inner + text)
        first = False
    out.write(("]" if first else "\n" + pad + "]") + whole[at + 1 :])
