"""Model entities: one small, typed shape for every element, with provenance per value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from decklint.source import Span, compact_pickle


@compact_pickle
@dataclass(frozen=True, slots=True)
class Attr:
    """One fact: its value, how it was written, where, and whether a default supplied it."""

    value: Any
    raw: str | None = None
    span: Span | None = None
    defaulted: bool = False
    note: str = ""

    @property
    def coded(self) -> bool:
        return not self.defaulted and self.span is not None


MISSING = Attr(None, defaulted=True)


@compact_pickle
@dataclass(frozen=True, slots=True)
class Entity:
    """A model element (mode, application, PU, line, NCP, CICS sessions, ...).

    `kind` selects its declared fields (see `decklint.model.kinds`); `node` is the system that
    owns the definition; `scope` qualifies names that are only unique inside something (a
    mode inside its mode table, sessions inside a CICS group).
    """

    kind: str
    name: str
    path: str
    dialect: str
    span: Span
    node: str
    attrs: Mapping[str, Attr] = field(default_factory=dict)
    scope: str = ""

    def get(self, name: str) -> Attr:
        return self.attrs.get(name, MISSING)

    def value(self, name: str) -> Any:
        return self.attrs.get(name, MISSING).value

    @property
    def id(self) -> str:
        qual = f"{self.scope}." if self.scope else ""
        return f"{self.dialect}:{self.kind}:{qual}{self.name}"

    def anchor(self, name: str) -> Span:
        """Where a finding about attribute `name` points: the operand, else the statement."""
        a = self.attrs.get(name)
        if a is not None and a.span is not None:
            return a.span
        return self.span
