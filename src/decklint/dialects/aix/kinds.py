"""Entity kinds of AIX SNA: DLC profiles and CS/AIX link stations, ports and node limits,
adapters, network options.
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
        auto_activate="CS/AIX: auto_act_supp, the link activated when a session needs it",
        cp_cp_sessions="CS/AIX: cp_cp_sess_support, CP-CP sessions over the link",
        drawn=(("frame", "frame"),),
        drawn_order=7,
    ),
    kind(
        "aix_port",
        "a CS/AIX LAN port ([define_tr_port], _ethernet_, _fddi_): its link activation limits",
        total_limit="tot_link_act_lim, links active at once",
        inbound_limit="inb_link_act_lim, links kept for inbound activation",
        outbound_limit="out_link_act_lim, links kept for outbound activation",
    ),
    kind(
        "aix_node",
        "a CS/AIX node ([define_node]): its intermediate session routing limits",
        node_type="node_type as coded (NETWORK_NODE, BRANCH_NETWORK_NODE, END_NODE, LEN_NODE)",
        isr_max="max_isr_sessions, intermediate sessions routed at once",
        isr_upper="isr_sessions_upper_threshold, above which the node reports itself congested",
        isr_lower="isr_sessions_lower_threshold, below which the congestion ends",
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
