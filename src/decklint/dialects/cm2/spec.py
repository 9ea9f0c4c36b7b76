"""The cm2 dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.cm2.lowering import lower
from decklint.dialects.cm2.reader import parse, sniff

SPEC = DialectSpec(
    name="cm2",
    title="OS/2 Communications Manager/2 node definitions (.NDF)",
    globs=GLOBS["cm2"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("//", "/*"),
    card_image=False,
    documents=("appc",),
)
