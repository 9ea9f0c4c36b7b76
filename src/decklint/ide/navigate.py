"""Go to definition and find references across the decks of a workspace.

The names a deck defines and uses are the symbol table's (`core/symbols.py`): the document
under the cursor is lowered afresh (its text may be newer than the lint result), the other
files' definitions and references come from the result's topology. Some targets are not
names of the symbol table: a PU's CPNAME is the workstation whose control point it names, a
TCP/IP INCLUDE and an entry of a VTAM configuration list name a member, a CICS CONNECTION's
NETNAME the VTAM LU or application it binds with.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from decklint.core.source import Span
from decklint.core.symbols import Definition, Reference
from decklint.ide.containers import Part, part_at, parts
from decklint.ide.document import Document, inside, open_document
from decklint.ide.records import Location

if TYPE_CHECKING:
    from decklint.pipeline.run import LintResult

_START = Span(1, 1, 1, 1)
_MEMBER = re.compile(r"\(([^()]+)\)\s*\Z")


class Key(NamedTuple):
    """A name of the symbol table: its kind, its name and the scope it is looked up in ("*":
    any scope, as a CICS MODENAME finds a mode in whichever table holds it)."""

    kind: str
    name: str
    scope: str

    def defines(self, d: Definition) -> bool:
        return d.kind == self.kind and d.name == self.name and self.scope in ("*", d.scope)

    def used_by(self, r: Reference) -> bool:
        same = r.kind == self.kind and r.name == self.name
        return same and (r.scope == self.scope or "*" in (r.scope, self.scope))


def document(result: LintResult, part: Part) -> Document:
    """A document (or a deck inside one) read in the dialect the lint result read it in; a
    file the result has not read is detected as the linter would."""
    dialect = result.topology.dialects.get(part.path)
    if dialect is None and part.block is None:
        dialect = next((d for p, d in result.files if p == part.path), None)
    if dialect is None and part.block is not None:
        dialect = part.block.dialect
    return open_document(part.path, part.text, dialect)


def read_whole(result: LintResult, path: str) -> bool:
    """Whether the lint result read a document as one deck, not as the decks inside it."""
    return path in result.topology.dialects


def outward(result: LintResult, path: str, text: str, found: list[Location]) -> list[Location]:
    """Locations in the decks cut out of the document, moved to the document's lines."""
    decks = {p.path: p for p in parts(path, text, read_whole(result, path)) if p.block}
    if not decks:
        return found
    return sorted(
        Location(path, decks[loc.path].outward(loc.span)) if loc.path in decks else loc
        for loc in found
    )


def definition(result: LintResult, path: str, text: str, line: int, column: int) -> list[Location]:
    """Where the name under the cursor is defined (itself, on a definition)."""
    part = part_at(path, text, line, read_whole(result, path))
    if part is None:
        return []
    return outward(result, path, text, _definition(result, part, *part.inward(line, column)))


def _definition(result: LintResult, part: Part, line: int, column: int) -> list[Location]:
    doc = document(result, part)
    ws = Workspace(result, doc)
    refs, defs = ws.at(line, column)
    if defs:
        return _locations((d.path, d.span) for d in defs)
    found = [d for r in refs for d in ws.definitions(ws.key(r))]
    if found:
        return _locations((d.path, d.span) for d in found)
    return _locations(ws.other_targets(line, column))


def names_at(result: LintResult, path: str, text: str, line: int, column: int) -> bool:
    """Whether the position is on a name the document defines or uses, or on a target of
    another deck (a CPNAME, an INCLUDE's member): what definitions and references look up,
    in other decks too. False on anything else (an operand's keyword, a number)."""
    part = part_at(path, text, line, read_whole(result, path))
    if part is None:
        return False
    line, column = part.inward(line, column)
    ws = Workspace(result, document(result, part))
    refs, defs = ws.at(line, column)
    return bool(refs or defs) or ws.other_target(line, column) is not None


def references(
    result: LintResult,
    path: str,
    text: str,
    line: int,
    column: int,
    include_declaration: bool = True,
) -> list[Location]:
    """Every use of the name under the cursor across the workspace (and its definitions,
    with `include_declaration`)."""
    part = part_at(path, text, line, read_whole(result, path))
    if part is None:
        return []
    line, column = part.inward(line, column)
    return outward(result, path, text, _references(result, part, line, column, include_declaration))


def _references(
    result: LintResult, part: Part, line: int, column: int, include_declaration: bool
) -> list[Location]:
    doc = document(result, part)
    ws = Workspace(result, doc)
    refs, defs = ws.at(line, column)
    if not defs:
        defs = [d for r in refs for d in ws.definitions(ws.key(r))]
    keys = {Key(d.kind, d.name, d.scope) for d in defs} or {ws.key(r) for r in refs}
    uses = [r for r in ws.references() if any(k.used_by(r) for k in keys)]
    out = [(r.path, r.span) for r in uses]
    if include_declaration:
        out += [(d.path, d.span) for d in defs]
    return _locations(out)


def _locations(found: Iterable[tuple[str, Span]]) -> list[Location]:
    return sorted({Location(p, s) for p, s in found})


