"""Entity kinds of TCPIP.DATA and FTP.DATA files."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "tcpip_data",
        "a TCPIP.DATA or resolver setup file",
        role="tcpipdata or resolver",
        tcpipjobname="TCPIPJOBNAME: the stack the resolver and clients use",
        hostname="HOSTNAME",
        datasetprefix="DATASETPREFIX",
        domainorigin="DOMAINORIGIN",
        resolvertimeout="RESOLVERTIMEOUT, seconds",
    ),
    kind(
        "ftp_data",
        "an FTP.DATA file (FTP server or client options)",
        chkptint="CHKPTINT: records between checkpoints (0: none)",
        blksize="BLKSIZE (or BLOCKSIZE): new data sets' block size",
        bufno="BUFNO (not used since OS/390 V2R5)",
        extratasks="EXTRATASKS (not used since OS/390 V2R5)",
        ncp="NCP (not used since OS/390 V2R5)",
        recfm="RECFM",
        lrecl="LRECL",
    ),
)
