"""Entity kinds of AIX SNA: DLC profiles and CS/AIX link stations, adapters, network options.
(A CS/AIX node, its link stations' destinations and its modes are the shared `workstation`,
`dlc_link` and `mode` kinds.)"""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "aix_dlc",
        "an AIX DLC: an SNA Services/6000 DLC profile, or a CS/AIX LAN link station",
        product="SNA Services/6000 (an exportsna profile) or CS/AIX (a sna_node.cfg record)",
        frame="maximum I-field (SYSTEM_DEFINED or bytes; CS/AIX: max_send_btu_size)",
        send_window="transmit window count (CS/AIX: none, learned from the partner)",
        receive_window="receive window count (CS/AIX: max_ifrm_rcvd, the link's or its port's)",
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
