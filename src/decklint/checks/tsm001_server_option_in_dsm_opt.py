"""TSM001 reports dsm.sys server stanza options coded in a UNIX client's dsm.opt."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.ir import Statement
from decklint.dialects.tsm.reader import options_file
from decklint.knowledge.catalog import catalog
from decklint.lint.check import Context, Hit, check


@check("TSM001")
def server_option_in_dsm_opt(ctx: Context) -> Iterator[Hit]:
    cat = catalog("tsm")
    if cat is None:
        return
    files: dict[str, list[Statement]] = {}
    for st in ctx.topo.all_statements():
        if st.dialect == "tsm" and options_file(st.path) == "dsm.opt":
            files.setdefault(st.path, []).append(st)
    for sts in files.values():
        if any(st.op == "TCPSERVERADDRESS" for st in sts):
            continue  # a Windows client's dsm.opt holds every option
        for st in sts:
            entry = cat.statement(st.op)
            if entry is None or entry.file != ("dsm.sys",):
                continue
            yield Hit(
                st.path,
                st.op_span or st.span,
                {
                    "option": st.op,
                    "why": "a UNIX client rejects it in dsm.opt (its stanza in dsm.sys is the one "
                    "SERVERNAME selects); code it there",
                },
                dialect="tsm",
            )
