"""TCP029 checks that a Telnet parameter statement the product takes once per block (DEBUG
CONN, DEBUG TASK, DEBUG CONFIG: the catalog's `unique: {scope: block}`) is coded once in it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from decklint.checks._unique import hits
from decklint.core.ir import Statement
from decklint.dialects.tcpip.telnet import parameter_blocks
from decklint.knowledge.catalog import OperandEntry, Unique, catalog
from decklint.lint.check import Context, Hit, check
from decklint.model.unique import Claim, clashes


def _once_per_block(statement: str) -> tuple[OperandEntry, Unique] | None:
    """The operand of a statement whose value may be coded once in a block, and its fact."""
    cat = catalog("tcpip")
    st = cat.statement(statement) if cat is not None else None
    if st is None:
        return None
    for entry in st.operands.values():
        if entry.unique is not None and entry.unique.scope == "block":
            return entry, entry.unique
    return None


def _value(st: Statement, entry: OperandEntry) -> str:
    """The operand's value: the first operand when it is one of the entry's values (DEBUG
    CONN ...), else its default (DEBUG DETAIL is DEBUG CONN DETAIL)."""
    first = st.operands[0].value.text.upper() if st.operands else ""
    return first if first in entry.values else str(entry.default or "")


def _claims(path: str, stmts: Sequence[Statement], found: dict[str, Unique]) -> list[Claim]:
    claims = []
    for opener, body in parameter_blocks(stmts):
        block = (opener.op, opener.span.line)
        for st in body:
            once = _once_per_block(st.op)
            if once is None:
                continue
            entry, fact = once
            value = _value(st, entry)
            found[st.op] = fact
            coded = " ".join([st.op, *(o.value.text.upper() for o in st.operands)])
            owner = (
                coded
                if coded.startswith(f"{st.op} {value}")
                else f"{coded} (that is {st.op} {value})"
            )
            claims.append(
                Claim(
                    (path, block, st.op),
                    value,
                    path,
                    st.span,
                    owner,
                    f"{st.op} {value}",
                    "tcpip",
                    f"{block[0]}/{st.op}",  # the block and the statement, for the message
                )
            )
    return claims


@check("TCP029")
def telnet_statement_twice(ctx: Context) -> Iterator[Hit]:
    for path, dialect in ctx.topo.dialects.items():
        if dialect != "tcpip":
            continue
        found: dict[str, Unique] = {}
        groups = clashes(_claims(path, ctx.topo.statements.get(path, ()), found))
        for group in groups:
            block, _, op = group[0].subject.partition("/")
            yield from hits([group], found[op], {"block": block})
