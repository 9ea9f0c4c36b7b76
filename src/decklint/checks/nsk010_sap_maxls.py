"""NSK010 checks that no SAP of a SNAX line serves more PUs than its SAPINFO MAXLS."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.knowledge.catalog_check import default_of
from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import Obj, System, systems


@check("NSK010")
def sap_maxls(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        lines = {ln.name: ln for ln in s.of("nsk_line")}
        by_line: dict[str, list[Obj]] = defaultdict(list)
        for pu in s.of("nsk_pu"):
            if pu.value("line"):
                by_line[str(pu.value("line"))].append(pu)
        for name, pus in sorted(by_line.items()):
            line = lines.get(name)
            if line is not None:
                yield from _line(s, line, pus)


def _saps(line: Obj) -> dict[int, int | None]:
    """SAP -> MAXLS of a line: its SAPINFO, else SAP %H04 with MAXLS equal to MAXPUS."""
    coded = line.value("sapinfo")
    if coded:
        return {sap: maxls for sap, maxls in coded}
    maxpus = line.value("maxpus")
    return {4: maxpus if isinstance(maxpus, int) else None}


def _line(s: System, line: Obj, pus: list[Obj]) -> Iterator[Hit]:
    saps = _saps(line)
    dflt = default_of("scf", "PU", "LNSSAP")
    count: dict[int, int] = defaultdict(int)
    ordered = sorted(pus, key=lambda o: (o.entities[0].path, o.entities[0].span.line))
    for pu in ordered:
        sap = pu.value("lnssap")
        sap = sap if isinstance(sap, int) else dflt
        count[sap] += 1
        path, span = pu.where("lnssap")
        if sap not in saps:
            what = (
                f"LNSSAP %H{sap:02X} is not a SAP of LINE {line.name} (its SAPs: "
                + ", ".join(f"%H{x:02X}" for x in sorted(saps))
                + "); SCF rejects the PU: code one of those SAPs, or add this SAP to the "
                + "line's SAPINFO"
            )
        elif isinstance(saps[sap], int) and count[sap] > saps[sap]:  # type: ignore[operator]
            what = (
                f"it is PU number {count[sap]} on SAP %H{sap:02X} of LINE {line.name}, whose "
                f"MAXLS is {saps[sap]}; SCF rejects the ADD or ALTER PU past MAXLS: raise MAXLS "
                "in the line's SAPINFO or put the PU on another SAP"
            )
        else:
            continue
        yield Hit(path, span, {"pu": pu.name, "what": what}, subject=pu.id, dialect="scf")
