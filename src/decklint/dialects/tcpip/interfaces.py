"""TCP/IP profile devices, links and interfaces, and the addresses on them (HOME, dynamic VIPAs)."""

from __future__ import annotations

import re

from decklint.core.entities import Attr
from decklint.core.ir import Statement, Value
from decklint.core.lowering import default
from decklint.core.source import Span
from decklint.dialects.tcpip.profile import Handler, Profile, attr

_IPV4 = re.compile(r"\d{1,3}(\.\d{1,3}){1,3}(/\d{1,2})?\Z")

# LINK / INTERFACE types -> the medium whose MTU the documents recommend.
MEDIUM = {
    "ETHERNET": "ethernet",
    "802.3": "ethernet",
    "ETHEROR802.3": "ethernet",
    "ETHERNET802.3": "ethernet",
    "IPAQENET": "ethernet",
    "IPAQENET6": "ethernet",
    "QDIOETHERNET": "ethernet",
    "IBMTR": "tokenring",
    "IPAQTR": "tokenring",
    "QDIOTR": "tokenring",
    "FDDI": "fddi",
    "CTC": "ctc",
    "IPAQIDIO": "hipersockets",
    "IPAQIDIO6": "hipersockets",
    "QDIOIP": "hipersockets",
    "IP": "claw",
    "MPCPTP": "mpc",
    "MPCPTP6": "mpc",
    "VIRTUAL": "virtual",
}

# START and STOP name a DEVICE or an INTERFACE (the z/OS form since V1R10 defines an OSA
# with INTERFACE ... DEFINE IPAQENET and starts the interface): both define this name too.
# It is not a unique kind: a DEVICE and an INTERFACE are each checked for duplicates by
# their own kind.
STARTABLE = "tcpip_startable"

_LINK_FLAGS = {"PATHMTU", "NOPATHMTU", "IP", "ETHERNET", "AUTORESTART", "NOAUTORESTART"}
_LINK_VALUED = {"INBPERF", "MTU", "VLANID", "VMAC", "READSTORAGE", "SECCLASS", "PORTNAME"}
_VM_DEVICES = {"OSD", "HIPERS", "PVMIUCV", "ATM"}


