"""IVTPRM00 statements -> model entities: CSM's storage limits and buffer pools."""

from __future__ import annotations

from decklint.core.entities import Attr
from decklint.core.ir import (
    Diagnostic,
    Statement,
)
from decklint.core.lowering import Lowering, default
from decklint.core.source import Span
from decklint.dialects.ivtprm.reader import LIMITS
from decklint.knowledge import member_facts as facts
from decklint.readers.base import (
    ParsedFile,
)


def _mb(n: int) -> str:
    return f"{n // (1024 * 1024)}M" if n % (1024 * 1024) == 0 else f"{n // 1024}K"


def _limit(name: str) -> facts.Fact:
    fact = facts.operand_fact(facts.product("ivtprm"), name, "MAX")
    assert fact is not None, f"the IVTPRM00 catalog lists {name} MAX"
    return fact


def lower(pf: ParsedFile, low: Lowering) -> None:
    attrs: dict[str, Attr] = {"name": Attr("CSM")}
    for key in LIMITS:
        dflt = _limit(key).entry.default
        attrs[f"{key.lower()}_max"] = default(dflt, f"the CSM default {_mb(dflt)}")
    for st in pf.statements:
        if st.op in LIMITS:
            if not st.operands or st.operands[0].name not in ("MAX", None, st.op):
                low.diag(Diagnostic("PRS001", st.span, f"{st.op} needs MAX(n)"))
                continue
            v = st.operands[0].value
            n = v.as_int()
            fact = _limit(st.op)
            rng = fact.entry.range
            if n is None or (rng is not None and not rng[0] <= n <= rng[1]):
                lo, hi = (int(x) for x in rng) if rng is not None else (0, 0)
                why = f"must be {_mb(lo)}-{_mb(hi)} (K or M suffix)"
                low.diag(facts.out_of_range(fact, v.span, f"{st.op} MAX({v.text})", why))
                continue
            attrs[f"{st.op.lower()}_max"] = Attr(n, v.text, v.span)
        elif st.op == "POOL":
            _pool(st, low)
        else:
            low.diag(
                Diagnostic(
                    "PRS002",
                    st.op_span or st.span,
                    f"IVTPRM00 statement {st.op} is not known; it is kept but not modelled",
                )
            )
    first = pf.statements[0].span if pf.statements else Span(1, 1, 1, 1)
    low.add("csm_limits", "CSM", first, attrs)


_POOL = ("bufsize", "bufsource", "initbuf", "minfree", "expbuf")  # the catalog's positions


def _pool(st: Statement, low: Lowering) -> None:
    vals = [o.value for o in st.operands]
    if len(vals) != len(_POOL):
        low.diag(Diagnostic("PRS001", st.span, f"POOL needs five values: {', '.join(_POOL)}"))
        return
    cat = facts.product("ivtprm")
    size = vals[0].text.upper()
    for name, v in zip(_POOL, vals, strict=True):
        fact = facts.operand_fact(cat, "POOL", name)
        assert fact is not None, f"the IVTPRM00 catalog lists POOL {name}"
        n = v.as_int()
        why = facts.problem(fact, v.text, n if fact.entry.kind == "int" else None)
        most = (fact.raw.get("most_by_bufsize") or {}).get(size)
        if why is None and most is not None and n is not None and n > int(most):
            lo = int(fact.entry.range[0]) if fact.entry.range is not None else 1
            why = f"outside the range {lo}-{most} for {vals[0].text} buffers"
        if why is not None:
            low.diag(facts.out_of_range(fact, v.span, f"POOL {name} {v.text}", why))
