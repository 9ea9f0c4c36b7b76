"""Entity kinds of CICS CSD definitions."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
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
