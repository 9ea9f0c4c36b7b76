"""decklint's findings and fixes as the protocol's diagnostics and code actions.

A diagnostic carries the finding's code, severity and message, the citation (as the code's
description when it is a web address, else on the message's last line and in `data`), and
the other end of a cross-deck finding as related information. A fix becomes a quick fix that
rewrites the lines it touches exactly as `decklint lint --fix` would write them (card
columns kept); "suppress CODE here" writes the dialect's own comment line above the
statement.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from lsprotocol import types as lsp

from decklint.core.findings import Applicability, Finding, Severity
from decklint.core.source import Span
from decklint.lint.edits import card_image
from decklint.readers import patch
from decklint.server.positions import Codec

SOURCE = "decklint"
_SEVERITY = {
    Severity.ERROR: lsp.DiagnosticSeverity.Error,
    Severity.WARNING: lsp.DiagnosticSeverity.Warning,
    Severity.INFO: lsp.DiagnosticSeverity.Information,
}
_URL = re.compile(r"https?://\S+$")
_EOL = re.compile(r"(\r\n|\r|\n)")


def to_range(codec: Codec, span: Span) -> lsp.Range:
    start, end = codec.span(span)
    return lsp.Range(lsp.Position(*start), lsp.Position(*end))


def diagnostic(
    f: Finding, codec: Codec, locate: Callable[[str, Span], lsp.Location]
) -> lsp.Diagnostic:
    """One finding as a diagnostic; `locate` places a related location in its own file."""
    citation = f.citation.render() if f.citation else ""
    href = f.citation.document if f.citation and _URL.match(f.citation.document) else None
    message = f.message if href or not citation else f"{f.message}\nsee {citation}"
    data: dict[str, object] = {"name": f.name}
    if citation:
        data["citation"] = citation
    if f.fix is not None:
        data["fix"] = f.fix.applicability.value
    return lsp.Diagnostic(
        range=to_range(codec, f.span),
        message=message,
        severity=_SEVERITY[f.severity],
        code=f.code,
        code_description=lsp.CodeDescription(href=href) if href else None,
        source=SOURCE,
        related_information=[
            lsp.DiagnosticRelatedInformation(locate(r.path, r.span), r.message)
            for r in (*f.related, *f.places)
        ]
        or None,
        data=data,
    )


def fix_action(
    f: Finding, uri: str, text: str, codec: Codec, diag: lsp.Diagnostic | None
) -> lsp.CodeAction | None:
    """The finding's fix as a quick fix: preferred when it is safe; labelled when it changes
    the network's behaviour; none when it only shows (or cannot be written into the card
    layout, as --fix would refuse it)."""
    fix = f.fix
    if fix is None or fix.applicability is Applicability.DISPLAY:
        return None
    out = patch.apply(text, fix.edits, card_image(f.dialect))
    if len(out.applied) != len(fix.edits):
        return None
    edits = line_edits(text, out.text, codec)
    if not edits:
        return None
    safe = fix.applicability is Applicability.SAFE
    title = f"{fix.title} ({f.code})" if safe else f"{fix.title} ({f.code}, unsafe: review it)"
    return lsp.CodeAction(
        title=title,
        kind=lsp.CodeActionKind.QuickFix,
        diagnostics=[diag] if diag else None,
        is_preferred=safe or None,
        edit=lsp.WorkspaceEdit(changes={uri: edits}),
    )


def line_edits(before: str, after: str, codec: Codec) -> list[lsp.TextEdit]:
    """Edits that turn `before` into `after`, one per changed line (fixes never add or remove
    a line break): each replaces the line's whole text, so columns the editor counts in
    another encoding stay right."""
    old, new = _EOL.split(before)[0::2], _EOL.split(after)[0::2]
    if len(old) != len(new):
        return [lsp.TextEdit(to_range(codec, _whole(before)), after)]
    edits = []
    for n, (a, b) in enumerate(zip(old, new, strict=True), start=1):
        if a != b:
            span = Span(n, 1, n, len(a) + 1)
            edits.append(lsp.TextEdit(to_range(codec, span), b))
    return edits


def _whole(text: str) -> Span:
    lines = _EOL.split(text)[0::2]
    return Span(1, 1, len(lines), len(lines[-1]) + 1)


def suppress_action(
    f: Finding,
    uri: str,
    text: str,
    codec: Codec,
    comment: str,
    first_line: int,
    diag: lsp.Diagnostic | None,
) -> lsp.CodeAction:
    """'Suppress CODE here': a `decklint: disable-next=CODE` comment line, in the dialect's
    comment syntax, above the first line of the statement the finding is in."""
    eol = m.group(1) if (m := _EOL.search(text)) else "\n"
    at = lsp.Position(*codec.to_client(first_line, 1))
    line = directive(comment, f.code) + eol
    return lsp.CodeAction(
        title=f"Suppress {f.code} here",
        kind=lsp.CodeActionKind.QuickFix,
        diagnostics=[diag] if diag else None,
        edit=lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(lsp.Range(at, at), line)]}),
    )


def directive(comment: str, code: str) -> str:
    """The comment line that suppresses `code` on the next statement."""
    body = f"decklint: disable-next={code}"
    if comment == "/*":
        return f"/* {body} */"
    return f"{comment} {body}"


def same(a: lsp.Diagnostic, b: Finding, codec: Codec) -> bool:
    """Whether a diagnostic the client sent back is this finding's."""
    return a.code == b.code and a.range == to_range(codec, b.span)


def overlaps(r: lsp.Range, codec: Codec, span: Span) -> bool:
    fr = to_range(codec, span)
    start, end = (r.start.line, r.start.character), (r.end.line, r.end.character)
    fs, fe = (fr.start.line, fr.start.character), (fr.end.line, fr.end.character)
    return fs <= end and start <= fe


def pick(diags: Sequence[lsp.Diagnostic], f: Finding, codec: Codec) -> lsp.Diagnostic | None:
    return next((d for d in diags if same(d, f, codec)), None)
