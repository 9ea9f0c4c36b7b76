"""Code actions: a finding's fix, "suppress CODE here", and every safe fix of the document at
once (`source.fixAll.decklint`). What they write: where a suppression goes (the dialect's
comment syntax, and the first line of the statement a finding is in: a comment line between
two cards of one statement would break the deck), and a document with every safe fix
applied."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lsprotocol import types as lsp

from decklint import dialects
from decklint.core.findings import Applicability, Finding, Severity
from decklint.core.source import SourceFile
from decklint.fix.loop import BROKEN
from decklint.lint.edits import card_image
from decklint.readers import patch
from decklint.server import convert
from decklint.server.network import Document
from decklint.server.positions import Codec
from decklint.server.session import DecklintServer, Handlers, Shown, guarded

FIX_ALL = "source.fixAll.decklint"  # the code action kind of "apply every safe fix"
FIX_ALL_TITLE = "Apply every safe fix (decklint)"

handlers = Handlers()


def comment_prefix(dialect: str) -> str | None:
    """The text a comment line of the dialect starts with (in column 1), if it has one."""
    if dialect not in dialects.REGISTRY:
        return None
    prefixes = dialects.get(dialect).comment_prefixes
    return prefixes[0] if prefixes else None


def statement_start(path: str, text: str, dialect: str, line: int) -> int:
    """The first line of the statement that covers `line` (continuation cards, remarks on
    later lines), or `line` itself outside any statement."""
    if dialect not in dialects.REGISTRY:
        return line
    pf = dialects.get(dialect).parse(SourceFile.from_text(path, text))
    for unit in pf.read.units:
        last = max([unit.end_line, *(r.line for r in unit.remarks)])
        if unit.line <= line <= last:
            return int(unit.line)
    return line


def wanted(only: Sequence[str] | None, kind: str) -> bool:
    """Whether a code action request that asks for the kinds `only` (None: any) wants an action
    of `kind`: a kind asks for itself and every kind below it (`source` asks for
    `source.fixAll.decklint`), the empty kind for all."""
    if only is None:
        return True
    kind = _value(kind)
    return any(k == "" or kind == k or kind.startswith(k + ".") for k in map(_value, only))


def _value(kind: str) -> str:
    """A kind as its text (the protocol's kinds are an enumeration of strings)."""
    return str(getattr(kind, "value", kind))


def fix_all(findings: Iterable[Finding], text: str, dialect: str | None) -> str | None:
    """`text` with the safe fixes of its findings applied, as one pass of `decklint lint --fix`
    applies them (card columns kept, a fix that does not fit or that edits the place another
    one edits left out); None when none applies, or when the deck has parse errors (--fix
    leaves such a file alone: its statements were not all read)."""
    found = list(findings)
    if any(f.code in BROKEN and f.severity >= Severity.WARNING for f in found):
        return None
    edits = [
        e
        for f in found
        if f.fix is not None and f.fix.applicability is Applicability.SAFE
        for e in f.fix.edits
    ]
    if not edits:
        return None
    out = patch.apply(text, edits, card_image(dialect))
    return out.text if out.applied and out.text != text else None


@handlers.feature(
    lsp.TEXT_DOCUMENT_CODE_ACTION,
    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix, FIX_ALL]),
)
@guarded()
async def code_action(
    ls: DecklintServer, params: lsp.CodeActionParams
) -> list[lsp.CodeAction] | None:
    uri = params.text_document.uri
    only = params.context.only
    if only is not None and wanted(only, FIX_ALL):
        # asked for by name (on save, say): right after typing, wait for the findings of the
        # text as it is rather than answer nothing
        await ls.settled(uri, ls.network.settings.debounce_ms / 1000 + 0.5)
    doc = ls.network.document(uri)
    shown = ls.shown.get(uri)
    if doc is None or shown is None or shown.text != doc.text:
        return None  # the findings are of another text: their positions would be wrong
    codec = Codec(doc.text, ls.encoding)
    deck = ls.dialect_of(doc.path)
    actions = _quick_fixes(ls, params, doc, shown, codec, deck)
    if wanted(only, FIX_ALL):
        fixed = fix_all(shown.findings, doc.text, deck)
        if fixed is not None:
            edit = lsp.WorkspaceEdit(changes={uri: convert.line_edits(doc.text, fixed, codec)})
            actions.append(lsp.CodeAction(title=FIX_ALL_TITLE, kind=FIX_ALL, edit=edit))
    return actions


def _quick_fixes(
    ls: DecklintServer,
    params: lsp.CodeActionParams,
    doc: Document,
    shown: Shown,
    codec: Codec,
    deck: str | None,
) -> list[lsp.CodeAction]:
    """The fixes and "suppress CODE here" of the findings in the range asked about."""
    if not wanted(params.context.only, lsp.CodeActionKind.QuickFix):
        return []
    registry = ls.network.project.registry if ls.network.project else None
    unwaivable = (
        {m.code for m in registry.rules.values() if m.unsuppressible} if registry else set()
    )
    fixes: list[lsp.CodeAction] = []
    suppressions: list[lsp.CodeAction] = []
    for f in shown.findings:
        if not convert.overlaps(params.range, codec, f.span):
            continue
        diag = convert.pick(params.context.diagnostics, f, codec)
        action = convert.fix_action(f, doc.uri, doc.text, codec, diag)
        if action is not None:
            fixes.append(action)
        prefix = comment_prefix(f.dialect) if f.dialect == deck else None
        if prefix is not None and f.code not in unwaivable:
            first = statement_start(doc.path, doc.text, f.dialect, f.span.line)
            suppressions.append(
                convert.suppress_action(f, doc.uri, doc.text, codec, prefix, first, diag)
            )
    return [*fixes, *suppressions]
