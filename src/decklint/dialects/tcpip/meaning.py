"""What a profile makes the stack do with its IPv4 interfaces and static routes, read from
its statements: the yardstick of the conversions (`conversions.py`), which are offered only
where the converted profile, parsed again, means the same.

An interface is the same whether a DEVICE, a LINK and a HOME entry define it or one
INTERFACE statement does: its name (the LINK's), its type (IPAQENET, IPAQIDIO; on an IBM z17
an IPAQENET with DEVNUM is started as the EQENET it names), where it attaches (the TRLE port
name, the HiperSockets CHPID, the Network Express device number), its address and prefix
length, its router role, its source VIPA, and the other parameters it codes. The prefix
length of a LINK is its BSDROUTINGPARMS subnet mask, else that of a direct route over it that
holds its address (the stack fills a link's mask in from BEGINROUTES so: IP Configuration
Reference, BSDROUTINGPARMS statement). Routes are compared as the stack holds them: a GATEWAY
entry is read as the route it makes (its network's class mask widened by its subnet mask),
`DEFAULTNET` as `DEFAULT`. The primary interface (PRIMARYINTERFACE, else the first HOME
entry's, else the first IPv4 INTERFACE) and what START and STOP name are compared too.

Read as IBM documents the conversion (IP Configuration Guide, "Use the INTERFACE statement
to configure IPv4 definitions for OSA-Express QDIO" and "... for HiperSockets"): a link's
BSDROUTINGPARMS MTU is not an interface attribute (IBM's HiperSockets example leaves it
behind; the routes over the link carry their MTU), and NOAUTORESTART is the default.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from decklint.core.ir import Statement

IPV4_INTERFACES = ("IPAQENET", "IPAQIDIO", "EQENET", "VIRTUAL", "MPCPTP")
# The INTERFACE types whose definition a conversion compares (IPv4 and IPv6).
COMPARED = ("IPAQENET", "IPAQIDIO", "EQENET", "IPAQENET6", "EQENET6")
# Parameters that take a value word after them (INBPERF DYNAMIC, VLANID 702, ...); the rest
# of an interface's words are flags. WORKLOADQ follows INBPERF DYNAMIC.
VALUED = frozenset(
    {
        "INBPERF",
        "VLANID",
        "READSTORAGE",
        "SECCLASS",
        "MTU",
        "PORTNAME",
        "CHPID",
        "CHPIDTYPE",
        "DEVNUM",
        "IPADDR",
        "SOURCEVIPAINTERFACE",
        "SOURCEVIPAINT",
        "VMAC",
        "PFID",
        "SMCRIPADDR",
        "SMCRMTU",
        "INTFID",
    }
)
ROUTERS = ("PRIROUTER", "SECROUTER", "NONROUTER")
# The parameters of an IPAQENET that an EQENET does not take (IBM Washington Systems Center,
# z/OS Communications Server use of Network Express Feature, EQENET and EQENET6 Parameters):
# on an IBM z17 a temporary IPAQENET with DEVNUM is started as an EQENET without them.
IPAQENET_ONLY = frozenset(
    {
        "PORTNAME",
        "CHPIDTYPE",
        "CHPID",
        "PRIROUTER",
        "SECROUTER",
        "NONROUTER",
        "INBPERF",
        "READSTORAGE",
        "DYNVLANREG",
        "NODYNVLANREG",
        "OLM",
        "NOOLM",
        "WORKLOADQ",
        "NOWORKLOADQ",
    }
)


class Interface(NamedTuple):
    name: str
    type: str
    port: str  # PORTNAME, CHPID xx or DEVNUM xxxx
    address: str
    prefix: int | None
    router: str
    vipa: str  # its source VIPA where IPCONFIG SOURCEVIPA is coded, else ''
    options: frozenset[tuple[str, ...]]


class Route(NamedTuple):
    destination: str  # 'a.b.c.d/n', or 'DEFAULT'
    hop: str
    link: str
    mtu: str
    options: frozenset[str]


class Meaning(NamedTuple):
    interfaces: frozenset[Interface]
    routes: tuple[Route, ...]  # sorted: the order of static routes is no part of the table
    started: frozenset[str]
    stopped: frozenset[str]
    primary: str
    others: tuple[tuple[str, str], ...]  # HOME entries of links not converted, in order


class Reading(NamedTuple):
    """A profile's statements sorted by what they define, each with where it is."""

    devices: dict[str, Statement]
    links: dict[str, Statement]
    interfaces: dict[str, Statement]
    homes: list[Statement]  # HOME entries, in order
    bsd: dict[str, Statement]  # BSDROUTINGPARMS entries by link
    routes: list[Statement]  # ROUTE entries of BEGINROUTES
    gateways: list[Statement]  # GATEWAY entries
    starts: list[Statement]
    stops: list[Statement]
    primary: Statement | None
    sourcevipa: bool


