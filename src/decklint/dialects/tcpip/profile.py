"""One TCP/IP profile file being lowered: what it has coded so far, and how the statement
handlers (one module per statement family) add its entities, symbols and diagnostics."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import PurePath

from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, Statement, Value
from decklint.core.lowering import Lowering, default
from decklint.core.source import Span
from decklint.dialects.tcpip.kinds import STACK_SETTINGS
from decklint.readers.base import ParsedFile, library_folder, unknown_name

# Profile file names that say nothing about the stack: the folder names it instead.
GENERIC = {"PROFILE", "PROFILE.TCPIP", "TCPIP.PROFILE.TCPIP", "PROFILE TCPIP", "PROFILE.TCP"}


def stack_name(path: str) -> str:
    """The name of the stack a profile makes on its own: its file name, or its folder's when
    the file name says nothing. The lowering gives its elements this stack as node and
    scope; `resolve` moves the files that turn out to belong to another stack."""
    p = PurePath(path)
    name = p.name.upper()
    if name in GENERIC or name.startswith("PROFILE."):
        # the folder's, the system's for a library's (SYSB/TCPPARMS/PROFILE is SYSB's)
        name = (library_folder(p.parent).name or p.parent.name or name).upper()
    return name


def attr(v: Value | None, value: object = None) -> Attr:
    if v is None:
        return default(None)
    if value is None:
        n = v.as_int()
        value = n if n is not None else v.text.upper()
    return Attr(value, v.text, v.span)


def flag(span: Span | None, value: object = True, raw: str = "") -> Attr:
    return Attr(value, raw or None, span) if span is not None else default(None)


class Profile:
    """One file's lowering state: the stack settings it codes, the statements that tell a
    main profile or the product, the open Telnet block."""

    def __init__(self, pf: ParsedFile, low: Lowering) -> None:
        self.pf = pf
        self.low = low
        self.path = pf.source.path
        # the stack this file makes on its own; resolve moves it when it belongs to another
        self.scope = stack_name(self.path)
        low.node = f"tcpip:{self.scope}"
        self.coded: dict[str, Attr] = {}
        self.markers: set[str] = set()
        self.telnet: Statement | None = None
        self.telnet_fields: dict[str, Attr] = {}
        self.telnet_ports: list[Value] = []

    def diag(self, code: str, span: Span, message: str, severity: Severity | None = None) -> None:
        self.low.diag(Diagnostic(code, span, message, severity))

    def unknown(self, span: Span, what: str, known: Iterable[str]) -> None:
        self.low.diag(unknown_name(span, what, known))

    def set(self, key: str, a: Attr) -> None:
        if key in STACK_SETTINGS:
            self.coded[key] = a  # a later statement overrides an earlier one, as in the stack

    def add(self, kind: str, name: str, span: Span, attrs: dict[str, Attr]) -> None:
        attrs.setdefault("name", Attr(name))
        self.low.add(kind, name, span, attrs, scope=self.scope)

    def define(self, kind: str, name: str, span: Span) -> None:
        self.low.define(kind, name.upper(), span, scope=self.scope)

    def refer(self, kind: str, v: Value | None, usage: str) -> None:
        if v is not None and not v.text.startswith("&"):
            self.low.reference(kind, v.text.upper(), v.span, usage, scope=self.scope)


# A statement handler, found by (statement kind, lower-case name): ("statement", "tcpconfig"),
# ("entry", "home") for an entry of a block, ("block", "assortedparms") for a block's head.
Handler = Callable[[Profile, Statement], None]
