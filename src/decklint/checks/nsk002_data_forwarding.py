"""NSK002 checks that NonStop bulk ports forward data at once (DATAFORWARDCOUNT 1 or
DATAFORWARDTIME 0.001)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import systems


@check("NSK002")
def data_forwarding(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        bulk = s.bulk_ports()
        ports = s.of("nsk_port")
        for p in ports:
            if p.name not in bulk:
                continue
            count, time = p.value("dataforwardcount"), p.value("dataforwardtime")
            fast = count == 1 or (isinstance(time, float) and time <= 0.001)
            if not fast:
                shown_c = count if count is not None else "not coded"
                shown_t = time if time is not None else "not coded (default 0.010)"
                path, span = p.where("dataforwardcount" if count is not None else "dataforwardtime")
                yield Hit(
                    path,
                    span,
                    {
                        "port": p.name,
                        "what": f"bulk port with DATAFORWARDCOUNT {shown_c} and DATAFORWARDTIME "
                        f"{shown_t}: the controller holds data back; code DATAFORWARDCOUNT 1 "
                        "or DATAFORWARDTIME 0.001",
                    },
                    subject=p.id,
                    dialect="scf",
                )
                continue
            line = str(p.value("line") or "")
            others = [o.name for o in ports if o.value("line") == line and o.name not in bulk]
            if others:
                path, span = p.where("dataforwardcount" if count == 1 else "dataforwardtime")
                yield Hit(
                    path,
                    span,
                    {
                        "port": p.name,
                        "what": f"immediate data forwarding costs CPU on every packet and "
                        f"{line} also serves {', '.join(sorted(others))}; dedicate the "
                        "controller to bulk transfer",
                    },
                    severity=Severity.INFO,
                    subject=p.id,
                    dialect="scf",
                )
