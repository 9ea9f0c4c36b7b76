"""z/OS and VM TCP/IP profiles and their members."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="tcpip",
    module="decklint.dialects.tcpip.spec",
    language="tcpip-profile",
    globs=("PROFILE.TCPIP", "*.PROFILE.TCPIP", "PROFILE TCPIP", "*.tcpip", "*.tcpprof"),
    product="TCP/IP",
    node=NodeRule("named"),
    rank=2,
    syntax=(
        "z/OS Communications Server: IP Configuration Reference",
        "Statement syntax for configuration statements",
    ),
    catalog="tcpip",
    assign=None,
    outline="blocks",
    family=None,
)