def read(statements: Iterable[Statement]) -> Reading:
    r = Reading({}, {}, {}, [], {}, [], [], [], [], None, False)
    for st in statements:
        words = [o.value.text.upper() for o in st.operands]
        if st.op == "DEVICE" and words:
            r.devices.setdefault(words[0], st)
        elif st.op == "LINK" and words:
            r.links.setdefault(words[0], st)
        elif st.op == "INTERFACE" and len(words) > 1 and words[1] == "DEFINE":
            r.interfaces.setdefault(words[0], st)
        elif st.op == "HOME" and st.label == "HOME" and words:
            r.homes.append(st)
        elif st.op == "BSDROUTINGPARMS" and st.label == "BSDROUTINGPARMS" and words:
            r.bsd.setdefault(words[0], st)
        elif st.op == "ROUTE" and st.label == "BEGINROUTES":
            r.routes.append(st)
        elif st.op == "GATEWAY" and st.label == "GATEWAY" and words:
            r.gateways.append(st)
        elif st.op == "START":
            r.starts.append(st)
        elif st.op == "STOP":
            r.stops.append(st)
        elif st.op == "PRIMARYINTERFACE" and words:
            r = r._replace(primary=st)
        elif st.op == "IPCONFIG" and "SOURCEVIPA" in words:
            r = r._replace(sourcevipa=True)
        elif st.op == "IPCONFIG" and "NOSOURCEVIPA" in words:
            r = r._replace(sourcevipa=False)
    return r


def meaning(statements: Sequence[Statement], z17: bool = False) -> Meaning:
    """What the statements of one profile make the stack do (`z17`: an IPAQENET with DEVNUM
    read as the EQENET an IBM z17 starts it as)."""
    r = read(statements)
    routes = tuple(sorted(_routes(r)))
    interfaces: set[Interface] = set()
    home_order = [(_w(h, 0), _w(h, 1)) for h in r.homes]
    vipas = {name for name, st in r.links.items() if _w(st, 1) == "VIRTUAL"}
    vipas |= {name for name, st in r.interfaces.items() if _w(st, 2) == "VIRTUAL"}
    converted: set[str] = set()
    for name, link in r.links.items():
        ltype = _w(link, 1)
        if ltype not in ("IPAQENET", "IPAQIDIO"):
            continue
        device = r.devices.get(_w(link, 2))
        if device is None:
            continue
        address = next((a for a, n in home_order if n == name), "")
        port = _w(link, 2) if ltype == "IPAQENET" else f"CHPID {_w(link, 2)[-2:]}"
        dwords = _words(device)[2:]
        router = next((w for w in dwords if w in ROUTERS), "NONROUTER")
        extra = [w for w in dwords if w not in ROUTERS and w != "NOAUTORESTART"]
        options = _options(_words(link)[3:]) | {(w,) for w in extra}
        vipa = _vipa_before(home_order, name, vipas) if r.sourcevipa else ""
        interfaces.add(
            Interface(
                name,
                ltype,
                port,
                address,
                _prefix(r, name, address),
                router,
                vipa,
                frozenset(options),
            )
        )
        converted.add(name)
    for name, st in r.interfaces.items():
        itype = _w(st, 2)
        if itype not in COMPARED:
            continue
        words = _words(st)[3:]
        if z17 and itype in ("IPAQENET", "IPAQENET6") and "DEVNUM" in words:
            itype, words = itype.replace("IPAQ", "EQ"), _without(words, IPAQENET_ONLY)
        opts = _options(words)
        values = {o[0]: o[1:] for o in opts}
        address, _, bits = " ".join(values.pop("IPADDR", ("",))).partition("/")
        if itype in ("IPAQENET", "IPAQENET6"):
            port = " ".join(values.pop("PORTNAME", ("",)))
        elif itype == "IPAQIDIO":
            port = "CHPID " + " ".join(values.pop("CHPID", ("",)))
        else:
            port = "DEVNUM " + " ".join(values.pop("DEVNUM", ("",)))
        router = next((w for w in ROUTERS if (w,) in opts), "NONROUTER")
        sv = values.pop("SOURCEVIPAINTERFACE", None) or values.pop("SOURCEVIPAINT", None)
        vipa = sv[0] if sv and r.sourcevipa else ""
        rest = frozenset(
            o
            for o in opts
            if o[0]
            not in (
                "IPADDR",
                "PORTNAME",
                "CHPID",
                "DEVNUM",
                "SOURCEVIPAINTERFACE",
                "SOURCEVIPAINT",
                *ROUTERS,
            )
        )
        interfaces.add(
            Interface(
                name,
                itype,
                port,
                address,
                int(bits) if bits.isdigit() else None,
                router,
                vipa,
                rest,
            )
        )
    started: set[str] = set()
    stopped: set[str] = set()
    for st in r.starts:
        started |= _names(r, _w(st, 0))
    for st in r.stops:
        stopped |= _names(r, _w(st, 0))
    others = tuple((a, n) for a, n in home_order if n not in converted)
    return Meaning(
        frozenset(interfaces),
        routes,
        frozenset(started),
        frozenset(stopped),
        _primary(r, home_order),
        others,
    )


