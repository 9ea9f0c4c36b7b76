"""TCP/IP profile tracing: z/OS ITRACE and PKTTRACE, VM TRACE, MORETRACE and their opposites."""

from __future__ import annotations

from decklint.core.entities import Attr
from decklint.core.ir import Statement
from decklint.core.lowering import default
from decklint.dialects.tcpip.profile import Handler, Profile

_TRACE_ON = {"TRACE", "MORETRACE", "TRACEONLY"}


def _itrace(prof: Profile, st: Statement) -> None:
    state = st.operands[0].text.upper() if st.operands else ""
    if state not in ("ON", "OFF"):
        prof.diag("PRS001", st.op_span or st.span, "ITRACE needs ON or OFF")
        return
    _trace(prof, st, "ITRACE", state == "ON")


def _pkttrace(prof: Profile, st: Statement) -> None:
    ups = [o.text.upper() for o in st.operands]
    _trace(prof, st, "PKTTRACE", "OFF" not in ups)


def _trace(prof: Profile, st: Statement, what: str, on: bool) -> None:
    prof.add(
        "tcpip_trace",
        what,
        st.span,
        {
            "statement": default(what),
            "on": Attr(on, st.op, st.op_span or st.span),
            "index": default(st.index),
        },
    )


def _vm_trace(prof: Profile, st: Statement) -> None:
    _trace(prof, st, st.op, st.op in _TRACE_ON)


HANDLERS: dict[tuple[str, str], Handler] = {
    ("statement", "itrace"): _itrace,
    ("statement", "pkttrace"): _pkttrace,
    ("statement", "trace"): _vm_trace,
    ("statement", "moretrace"): _vm_trace,
    ("statement", "traceonly"): _vm_trace,
    ("statement", "notrace"): _vm_trace,
    ("statement", "lesstrace"): _vm_trace,
}
