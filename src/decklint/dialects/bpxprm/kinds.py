"""Entity kinds of BPXPRMxx members."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "bpx_setting",
        "a BPXPRMxx limit or setting: KEYWORD(value)",
        value="the value (numbers with K/M/G/T/P expanded)",
        limit="true for the limits (MAX..., IPC...): one value, the last wins",
        system="the system (folder) whose members it belongs to",
    ),
    kind(
        "bpx_network",
        "a BPXPRMxx NETWORK statement (a socket address family)",
        system="the system (folder)",
        domainname="DOMAINNAME: AF_INET, AF_INET6 or AF_UNIX",
        domainnumber="DOMAINNUMBER: 2, 19 or 1",
        maxsockets="MAXSOCKETS",
        type="TYPE: INET, CINET or UDS",
        inaddranyport="INADDRANYPORT",
        inaddranycount="INADDRANYCOUNT",
    ),
    kind(
        "bpx_filesystype",
        "a BPXPRMxx FILESYSTYPE statement (a physical file system)",
        system="the system (folder)",
        type="TYPE",
        entrypoint="ENTRYPOINT",
        parm="PARM",
        asname="ASNAME",
    ),
    kind(
        "bpx_resource",
        "a BPXPRMxx SUBFILESYSTYPE, MOUNT, ROOT or ALTROOT statement",
        statement="the statement",
        system="the system (folder)",
        name="SUBFILESYSTYPE NAME",
        type="TYPE",
        entrypoint="ENTRYPOINT",
        parm="PARM",
        default="DEFAULT (SUBFILESYSTYPE: the default stack)",
        filesystem="FILESYSTEM",
        ddname="DDNAME",
        mountpoint="MOUNTPOINT",
        mode="MODE",
        setuid="SETUID",
        nosetuid="NOSETUID",
        security="SECURITY",
        nosecurity="NOSECURITY",
        sysname="SYSNAME",
        tag="TAG",
        automove="AUTOMOVE",
        unmount="UNMOUNT",
        noautomove="NOAUTOMOVE",
    ),
)
