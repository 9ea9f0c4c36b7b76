"""The as400 dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.as400.lowering import lower
from decklint.dialects.as400.reader import parse, sniff
from decklint.dialects.base import DialectSpec

SPEC = DialectSpec(
    name="as400",
    title="AS/400 (IBM i) CL configuration source (CRTMODD, CRTLINxxx, CRTCTLAPPC, ...)",
    globs=GLOBS["as400"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("/*",),
    card_image=False,
    documents=("appc",),
)
