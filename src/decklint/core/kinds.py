"""Entity kinds and their declared fields: what rules (and user rules) may refer to.

The model declares the kinds it builds itself (nodes, links, declared facts) and the SNA kinds
several dialects make (modes, PUs and LUs, subarea routes); each dialect declares the kinds it
alone makes in its package (dialects/<name>/kinds.py).
"""

from typing import Any, NamedTuple


class KindSpec(NamedTuple):
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


# The SNA kinds several dialects make: modes (VTAM, CM/2, NS/DOS, AIX, AS/400), PUs and LUs
# (VTAM, NCP), subarea routes and the link stations to adjacent subareas (VTAM, NCP).
SNA_KINDS: tuple[KindSpec, ...] = (
    kind(
        "mode",
        "a logon mode / SNA mode (VTAM MODEENT)",
        table="mode table (VTAM MODETAB name) that holds the entry",
        rusizes="RUSIZES as coded (hex text)",
        ru_secondary="largest RU the secondary LU may send (RUSIZES left byte), bytes",
        ru_primary="largest RU the primary LU may send (RUSIZES right byte), bytes",
        ru_max="the larger of the two RU sizes, bytes",
        ru_min="the smaller of the two RU sizes, bytes",
        pacing_primary_send="PSNDPAC: primary send pacing count",
        pacing_secondary_send="SSNDPAC: secondary send pacing count",
        pacing_secondary_recv="SRCVPAC: secondary receive pacing count",
        pacing_min="smallest of the coded pacing counts",
        pacing_max="largest of the coded pacing counts",
        cos="COS: subarea class-of-service name",
        fmprof="FMPROF: function management profile (19 = X'13' is LU 6.2)",
        receive_window="the mode's receive pacing window (CM/2, NS/DOS, AIX)",
        send_window="the mode's send pacing window where a product codes one",
        default_ru_size="CM/2 DEFAULT_RU_SIZE(YES) / NS/DOS '*': the RU fills one frame",
        max_sessions="session limit the mode negotiates up to",
        session_limit="initial session limit (CM/2 PLU_MODE_SESSION_LIMIT)",
        min_winners="minimum contention winners",
        min_losers="minimum contention losers",
        maxlenru="AS/400 MAXLENRU as coded (*CALC or a size)",
        ru_lower="CM/2 MAX_RU_SIZE_LOWER_BOUND (0: none)",
        max_inpacing="AS/400 MAXINPAC",
        max_conversations="AS/400 MAXCNV",
        preestablished="AS/400 PREESTSSN",
        appncos="APPNCOS: APPN class-of-service name",
        bulk="true when the mode carries bulk data (by name or configuration)",
        product="the product of a dialect that reads two (AIX: SNA Services/6000 or CS/AIX)",
        review_skip=("pacing_min", "pacing_max"),  # the pacing bytes' reading, compared as coded
    ),
    kind(
        "pu",
        "a physical unit (VTAM switched/local major node or NCP PU)",
        maxdata="MAXDATA: largest PIU the PU can receive, bytes",
        maxout="MAXOUT: PIUs sent before a response is requested",
        passlim="PASSLIM: contiguous PIUs NCP sends the PU at one time (coded)",
        modulo="MODULO: sequence-number modulus, 8 or 128 (coded, or sifted from LINE, GROUP)",
        modetab="MODETAB",
        dlogmod="DLOGMOD",
        putype="PUTYPE",
        cpname="CPNAME",
        cpcp="CPCP",
        conntype="CONNTYPE (APPN or LEN; CPCP=YES needs APPN)",
        idblk="IDBLK",
        idnum="IDNUM",
        vpacing="VPACING",
        pacing="PACING",
        major="the major node type (VBUILD TYPE, or NCP)",
        line="the NCP LINE the PU is defined under",
        word="PU",
    ),
    kind(
        "lu",
        "a logical unit (VTAM or NCP LU statement)",
        locaddr="LOCADDR",
        modetab="MODETAB",
        dlogmod="DLOGMOD",
        pacing="PACING",
        vpacing="VPACING",
        pu="the PU the LU belongs to",
        word="LU",
    ),
    kind(
        "subarea_route",
        "a subarea PATH statement (VTAM path table, NCP): explicit routes to destination subareas",
        destsa="DESTSA: the destination subareas",
        routes="the explicit routes: (ER number, adjacent subarea, TG number) each",
        word="PATH",
    ),
    kind(
        "subarea_station",
        "a link station to an adjacent subarea node: an NCP INNODE, or a PU of type 4 or 5 on an "
        "NCP subarea line or in a VTAM channel-attachment major node",
        statement="INNODE or PU",
        putype="PUTYPE: 4 (an NCP) or 5 (a VTAM host)",
        subarea="SUBAREA: the adjacent node's subarea (INNODE, switched subarea PU)",
        tgn="TGN: the transmission group number",
        line="the LINE the station is defined under",
        address="ADDRESS of that LINE (a channel-to-channel adapter's device address)",
        lnctl="LNCTL of its GROUP (SDLC, CTCA, CA, ...)",
        major="NCP, or the VTAM major node type (CA)",
        word="link station",
    ),
)
