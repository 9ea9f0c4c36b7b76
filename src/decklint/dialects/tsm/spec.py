"""The tsm dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.tsm.lowering import lower
from decklint.dialects.tsm.reader import parse, sniff

SPEC = DialectSpec(
    name="tsm",
    title="ADSM / TSM client options (dsm.opt, dsm.sys, DSMSYS)",
    globs=GLOBS["tsm"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*",),
    card_image=False,
    documents=("nonstop-adsm",),
)
