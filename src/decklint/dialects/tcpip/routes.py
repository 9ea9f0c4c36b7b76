"""TCP/IP profile routes: BEGINROUTES ROUTE entries, GATEWAY entries and BSDROUTINGPARMS."""

from __future__ import annotations

from decklint.core.entities import Attr
from decklint.core.ir import Statement, Value
from decklint.core.lowering import default
from decklint.dialects.tcpip.profile import Handler, Profile, attr


def _route_entry(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    ups = [v.text.upper() for v in vals]
    if "MTU" not in ups or ups.index("MTU") < 2:
        prof.diag(
            "PRS001",
            st.span,
            "a ROUTE needs a destination, a first hop, a link and MTU n (or MTU DEFAULTSIZE)",
        )
        return
    m = ups.index("MTU")
    size = vals[m + 1] if m + 1 < len(vals) else None
    opts = set(ups[m + 2 :])
    dack = "NODELAYACKS" if "NODELAYACKS" in opts else "DELAYACKS" if "DELAYACKS" in opts else None
    dack_v = next((v for v in vals[m + 2 :] if v.text.upper() == dack), None)
    _route(
        prof,
        st,
        "ROUTE",
        dest=vals[0],
        mask=vals[1] if m - 2 > 1 else None,
        hop=vals[m - 2],
        link=vals[m - 1],
        size=size,
        delayacks=attr(dack_v, dack) if dack_v else default(None),
    )


def _gateway_entry(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    at = next(
        (
            i
            for i, v in enumerate(vals)
            if i >= 2 and (v.kind == "int" or v.text.upper() == "DEFAULTSIZE")
        ),
        None,
    )
    if at is None or at < 2:
        prof.diag(
            "PRS001",
            st.span,
            "a GATEWAY entry needs a network, a first hop, a link and a packet size",
        )
        return
    _route(prof, st, "GATEWAY", dest=vals[0], hop=vals[at - 2], link=vals[at - 1], size=vals[at])


def _bsdroutingparms(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    if len(vals) < 2:
        prof.diag("PRS001", st.span, "a BSDROUTINGPARMS entry needs a link and an MTU")
        return
    dest = vals[4] if len(vals) > 4 else vals[0]
    _route(prof, st, "BSDROUTINGPARMS", dest=dest, hop=None, link=vals[0], size=vals[1])


def _route(
    prof: Profile,
    st: Statement,
    source: str,
    *,
    dest: Value,
    hop: Value | None,
    link: Value,
    size: Value | None,
    delayacks: Attr | None = None,
    mask: Value | None = None,
) -> None:
    if size is None:
        mtu = default(None)
    elif size.text.upper() == "DEFAULTSIZE":
        mtu = Attr("DEFAULTSIZE", size.text, size.span)
    else:
        mtu = attr(size)
        if size.as_int() is None and not size.text.startswith("&"):
            prof.diag("PRS003", size.span, f"{source} MTU {size.text}: must be a number")
    prof.add(
        "tcpip_route",
        dest.text.upper(),
        st.span,
        {
            "destination": attr(dest, dest.text.upper()),
            "mask": attr(mask, mask.text) if mask is not None else default(None),
            "first_hop": attr(hop, hop.text) if hop is not None else default(None),
            "link": attr(link, link.text.upper()),
            "mtu": mtu,
            "source": default(source),
            "delayacks": delayacks or default(None),
        },
    )
    prof.refer("tcpip_link", link, f"{source} {dest.text}")


HANDLERS: dict[tuple[str, str], Handler] = {
    ("entry", "route"): _route_entry,
    ("entry", "route6"): _route_entry,
    ("entry", "gateway"): _gateway_entry,
    ("entry", "bsdroutingparms"): _bsdroutingparms,
}
