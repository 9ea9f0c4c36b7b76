"""Findings for values a product wants unique (`decklint.model.unique`): one at each later
resource that codes the value, pointing back at the first."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Related, Severity
from decklint.knowledge.catalog import Unique
from decklint.lint.check import Hit
from decklint.model.unique import Claim


def hits(groups: list[list[Claim]], u: Unique, args: dict[str, str] | None = None) -> Iterator[Hit]:
    """A finding at each later claim of a group, its first claim as the related location; a
    fact the catalog marks assumed gives an information that says so (never an error). The
    message takes `value`, `owner`, `other` (the first owner), `first`, `why` and `section`,
    and the check's own `args`."""
    for group in groups:
        first = group[0]
        for c in group[1:]:
            why = u.effect
            if u.assumed:
                why += " (assumed: not confirmed in the manual)"
            value = c.shown or str(c.value)
            yield Hit(
                c.path,
                c.span,
                {
                    **(args or {}),
                    "value": value,
                    "owner": c.owner,
                    "other": first.owner,
                    "first": f"{first.path}:{first.span.line}",
                    "why": why,
                    "section": u.source,
                },
                related=(Related(first.path, first.span, f"{first.owner} codes it first"),),
                severity=Severity.INFO if u.assumed else None,
                dialect=c.dialect,
                subject=c.subject,
            )