class Workspace:
    """The workspace's names: the lint result's, with the document's own read afresh."""

    def __init__(self, result: LintResult, doc: Document) -> None:
        self.result = result
        self.doc = doc
        self.symbols = result.topology.symbols
        self._scopes = self._moved_scopes()

    def _moved_scopes(self) -> dict[str, str]:
        """The document's scopes as the result has them: resolve gives the members a TCP/IP
        profile INCLUDEs the scope of its stack."""
        low = self.doc.lowering
        if low is None:
            return {}
        theirs = {
            (d.kind, d.name): d.scope for d in self.symbols.definitions if d.path == self.doc.path
        }
        theirs.update(
            {(r.kind, r.name): r.scope for r in self.symbols.references if r.path == self.doc.path}
        )
        out: dict[str, str] = {}
        mine = [(d.kind, d.name, d.scope) for d in low.definitions]
        mine += [(r.kind, r.name, r.scope) for r in low.references]
        for kind, name, scope in mine:
            moved = theirs.get((kind, name))
            if moved is not None and moved != scope and scope and scope != "*":
                out.setdefault(scope, moved)
        return out

    def scope(self, scope: str) -> str:
        return self._scopes.get(scope, scope)

    def key(self, r: Reference) -> Key:
        return Key(r.kind, r.name, self.scope(r.scope))

    def own_definitions(self) -> list[Definition]:
        low = self.doc.lowering
        return [d.moved(self.scope(d.scope)) for d in low.definitions] if low else []

    def own_references(self) -> list[Reference]:
        low = self.doc.lowering
        return [r.moved(self.scope(r.scope)) for r in low.references] if low else []

    def definitions(self, key: Key) -> list[Definition]:
        theirs = (
            self.symbols.lookup(key.kind, key.name, key.scope)
            if key.scope != "*"
            else [d for d in self.symbols.definitions if key.defines(d)]
        )
        mine = [d for d in self.own_definitions() if key.defines(d)]
        return [d for d in theirs if d.path != self.doc.path] + mine

    def references(self) -> list[Reference]:
        theirs = [r for r in self.symbols.references if r.path != self.doc.path]
        return theirs + self.own_references()

    def at(self, line: int, col: int) -> tuple[list[Reference], list[Definition]]:
        """The document's references and definitions under the cursor. On a statement's
        label, the names the statement defines (a MODEENT's label names its logon mode)."""
        refs = [r for r in self.own_references() if inside(r.span, line, col)]
        defs = [d for d in self.own_definitions() if inside(d.span, line, col)]
        if refs or defs:
            return refs, defs
        spot = self.doc.spot(line, col)
        if spot is not None and spot.part == "label":
            st = spot.statement.span
            defs = [
                d
                for d in self.own_definitions()
                if inside(st, d.line, d.col) and inside(st, d.end_line, d.end_col)
            ]
        return [], defs

    def other_targets(self, line: int, col: int) -> list[tuple[str, Span]]:
        """Targets that are not names of the symbol table."""
        target = self.other_target(line, col)
        if target is None:
            return []
        what, word = target
        if what == "control point":
            return self.control_point(word)
        if what == "resource":
            return [(d.path, d.span) for d in self.symbols.definitions if _resource(d, word)]
        return self.members(word)

    def other_target(self, line: int, col: int) -> tuple[str, str] | None:
        """What a value under the cursor names that is no name of the symbol table: a
        "control point", a VTAM "resource" or a "member", and its name."""
        spot = self.doc.spot(line, col)
        if spot is None or spot.value is None or spot.operand is None:
            return None
        st, o, word = spot.statement, spot.operand, spot.value.text.strip("'").upper()
        dialect = self.doc.dialect
        if o.name == "CPNAME" and dialect in ("vtam", "ncp"):
            return "control point", word
        if dialect == "cics" and o.name == "NETNAME":
            return "resource", word
        if dialect == "tcpip" and st.op == "INCLUDE":
            return "member", _include_member(spot.value.text)
        if dialect == "vtam" and st.kind == "item":
            if o.name is None:
                return "member", word  # a configuration list names members
            if o.name == "CONFIG":
                return "member", f"ATCCON{word}"
        return None

    def control_point(self, cp: str) -> list[tuple[str, Span]]:
        """The workstation whose control point a CPNAME names, else the node of that name."""
        topo = self.result.topology
        found = [
            (w.path, w.anchor("name"))
            for w in topo.of("workstation")
            if str(w.value("name") or w.name).upper().rsplit(".", 1)[-1] == cp
        ]
        if found:
            return found
        return [(n.path, n.span) for n in topo.of("node") if n.name == cp and n.value("files")]

    def members(self, member: str) -> list[tuple[str, Span]]:
        """The linted files a member name stands for (its name, stem, last qualifier, or the
        member in parentheses of a data set name)."""
        from decklint.model.tcpip import member_keys

        return [
            (p, _START)
            for p, _d in self.result.files
            if p != self.doc.path and member in member_keys(p)
        ]


def _resource(d: Definition, name: str) -> bool:
    return d.kind == "vtam_resource" and d.name == name


def _include_member(text: str) -> str:
    """The member a TCP/IP INCLUDE names: `DSN(MEMBER)`, else the data set's last qualifier."""
    dsn = text.strip("'")
    m = _MEMBER.search(dsn)
    return (m.group(1) if m else dsn.rsplit(".", 1)[-1]).upper()
