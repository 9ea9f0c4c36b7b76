"""TCP/IP profile Telnet parameter blocks (TELNETPARMS, TELNETGLOBALS, PARMSGROUP,
INTERNALCLIENTPARMS) and the timers and ports they code."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from decklint.core.entities import Attr
from decklint.core.ir import Statement, small_int
from decklint.core.lowering import default
from decklint.dialects.tcpip import keywords as kw
from decklint.dialects.tcpip.profile import Profile, attr, flag

TELNET_BLOCKS = {"TELNETPARMS", "TELNETGLOBALS", "PARMSGROUP", "INTERNALCLIENTPARMS"}
# The statements of a TN3270E server profile: the server runs in its own address space (z/OS
# V1R9 on; the stack's own Telnet, INTERNALCLIENTPARMS, was withdrawn in V1R11) and reads a
# profile of these blocks and the members it INCLUDEs, no statement of a stack (IP
# Configuration Reference, "TN3270E Telnet server configuration data set").
TELNET_SERVER = frozenset({"TELNETGLOBALS", "TELNETPARMS", "BEGINVTAM", "PARMSGROUP"})


def parameter_blocks(stmts: Iterable[Statement]) -> Iterator[tuple[Statement, list[Statement]]]:
    """Each Telnet parameter block (TELNETPARMS, TELNETGLOBALS, ...): its opening statement and
    the statements coded directly in it (a block nested in it, ENCRYPTION, by its opening
    statement only: the parser labels a block's statements with the block's name)."""
    opener: Statement | None = None
    body: list[Statement] = []
    for st in stmts:
        if st.op in TELNET_BLOCKS and not st.label:
            if opener is not None:
                yield opener, body
            opener, body = st, []
        elif opener is not None and st.label == opener.op:
            body.append(st)
    if opener is not None:
        yield opener, body


def telnet_server(markers: set[str]) -> bool:
    """Whether statements (a profile's top-level ones) are a TN3270E server profile's: its
    blocks, and INCLUDEs, and nothing a stack codes."""
    return bool(markers & TELNET_SERVER) and markers <= TELNET_SERVER | {"INCLUDE"}


def telnet_open(prof: Profile, st: Statement) -> None:
    """A Telnet block starts: its timers and ports are collected until its end."""
    prof.telnet, prof.telnet_fields, prof.telnet_ports = st, {}, []


def telnet_entry(prof: Profile, st: Statement) -> None:
    if prof.telnet is None:
        return
    v = st.operands[0].value if st.operands else None
    if st.op in kw.TELNET_RANGES:
        if v is None:
            prof.diag("PRS001", st.op_span or st.span, f"{st.op} needs a number of seconds")
            return
        n = v.as_int()
        lo, hi = kw.TELNET_RANGES[st.op]
        if n is None and not v.text.startswith("&"):
            prof.diag("PRS003", v.span, f"{st.op} {v.text}: must be a whole number")
        elif n is not None and not lo <= n <= hi:
            prof.diag("PRS003", v.span, f"{st.op} {v.text}: outside the range {lo}-{hi}")
        prof.telnet_fields[st.op.lower()] = attr(v)
    elif st.op == "DISABLESGA":
        prof.telnet_fields["disablesga"] = flag(st.op_span)
    elif st.op in ("PORT", "SECUREPORT", "TTLSPORT"):
        prof.telnet_ports.extend(o.value for o in st.operands)
    elif st.op == "TCPIPJOBNAME" and v is not None:
        prof.telnet_fields["tcpipjobname"] = attr(v, v.text.upper())


def telnet_done(prof: Profile) -> None:
    st = prof.telnet
    if st is None:
        return
    numbers = (small_int(p.text.split(",")[0]) for p in prof.telnet_ports)
    ports = tuple(n for n in numbers if n is not None)
    attrs = {
        "block": default(st.op),
        "ports": Attr(ports, None, prof.telnet_ports[0].span) if ports else default(()),
        "timemark": prof.telnet_fields.get("timemark", default(None)),
        "scaninterval": prof.telnet_fields.get("scaninterval", default(None)),
        "inactive": prof.telnet_fields.get("inactive", default(None)),
        "disablesga": prof.telnet_fields.get("disablesga", default(False)),
        "tcpipjobname": prof.telnet_fields.get("tcpipjobname", default(None)),
    }
    name = st.op + (" " + ",".join(map(str, ports)) if ports else "")
    prof.add("telnet_params", name, st.op_span or st.span, attrs)
    prof.telnet = None


# The BEGINVTAM blocks whose entries are LU names a TN3270E server assigns to its clients:
# each must be defined to VTAM as an application (IP Configuration Guide, "Defining LUs").
LU_BLOCKS = frozenset({"DEFAULTLUS", "LUGROUP", "DEFAULTPRT", "PRTGROUP", "DEFAULTLUSSPEC"})


def telnet_lus(prof: Profile, st: Statement) -> None:
    """The LU names of a DEFAULTLUS or LUGROUP entry: a name, or a range FIRST..LAST."""
    for o in st.operands:
        text = o.value.text.upper()
        first, sep, last = text.partition("..")
        attrs = {
            "name": Attr(text, o.value.text, o.value.span),
            "block": default(st.label),
            "first": default(first),
            "last": default(last if sep else first),
        }
        prof.add("telnet_lus", text, o.value.span, attrs)
