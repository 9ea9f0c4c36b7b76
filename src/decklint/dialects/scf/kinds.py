"""Entity kinds of NonStop SCF and TACL configuration."""

from __future__ import annotations

from decklint.model.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "nsk_process",
        "a NonStop process (SCF ADD/ALTER PROCESS, TACL RUN, INFO/STATUS displays)",
        system="the NonStop system (\\SYS of the names, else the folder)",
        role="tcpip ($ZTCn or a TCPIP program), requester (ADSM/REQ), monitor or application",
        program="the program file",
        primary_cpu="the CPU the (primary) process runs in",
        backup_cpu="the backup process's CPU (None: no backup)",
        priority="the process priority",
        tcpsendspace="TCP/IP process TCPSENDSPACE, bytes",
        tcprecvspace="TCP/IP process TCPRECVSPACE, bytes",
        rfc1323="TCP/IP process RFC1323-ENABLE",
        delayacks="TCP/IP process DELAYACKS",
        delayackstime="TCP/IP process DELAYACKSTIME (x 10 ms)",
        drawn=(("primary_cpu", "CPU"),),
        drawn_order=11,
    ),
    kind(
        "nsk_line",
        "a NonStop LINE (a TLAM or PAM line and the controller it drives)",
        system="the NonStop system",
        qiomode="QIOMODE ON",
        cpu="the CPU of the line's I/O process (and controller)",
        backup_cpu="the backup I/O process's CPU",
        type="line type",
        maxrequestsize="MAXREQUESTSIZE",
        drawn=(("cpu", "CPU"),),
        drawn_order=12,
    ),
    kind(
        "nsk_port",
        "a NonStop LAN PORT ($line.#port)",
        system="the NonStop system",
        line="the LINE the port belongs to",
        dataforwardcount="DATAFORWARDCOUNT: messages queued before delivery",
        dataforwardtime="DATAFORWARDTIME, seconds (or INFINITE)",
        type="port type",
        requestsize="REQUESTSIZE",
        qiomode="QIOMODE coded on the port",
    ),
    kind(
        "nsk_subnet",
        "a NonStop TCP/IP SUBNET",
        system="the NonStop system",
        type="TYPE (ETHERNET, SNAP, LOOPBACK, ...)",
        ipaddress="IPADDRESS",
        subnetmask="SUBNETMASK",
        qio="QIO",
        mtu="MTU",
        device="the LIF or device",
    ),
)
