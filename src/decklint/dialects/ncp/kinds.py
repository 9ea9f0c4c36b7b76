"""Entity kinds of NCP generations."""

from __future__ import annotations

from decklint.model.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "ncp",
        "an NCP generation (PCCU, BUILD, HOST values of one deck)",
        subarea="BUILD SUBAREA",
        unitsz="UNITSZ of the first HOST: VTAM buffer unit size for data from the NCP",
        maxbfru="MAXBFRU of the first HOST: VTAM buffers per transfer from the NCP",
        bfrpad="BFRPAD of the first HOST",
        inbfrs="INBFRS of the first HOST",
        pccu_maxdata="PCCU MAXDATA: largest PIU VTAM sends the NCP",
        delay="PCCU DELAY (the VTAM-side delay), seconds",
        bfrs="BUILD BFRS: NCP buffer size",
        slodown="BUILD SLODOWN: percentage of free buffers at which slowdown starts",
        t2timer="BUILD T2TIMER (t1, t2, window)",
        transfr="BUILD TRANSFR",
        version="BUILD VERSION: the NCP version and release being generated (V5R2.1)",
        newdefn="NEWDEFN (OPTIONS or BUILD): an NDF generation, NCP V4R2 or later",
    ),
    kind(
        "ncp_host",
        "one HOST statement of an NCP: the buffers of one channel-attached owning host",
        ncp="the NCP (BUILD NEWNAME)",
        host="the HOST statement's label",
        unitsz="UNITSZ: VTAM buffer unit size for data from the NCP",
        maxbfru="MAXBFRU: VTAM buffers per transfer from the NCP",
        bfrpad="BFRPAD",
        inbfrs="INBFRS",
        subarea="SUBAREA: the owning host's subarea (which host this HOST applies to)",
        netid="NETID: the owning host's network",
        pccu_maxdata="PCCU MAXDATA: largest PIU VTAM sends the NCP",
    ),
    kind(
        "group",
        "an NCP GROUP",
        ecltype="ECLTYPE, e.g. (LOGICAL,PERIPHERAL)",
        logical="true for an NTRI logical group",
        peripheral="true when the group attaches peripheral nodes",
        phyport="PHYPORT: the PORTADD of the physical line the logical group uses",
        lnctl="LNCTL",
    ),
    kind(
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
        switched="true when stations dial in on the line (DIAL=YES on it or its GROUP)",
    ),
)