def _device(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    if len(vals) < 2:
        prof.diag("PRS001", st.op_span or st.span, "DEVICE needs a name and a device type")
        return
    name, typ = vals[0], vals[1].text.upper()
    if typ in _VM_DEVICES:
        prof.markers.add("VM")  # a VM-only device type: the file is a VM profile
    attrs: dict[str, Attr] = {
        "name": Attr(name.text.upper(), name.text, name.span),
        "type": attr(vals[1], typ),
        "devnum": default(None),
    }
    rest = vals[2:]
    if typ == "CLAW":
        attrs.update(_claw(rest))
    elif rest and typ not in ("MPCIPA", "MPCPTP", "MPCPTP6"):
        attrs["devnum"] = attr(rest[0], rest[0].text.upper())
    for i, v in enumerate(rest):
        if v.text.upper() == "IOBUFFERSIZE" and i + 1 < len(rest):
            attrs["iobuffersize"] = attr(rest[i + 1])
        if v.text.upper() in ("PRIROUTER", "SECROUTER", "NONROUTER"):
            attrs["router"] = attr(v, v.text.upper())
    prof.add("tcpip_device", name.text.upper(), st.span, attrs)
    prof.define("tcpip_device", name.text, name.span)
    prof.define(STARTABLE, name.text, name.span)


def _link(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    if len(vals) < 2:
        prof.diag("PRS001", st.op_span or st.span, "LINK needs a name and a link type")
        return
    name, typ = vals[0], vals[1].text.upper()
    if typ.startswith("QDIO"):
        prof.markers.add("VM")  # a VM-only link type: the file is a VM profile
    attrs = {
        "name": Attr(name.text.upper(), name.text, name.span),
        "type": attr(vals[1], typ),
        "medium": default(MEDIUM.get(typ, "other")),
        "statement": default("LINK"),
    }
    dev: Value | None = None
    skip = False
    for i, v in enumerate(vals[2:], 2):
        up = v.text.upper()
        if skip:
            skip = False
            continue
        if up in _LINK_VALUED and i + 1 < len(vals):
            attrs[up.lower()] = attr(vals[i + 1])
            skip = True
        elif up in _LINK_FLAGS or v.kind == "int" or up.startswith("ETHER"):
            continue
        elif dev is None:
            dev = v
    attrs["device"] = attr(dev, dev.text.upper()) if dev is not None else default(None)
    prof.add("tcpip_link", name.text.upper(), st.span, attrs)
    prof.define("tcpip_link", name.text, name.span)
    prof.refer("tcpip_device", dev, f"device of LINK {name.text.upper()}")


def _interface(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    if not vals:
        prof.diag("PRS001", st.op_span or st.span, "INTERFACE needs a name")
        return
    name = vals[0]
    ups = [v.text.upper() for v in vals]
    typ = vals[2] if len(vals) > 2 and ups[1] == "DEFINE" else None
    attrs = {
        "name": Attr(name.text.upper(), name.text, name.span),
        "type": attr(typ, typ.text.upper()) if typ else default(None),
        "medium": default(MEDIUM.get(typ.text.upper(), "other") if typ else "other"),
        "statement": default("INTERFACE"),
    }
    for i, up in enumerate(ups[:-1]):
        if up in ("MTU", "INBPERF", "PORTNAME", "IPADDR", "CHPID", "DEVNUM"):
            attrs[up.lower()] = attr(vals[i + 1])
    if "devnum" in attrs:
        # An IPAQENET with DEVNUM is a Network Express port, started as an EQENET on an IBM z17:
        # not the OSA whose media sizes and limits the documents give.
        attrs["medium"] = default("other")
    prof.add("tcpip_link", name.text.upper(), st.span, attrs)
    if typ is not None:
        prof.define("tcpip_link", name.text, name.span)
        prof.define(STARTABLE, name.text, name.span)
        if "IPADDR" in ups:
            a = vals[ups.index("IPADDR") + 1] if ups.index("IPADDR") + 1 < len(vals) else None
            if a is not None:
                home(prof, a.text.split("/")[0], a.span, name)


def _start_stop(prof: Profile, st: Statement) -> None:
    if st.operands:
        prof.refer(STARTABLE, st.operands[0].value, f"{st.op} {st.operands[0].text}")


def _primaryinterface(prof: Profile, st: Statement) -> None:
    if st.operands:
        prof.refer("tcpip_link", st.operands[0].value, "PRIMARYINTERFACE")


def _home_entry(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    if len(vals) < 2:
        prof.diag("PRS001", st.span, "a HOME entry needs an address and a link name")
        return
    home(prof, vals[0].text, vals[0].span, vals[-1])


def home(prof: Profile, address: str, span: Span, link: Value) -> None:
    prof.add(
        "tcpip_home",
        address,
        span,
        {"link": attr(link, link.text.upper()), "address": Attr(address, address, span)},
    )
    prof.refer("tcpip_link", link, f"HOME {address}")


def _dvipa(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    addrs = [v for v in vals if _IPV4.match(v.text)]
    if st.op in ("VIPADEFINE", "VIPARANGE") and addrs and "/" not in addrs[0].text:
        addrs = addrs[1:]  # the first address is the mask
    count = len(addrs) if st.op in ("VIPADEFINE", "VIPABACKUP") else 0
    for a in addrs:
        prof.add(
            "tcpip_dvipa",
            a.text.split("/")[0],
            a.span,
            {"statement": default(st.op), "counted": default(count > 0)},
        )


def _claw(rest: list[Value]) -> dict[str, Attr]:
    ups = [v.text.upper() for v in rest]
    at = next((i for i, u in enumerate(ups) if u in ("NONE", "PACKED")), None)
    if at is None:
        return {"packing": default(None)}
    nums = rest[at + 1 :]
    out = {
        "packing": attr(rest[at], ups[at]),
        "devnum": attr(rest[0], ups[0]) if at >= 3 else default(None),
        "host": attr(rest[at - 2], ups[at - 2]) if at >= 2 else default(None),
        "workstation": attr(rest[at - 1], ups[at - 1]) if at >= 1 else default(None),
        "read_buffers": attr(nums[0])
        if len(nums) > 0 and nums[0].as_int() is not None
        else default(None),
        "write_buffers": attr(nums[1])
        if len(nums) > 1 and nums[1].as_int() is not None
        else default(None),
        "read_size": attr(nums[2])
        if len(nums) > 2 and nums[2].as_int() is not None
        else default(None),
        "write_size": attr(nums[3])
        if len(nums) > 3 and nums[3].as_int() is not None
        else default(None),
    }
    return out


HANDLERS: dict[tuple[str, str], Handler] = {
    ("statement", "device"): _device,
    ("statement", "link"): _link,
    ("statement", "interface"): _interface,
    ("statement", "start"): _start_stop,
    ("statement", "stop"): _start_stop,
    ("statement", "primaryinterface"): _primaryinterface,
    ("entry", "home"): _home_entry,
    ("entry", "vipadefine"): _dvipa,
    ("entry", "vipabackup"): _dvipa,
    ("entry", "viparange"): _dvipa,
}
