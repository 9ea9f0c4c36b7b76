"""Entity kinds of NS/DOS configuration."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "nsdos_link",
        "an NS/DOS token-ring link (CONFIG.NSD TRLD)",
        destination="the partner's adapter address",
        maxin="MAXIN: DLC receive window",
        maxout="MAXOUT: DLC send window",
        drawn=(("maxin", "MAXIN"),),
        drawn_order=6,
    ),
    kind(
        "nsdos_frame",
        "an NS/DOS frame size (CONFIG.NSD TRMF)",
        frame="DLC frame size",
        drawn=(("frame", "frame"),),
        drawn_order=5,
    ),
)
