"""VTM001 checks that RUSIZES bytes are X'mn' with mantissa 8-F, or X'00'."""

from __future__ import annotations

import re
from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check

_HEX4 = re.compile(r"[0-9A-F]{4}\Z")


@check("VTM001")
def rusizes_malformed(ctx: Context) -> Iterator[Hit]:
    for m in ctx.topo.of("mode"):
        a = m.get("rusizes")
        if not a.coded:
            continue
        text = str(a.value)
        if not _HEX4.match(text):
            yield Hit(
                m.path,
                a.span or m.span,
                {
                    "mode": m.name,
                    "value": a.raw,
                    "problem": "is not four hex digits in X'....' form, so the table does not "
                    "assemble; code two bytes X'mn' (m x 2**n: X'8787' is 1024 both ways)",
                },
                subject=m.id,
            )
            continue
        for side, byte, field in (
            ("left (secondary sends)", text[:2], "ru_secondary"),
            ("right (primary sends)", text[2:], "ru_primary"),
        ):
            b = int(byte, 16)
            if b != 0 and b & 0x80 == 0:
                meaning = (
                    "the SLU may send up to VTAM's 6K default"
                    if field == "ru_secondary"
                    else "no limit for the PLU"
                )
                yield Hit(
                    m.path,
                    a.span or m.span,
                    {
                        "mode": m.name,
                        "value": a.raw,
                        "problem": f"has {side} byte X'{byte}' with the high bit off: VTAM "
                        f"reads it as not specified ({meaning}); almost always a typo: code a "
                        "byte from X'80' to X'FF' (mantissa 8-F), or X'00'",
                    },
                    severity=Severity.WARNING,
                    subject=m.id,
                )
