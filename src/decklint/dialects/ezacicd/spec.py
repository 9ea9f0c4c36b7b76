"""The ezacicd dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.ezacicd.lowering import lower
from decklint.dialects.ezacicd.reader import card_reading, parse, sniff

SPEC = DialectSpec(
    name="ezacicd",
    title="CICS Sockets configuration macros (EZACICD)",
    globs=GLOBS["ezacicd"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*",),
    card_image=True,
    card_reading=card_reading,
    documents=("zos-tcpip",),
)
