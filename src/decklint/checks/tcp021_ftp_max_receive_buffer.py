"""TCP021 checks that a stack with an FTP server has TCPMAXRCVBUFRSIZE of at least 180K."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import defaulted_note
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP021")
def ftp_max_receive_buffer(ctx: Context) -> Iterator[Hit]:
    low = int(ctx.options["min"])
    for s in stacks(ctx.topo):
        a = s.entity.get("tcpmaxrcvbufrsize")
        ftp = s.ftp_server()
        if s.product != "zos" or ftp is None or not isinstance(a.value, int) or a.value >= low:
            continue
        if not s.judged(a):
            continue
        path, span = s.where("tcpmaxrcvbufrsize")
        yield Hit(
            path,
            span,
            {
                "stack": s.name,
                "value": a.raw or a.value,
                "note": defaulted_note(a),
                "ftp": f"{ftp.kind.removeprefix('tcpip_').upper()} {ftp.name}",
            },
            subject=s.entity.id,
            dialect="tcpip",
        )
