"""Entity kinds of AIX SNA Services and network options."""

from __future__ import annotations

from decklint.model.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "aix_dlc",
        "an SNA Services/6000 DLC profile (SMIT)",
        frame="maximum I-field (SYSTEM_DEFINED or bytes)",
        send_window="transmit window count",
        receive_window="receive window count",
        drawn=(("frame", "frame"),),
        drawn_order=7,
    ),
    kind(
        "aix_adapter",
        "an AIX LAN adapter (SMIT tok profile)",
        xmit_queue="transmit queue size",
        receive_queue="receive queue size",
    ),
    kind(
        "aix_options",
        "AIX network options (no)",
        thewall="thewall (KB)",
        lowclust="lowclust",
        lowmbuf="lowmbuf",
        mb_cl_hiwat="mb_cl_hiwat",
    ),
)
