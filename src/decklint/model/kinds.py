"""Entity kinds and their declared fields: what rules (and user rules) may refer to.

The model declares the kinds it builds itself (nodes, links, declared facts); each dialect
declares the kinds it makes in its package (dialects/<name>/kinds.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class KindSpec:
    kind: str
    doc: str
    fields: dict[str, str]
    # resolve builds its elements, or may give them another node and scope (a TCP/IP member
    # joins the stack that includes it): a rule on them cannot run on one file (`scope: file`)
    resolved: bool = False
    # How the product names an element of the kind, where the kind's name is not it (APPL,
    # NCP HOST): what change review and messages say.
    word: str = ""
    # Fields change review does not compare (another element's value repeated, bookkeeping),
    # and whether it compares the kind's elements at all.
    review_skip: frozenset[str] = frozenset()
    reviewed: bool = True
    # The key values `decklint topology` shows for a node: (field, label), and where they come
    # among the other kinds' (lowest first).
    drawn: tuple[tuple[str, str], ...] = ()
    drawn_order: int = 0


def kind(
    name: str,
    doc: str,
    /,
    *,
    resolved: bool = False,
    word: str = "",
    review_skip: tuple[str, ...] = (),
    reviewed: bool = True,
    drawn: tuple[tuple[str, str], ...] = (),
    drawn_order: int = 0,
    **fields: Any,
) -> KindSpec:
    """A kind with its fields (each a description); every kind has a `name`. The fields are
    typed `Any` only so that a kind may take a shared table of them (`**STACK_SETTINGS`)
    beside the keyword options above; a field that is no description is refused."""
    wrong = [f for f, doc in fields.items() if not isinstance(doc, str)]
    if wrong:
        raise TypeError(f"kind {name!r}: fields {wrong} are not descriptions")
    return KindSpec(
        name,
        doc,
        {"name": "the element's name", **fields},
        resolved,
        word,
        frozenset(review_skip),
        reviewed,
        drawn,
        drawn_order,
    )


MODEL_KINDS: tuple[KindSpec, ...] = (
    kind(
        "dlc_profile",
        "DLC facts a node's decks do not hold, declared in the configuration (nodes:)",
        resolved=True,
        product="the node's product (cm2, nsdos, aix, ...)",
        frame="DLC maximum frame size, bytes",
        send_window="DLC send window count",
        receive_window="DLC receive window count",
        partner="product at the other end of the link",
        ring_speed="token-ring speed, Mbit/s",
        drawn=(
            ("frame", "frame"),
            ("send_window", "send window"),
            ("receive_window", "receive window"),
        ),
        drawn_order=4,
    ),
    kind(
        "declared_node",
        "a node's facts as the configuration declares them (nodes:)",
        resolved=True,
        product="the node's product",
        release="the product release",
        frame="DLC maximum frame size, bytes",
        send_window="DLC send window count",
        receive_window="DLC receive window count",
        partner="product at the other end of the node's link",
        ring_speed="token-ring speed, Mbit/s",
        peer="the node at the other end of its TCP connections",
        tcp_window="TCP window, bytes",
        mtu="MTU, bytes",
        rfc1323="RFC 1323 window scaling on",
        processors="processors of the system",
        ftp_kb_per_second="planned FTP throughput, KB/s",
        ftp_cpu_per_kb="CPU seconds per KB",
        tn3270_users="planned TN3270 users",
        tn3270_transactions_per_minute="transactions per user per minute",
        tn3270_cpu_per_transaction="CPU seconds per TN3270 transaction",
        telnet_sessions="planned concurrent Telnet sessions",
        ftp_sessions="planned concurrent FTP sessions",
        cics_peak_connections="peak concurrent CICS Sockets connections",
        unix_users="planned concurrent z/OS UNIX users (UIDs)",
        unix_processes="planned concurrent z/OS UNIX processes",
        unix_threads="threads the busiest z/OS UNIX process creates",
        bulk_ports="NonStop ports that carry bulk data transfer",
        bulk_lines="NonStop lines (controllers) used for bulk data transfer",
        adapter="a Multiprise 3000 Integrated LAN adapter: fast-ethernet or token-ring",
        stacks="the TCP/IP stacks an adapter serves",
        sna_pus="SNA PU connections through an adapter",
        tcpip_framing="the Ethernet framing TCP/IP uses on an adapter",
        sna_framing="the Ethernet framing SNA uses on an adapter",
        throughput_out="planned bulk throughput from the host to the network, MB/s",
        throughput_in="planned bulk throughput from the network to the host, MB/s",
    ),
    kind(
        "node",
        "a node of the site: a system that owns definitions (a VTAM host, an NCP, a "
        "workstation, a TCP/IP stack, a NonStop system) or one the configuration declares",
        resolved=True,
        product="the product it is drawn as",
        family="its dialect (vtam, ncp, cm2, nsdos, ...) or the declared product",
        products="every product whose files belong to it",
        files="how many linted files belong to it",
        paths="the files that belong to it",
        declared="true when the configuration declares facts for it",
        release="its release as far as it is known: declared, stated by a deck (NCP BUILD "
        "VERSION) or a lower bound from what its decks use ('z/OS V1R10 or later (INTERFACE "
        "... DEFINE IPAQENET)'); None when nothing tells",
        release_from="where the evidence that decides it is (a file and line)",
        system="the system (z/OS, MVS or VM image) it runs in or is owned from, as drawn",
        external="true for a peer the decks name but do not define",
        review_skip=("files", "paths", "products", "declared", "system"),  # bookkeeping
    ),
    kind(
        "link",
        "a connection between two nodes, inferred from the decks or declared, with a status",
        resolved=True,
        kind="the evidence: path, dlc, cp, session, ip, channel, owner, inn, cdrm, adjsscp, "
        "adjcp, route, ctc, trl, telnet, telnet-lu, bpxprm, cpu, tcp-peer, adapter, listener, "
        "or a declared medium",
        node_a="the node of the first end",
        node_b="the node of the second end",
        end_a="the first end (e.g. the workstation's DLC definition)",
        end_b="the second end (e.g. the NCP line)",
        status="matched, half-open, unknown-peer, external, ambiguous or declared",
        via="what the link was inferred from",
        b_path="the file of the second end",
        b_line="the line of the second end",
        b_col="the column of the second end",
        frame="the frame size of the link where known (the NCP line's MAXTSL)",
        mtu="the MTU of the route or declared link",
        tcp_window="a declared peer's TCP window",
        send_window="a declared link's DLC send window",
        receive_window="a declared link's DLC receive window",
        bulk="a declared link carries bulk data",
        note="why the status is what it is",
        ends="both: the two nodes' decks each state the link (a symmetric kind drawn once); "
        "one: the first end's do",
        agree="a value both ends of a symmetric link must give alike (a TG number)",
        agree_b="that value at the second end, where both ends state the link",
        agree_what="what `agree` is",
        pu="the station's PU name (path links)",
        line="the NCP physical line the station reaches (path links)",
    ),
)
