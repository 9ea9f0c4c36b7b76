"""The tcpdata dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.tcpdata.lowering import lower
from decklint.dialects.tcpdata.reader import parse, sniff

SPEC = DialectSpec(
    name="tcpdata",
    title="TCPIP.DATA, resolver setup files and FTP.DATA",
    globs=GLOBS["tcpdata"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=(";", "#"),
    card_image=False,
    documents=("zos-tcpip",),
)
