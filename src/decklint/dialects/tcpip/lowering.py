"""TCP/IP profile statements -> model entities.

One file lowers to a `tcpip_profile` (the stack settings it codes) and the elements it
defines: devices, links and interfaces, HOME addresses, routes (BEGINROUTES, GATEWAY,
BSDROUTINGPARMS), ports, Telnet parameter blocks, traces, dynamic VIPAs, VM pools and INCLUDE
statements. Which files make one stack (a profile and the members it INCLUDEs) and the
defaults of what no file codes are decided later, in `decklint.model.tcpip`, because an
INCLUDE can name a file linted after this one.

This module walks the statements and hands each to its family's handler (`settings`,
`interfaces`, `routes`, `ports`, `traces`, `telnet`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePath

from decklint.core.entities import Attr
from decklint.core.ir import Statement
from decklint.core.lowering import Lowering, default
from decklint.core.source import Span
from decklint.dialects.tcpip import interfaces, ports, routes, settings, traces
from decklint.dialects.tcpip import keywords as kw
from decklint.dialects.tcpip.profile import Handler, Profile
from decklint.dialects.tcpip.telnet import (
    LU_BLOCKS,
    TELNET_BLOCKS,
    telnet_done,
    telnet_entry,
    telnet_lus,
    telnet_open,
    telnet_server,
)
from decklint.readers.base import ParsedFile

_MEMBER = re.compile(r"\(([^()]+)\)\s*\Z")
_VM_MARKERS = {"VM", "OBEY", "ASSORTEDPARMS", "INFORM", "SSLSERVERID", "VSWITCH", *kw.POOLS}
# Statements only a profile the stack reads first codes (a member it INCLUDEs holds devices,
# links, HOME and routes; a TN3270E server profile holds Telnet blocks): a file with one of
# them is a main stack profile.
_MAIN_MARKERS = {
    "TCPCONFIG",
    "UDPCONFIG",
    "IPCONFIG",
    "GLOBALCONFIG",
    "SOMAXCONN",
    "PORT",
    "AUTOLOG",
    "INCLUDE",
    "INTERNALCLIENTPARMS",
    "ASSORTEDPARMS",
    "OBEY",
    *kw.POOLS,
}
# Statements that make a profile a whole stack rather than a snippet: the stack-wide
# configuration statements and the definitions that attach the stack to a network. A stack
# none of whose files codes one (an AUTOLOG block from an installation guide, a PORT list)
# is not judged on what it leaves uncoded: see `decklint.model.tcpip`. HOME is not one: it
# gives addresses to links defined elsewhere, and a file of PORT and HOME statements is as
# often an OBEYFILE a running stack reads as a profile.
_WHOLE_MARKERS = {
    "TCPCONFIG",
    "UDPCONFIG",
    "IPCONFIG",
    "IPCONFIG6",
    "GLOBALCONFIG",
    "ASSORTEDPARMS",
    "DEVICE",
    "LINK",
    "INTERFACE",
}
_ZOS_MARKERS = {
    "TCPCONFIG",
    "UDPCONFIG",
    "IPCONFIG",
    "GLOBALCONFIG",
    "BEGINROUTES",
    "TELNETPARMS",
    "TELNETGLOBALS",
    "VIPADYNAMIC",
    "INTERFACE",
    "SOMAXCONN",
}


def _include(prof: Profile, st: Statement) -> None:
    if not st.operands:
        prof.diag("PRS001", st.op_span or st.span, "INCLUDE needs a data set name")
        return
    v = st.operands[0].value
    dsn = v.text.strip("'")
    m = _MEMBER.search(dsn)
    member = (m.group(1) if m else dsn.rsplit(".", 1)[-1]).upper()
    prof.add("tcpip_include", member, st.span, {"dsn": Attr(dsn, v.text, v.span)})


HANDLERS: dict[tuple[str, str], Handler] = {
    **settings.HANDLERS,
    **interfaces.HANDLERS,
    **routes.HANDLERS,
    **ports.HANDLERS,
    **traces.HANDLERS,
    ("statement", "include"): _include,
    **{("entry", block.lower()): telnet_lus for block in LU_BLOCKS},
}


def lower(pf: ParsedFile, low: Lowering) -> None:
    prof = Profile(pf, low)
    known = _statement_names()
    for st in pf.statements:
        if st.kind in ("statement", "block") and st.label is None:
            prof.markers.add(st.op)
        if st.kind == "statement" and st.op not in known and st.op_span is not None:
            prof.unknown(st.op_span, f"statement {st.op}", known)
            continue
        handler: Handler | None
        if st.kind == "entry" and st.label in kw.BLOCK_ENTRIES:
            entries = set(kw.block_entries(st.label).values())
            if st.op not in entries and st.op_span is not None:
                prof.unknown(st.op_span, f"{st.label} parameter {st.op}", entries)
                continue
            handler = (
                telnet_entry
                if st.label in TELNET_BLOCKS
                else HANDLERS.get(("entry", st.op.lower()))
                if st.label in ("BEGINROUTES", "VIPADYNAMIC")
                else None
            )
        elif st.kind == "entry":
            handler = HANDLERS.get(("entry", (st.label or "").lower()))
        elif st.op in kw.POOLS:
            handler = settings.pool
        else:
            handler = HANDLERS.get((st.kind, st.op.lower()))
        if handler is not None:
            handler(prof, st)
        if st.kind == "block":
            _block(prof, st)
        elif st.kind == "end":
            _end(prof, st)
    _finish(prof)


def _block(prof: Profile, st: Statement) -> None:
    if st.op in TELNET_BLOCKS:
        telnet_open(prof, st)
    if st.op == "BEGINROUTES":
        prof.set("beginroutes", Attr(True, st.op, st.op_span))


def _end(prof: Profile, st: Statement) -> None:
    if prof.telnet is not None and st.label == prof.telnet.op:
        telnet_done(prof)


def _finish(prof: Profile) -> None:
    if prof.telnet is not None:
        telnet_done(prof)
    product = _product(prof.markers)
    attrs = dict(prof.coded)
    attrs["name"] = Attr(PurePath(prof.path).name)
    attrs["product"] = default(product)
    attrs["main"] = default(bool(prof.markers & _MAIN_MARKERS))
    attrs["whole"] = default(bool(prof.markers & _WHOLE_MARKERS))
    attrs["telnet"] = default(telnet_server(prof.markers))
    first = prof.pf.statements[0].span if prof.pf.statements else Span(1, 1, 1, 1)
    prof.low.add("tcpip_profile", PurePath(prof.path).name, first, attrs, scope=prof.scope)


def _statement_names() -> set[str]:
    return {k.name for k in kw.top_level().values() if k.form != "end"}


def _product(markers: Sequence[str] | set[str]) -> str | None:
    s = set(markers)
    if s & _ZOS_MARKERS:
        return "zos"
    if s & _VM_MARKERS:
        return "vm"
    return None
