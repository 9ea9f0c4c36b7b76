"""The aix dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.aix.lowering import lower
from decklint.dialects.aix.reader import parse, sniff
from decklint.dialects.base import DialectSpec

SPEC = DialectSpec(
    name="aix",
    title="SNA Services/6000 on AIX: `no` options and exported SMIT SNA profiles (assumed)",
    globs=GLOBS["aix"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("#",),
    card_image=False,
    documents=("appc",),
)
