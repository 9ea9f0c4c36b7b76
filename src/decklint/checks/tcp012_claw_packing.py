"""TCP012 checks that CLAW devices use PACKED with read and write buffers within the release's
maximum."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP012")
def claw_packing(ctx: Context) -> Iterator[Hit]:
    cap = int(ctx.options["max-total"])
    for s in stacks(ctx.topo):
        old = s.rel.since((1, 2)) is False  # OS/390: limited packing, 4 KB buffers
        for d in s.of("tcpip_device"):
            if d.value("type") != "CLAW":
                continue
            packing = d.value("packing")
            if packing == "NONE":
                yield _hit(
                    d,
                    "packing",
                    "NONE: no CLAW packing; code PACKED (several datagrams per channel "
                    "frame: 31-66% more FTP throughput)"
                    + (" with 8 read and 8 write buffers of 4 KB on OS/390" if old else ""),
                )
                continue
            if packing != "PACKED":
                continue
            for what, n, size in (
                ("read", "read_buffers", "read_size"),
                ("write", "write_buffers", "write_size"),
            ):
                count, each = d.value(n), d.value(size)
                if not isinstance(count, int) or not isinstance(each, int):
                    continue
                limit = 8 * 4096 if old else cap
                if count * each > limit:
                    yield _hit(
                        d,
                        size,
                        f"{count} {what} buffers of {each} bytes = {count * each} bytes, above "
                        f"the {limit // 1024} KB the release packs"
                        + (" (OS/390: 8 x 4 KB)" if old else " (for example 8 x 32 KB)")
                        + f"; code at most {limit // 1024} KB of {what} buffers",
                    )


def _hit(d, field: str, what: str) -> Hit:  # type: ignore[no-untyped-def]
    return Hit(
        d.path, d.anchor(field), {"name": d.name, "what": what}, subject=d.id, dialect="tcpip"
    )
