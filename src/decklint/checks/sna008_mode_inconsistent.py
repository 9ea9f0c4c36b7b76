"""SNA008 checks that a mode defined in several mode tables agrees on RU sizes, pacing and class of
service."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.core.entities import Entity
from decklint.lint.check import Context, Hit, check

# Compared between any two products: RU sizes per direction (where both know them) and the
# class of service (where both code one).
_COMMON = (("ru_secondary", "RU the secondary sends"), ("ru_primary", "RU the primary sends"))
# Compared only between two definitions of one product (one dialect, and one `product` where a
# dialect reads two): the fields mean the same there. CS/AIX modes have no send pacing.
_SAME_PRODUCT = {
    "vtam": (
        ("rusizes", "RUSIZES"),
        ("pacing_primary_send", "PSNDPAC"),
        ("pacing_secondary_send", "SSNDPAC"),
        ("pacing_secondary_recv", "SRCVPAC"),
    ),
    "cm2": (("receive_window", "RECEIVE_PACING_WINDOW"), ("default_ru_size", "DEFAULT_RU_SIZE")),
    "nsdos": (("receive_window", "receive pacing"), ("default_ru_size", "RU *")),
    "as400": (
        ("receive_window", "INPACING"),
        ("send_window", "OUTPACING"),
        ("maxlenru", "MAXLENRU"),
    ),
    "aix": (("send_window", "send pacing"), ("receive_window", "receive pacing")),
}


def _show(e: Entity, field: str) -> str:
    v = e.value(field)
    return "not coded" if v is None else str(v)


def _cos(e: Entity) -> str | None:
    f = "appncos" if e.coded("appncos") else "cos"
    v = e.value(f)
    return str(v) if v and e.coded(f) else None


def differences(a: Entity, b: Entity) -> list[str]:
    diffs = []
    for f, what in _COMMON:
        va, vb = a.value(f), b.value(f)
        if isinstance(va, int) and isinstance(vb, int) and va != vb:
            diffs.append(f"{what} {va} vs {vb}")
    if a.dialect == b.dialect and a.value("product") == b.value("product"):
        diffs += [
            f"{op} {_show(a, f)} vs {_show(b, f)}"
            for f, op in _SAME_PRODUCT.get(a.dialect, ())
            if a.value(f) != b.value(f)
        ]
    ca, cb = _cos(a), _cos(b)
    if ca and cb and ca != cb:
        diffs.append(f"class of service {ca} vs {cb}")
    return diffs


@check("SNA008")
def mode_inconsistent(ctx: Context) -> Iterator[Hit]:
    by_name: dict[str, list[Entity]] = defaultdict(list)
    for m in ctx.topo.of("mode"):
        if m.name and m.name != "(blank)":
            by_name[m.name].append(m)
    for name, modes in sorted(by_name.items()):
        if len({m.scope for m in modes}) < 2:
            continue
        first = modes[0]
        for other in modes[1:]:
            if other.scope == first.scope:
                continue
            diffs = differences(first, other)
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
