"""MP3003 checks that SNA and TCP/IP sharing a Fast Ethernet adapter use the same framing (802.3 or
DIX)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.adapters import adapters, kind


def _framing(value: object) -> str:
    text = str(value or "").lower().replace("ieee", "").replace(" ", "")
    return {"ethernet2": "dix", "ethernetii": "dix", "8023": "802.3"}.get(text, text)


@check("MP3003")
def adapter_framing(ctx: Context) -> Iterator[Hit]:
    for d in adapters(ctx.topo):
        if kind(d) != "fast-ethernet":
            continue
        tcp, sna = _framing(d.value("tcpip_framing")), _framing(d.value("sna_framing"))
        if tcp and sna and tcp != sna:
            yield Hit(
                d.path,
                d.anchor("sna_framing"),
                {"name": d.name, "tcpip": tcp, "sna": sna},
                subject=d.id,
                dialect="config",
            )
