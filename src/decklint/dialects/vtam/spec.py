"""The vtam dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.vtam.lowering import lower
from decklint.dialects.vtam.reader import card_reading, parse, sniff

SPEC = DialectSpec(
    name="vtam",
    title="VTAM definitions, mode tables, start and configuration lists",
    globs=GLOBS["vtam"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*",),
    card_image=True,
    documents=("appc",),
    card_reading=card_reading,
)
