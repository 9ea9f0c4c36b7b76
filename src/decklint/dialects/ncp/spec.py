"""The ncp dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.ncp.lowering import lower
from decklint.dialects.ncp.reader import card_reading, parse, sniff

SPEC = DialectSpec(
    name="ncp",
    title="ACF/NCP generation decks",
    globs=GLOBS["ncp"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*",),
    card_image=True,
    card_reading=card_reading,
    documents=("appc",),
)
