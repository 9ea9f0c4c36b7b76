"""Entity kinds of ADSM/TSM client options."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "tsm_options",
        "ADSM/TSM client options: a dsm.sys server stanza or a dsm.opt file",
        file="the options file",
        tcpwindowsize="TCPWINDOWSIZE, KB",
        tcpbuffsize="TCPBUFFSIZE, KB",
        tcpnodelay="TCPNODELAY",
        commmethod="COMMMETHOD",
        tcpport="TCPPORT",
        tcpserveraddress="TCPSERVERADDRESS",
    ),
)
