"""Entity kinds of CM/2 node definitions."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "workstation",
        "a workstation node (CM/2, NS/DOS, AIX, AS/400) as its own definitions name it",
        product="CM2, NSDOS, AIX or AS400",
        node_type="EN, NN or LEN",
        node_id="NODE_ID / IDBLK+IDNUM",
    ),
    kind(
        "dlc_link",
        "a workstation's link definition (CM/2 DEFINE_LOGICAL_LINK, ...)",
        dlc_name="the DLC (IBMTRNET, ETHERAND, ...)",
        adapter_number="adapter number",
        destination_address="the partner's MAC address (and SAP)",
        adjacent_cp="the partner's CP name",
        adjacent_node_type="LEARN, LEN, NN",
    ),
)
