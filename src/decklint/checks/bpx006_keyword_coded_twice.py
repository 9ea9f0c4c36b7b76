"""BPX006 checks that no limiting or setting keyword is coded twice in one BPXPRMxx member.

The manual asks for one occurrence in a member; it says which occurrence counts only across
members, and there in two ways (Syntax rules for BPXPRMxx: the last; BPXPRMxx, OMVS=(xx,yy):
the first in the leftmost member), so a second value in one member is not said to be unused."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.core.findings import Related, Severity
from decklint.lint.check import Context, Hit, check


@check("BPX006")
def keyword_coded_twice(ctx: Context) -> Iterator[Hit]:
    # `bpx_setting` entities are the statements whose catalog role is limit or setting (one
    # value each); resource statements (FILESYSTYPE, MOUNT, ...) add up and are not lowered so
    by_member: dict[tuple[str, str], list[Entity]] = defaultdict(list)
    for e in ctx.topo.of("bpx_setting"):
        by_member[(e.path, e.name)].append(e)
    for (_path, name), coded in sorted(by_member.items()):
        if len(coded) < 2:
            continue
        coded.sort(key=lambda e: e.span)
        last = coded[-1]
        shown = last.get("value").raw or str(last.value("value"))
        for e in coded[:-1]:
            raw = e.get("value").raw or str(e.value("value"))
            same = e.value("value") == last.value("value")
            what = "limiting keyword" if e.value("limit") else "keyword"
            yield Hit(
                e.path,
                e.span,
                {
                    "what": what,
                    "stmt": f"{name}({raw})",
                    "last": f"{name}({shown})",
                    "line": str(last.span.line),
                    "effect": "the same value, so this one only repeats it"
                    if same
                    else "the values differ, and the manual does not say which one of a member"
                    " the system runs with",
                },
                related=(Related(last.path, last.span, "coded again here"),),
                severity=Severity.INFO if same else None,
                subject=e.id,
            )
