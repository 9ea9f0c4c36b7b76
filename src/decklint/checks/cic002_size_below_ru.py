"""CIC002 checks that CICS SENDSIZE and RECEIVESIZE hold the RU of the session's mode."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.core.entities import Entity
from decklint.knowledge.sna import CICS_MAX_SIZE
from decklint.lint.check import Context, Hit, check
from decklint.model.views.modes import modes_named

# RUSIZES: left = what the secondary (CICS's partner) sends -> CICS receives.
_SIZES = (("receivesize", "RECEIVESIZE", "ru_secondary"), ("sendsize", "SENDSIZE", "ru_primary"))


@check("CIC002")
def size_below_ru(ctx: Context) -> Iterator[Hit]:
    named: dict[str, _Modes] = {}
    for s in ctx.topo.of("sessions"):
        name = s.value("modename")
        if not name:
            continue
        modes = named.get(name)
        if modes is None:
            modes = named[name] = _Modes(modes_named(ctx.topo, name))
        sizes = [s.value(field) for field, _op, _ru in _SIZES]
        if not modes.may_exceed(sizes):
            continue
        for m, needs in modes.needs:
            for (field, op, ru_field), size, need in zip(_SIZES, sizes, needs, strict=True):
                if not isinstance(size, int) or need is None:
                    continue
                ru = m.value(ru_field)
                if size < need:
                    yield Hit(
                        s.path,
                        s.anchor(field),
                        {
                            "operand": op,
                            "size": size,
                            "mode": name,
                            "table": m.scope,
                            "ru": ru,
                            "need": need,
                            "how": "" if s.get(field).coded else " (not coded; CICS default)",
                        },
                        related=(related(m, "rusizes", f"RUSIZES of {name} in {m.scope}"),),
                        subject=s.id,
                    )


class _Modes:
    """The modes of one name with the sizes they need (an estate's workstations define the
    same mode names by the thousand, and every session of that mode is judged against each:
    a session that holds the largest of them is passed at once)."""

    def __init__(self, modes: list[Entity]) -> None:
        self.needs: list[tuple[Entity, tuple[int | None, ...]]] = []
        for m in modes:
            rus = [m.value(ru) for _field, _op, ru in _SIZES]
            needs = tuple(min(ru, CICS_MAX_SIZE) if isinstance(ru, int) else None for ru in rus)
            if any(n is not None for n in needs):
                self.needs.append((m, needs))
        self.most: list[int | None] = []
        for k in range(len(_SIZES)):
            given = [n for _m, ns in self.needs if (n := ns[k]) is not None]
            self.most.append(max(given) if given else None)

    def may_exceed(self, sizes: list[object]) -> bool:
        """Whether some mode needs more than one of `sizes`."""
        return any(
            isinstance(size, int) and most is not None and size < most
            for size, most in zip(sizes, self.most, strict=True)
        )
