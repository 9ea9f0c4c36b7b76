"""The scf dialect as the pipeline runs it: its reader's sniff and parse, its lowering."""

from __future__ import annotations

from typing import TYPE_CHECKING

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec
from decklint.dialects.scf.reader import parse, sniff
from decklint.readers.base import ParsedFile

if TYPE_CHECKING:
    from decklint.core.lowering import Lowering


def lower(pf: ParsedFile, low: Lowering) -> None:
    """Its lowering, imported at the first file lowered: reading and sniffing need none of it."""
    from decklint.dialects.scf.lowering import lower as lower_scf

    lower_scf(pf, low)


SPEC = DialectSpec(
    name="scf",
    title="HPE NonStop SCF command (OBEY) files and INFO/STATUS captures",
    globs=GLOBS["scf"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("==", "--"),
    card_image=False,
    documents=("nonstop-adsm",),
)
