"""Findings: what a rule reports, as frozen values."""

import enum
from typing import NamedTuple

from decklint.core.records import record
from decklint.core.source import Span


class Severity(enum.IntEnum):
    INFO = 1
    WARNING = 2
    ERROR = 3

    @classmethod
    def parse(cls, text: str) -> "Severity":
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown severity {text!r} (error, warning, info)") from None

    @property
    def label(self) -> str:
        return self.name.lower()


class Applicability(enum.Enum):
    SAFE = "safe"
    UNSAFE = "unsafe"
    DISPLAY = "display"


@record
class Citation(NamedTuple):
    """What a finding rests on: a document (a tuning document's title, author and date, or a
    product manual's title) and, where one is given, its section."""

    document: str
    section: str = ""

    def render(self) -> str:
        return f"{self.document}, \u00a7 {self.section}" if self.section else self.document


@record
class Related(NamedTuple):
    path: str
    span: Span
    message: str


@record
class Cause(NamedTuple):
    """The root a finding shares with others of its rule (a mode table not linted that many
    statements name, one missing definition), as its manifest's `cause:` says it: findings of
    one rule with one `key` are reported as one (`decklint.lint.causes`)."""

    key: str
    # The message of the finding that stands for them all, cut at each `{places.count}` and
    # `{places.others}` (how many places; besides the first): its text and those names in turn,
    # the numbers put in when they are known; () for the first place's message.
    message: tuple[str, ...] = ()
    place: str = ""  # what this place is, as a related location of that finding


@record
class Edit(NamedTuple):
    span: Span
    replacement: str


@record
class Fix(NamedTuple):
    title: str
    edits: tuple[Edit, ...]
    applicability: Applicability


@record
class Finding(NamedTuple):
    """One finding: where (file and span), which rule, how severe, what it says, and what
    it cites, relates and may fix."""

    path: str
    span: Span
    code: str
    name: str
    severity: Severity
    message: str
    dialect: str
    subject: str = ""
    citation: Citation | None = None
    related: tuple[Related, ...] = ()
    fix: Fix | None = None
    cause: Cause | None = None
    # The other places of one cause, when this finding stands for them all (`lint.causes`).
    places: tuple[Related, ...] = ()

    @property
    def place_count(self) -> int:
        """How many places the finding stands for (its output's "count": a tuple's own `count`
        is a method)."""
        return 1 + len(self.places)

    def sort_key(self) -> tuple[object, ...]:
        """Place, code and message first; then every other field, so that two findings that
        differ anywhere (a related location, a fix) never tie and the order is the same every
        run, whatever the hashing or the worker that found them."""
        fix = self.fix
        return (
            self.path,
            self.span.line,
            self.span.col,
            self.code,
            self.message,
            tuple(self.span),
            self.name,
            int(self.severity),
            self.dialect,
            self.subject,
            (self.citation.document, self.citation.section) if self.citation else (),
            tuple((r.path, tuple(r.span), r.message) for r in self.related),
            (
                (
                    fix.title,
                    fix.applicability.value,
                    tuple((tuple(e.span), e.replacement) for e in fix.edits),
                )
                if fix
                else ()
            ),
            tuple((r.path, tuple(r.span), r.message) for r in self.places),
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.span.line,
            "column": self.span.col,
            "end_line": self.span.end_line,
            "end_column": self.span.end_col,
            "code": self.code,
            "name": self.name,
            "severity": self.severity.label,
            "message": self.message,
            "dialect": self.dialect,
            "subject": self.subject,
            "citation": (
                {"document": self.citation.document, "section": self.citation.section}
                if self.citation
                else None
            ),
            "related": [_related(r) for r in self.related],
            "count": self.place_count,
            "places": [_related(r) for r in self.places],
            "fix": (
                {
                    "title": self.fix.title,
                    "applicability": self.fix.applicability.value,
                    "edits": [
                        {
                            "line": e.span.line,
                            "column": e.span.col,
                            "end_line": e.span.end_line,
                            "end_column": e.span.end_col,
                            "replacement": e.replacement,
                        }
                        for e in self.fix.edits
                    ],
                }
                if self.fix
                else None
            ),
        }


def _related(r: Related) -> dict[str, object]:
    return {
        "path": r.path,
        "line": r.span.line,
        "column": r.span.col,
        "end_line": r.span.end_line,
        "end_column": r.span.end_col,
        "message": r.message,
    }
