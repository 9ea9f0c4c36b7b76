"""TCPIP.DATA, resolver setup and FTP.DATA."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="tcpdata",
    module="decklint.dialects.tcpdata.spec",
    language="tcpip-data",
    globs=(
        "TCPIP.DATA",
        "*.TCPIP.DATA",
        "TCPDATA",
        "FTP.DATA",
        "*.FTP.DATA",
        "FTPDATA",
        "FTPSDATA",
        "*.tcpdata",
        "*.ftpdata",
    ),
    product="TCP/IP",
    node=NodeRule("anchor", ("tcpip_stack",), "name", "main"),
    rank=None,
    catalog="tcpdata",
    assign=None,
    outline="flat",
    family="zos",
)
