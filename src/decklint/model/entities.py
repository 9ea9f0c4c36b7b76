"""Model entities: one small, typed shape for every element, with provenance per value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from decklint.source import Span


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

    def describe(self, name: str) -> str:
        """How a message names this value: coded as written, or the default that applies."""
        if self.defaulted:
            if self.value is None:
                return f"{name} is not coded"
            extra = f" ({self.note})" if self.note else ""
            return f"{name} is not coded; the default {_show(self.value)} applies{extra}"
        return f"{name}={self.raw if self.raw is not None else _show(self.value)}"


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "(" + ",".join("" if v is None else str(v) for v in value) + ")"
    return str(value)


MISSING = Attr(None, defaulted=True)


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
