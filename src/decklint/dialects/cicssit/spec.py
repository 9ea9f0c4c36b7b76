"""The cicssit dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.cicssit.lowering import lower
from decklint.dialects.cicssit.reader import parse, sniff

SPEC = DialectSpec(
    name="cicssit",
    title="CICS system initialization parameters (SIT overrides, the DFHSIT macro)",
    globs=GLOBS["cicssit"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*",),
    card_image=False,
    documents=("appc",),
)
