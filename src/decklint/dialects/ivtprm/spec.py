"""The ivtprm dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.ivtprm.lowering import lower
from decklint.dialects.ivtprm.reader import parse, sniff

SPEC = DialectSpec(
    name="ivtprm",
    title="IVTPRM00: Communications Storage Manager limits (SYS1.PARMLIB)",
    globs=GLOBS["ivtprm"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*",),
    card_image=False,
    documents=("zos-tcpip",),
)
