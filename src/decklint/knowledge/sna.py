"""SNA arithmetic: RUSIZES encoding, header sizes, segmentation."""

from __future__ import annotations

import math
from functools import cache

# The SNA headers a DLC frame carries besides the RU ("Getting the most from APPC", 'Request
# Units(RUs)'), and the largest SENDSIZE/RECEIVESIZE CICS takes (the same guide, 'SENDSIZE and
# RECEIVESIZE').
HDR_APPN = 9  # FID2 TH 6 + RH 3
HDR_SUBAREA = 29  # FID4 TH 26 + RH 3
CICS_MAX_SIZE = 30720  # CICS SENDSIZE/RECEIVESIZE maximum


def decode_ru_byte(byte: int) -> int | None:
    """m x 2**n for a RUSIZES byte X'mn' with the high bit on; None means "not specified"."""
    if byte & 0x80 == 0:
        return None
    return (byte >> 4) * (1 << (byte & 0x0F))


@cache
def encodable_sizes() -> tuple[int, ...]:
    return tuple(sorted({m * (1 << n) for m in range(8, 16) for n in range(16)}))


def encode_ru(size: int) -> str | None:
    """The RUSIZES byte (two hex digits) for an encodable size, preferring the smallest n."""
    for n in range(16):
        m, rem = divmod(size, 1 << n)
        if rem == 0 and 8 <= m <= 15:
            return f"{m:X}{n:X}"
    return None


def encodable_at_most(size: int) -> int | None:
    best = None
    for s in encodable_sizes():
        if s <= size:
            best = s
    return best


def segments(ru: int, frame: int, hdr: int) -> int:
    return math.ceil(ru / (frame - hdr))


def efficiency(ru: int, frame: int, hdr: int) -> float:
    """RU / (segments x payload per frame): 1.0 when the RU fills whole frames."""
    payload = frame - hdr
    return ru / (segments(ru, frame, hdr) * payload)
