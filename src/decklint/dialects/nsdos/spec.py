"""The nsdos dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.nsdos.lowering import lower
from decklint.dialects.nsdos.reader import parse, sniff

SPEC = DialectSpec(
    name="nsdos",
    title="Networking Services/DOS CONFIG.NSD and MODE.NSD (syntax assumed; no document found)",
    globs=GLOBS["nsdos"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*", ";"),
    card_image=False,
    documents=("appc",),
)
