"""Entity kinds of CICS CSD definitions."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "cics_list",
        "a CSD group added to a list (ADD GROUP LIST): a region whose GRPLIST names the list "
        "installs the group",
        group="the group added",
        word="CSD list",
    ),
    kind(
        "connection",
        "a CICS CONNECTION definition",
        group="CSD group",
        netname="NETNAME: the partner's LU name",
        protocol="PROTOCOL",
        accessmethod="ACCESSMETHOD",
        autoconnect="AUTOCONNECT",
        word="CICS CONNECTION",
    ),
    kind(
        "ipconn",
        "a CICS IPCONN definition: an IPIC connection to another region",
        group="CSD group",
        applid="APPLID: the partner region's APPLID (default: the IPCONN's name)",
        host="HOST: the partner's host name or address",
        port="PORT: the partner's TCPIPSERVICE port",
        word="CICS IPCONN",
    ),
    kind(
        "sessions",
        "a CICS SESSIONS definition",
        group="CSD group",
        connection="CONNECTION the sessions belong to",
        modename="MODENAME: the SNA mode of the sessions",
        sendsize="SENDSIZE: largest RU CICS sends, bytes",
        receivesize="RECEIVESIZE: largest RU CICS receives, bytes",
        maximum="MAXIMUM (sessions, contention winners)",
        autoconnect="AUTOCONNECT",
        protocol="PROTOCOL",
        bulk="true when the mode carries bulk data (by name or configuration)",
        word="CICS SESSIONS",
    ),
)
