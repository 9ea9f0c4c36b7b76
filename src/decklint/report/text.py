"""Text reporter: `path:line:col severity CODE message`, the source line, a caret, the related
locations (`note:`), the other places of one cause (`also:`), the citation.

Colour only on a terminal, never when NO_COLOR is set (`report.console`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import IO

from decklint.core.findings import Finding, Severity
from decklint.report.console import colour
from decklint.report.console import console as rich_console

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def _excerpt(f: Finding, line_text: str) -> tuple[str, str]:
    text = line_text.rstrip("\r\n").expandtabs(1)
    col = max(f.span.col, 1)
    width = 1
    if f.span.end_line == f.span.line and f.span.end_col > f.span.col:
        width = f.span.end_col - f.span.col
    width = max(1, min(width, max(len(text) - col + 1, 1)))
    from decklint.report.safe import plain

    # Control characters print as `\xNN`: the caret moves with what they became.
    pad = len(plain(text[: col - 1])) + max(col - 1 - len(text), 0)
    marked = text[col - 1 : col - 1 + width]
    return plain(text), " " * pad + "^" * (len(plain(marked)) + width - len(marked))


def render(
    findings: Sequence[Finding],
    line_of: Callable[[str, int], str],
    stream: IO[str],
    *,
    color: bool | None = None,
    show_source: bool = True,
    summary: bool = True,
    files_linted: int = 0,
    unlinted: Mapping[str, str] | None = None,
    baselined: int = 0,
    concise: bool = False,
) -> None:
    """The findings, then (with `summary`) the line that counts them and the lines that name
    the files not linted (`unlinted`: path -> why it is no deck, "" when no dialect was
    recognised). With the summary, a file not recognised is named there, once: its PRS009
    is not printed as a finding too (machine formats, and --quiet, which has no summary,
    give it as a finding). `baselined`: the findings a baseline held, said in the summary.
    `concise`: one line a finding (`path:line:col: severity CODE message`, as ruff's concise
    format), without the source, the related places and the citation."""
    held = _held(baselined)
    unlinted = unlinted or {}
    if summary and unlinted:
        folded = {p for p, why in unlinted.items() if not why}
        findings = [f for f in findings if not (f.code == "PRS009" and f.path in folded)]
    if not findings and not summary:
        return
    if not findings:
        s = "s" if files_linted != 1 else ""
        stream.write(f"no findings in {files_linted} file{s}{held}\n")
        lines = unlinted_lines(unlinted)
        if lines:  # here only: a clean run has nothing to escape (a start pays for imports)
            from decklint.report.safe import plain

            stream.write("".join(plain(line) + "\n" for line in lines))
        return
    from rich.markup import escape

    from decklint.report.safe import plain

    color = colour(stream, color)
    console = rich_console(stream, color)
    for f in findings:
        sev = f.severity.label
        if concise:
            console.print(
                f"{escape(plain(f.path))}:{f.span.line}:{f.span.col}: "
                f"[{_STYLE[f.severity]}]{sev}[/] [bold]{f.code}[/] {escape(plain(f.message))}"
            )
            continue
        head = (
            f"{escape(plain(f.path))}:{f.span.line}:{f.span.col} "
            f"[{_STYLE[f.severity]}]{sev}[/] [bold]{f.code}[/] {escape(plain(f.message))}"
        )
        console.print(head)
        if show_source:
            src = line_of(f.path, f.span.line)
            if src.strip():
                text, caret = _excerpt(f, src)
                console.print(f"    {escape(text)}")
                console.print(f"    [{_STYLE[f.severity]}]{caret}[/]")
        for label, r in (*(("note", r) for r in f.related), *(("also", r) for r in f.places)):
            console.print(
                f"    {label}: {escape(plain(r.path))}:{r.span.line}:{r.span.col} "
                f"{escape(plain(r.message))}"
            )
        if f.citation is not None:
            console.print(f"    [dim]see {escape(plain(f.citation.render()))}[/]")
    if not summary:
        return
    counts = {s: sum(1 for f in findings if f.severity == s) for s in Severity}
    total = len(findings)
    line = (
        f"{total} finding{'s' if total != 1 else ''} in {files_linted} "
        f"file{'s' if files_linted != 1 else ''}: "
        f"{counts[Severity.ERROR]} error, {counts[Severity.WARNING]} warning, "
        f"{counts[Severity.INFO]} info{held}"
    )
    console.print(
        line
        if total
        else f"no findings in {files_linted} file{'s' if files_linted != 1 else ''}{held}"
    )
    for extra in unlinted_lines(unlinted):
        console.print(escape(plain(extra)))


def _held(baselined: int) -> str:
    if not baselined:
        return ""
    return f" ({baselined} more held by the baseline, not shown)"


SHOWN = 10  # files named in a summary line; the rest are counted


def unlinted_lines(unlinted: Mapping[str, str]) -> list[str]:
    """The summary's lines for the files not linted: those not recognised (no dialect found,
    nothing against it), those that are no decks, each with why, and those a folder walk did
    not read for their names."""
    from decklint.inputs.gather import NOT_READ

    unknown = sorted(p for p, why in unlinted.items() if not why)
    unread = sorted(p for p, why in unlinted.items() if why.startswith(NOT_READ))
    against = sorted(
        (p, why) for p, why in unlinted.items() if why and not why.startswith(NOT_READ)
    )
    out = []
    if unknown:
        one = "it is" if len(unknown) == 1 else "one is"
        out.append(
            f"{_files(len(unknown))} not recognised: {_named(unknown)} (if {one} a deck, name "
            "its dialect with --dialect, a dialects: glob or a 'decklint: dialect=NAME' comment)"
        )
    if against:
        are = "is no deck" if len(against) == 1 else "are no decks"
        out.append(
            f"{_files(len(against))} {are}: {_named([f'{p} ({why})' for p, why in against])}"
        )
    if unread:
        by = "its name" if len(unread) == 1 else "their names"
        out.append(
            f"{_files(len(unread))} not read, by {by} (scripts, documents, data): "
            f"{_named(unread)} (name a file to lint it)"
        )
    return out


def _files(n: int) -> str:
    return f"{n} file{'s' if n != 1 else ''}"


def _named(items: Sequence[str]) -> str:
    more = len(items) - SHOWN
    shown = ", ".join(items[:SHOWN])
    return f"{shown} and {more} more" if more > 0 else shown
