"""What the code actions write: where a suppression goes (the dialect's comment syntax, and the
first line of the statement a finding is in: a comment line between two cards of one statement
would break the deck), and a document with every safe fix applied (`source.fixAll.decklint`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from decklint import dialects
from decklint.core.findings import Applicability, Finding, Severity
from decklint.core.source import SourceFile
from decklint.fix.loop import BROKEN
from decklint.lint.edits import card_image
from decklint.readers import patch

FIX_ALL = "source.fixAll.decklint"  # the code action kind of "apply every safe fix"
FIX_ALL_TITLE = "Apply every safe fix (decklint)"


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
