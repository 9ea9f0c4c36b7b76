"""AIX002 checks that SNA Services/6000 DLC send and receive windows are 127, and that a send
window above 10 toward NCP V6R2 comes with APAR IX41022 (the profiles of SNA Services/6000 only:
a CS/AIX link station is another product's)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check


@check("AIX002")
def dlc_pacing(ctx: Context) -> Iterator[Hit]:
    for d in ctx.topo.of("aix_dlc"):
        if d.value("product") != "SNA Services/6000":
            continue  # a CS/AIX link station: its window is judged against its partner (SNA011)
        for field, what in (("send_window", "transmit"), ("receive_window", "receive")):
            v = d.value(field)
            if isinstance(v, int) and v < 127:
                yield Hit(
                    d.path,
                    d.anchor(field),
                    {
                        "how": f"DLC profile {d.name}: {what} window {v}; set 127, the "
                        "largest SNA Services/6000 takes"
                    },
                    subject=d.id,
                )
        send = d.value("send_window")
        if isinstance(send, int) and send > 10:
            yield Hit(
                d.path,
                d.anchor("send_window"),
                {
                    "how": f"DLC profile {d.name}: a send window of {send} toward NCP V6R2 "
                    "needs APAR IX41022 on AIX 3.2.4 (links failed above 10 without it)"
                },
                severity=Severity.INFO,
                subject=d.id,
            )
