"""TCP016 checks that FTP.DATA uses CHKPTINT 0, no obsolete BUFNO, EXTRATASKS or NCP, and large
blocks for new data sets."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.core.findings import Fix, Severity
from decklint.lint import edits
from decklint.lint.check import Context, Hit, check

# half a track per DASD type, as the z/OS TCP/IP tuning tips (SHARE 102) give it in 'FTP Tuning
# Summary (continued)'
HALF_TRACK = {"3390": 28288, "9334": 28288, "3380": 23424}


@check("TCP016")
def ftp_data(ctx: Context) -> Iterator[Hit]:
    device = str(ctx.options["device"])
    half = HALF_TRACK.get(device, 28288)
    small = int(ctx.options["small"])
    for f in ctx.topo.of("ftp_data"):
        chk = f.get("chkptint")
        if isinstance(chk.value, int) and chk.value != 0:
            yield _hit(
                f,
                "chkptint",
                f"CHKPTINT {chk.value}: checkpointing writes restart markers during every "
                "transfer; keep CHKPTINT 0 for best performance",
                fix=_set(ctx, f, "chkptint", "0", "code CHKPTINT 0"),
            )
        for field in ("bufno", "extratasks", "ncp"):
            a = f.get(field)
            if a.coded:
                yield _hit(
                    f,
                    field,
                    f"{field.upper()} is not used from CS/390 V2R5 on, so coding it changes "
                    "nothing; remove it",
                    Severity.INFO,
                )
        blk = f.get("blksize")
        if isinstance(blk.value, int) and blk.value > half:
            yield _hit(
                f,
                "blksize",
                f"BLKSIZE {blk.value}: above half a {device} track (about {half} bytes), so "
                f"each track holds one block; code BLKSIZE {half} or less (half a track)",
            )
        elif isinstance(blk.value, int) and 0 < blk.value < small:
            yield _hit(
                f,
                "blksize",
                f"BLKSIZE {blk.value}: FTP throughput grows and CPU falls with the block size; "
                f"use a large one, up to half a {device} track (about {half} bytes), or 0 "
                "for the system's choice",
                Severity.INFO,
            )


def _hit(  # type: ignore[no-untyped-def]
    f, field: str, what: str, severity: Severity | None = None, fix: Fix | None = None
) -> Hit:
    return Hit(
        f.path,
        f.anchor(field),
        {"what": what},
        severity=severity,
        subject=f.id,
        dialect="tcpdata",
        fix=fix,
    )


def _set(ctx: Context, f: Entity, field: str, value: str, title: str) -> Fix | None:
    a = f.get(field)
    return edits.set_value(ctx.topo, f.path, a.span, value, title) if a.span else None
