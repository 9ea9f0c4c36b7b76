"""TCP/IP profile stack settings: TCPCONFIG, UDPCONFIG, IPCONFIG, GLOBALCONFIG, SOMAXCONN,
GATEWAY, ASSORTEDPARMS and the VM storage pools."""

from __future__ import annotations

import re

from decklint.core.entities import Attr
from decklint.core.ir import Statement, Value
from decklint.core.lowering import default
from decklint.core.source import Span
from decklint.dialects.tcpip import keywords as kw
from decklint.dialects.tcpip.profile import Handler, Profile, attr

_VALUE = re.compile(r"[0-9&'.]|[0-9]+[KM]\Z")


def _keywords(prof: Profile, st: Statement) -> dict[str, tuple[kw.Param, list[Value], Span]]:
    """KEYWORD value... parameters of TCPCONFIG and its kind, by canonical name."""
    table = kw.params(st.op)
    out: dict[str, tuple[kw.Param, list[Value], Span]] = {}
    vals = [o.value for o in st.operands]
    i = 0
    while i < len(vals):
        v = vals[i]
        p = table.get(v.text.upper())
        if p is None:
            prof.unknown(v.span, f"{st.op} parameter {v.text.upper()}", kw.canonical_params(st.op))
            i += 1
            while i < len(vals) and _VALUE.match(vals[i].text):
                i += 1  # its values
            continue
        i += 1
        got: list[Value] = []
        want = {"flag": 0, "int": 1, "size": 1, "word": 1, "int2": 2}.get(p.kind)
        while i < len(vals) and (want is None or len(got) < want):
            if vals[i].text.upper() in table:
                break
            got.append(vals[i])
            i += 1
        if want and len(got) < want:
            prof.diag(
                "PRS001",
                v.span,
                f"{st.op} {p.name} needs {want} value{'s' if want > 1 else ''}",
            )
        for g in got:
            _range(prof, st.op, p, g)
        out[p.name] = (p, got, v.span)
    return out


def _range(prof: Profile, op: str, p: kw.Param, v: Value) -> None:
    if p.kind in ("int", "int2", "size") and not v.text.startswith("&"):
        n = v.as_int()
        if n is None:
            prof.diag(
                "PRS003",
                v.span,
                f"{op} {p.name} {v.text}: must be a "
                + ("size (n, nK or nM)" if p.kind == "size" else "whole number"),
            )
        elif p.lo is not None and p.hi is not None and not p.lo <= n <= p.hi:
            prof.diag("PRS003", v.span, f"{op} {p.name} {v.text}: outside the range {p.lo}-{p.hi}")


def _tcpconfig(prof: Profile, st: Statement) -> None:
    for name, (p, vals, span) in _keywords(prof, st).items():
        if name in ("DELAYACKS", "NODELAYACKS", "AUTODELAYACKS"):
            prof.set("delayacks", Attr(name, name, span))
        elif name in ("TCPTIMESTAMP", "NOTCPTIMESTAMP"):
            prof.set("tcptimestamp", Attr(name == "TCPTIMESTAMP", name, span))
        elif name in ("FINWAIT2TIME", "FINWAIT2"):
            if vals:
                prof.set("finwait2time", attr(vals[0]))
        elif p.kind == "flag":
            prof.set(name.lower(), Attr(True, name, span))
        elif vals:
            prof.set(name.lower(), attr(vals[0]))


def _udpconfig(prof: Profile, st: Statement) -> None:
    for name, (_p, vals, span) in _keywords(prof, st).items():
        if name in ("UDPQUEUELIMIT", "NOUDPQUEUELIMIT"):
            prof.set("udpqueuelimit", Attr(name == "UDPQUEUELIMIT", name, span))
        elif vals:
            prof.set(name.lower(), attr(vals[0]))


def _ipconfig(prof: Profile, st: Statement) -> None:
    for name, (_p, _vals, span) in _keywords(prof, st).items():
        if name in ("PATHMTUDISCOVERY", "NOPATHMTUDISCOVERY"):
            prof.set("pathmtudiscovery", Attr(name == "PATHMTUDISCOVERY", name, span))


def _ipconfig6(prof: Profile, st: Statement) -> None:
    _keywords(prof, st)


def _globalconfig(prof: Profile, st: Statement) -> None:
    for name, (_p, vals, _span) in _keywords(prof, st).items():
        if name in ("ECSALIMIT", "POOLLIMIT") and vals:
            prof.set(name.lower(), attr(vals[0]))


def _somaxconn(prof: Profile, st: Statement) -> None:
    v = st.operands[0].value if st.operands else None
    if v is None:
        prof.diag("PRS001", st.op_span or st.span, "SOMAXCONN needs a number")
        return
    lo, hi = kw.RANGES["SOMAXCONN"]
    n = v.as_int()
    if n is None and not v.text.startswith("&"):
        prof.diag("PRS003", v.span, f"SOMAXCONN {v.text}: must be a whole number")
    elif n is not None and not lo <= n <= hi:
        prof.diag("PRS003", v.span, f"SOMAXCONN {v.text}: outside the range {lo}-{hi}")
    prof.set("somaxconn", attr(v))


def _gateway(prof: Profile, st: Statement) -> None:
    if "gateway" not in prof.coded:
        prof.set("gateway", Attr(True, st.op, st.op_span))


def _assortedparms_block(prof: Profile, st: Statement) -> None:
    _assortedparms(prof, st)  # ASSORTEDPARMS NORFC1323 ENDASSORTEDPARMS on one line


def _assortedparms(prof: Profile, st: Statement) -> None:
    for o in st.operands:
        if o.text.upper() == "NORFC1323":
            prof.set("rfc1323", Attr(False, o.text, o.span))


def pool(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    if not vals:
        prof.diag("PRS001", st.op_span or st.span, f"{st.op} needs a count")
        return
    for v in vals[:2]:
        if v.as_int() is None and not v.text.startswith("&"):
            prof.diag("PRS003", v.span, f"{st.op} {v.text}: must be a whole number")
    prof.add(
        "tcpip_pool",
        st.op,
        st.span,
        {
            "count": attr(vals[0]),
            "size": attr(vals[1]) if len(vals) > 1 else default(None),
        },
    )


HANDLERS: dict[tuple[str, str], Handler] = {
    ("statement", "tcpconfig"): _tcpconfig,
    ("statement", "udpconfig"): _udpconfig,
    ("statement", "ipconfig"): _ipconfig,
    ("statement", "ipconfig6"): _ipconfig6,
    ("statement", "globalconfig"): _globalconfig,
    ("statement", "somaxconn"): _somaxconn,
    ("statement", "gateway"): _gateway,
    ("block", "assortedparms"): _assortedparms_block,
    ("entry", "assortedparms"): _assortedparms,
}
