"""BPX001 checks that BPXPRMxx sets MAXPROCSYS, MAXPROCUSER, MAXUIDS, MAXFILEPROC, MAXPTYS,
MAXTHREADTASKS and MAXTHREADS above the defaults."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.entities import Entity
from decklint.source import Span

# The limits the tuning document names, with the default an unset one takes (z/OS MVS
# Initialization and Tuning Reference, BPXPRMxx). None: a default no manual at hand confirms
# (MAXPTYS, MAXTHREADTASKS); IBM also warns against setting MAXPTYS arbitrarily high, so a
# value coded for them is taken as the installation's own and only their absence is reported.
LIMITS: dict[str, int | None] = {
    "MAXPROCSYS": 900,
    "MAXPROCUSER": 25,
    "MAXUIDS": 200,
    "MAXFILEPROC": 64000,
    "MAXPTYS": None,
    "MAXTHREADTASKS": None,
    "MAXTHREADS": 200,
}

_WHY = "estimate the users, processes and threads and set it"


@check("BPX001")
def limits_set(ctx: Context) -> Iterator[Hit]:
    by_system: dict[str, list[Entity]] = defaultdict(list)
    for e in ctx.topo.of("bpx_setting"):
        by_system[e.scope].append(e)
    for system, settings in sorted(by_system.items()):
        limits = sorted((e for e in settings if e.value("limit")), key=lambda e: (e.path, e.span))
        if not limits:
            continue  # no member of this system sets limits: nothing to judge
        for name, dflt in LIMITS.items():
            coded = [e for e in limits if e.name == name]
            if not coded:
                applies = "the default applies" if dflt is None else f"the default {dflt} applies"
                what = f"{name} is not set in its BPXPRMxx members; {applies}"
                yield _hit(limits[0], limits[0].span, system, what, _WHY)
                continue
            if dflt is None:
                continue
            values = [e.value("value") for e in coded]
            if not all(isinstance(v, int) and v <= dflt for v in values):
                continue  # set above the default somewhere (or not a number: PRS003's)
            last = coded[-1]
            v = last.value("value")
            if v == dflt:
                what = f"{name}({v}) is coded as its default {dflt}, the limit it has uncoded"
            else:
                what = f"{name}({v}) is coded below its default {dflt}"
            yield _hit(last, last.anchor("value"), system, what, f"{_WHY} above the default")


def _hit(at: Entity, span: Span, system: str, what: str, why: str) -> Hit:
    return Hit(at.path, span, {"system": system, "what": what, "why": why}, dialect="bpxprm")
