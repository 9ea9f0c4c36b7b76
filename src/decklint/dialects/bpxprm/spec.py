"""The bpxprm dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec, FreeLayout, flat
from decklint.dialects.bpxprm.lowering import lower
from decklint.dialects.bpxprm.reader import LAST_COLUMN, parse, sniff

SPEC = DialectSpec(
    name="bpxprm",
    title="z/OS UNIX System Services parmlib members BPXPRMxx",
    globs=GLOBS["bpxprm"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("/*",),
    card_image=False,
    documents=("zos-tcpip",),
    free_layout=FreeLayout(LAST_COLUMN, flat),  # no blocks; continuation lines one level in
)
