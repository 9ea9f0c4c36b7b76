"""Entity kinds of CICS Sockets configuration (EZACICD)."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "cics_sockets",
        "the CICS Sockets interface of a region (EZACICD TYPE=CICS)",
        applid="APPLID: the CICS region",
        tcpaddr="TCPADDR: the TCP/IP stack's procedure name",
        ntasks="NTASKS: reusable subtasks",
        dprty="DPRTY: subtask dispatching priority offset",
    ),
    kind(
        "cics_listener",
        "a CICS Sockets listener (EZACICD TYPE=LISTENER)",
        applid="APPLID: the CICS region",
        tranid="TRANID: the listener transaction",
        port="PORT",
        backlog="BACKLOG: unaccepted connections queued",
        numsock="NUMSOCK: sockets the listener supports",
    ),
)
