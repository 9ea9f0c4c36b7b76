"""Entity kinds of VTAM definitions and start lists."""

from __future__ import annotations

from decklint.model.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "modetab",
        "a logon mode table (VTAM MODETAB)",
        word="MODETAB",
    ),
    kind(
        "application",
        "a VTAM application (APPL statement)",
        acbname="ACBNAME",
        appc="APPC (YES/NO)",
        modetab="MODETAB: mode table the application uses",
        dlogmod="DLOGMOD: default logon mode",
        vpacing="VPACING: VTAM to application pacing",
        autoses="AUTOSES: contention-winner sessions started automatically",
        dseslim="DSESLIM: session limit per partner and mode",
        dminwnl="DMINWNL: minimum local contention winners",
        dminwnr="DMINWNR: minimum remote contention winners",
        word="APPL",
    ),
    kind(
        "class_of_service",
        "a class of service: an APPN COS (APPNCOS) or an entry of a subarea COS table (COS)",
        priority="transmission priority: LOW, MEDIUM, HIGH or NETWORK",
        network="appn (APPNCOS) or subarea (a COSTAB entry)",
        table="the COSTAB of a subarea entry",
    ),
    kind(
        "path",
        "a dial path of a switched PU (VTAM PATH statement)",
        pu="the PU the path belongs to",
        grpnm="GRPNM: the NCP or XCA group the station is reached through",
        dialno="DIALNO (for token ring: SAP and MAC address of the station)",
        word="PATH",
    ),
    kind(
        "vtam_start",
        "VTAM start options (ATCSTRxx)",
        iobuf_count="IOBUF base number of buffers",
        iobuf_size="IOBUF buffer size, bytes",
        nodetype="NODETYPE (NN, EN) when VTAM is an APPN node",
        hostsa="HOSTSA: the host subarea",
        sscpname="SSCPNAME",
        netid="NETID",
        cpcp="CPCP: CP-CP sessions on connections whose PU does not code CPCP (as coded)",
        conntype="CONNTYPE: APPN or LEN for the type 2.1 PUs that do not code it (as coded)",
        members="a configuration list's (ATCCONxx) major nodes, activated at VTAM's start",
        word="VTAM start options",
        review_skip=("iobuf_count", "iobuf_size"),  # the IOBUF pool's, compared there
        drawn=(("iobuf_size", "IOBUF"),),
        drawn_order=3,
    ),
    kind(
        "buffer_pool",
        "a VTAM buffer pool start option, pool=(baseno,bufsize,slowpt,F,xpanno,xpanpt,xpanlim)",
        baseno="buffers allocated at start",
        bufsize="bytes per buffer (honoured for IOBUF only)",
        slowpt="slowdown threshold, buffers",
        fixed="F coded: page-fixed storage",
        xpanno="expansion increment, buffers (0: no dynamic expansion)",
        xpanpt="expansion threshold, buffers (0: no expansion)",
        xpanlim="storage cap for expansion",
    ),
    kind(
        "uss_table",
        "a USS table (USSTAB ... USSEND): the commands and messages of unformatted sessions",
        format="FORMAT: DYNAMIC or STATIC (not coded: the table is static)",
        translate="TABLE: the translation table the USS commands are read through",
    ),
    kind(
        "uss_command",
        "a command of a USS table (USSCMD)",
        rep="REP: the command it stands for (LOGON, LOGOFF, ...)",
        format="FORMAT: BAL or PL1, how its operands are written",
        table="the USS table it belongs to",
    ),
    kind("interpret_table", "a logon interpret table (INTAB ... ENDINTAB)"),
    kind(
        "logon_sequence",
        "an entry of a logon interpret table (LOGCHAR)",
        sequence="SEQNCE: the characters a logon message starts with (none: any message)",
        by="APPLICID (the target is an application) or ROUTINE (an interpret routine)",
        target="the application or routine APPLID names",
        table="the interpret table it belongs to",
    ),
)
