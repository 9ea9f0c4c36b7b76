"""The cics dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.cics.lowering import lower
from decklint.dialects.cics.reader import attributes, parse, sniff

SPEC = DialectSpec(
    name="cics",
    title="CICS DFHCSDUP resource definitions (CONNECTION, SESSIONS, ...)",
    globs=GLOBS["cics"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*",),
    card_image=True,
    documents=("appc",),
    starts=("command",),
    attributes=attributes,
)
