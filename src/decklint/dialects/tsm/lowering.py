"""Client options -> model entities: the options file and its server stanzas."""

from __future__ import annotations

from pathlib import PurePath

from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.core.ir import (
    Diagnostic,
    Statement,
)
from decklint.core.lowering import Lowering, default
from decklint.dialects.tsm.reader import _index
from decklint.readers.base import (
    ParsedFile,
    unknown_name,
)

# option -> (lowest, highest) in KB, values beyond are clamped by the client
RANGES = {"TCPWINDOWSIZE": (0, 2048), "TCPBUFFSIZE": (1, 512)}

_FIELDS = {
    "TCPWINDOWSIZE": "tcpwindowsize",
    "TCPBUFFSIZE": "tcpbuffsize",
    "TCPNODELAY": "tcpnodelay",
    "COMMMETHOD": "commmethod",
    "TCPPORT": "tcpport",
    "TCPSERVERADDRESS": "tcpserveraddress",
}


def lower(pf: ParsedFile, low: Lowering) -> None:
    known = set(_index().values())
    fname = PurePath(pf.source.path).name
    stanza: Statement | None = None
    fields: dict[str, Attr] = {}

    def flush(span_from: Statement | None) -> None:
        if span_from is None:
            return
        name = (
            stanza.operands[0].value.text.upper()
            if stanza is not None and stanza.operands
            else fname
        )
        attrs: dict[str, Attr] = {"name": Attr(name), "file": default(fname)}
        for f in _FIELDS.values():
            attrs[f] = fields.get(f, default(None))
        low.add("tsm_options", name, span_from.span, attrs)

    first: Statement | None = None
    for st in pf.statements:
        if st.op == "SERVERNAME":
            flush(stanza or first)
            stanza, fields, first = st, {}, None
            continue
        first = first or st
        if st.op not in known and st.op_span is not None:
            low.diag(unknown_name(st.op_span, f"option {st.op}", known))
            continue
        field = _FIELDS.get(st.op)
        if field is None or not st.operands:
            continue
        v = st.operands[0].value
        n = v.as_int()
        fields[field] = Attr(n if n is not None else v.text.upper(), v.text, v.span)
        rng = RANGES.get(st.op)
        if rng is not None and n is not None and not rng[0] <= n <= rng[1]:
            low.diag(
                Diagnostic(
                    "PRS003",
                    v.span,
                    f"{st.op} {n}: outside {rng[0]}-{rng[1]} KB; the client uses the nearest "
                    "limit instead",
                    Severity.WARNING,
                )
            )
    flush(stanza or first)