def _names(r: Reading, name: str) -> set[str]:
    """What START or STOP of a name starts: a device's links, or the interface itself."""
    links = {n for n, st in r.links.items() if _w(st, 2) == name}
    return links or {name}


def _primary(r: Reading, homes: list[tuple[str, str]]) -> str:
    if r.primary is not None:
        return _w(r.primary, 0)
    if homes:
        return homes[0][1]
    for name, st in r.interfaces.items():
        if _w(st, 2) in IPV4_INTERFACES:
            return name
    return ""


def _vipa_before(homes: list[tuple[str, str]], name: str, vipas: set[str]) -> str:
    """The static VIPA a DEVICE/LINK interface takes as its source with IPCONFIG SOURCEVIPA:
    the VIPA HOME entry nearest before its own."""
    found = ""
    for _a, n in homes:
        if n == name:
            return found
        if n in vipas:
            found = n
    return ""


def _prefix(r: Reading, link: str, address: str) -> int | None:
    bsd = r.bsd.get(link)
    if bsd is not None and len(bsd.operands) > 3:
        bits = mask_bits(_w(bsd, 3))
        if bits:
            return bits
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return None
    for route in _routes(r):
        if route.link != link or route.hop != "=" or route.destination == "DEFAULT":
            continue
        net = ipaddress.IPv4Network(route.destination, strict=False)
        if ip in net and net.prefixlen < 32:
            return net.prefixlen
    return None


def mask_bits(text: str) -> int | None:
    """The prefix length of a contiguous dotted mask ('255.255.255.0' is 24); None else."""
    try:
        n = int(ipaddress.IPv4Address(text))
    except ValueError:
        return None
    bits = bin(n)[2:].zfill(32)
    if "01" in bits:
        return None  # not contiguous
    return bits.index("0") if "0" in bits else 32


# --------------------------------------------------------------------------- routes


def _routes(r: Reading) -> list[Route]:
    out = [rt for st in r.routes if (rt := route(st)) is not None]
    out += [rt for st in r.gateways if (rt := gateway_route(st)) is not None]
    return out


def route(st: Statement) -> Route | None:
    """A BEGINROUTES ROUTE entry as the route it makes; None when it does not read as one."""
    words = _words(st)
    if "MTU" not in words:
        return None
    m = words.index("MTU")
    if m < 3 or m + 1 >= len(words):
        return None
    dest, hop, link = words[0], words[m - 2], words[m - 1]
    mask = words[1] if m - 2 > 1 else ""
    if dest == "DEFAULT":
        destination = "DEFAULT"
    else:
        try:
            if mask == "HOST":
                net = ipaddress.IPv4Network(f"{dest}/32")
            elif mask:
                bits = mask_bits(mask)
                if bits is None:
                    return None
                net = ipaddress.IPv4Network(f"{dest}/{bits}", strict=False)
            else:
                net = ipaddress.IPv4Network(dest, strict=False)
        except ValueError:
            return None
        destination = str(net)
    return Route(destination, hop, link, words[m + 1], frozenset(_route_options(words[m + 2 :])))


def _route_options(words: list[str]) -> list[str]:
    return [("REPLACEABLE" if w in ("REPL", "REPLACEABLE") else w) for w in words]


