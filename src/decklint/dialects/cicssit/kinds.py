"""Entity kinds of CICS system initialization parameters."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "cics_sit",
        "a CICS region's system initialization parameters as a file gives them (SIT overrides, "
        "or a DFHSIT macro)",
        applid="APPLID: the region's VTAM application identifier (the specific one with XRF)",
        generic_applid="APPLID's generic identifier with XRF (None without)",
        sysidnt="SYSIDNT: the name the region knows itself by",
        grplist="GRPLIST: the lists of CSD groups a cold start installs",
        grname="GRNAME: the VTAM generic resource name of a group of regions",
        isc="ISC: MRO and ISC over SNA included",
        ircstrt="IRCSTRT: interregion communication started at initialization",
        tcpip="TCPIP: CICS TCP/IP services (IPIC, HTTP) active",
        vtam="VTAM: the region uses VTAM",
        word="CICS system initialization parameters",
    ),
)
