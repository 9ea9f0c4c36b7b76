"""Entity kinds of AS/400 CL configuration."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "line_desc",
        "an AS/400 line description (CRTLINTRN, CRTLINETH, CRTLINSDLC, CRTLINX25)",
        type="TRN, ETH, SDLC, X25",
        maxframe="MAXFRAME",
        linespeed="LINESPEED",
        adptadr="ADPTADR",
        dftpktsize="DFTPKTSIZE (X.25)",
    ),
    kind(
        "controller",
        "an AS/400 APPC controller description (CRTCTLAPPC)",
        linktype="LINKTYPE",
        maxframe="MAXFRAME (*LINKTYPE by default)",
        line="LINE or SWTLINLST",
        rmtcpname="RMTCPNAME",
        rmtnetid="RMTNETID",
        adptadr="ADPTADR: the partner's adapter address",
        lanmaxout="LANMAXOUT",
        lanackfrq="LANACKFRQ",
        drawn=(("maxframe", "MAXFRAME"),),
        drawn_order=8,
    ),
    kind(
        "device",
        "an AS/400 APPC device description (CRTDEVAPPC)",
        rmtlocname="RMTLOCNAME",
        ctl="CTL",
        mode="MODE",
    ),
    kind("system_value", "an AS/400 system value (CHGSYSVAL)", value="VALUE"),
)
