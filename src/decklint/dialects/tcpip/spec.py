"""The tcpip dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from typing import TYPE_CHECKING

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.tcpip.layout import LAYOUT
from decklint.dialects.tcpip.reader import parse, sniff
from decklint.readers.base import ParsedFile

if TYPE_CHECKING:
    from decklint.core.lowering import Lowering


def lower(pf: ParsedFile, low: Lowering) -> None:
    """Its lowering, imported at the first file lowered: reading and sniffing need none of it."""
    from decklint.dialects.tcpip.lowering import lower as lower_tcpip

    lower_tcpip(pf, low)


SPEC = DialectSpec(
    name="tcpip",
    title="z/OS and VM TCP/IP profiles (PROFILE.TCPIP, TN3270E profile, PROFILE TCPIP)",
    globs=GLOBS["tcpip"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=(";",),
    card_image=False,
    documents=("zos-tcpip", "vm-tcpip"),
    free_layout=LAYOUT,
)
