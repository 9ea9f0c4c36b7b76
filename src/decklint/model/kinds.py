"""Declared fields of each entity kind: what rules (and user rules) may refer to."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KindSpec:
    kind: str
    doc: str
    fields: dict[str, str]


def _k(kind: str, doc: str, **fields: str) -> KindSpec:
    base = {"name": "the element's name"}
    base.update(fields)
    return KindSpec(kind, doc, base)


KINDS: dict[str, KindSpec] = {
    k.kind: k
    for k in [
        _k(
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
            appncos="APPNCOS: APPN class-of-service name",
            bulk="true when the mode carries bulk data (by name or configuration)",
        ),
        _k("modetab", "a logon mode table (VTAM MODETAB)"),
        _k(
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
        ),
        _k(
            "pu",
            "a physical unit (VTAM switched/local major node or NCP PU)",
            maxdata="MAXDATA: largest PIU the PU can receive, bytes",
            maxout="MAXOUT: PIUs sent before a response is requested",
            modetab="MODETAB",
            dlogmod="DLOGMOD",
            putype="PUTYPE",
            cpname="CPNAME",
            idblk="IDBLK",
            idnum="IDNUM",
            vpacing="VPACING",
            pacing="PACING",
            major="the major node type (VBUILD TYPE, or NCP)",
            line="the NCP LINE the PU is defined under",
        ),
        _k(
            "lu",
            "a logical unit (VTAM or NCP LU statement)",
            locaddr="LOCADDR",
            modetab="MODETAB",
            dlogmod="DLOGMOD",
            pacing="PACING",
            vpacing="VPACING",
            pu="the PU the LU belongs to",
        ),
        _k(
            "path",
            "a dial path of a switched PU (VTAM PATH statement)",
            pu="the PU the path belongs to",
            grpnm="GRPNM: the NCP or XCA group the station is reached through",
            dialno="DIALNO (for token ring: SAP and MAC address of the station)",
        ),
        _k(
            "group",
            "an NCP GROUP",
            ecltype="ECLTYPE, e.g. (LOGICAL,PERIPHERAL)",
            logical="true for an NTRI logical group",
            peripheral="true when the group attaches peripheral nodes",
            phyport="PHYPORT: the PORTADD of the physical line the logical group uses",
            lnctl="LNCTL",
        ),
        _k(
            "node",
            "a system that owns definitions (a VTAM host, an NCP, a CICS region)",
            product="VTAM, NCP or CICS",
            files="how many linted files belong to it",
        ),
        _k(
            "link",
            "a connection inferred between two definitions, with its status",
            end_a="the first end (e.g. the switched PU of a station)",
            end_b="the second end (e.g. the NCP group and line it dials through)",
            status="matched, half-open, unknown-peer or ambiguous",
            frame="the frame size of the link where known (MAXTSL of the NCP line)",
            via="what the link was inferred from",
            pu="the station's PU name (station links)",
            line="the NCP physical line the station reaches (station links)",
        ),
        _k(
            "vtam_start",
            "VTAM start options (ATCSTRxx)",
            iobuf_count="IOBUF base number of buffers",
            iobuf_size="IOBUF buffer size, bytes",
            nodetype="NODETYPE (NN, EN) when VTAM is an APPN node",
            hostsa="HOSTSA: the host subarea",
            sscpname="SSCPNAME",
            netid="NETID",
        ),
        _k(
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
        _k(
            "ncp",
            "an NCP generation (PCCU, BUILD, HOST values of one deck)",
            subarea="BUILD SUBAREA",
            unitsz="HOST UNITSZ: VTAM buffer unit size for data from the NCP",
            maxbfru="HOST MAXBFRU: VTAM buffers per transfer from the NCP",
            bfrpad="HOST BFRPAD",
            inbfrs="HOST INBFRS",
            pccu_maxdata="PCCU MAXDATA: largest PIU VTAM sends the NCP",
            delay="PCCU DELAY (the VTAM-side delay), seconds",
            bfrs="BUILD BFRS: NCP buffer size",
            slodown="BUILD SLODOWN: percentage of free buffers at which slowdown starts",
            t2timer="BUILD T2TIMER (t1, t2, window)",
            transfr="BUILD TRANSFR",
        ),
        _k(
            "line",
            "an NCP LINE",
            group="the GROUP the line belongs to",
            ecltype="ECLTYPE of its group, e.g. (PHYSICAL,PERIPHERAL)",
            physical="true for an NTRI physical line",
            peripheral="true when the group attaches peripheral nodes",
            adapter="ADAPTER (TIC1, TIC2)",
            trspeed="TRSPEED: ring speed, Mbit/s",
            maxtsl="MAXTSL: largest frame the NCP transmits on the ring, bytes",
            rcvbufc="RCVBUFC: NCP receive buffer capacity for one receive, bytes",
            locadd="LOCADD: the TIC's MAC address",
            portadd="PORTADD",
            t2timer="T2TIMER (t1, t2, window) of the line, else of BUILD",
        ),
        _k(
            "connection",
            "a CICS CONNECTION definition",
            group="CSD group",
            netname="NETNAME: the partner's LU name",
            protocol="PROTOCOL",
            accessmethod="ACCESSMETHOD",
            autoconnect="AUTOCONNECT",
        ),
        _k(
            "sessions",
            "a CICS SESSIONS definition",
            group="CSD group",
            connection="CONNECTION the sessions belong to",
            modename="MODENAME: the SNA mode of the sessions",
            sendsize="SENDSIZE: largest RU CICS sends, bytes",
            receivesize="RECEIVESIZE: largest RU CICS receives, bytes",
            maximum="MAXIMUM (sessions, contention winners)",
            autoconnect="AUTOCONNECT",
            protocol="PROTOCOL",
            bulk="true when the mode carries bulk data (by name or configuration)",
        ),
    ]
}
