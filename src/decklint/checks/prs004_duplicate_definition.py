"""PRS004 checks that no mode, mode table, resource name or CICS definition is defined twice."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Related, Severity
from decklint.core.ir import Statement
from decklint.core.records import Definition
from decklint.lint.check import Context, Hit, check
from decklint.model.resource_names import Decks, content, distinct, domains

_WHAT = {
    "modetab": "mode table",
    "logmode": "logon mode",
    "vtam_resource": "VTAM resource name",
    "cics_resource": "CICS definition",
    "tcpip_device": "TCP/IP device",
    "tcpip_link": "TCP/IP link or interface",
}


@check("PRS004")
def duplicate_definition(ctx: Context) -> Iterator[Hit]:
    find = _Finder(ctx)
    ncps = {e.path: e.name for e in ctx.topo.of("ncp")}
    decks = Decks(find, find.content, lambda path: ncps.get(path, ""), domains(ctx.topo))
    for defs in ctx.topo.symbols.duplicates():
        if defs[0].kind == "vtam_resource":
            defs = distinct(defs, decks)
            if len(defs) < 2:
                continue
        for i, d in enumerate(defs[1:], 1):
            first = defs[0]
            where = f" in {'stack ' if d.dialect == 'tcpip' else ''}{d.scope}" if d.scope else ""
            then, severity = _THEN, None
            if d.kind == "cics_resource":
                # Two DFHCSDUP inputs (a job and an extract, a base and an optional module) are
                # often two ways to install one group: the clash is certain only within one.
                first = next((e for e in defs[:i] if e.path == d.path), first)
                if first.path == d.path:
                    then = _CSD_ONE
                else:
                    then, severity = _CSD_TWO, Severity.WARNING
            yield Hit(
                d.path,
                d.span,
                {
                    "what": _WHAT.get(d.kind, d.kind),
                    "name": d.name,
                    "where": where,
                    "first": f"{first.path}:{first.span.line}",
                    "then": then,
                },
                related=(Related(first.path, first.span, "first defined here"),),
                severity=severity,
                dialect=d.dialect,
            )


_THEN = "the product keeps one of them: rename one or remove the copy"
_CSD_ONE = "a CSD group holds one definition of a name and type: remove the copy"
_CSD_TWO = (
    "run against one CSD, the group holds only one of them: keep the group's definitions in "
    "one input, or DELETE the group before defining it again"
)


class _Finder:
    """The statement that makes a definition, by the place of its name; a file's statements
    are indexed when first asked for (only files with a name defined twice are)."""

    def __init__(self, ctx: Context) -> None:
        self._stmts = ctx.topo.statements
        self._index: dict[str, dict[tuple[int, int], Statement]] = {}
        self._content: dict[str, object] = {}

    def content(self, path: str) -> object:
        if path not in self._content:
            self._content[path] = content(self._stmts.get(path, ()))
        return self._content[path]

    def __call__(self, d: Definition) -> Statement | None:
        index = self._index.get(d.path)
        if index is None:
            index = self._index[d.path] = {}
            for st in self._stmts.get(d.path, ()):
                where = st.label_span or st.span
                index.setdefault((where.line, where.col), st)
        return index.get((d.line, d.col))