def gateway_route(st: Statement) -> Route | None:
    """A GATEWAY entry as the route it makes; None when decklint cannot read it for sure."""
    got = gateway_entry(st)
    return got if isinstance(got, Route) else None


def gateway_entry(st: Statement) -> Route | str:
    """A GATEWAY entry (`network first_hop link packet_size [subnet_mask subnet_value | HOST
    | 0] [options]`) as the route it makes, or why it cannot be read for sure. The network
    may be written short ('172.19'); its class gives its mask, which the subnet mask widens,
    and the subnet value completes the destination."""
    words = _words(st)
    if len(words) < 4:
        return "it has no network, first hop, link and packet size"
    network, hop, link, size = words[:4]
    rest = words[4:]
    if network == "DEFAULTNET":
        if hop == "=":
            return "a DEFAULTNET entry with '=' as its first hop has no BEGINROUTES form"
        if rest and rest[0] == "0":
            rest = rest[1:]
        return Route("DEFAULT", hop, link, size, frozenset(_route_options(rest)))
    octets = network.split(".")
    if not all(o.isdigit() for o in octets) or not 1 <= len(octets) <= 4:
        return f"its network {network} is not an IPv4 address"
    try:
        base = int(ipaddress.IPv4Address(".".join([*octets, *["0"] * (4 - len(octets))])))
    except ValueError:
        return f"its network {network} is not an IPv4 address"
    if rest and rest[0] == "HOST":
        return Route(
            f"{ipaddress.IPv4Address(base)}/32",
            hop,
            link,
            size,
            frozenset(_route_options(rest[1:])),
        )
    first = base >> 24
    if first < 128:
        cls = 8
    elif first < 192:
        cls = 16
    elif first < 224:
        cls = 24
    else:
        return f"{network} is no class A, B or C network"
    mask = (0xFFFFFFFF << (32 - cls)) & 0xFFFFFFFF
    value = 0
    if rest and rest[0] == "0":
        rest = rest[1:]
    elif rest and re.fullmatch(r"[0-9.]+", rest[0]):
        if len(rest) < 2 or not re.fullmatch(r"[0-9.]+", rest[1]):
            return "its subnet mask has no subnet value after it"
        try:
            mask |= int(ipaddress.IPv4Address(rest[0]))
            value = int(ipaddress.IPv4Address(rest[1]))
        except ValueError:
            return "its subnet mask or value is not a dotted address"
        rest = rest[2:]
    bits = mask_bits(str(ipaddress.IPv4Address(mask)))
    if bits is None:
        return "its mask is not contiguous"
    dest = base | value
    if dest & ~mask & 0xFFFFFFFF:
        return f"{network} and its subnet value set bits outside the mask"
    return Route(
        f"{ipaddress.IPv4Address(dest)}/{bits}", hop, link, size, frozenset(_route_options(rest))
    )


# --------------------------------------------------------------------------- helpers


def _words(st: Statement) -> list[str]:
    return [o.value.text.upper() for o in st.operands]


def _w(st: Statement, i: int) -> str:
    return st.operands[i].value.text.upper() if i < len(st.operands) else ""


def _options(words: Sequence[str]) -> set[tuple[str, ...]]:
    """An interface's parameter words as (keyword, its values...): INBPERF DYNAMIC
    WORKLOADQ is one, VLANID 702 one, IPBCAST one."""
    out: set[tuple[str, ...]] = set()
    i = 0
    while i < len(words):
        w = words[i]
        if w in VALUED and i + 1 < len(words):
            take = [words[i + 1]]
            i += 2
            if w == "INBPERF" and i < len(words) and words[i] in ("WORKLOADQ", "NOWORKLOADQ"):
                take.append(words[i])
                i += 1
            if w == "VMAC" and i < len(words) and words[i] in ("ROUTEALL", "ROUTELCL"):
                take.append(words[i])
                i += 1
            out.add((w, *take))
            continue
        out.add((w,))
        i += 1
    return out


def _without(words: Sequence[str], drop: frozenset[str]) -> list[str]:
    """The words of an interface without the parameters in `drop` (and their values)."""
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in drop:
            i += 2 if w in VALUED and i + 1 < len(words) else 1
            if w == "INBPERF" and i < len(words) and words[i] in ("WORKLOADQ", "NOWORKLOADQ"):
                i += 1
            continue
        out.append(w)
        i += 1
    return out
