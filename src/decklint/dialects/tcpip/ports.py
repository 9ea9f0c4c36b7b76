"""TCP/IP profile port reservations: PORT, PORTRANGE and AUTOLOG."""

from __future__ import annotations

from decklint.core.ir import Statement
from decklint.core.lowering import default
from decklint.dialects.tcpip.profile import Handler, Profile, attr, flag


def _port(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    if len(vals) < 2:
        prof.diag("PRS001", st.span, "a PORT entry needs a port number and TCP or UDP")
        return
    if vals[0].text.upper() == "UNRSV":
        return
    n = vals[0].as_int()
    if (n is None or not 1 <= n <= 65535) and not vals[0].text.startswith("&"):
        prof.diag("PRS003", vals[0].span, f"PORT {vals[0].text}: must be 1-65535")
    proto = vals[1].text.upper()
    job = vals[2] if len(vals) > 2 else None
    opts = {v.text.upper(): v for v in vals[3:]}
    dack = opts.get("NODELAYACKS") or opts.get("DELAYACKS")
    share = next((v for k, v in opts.items() if k.startswith("SHAREP")), None)
    words = [v.text.upper() for v in vals]
    bind = vals[words.index("BIND") + 1] if "BIND" in words[3:-1] else None
    prof.add(
        "tcpip_port",
        f"{vals[0].text}/{proto}",
        st.span,
        {
            "port": attr(vals[0]),
            "protocol": attr(vals[1], proto),
            "job": attr(job, job.text.upper()) if job else default(None),
            "delayacks": attr(dack, dack.text.upper()) if dack else default(None),
            "noautolog": flag(opts["NOAUTOLOG"].span) if "NOAUTOLOG" in opts else default(False),
            "shareport": attr(share, share.text.upper()) if share else default(None),
            "bind": attr(bind, bind.text) if bind else default(None),
        },
    )


def _portrange(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    if len(vals) < 3:
        prof.diag("PRS001", st.span, "a PORTRANGE entry needs a first port, a count and TCP or UDP")
        return
    first, count = vals[0].as_int(), vals[1].as_int()
    for v, n in ((vals[0], first), (vals[1], count)):
        if (n is None or not 1 <= n <= 65535) and not v.text.startswith("&"):
            prof.diag("PRS003", v.span, f"PORTRANGE {v.text}: must be 1-65535")
    job = vals[3] if len(vals) > 3 else None
    prof.add(
        "tcpip_portrange",
        f"{vals[0].text}+{vals[1].text}/{vals[2].text.upper()}",
        st.span,
        {
            "first": attr(vals[0]),
            "count": attr(vals[1]),
            "protocol": attr(vals[2], vals[2].text.upper()),
            "job": attr(job, job.text.upper()) if job else default(None),
        },
    )


def _autolog(prof: Profile, st: Statement) -> None:
    vals = [o.value for o in st.operands]
    if not vals:
        return
    ups = [v.text.upper() for v in vals]
    job = vals[ups.index("JOBNAME") + 1] if "JOBNAME" in ups[:-1] else vals[0]
    prof.add(
        "tcpip_autolog",
        vals[0].text.upper(),
        st.span,
        {"procedure": attr(vals[0], ups[0]), "job": attr(job, job.text.upper())},
    )


HANDLERS: dict[tuple[str, str], Handler] = {
    ("entry", "port"): _port,
    ("entry", "portrange"): _portrange,
    ("entry", "autolog"): _autolog,
}
