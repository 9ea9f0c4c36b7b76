"""SNA008: see rules/sna/SNA008-mode-inconsistent.yaml."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.checks._helpers import related
from decklint.lint.check import Context, Hit, check
from decklint.model.entities import Entity

_FIELDS = (
    ("rusizes", "RUSIZES"),
    ("pacing_primary_send", "PSNDPAC"),
    ("pacing_secondary_send", "SSNDPAC"),
    ("pacing_secondary_recv", "SRCVPAC"),
    ("appncos", "APPNCOS"),
    ("cos", "COS"),
)


def _show(e: Entity, field: str) -> str:
    v = e.value(field)
    return "not coded" if v is None else str(v)


@check("SNA008")
def mode_inconsistent(ctx: Context) -> Iterator[Hit]:
    by_name: dict[str, list[Entity]] = defaultdict(list)
    for m in ctx.topo.of("mode"):
        if m.name and m.name != "(blank)":
            by_name[m.name].append(m)
    for name, modes in sorted(by_name.items()):
        tables = {m.scope for m in modes}
        if len(tables) < 2:
            continue
        first = modes[0]
        for other in modes[1:]:
            if other.scope == first.scope:
                continue
            diffs = [
                f"{op} {_show(first, f)} vs {_show(other, f)}"
                for f, op in _FIELDS
                if first.value(f) != other.value(f)
            ]
            if diffs:
                yield Hit(
                    other.path,
                    other.anchor("name"),
                    {
                        "mode": name,
                        "table": other.scope,
                        "other": first.scope,
                        "diffs": "; ".join(diffs),
                    },
                    related=(related(first, "name", f"{name} in {first.scope}"),),
                    subject=other.id,
                )
