"""TCP030 reports the profile's TLS settings (KEYRING, CLIENTAUTH, ENCRYPTION, SSLV3, ...) coded
in a Telnet parameter block whose port is a TTLSPORT: AT-TLS secures that port, by its policy,
and the statements set nothing there. Which statements are the profile's TLS settings is the
TCP/IP catalog's `secureport_only`."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from decklint.dialects.tcpip.telnet import parameter_blocks
from decklint.knowledge.catalog import catalog
from decklint.lint.check import Context, Hit, check

_PARMS = ("TELNETPARMS", "PARMSGROUP")  # blocks that designate ports (not TELNETGLOBALS)


@functools.cache
def _settings() -> frozenset[str]:
    cat = catalog("tcpip")
    body = (cat.extra.get("secureport_only") or {}) if cat is not None else {}
    return frozenset(str(s).upper() for s in body.get("statements", ()))


@check("TCP030")
def tls_settings_on_ttlsport(ctx: Context) -> Iterator[Hit]:
    settings = _settings()
    for path, dialect in ctx.topo.dialects.items():
        if dialect != "tcpip":
            continue
        for opener, block in parameter_blocks(ctx.topo.statements.get(path, ())):
            if opener.op not in _PARMS:
                continue
            ports = [st for st in block if st.op in ("TTLSPORT", "SECUREPORT", "PORT")]
            ttls = [st for st in ports if st.op == "TTLSPORT"]
            if not ttls or len(ttls) != len(ports):
                continue  # no TTLSPORT, or a SECUREPORT (or basic port) the settings serve
            port = ttls[0]
            where = " ".join(o.value.text for o in port.operands) or "?"
            for st in block:
                if st.op in settings:
                    yield Hit(
                        path,
                        st.span,
                        {"statement": st.op, "port": where, "line": port.span.line},
                    )
