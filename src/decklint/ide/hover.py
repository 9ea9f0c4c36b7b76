"""Hover: what an operand means, its range and default, its value decoded; what a statement
leaves to its defaults (those of its node's release, which it shows with what tells it);
what a rule named in a suppression comment checks.

The facts are the product catalogs' (the same entries `decklint explain vtam:DLOGMOD`
prints), the decoding `decode.py`'s, the rules' their manifests'. A hover on a lint of the
deck alone (`partial`: a language server's first look, before the whole workspace is linted)
says what it cannot know yet: where a name the deck uses is defined, the node's release when
the deck does not tell it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from decklint.core.ir import Statement, Value
from decklint.core.source import Span
from decklint.ide import decode
from decklint.ide.containers import Part, part_at
from decklint.ide.document import Document, Spot, inside
from decklint.ide.navigate import Workspace, document, read_whole
from decklint.ide.outline import ancestors
from decklint.ide.records import Hover
from decklint.knowledge.catalog import OperandEntry, value_lines
from decklint.model import catalogued
from decklint.model.release import Release, choice, of_file

if TYPE_CHECKING:
    from decklint.core.entities import Entity
    from decklint.core.symbols import Definition
    from decklint.pipeline.run import LintResult

_MAX_DEFAULTS = 40  # uncoded operands listed on a statement's hover
_NOT_YET = "the workspace is not linted yet"


def hover(
    result: LintResult, path: str, text: str, line: int, column: int, partial: bool = False
) -> Hover | None:
    """What to show for the position, or None when there is nothing to say. `partial`: the
    result is a lint of this deck alone, without the decks around it."""
    part = part_at(path, text, line, read_whole(result, path))
    if part is None:
        return None
    found = _hover(result, part, *part.inward(line, column), partial)
    return None if found is None else Hover(part.outward(found.span), found.markdown)


def _hover(result: LintResult, part: Part, line: int, column: int, partial: bool) -> Hover | None:
    doc = document(result, part)
    rule = _rule(doc, line, column)
    if rule is not None:
        return rule
    spot = doc.spot(line, column)
    if spot is None or doc.dialect is None:
        return None
    if spot.part in ("label", "op") or _names_resource(doc, spot):
        return _statement(result, doc, spot, partial)
    return _operand(result, doc, spot, line, column, partial)


def _names_resource(doc: Document, spot: Spot) -> bool:
    """A CICS DEFINE's first operand, `TYPE(name)`: it says what the statement defines."""
    st = spot.statement
    return doc.dialect == "cics" and spot.position == 0 and st.op in ("DEFINE", "ALTER")


# ------------------------------------------------------------------ rules in suppressions


def _rule(doc: Document, line: int, column: int) -> Hover | None:
    """A rule (code, name, prefix or group) named by a `decklint:` directive on the line."""
    from decklint.lint.registry import load_registry
    from decklint.lint.suppress import selectors

    text = doc.line(line)
    for start, end, selector in selectors(text):
        if start + 1 <= column <= end + 1:
            registry = load_registry()
            rules = registry.matching(selector)
            if not rules:
                return None
            span = Span(line, start + 1, line, end + 1)
            if len(rules) == 1:
                m = rules[0]
                lines = [
                    f"**{m.code}** `{m.name}` ({m.severity.label})",
                    "",
                    m.summary,
                    "",
                    f"*{m.cited}*",
                ]
            else:
                lines = [f"**{selector}**: {len(rules)} rules", ""]
                lines += [f"- **{m.code}** `{m.name}`: {m.summary}" for m in rules[:30]]
                if len(rules) > 30:
                    lines.append(f"- and {len(rules) - 30} more")
            return Hover(span, _joined(lines))
    return None


# ------------------------------------------------------------------ statements


def _statement(result: LintResult, doc: Document, spot: Spot, partial: bool) -> Hover | None:
    st = spot.statement
    assert doc.dialect is not None
    e = catalogued.entry(doc.dialect, doc.path, st)
    lines: list[str] = []
    if e is not None:
        lines += _heading(e, st.op if e.statement.name == st.op else e.statement.name)
        body = e.statement
        lines += [body.meaning] if body.meaning else []
        lines += [f"context: {body.context}"] if body.context else []
        lines += _history(result, doc, st, e)
    named = st.label_span or spot.span  # on its name or its label: what the statement defines
    defs = Workspace(result, doc).at(named.line, named.col)[1]
    lines += _defined_here(result, defs)
    rel = of_file(result.topology, doc.path, e.product if e is not None else "")
    lines += _release(result, doc, rel, partial)
    if e is not None:
        lines += _uncoded(doc, st, e, rel)
        lines += ["", _source(e.statement.source or e.reference, e.statement.confidence)]
    if not lines:
        return None
    return Hover(spot.span, _joined(lines))


def _history(result: LintResult, doc: Document, st: Statement, e: catalogued.Entry) -> list[str]:
    """The statement's history by release, and what the node's target release (where one is
    named) does to it."""
    from decklint.knowledge.catalog import history_lines
    from decklint.model import release as rel
    from decklint.model import upgrade

    if not e.statement.history:
        return []
    lines = ["", "**history by release**", *(f"- {h}" for h in history_lines(e.statement, False))]
    topo = result.topology
    node = topo.site.get(doc.path)
    family = rel.file_family(topo, doc.path) if node is not None else None
    target = rel.target_of(topo, node, family) if node and family else None
    if target is None or node is None or family is None:
        return lines
    mine = upgrade.family_events(e.statement, family, e.statement.source or e.reference)
    use = upgrade.Use(doc.path, node, family, st, st.span, e.statement.name, mine)
    v = upgrade.verdict(use, target.level)
    said = {
        "removed": "removed from",
        "absent": "exists only from",
        "deprecated": "deprecated from",
    }
    at = f"at the target release {target.said} ({target.origin}): "
    lines.append(at + (f"{said[v.kind]} {v.event.release}" if v is not None else "accepted"))
    return lines


def _joined(lines: list[str]) -> str:
    """Markdown lines joined, with one blank line at most between paragraphs."""
    out: list[str] = []
    for ln in lines:
        if ln or (out and out[-1]):
            out.append(ln)
    return "\n".join(out).strip()


def _heading(e: catalogued.Entry, name: str) -> list[str]:
    return [f"**{name}** · {e.product}", ""]


def _release(
    result: LintResult, doc: Document, rel: Release | None, partial: bool = False
) -> list[str]:
    """The release of the statement's node, and what tells it (`partial`: where the deck
    alone does not tell it, that the node's other decks are not read yet)."""
    node = result.topology.site.get(doc.path)
    if node is None:
        return []
    if partial and (rel is None or not rel.said):
        return ["", f"release of {node}: not known from this deck alone ({_NOT_YET})"]
    if rel is None:
        return []
    where = f", from {rel.where}" if rel.where and rel.where.split(" line ")[0] != doc.path else ""
    said = rel.said or "not known (declare it under nodes: in the configuration)"
    return ["", f"release of {node}: {said}{where}"]


def _uncoded(
    doc: Document, st: Statement, e: catalogued.Entry, rel: Release | None = None
) -> list[str]:
    """The operands with a default that the statement does not code: "not coded: the default
    X applies", or the value a statement it nests in codes, where the operand sifts down."""
    coded = {o.name.upper() for o in st.operands if o.name}
    words = (catalogued.keyword_operand(e, o.value.upper()) for o in st.operands if not o.name)
    coded |= {op.name for op in words if op is not None}  # TCP/IP parameters, abbreviated
    index = _index(doc, st)
    above = ancestors(doc.statements, index, doc.dialect or "") if index >= 0 else []
    inherited = _inherited(doc, st)
    out: list[str] = []
    for name, op in sorted(e.statement.operands.items()):
        if name in coded or not catalogued.is_keyword(e, name):
            continue
        sifted = inherited.get(name) or _sifted(op, st, above)
        if sifted is not None:
            parent, value = sifted
            label = f"{parent.op} {parent.label}" if parent.label else parent.op
            out.append(f"- `{name}` not coded: {label} codes `{value}`, which applies here")
            continue
        default = _case_default(e, op, st, above) or _default(op, rel)
        if default is not None:
            out.append(f"- `{name}` not coded: the default {default} applies")
    if not out:
        return []
    more = len(out) - _MAX_DEFAULTS
    out = out[:_MAX_DEFAULTS] + ([f"- and {more} more"] if more > 0 else [])
    return ["", "Not coded here:", *out]


def _index(doc: Document, st: Statement) -> int:
    for i, s in enumerate(doc.statements):
        if s is st:
            return i
    return -1


def _inherited(doc: Document, st: Statement) -> dict[str, tuple[Statement, str]]:
    """The operands the model takes for this statement's element from a statement around it
    (a VTAM GROUP's MODETAB for its APPLs, a PU's DLOGMOD for its LUs)."""
    low = doc.lowering
    element = next((e for e in low.entities if e.span == st.span), None) if low else None
    if element is None:
        return {}
    out: dict[str, tuple[Statement, str]] = {}
    for key, a in element.attrs.items():
        if a.span is None or a.defaulted or inside(st.span, a.span.line, a.span.col):
            continue
        holder = doc.statement_at(a.span.line, a.span.col)
        if holder is not None and holder is not st and a.raw is not None:
            o = next((o for o in holder.operands if o.span == a.span), None)
            if o is not None and o.name is not None and o.name == key.upper():
                out[o.name] = (holder, f"{o.name_text or o.name}={o.value.text}")
    return out


def _sifted(
    op: OperandEntry, st: Statement, above: list[Statement]
) -> tuple[Statement, str] | None:
    """The statement above that codes an operand which sifts down to this one (NCP)."""
    if not op.sift or st.op not in op.sift:
        return None
    for parent in above:
        o = parent.keyword(op.name)
        if o is not None and parent.op in op.sift:
            return parent, f"{o.name_text or o.name}={o.value.text}"
    return None


def _case_default(
    e: catalogued.Entry, op: OperandEntry, st: Statement, above: list[Statement]
) -> str | None:
    """The default of the catalog's case that holds where the statement sits (MAXDATA of a
    type 1 PU, VPACING in a local SNA major node)."""
    if not op.cases:
        return None
    from decklint.knowledge import catalog as catalogs
    from decklint.knowledge.facts import Scope, case_of

    cat = catalogs.catalog(e.product)
    if cat is None:
        return None
    scope = Scope()
    for parent in reversed(above):
        scope.enter(parent)
    scope.enter(st)
    case = case_of(cat, op, st, scope)
    if case is None or case.default is None:
        return None
    return f"`{case.default}` (where {case.when.text})"


def _default(op: OperandEntry, rel: Release | None = None) -> str | None:
    """The default that applies for the node's release (each one it may be, where the
    release does not decide), else the catalog's."""
    if op.default_by_release and rel is not None:
        c = choice(op, rel)
        if c.decided:
            return f"`{c.value}` ({rel.said})" if rel.said else f"`{c.value}`"
        if len(c.options) > 1:
            return f"{c.said()} (the release does not decide)"
    if op.default is not None:
        return f"`{op.default}`"
    if op.default_by_release:
        return ", ".join(
            f"`{'not known' if v is None else v}` from {r}"
            for r, v in op.default_by_release.items()
        )
    return None


def _source(source: str, confidence: str) -> str:
    note = " (not confirmed in the manual)" if confidence == "low" else ""
    return f"*{source}*{note}"


# ------------------------------------------------------------------ operands


def _operand(
    result: LintResult, doc: Document, spot: Spot, line: int, col: int, partial: bool
) -> Hover | None:
    """An operand's keyword or value: its catalog entry, the value decoded, and what a name
    it holds refers to."""
    assert doc.dialect is not None and spot.operand is not None
    hit = catalogued.operand(doc.dialect, doc.path, spot.statement, spot.position)
    op = hit.operand if hit is not None else None
    lines: list[str] = []
    if hit is not None and op is not None:
        title = op.name if catalogued.is_keyword(hit.entry, op.name) else op.name.lower()
        lines += [f"**{title}** · {hit.entry.product} {hit.entry.statement.name}", ""]
        lines += [op.meaning] if op.meaning else []
    elif spot.operand.name:
        lines += [f"**{spot.operand.name}** · {doc.dialect} {spot.statement.op}", ""]
    value = _coded_value(spot, hit)
    if value is not None and value.kind != "empty":
        name = spot.operand.name or (op.name if op is not None else "")
        lines += ["", *(f"- {d}" for d in decode.decoded(name, value, op))]
    ws = Workspace(result, doc)
    refs = ws.at(line, col)[0]
    defs = [d for r in refs for d in ws.definitions(ws.key(r))]
    lines += _defined_here(result, defs, "defined in")
    if partial and refs and not defs:
        lines += ["", f"- defined in: not known yet ({_NOT_YET})"]
    if hit is not None and op is not None:
        facts = [f"value: {op.kind}", *(f for f in value_lines(op) if not f.startswith("value: "))]
        lines += ["", " · ".join(facts)]
        if op.history:
            from decklint.knowledge.catalog import history_lines

            told = history_lines(op, defaults=False)
            lines += ["", "**history by release**", *(f"- {h}" for h in told)]
        lines += ["", f"note: {op.note}"] if op.note else []
        source = op.source or hit.entry.statement.source or hit.entry.reference
        lines += ["", _source(source, op.confidence)]
    if not lines:
        return None
    return Hover(spot.span, _joined(lines))


def _coded_value(spot: Spot, hit: catalogued.OperandHit | None) -> Value | None:
    """The value to decode: the one under the cursor, the value of the keyword under it, or
    for a TCP/IP parameter word the word after it (when the parameter takes a value)."""
    assert spot.operand is not None
    if spot.operand.name is not None or hit is None or not hit.keyword:
        return spot.value if spot.part == "value" else spot.operand.value
    following = spot.statement.operands[spot.position + 1 :]
    if catalogued.is_flag(hit.operand) or not following or following[0].name is not None:
        return None
    return following[0].value


# ------------------------------------------------------------------ what a name stands for


def _defined_here(result: LintResult, defs: list[Definition], lead: str = "") -> list[str]:
    """Where each definition is and, for a logon mode, what the mode says."""
    out: list[str] = []
    for d in defs[:5]:
        where = f"`{d.path}` line {d.line}"
        kind, within = _KINDS.get(d.kind, (d.kind, "in"))
        scope = f" {within} {d.scope}" if d.scope and d.scope != "*" else ""
        text = f"{kind} `{d.name}`{scope}"
        out.append(f"- {lead} {where}: {text}" if lead else f"- {text}, {where}")
        if d.kind == "logmode":
            mode = _mode(result, d)
            if mode is not None:
                out += [f"  - {s}" for s in _mode_facts(mode)]
    return ["", *out] if out else []


# kind -> what to call a name of the kind, and how its scope is named
_KINDS = {
    "logmode": ("logon mode", "of mode table"),
    "modetab": ("mode table", "in"),
    "group": ("group", "in"),
    "vtam_resource": ("VTAM resource", "in"),
    "cics_connection": ("CICS connection", "in group"),
    "cics_resource": ("CICS resource", "in"),
    "tcpip_device": ("device", "in stack"),
    "tcpip_link": ("link or interface", "in stack"),
    "tcpip_startable": ("device or interface", "in stack"),
    "cm2_mode": ("mode", "of CP"),
    "cm2_link": ("link", "of CP"),
}


def _mode(result: LintResult, d: Definition) -> Entity | None:
    for e in result.topology.of("mode"):
        if e.path == d.path and e.name == d.name and e.scope == d.scope:
            return e
    return None


def _mode_facts(mode: Entity) -> list[str]:
    sec, pri = mode.value("ru_secondary"), mode.value("ru_primary")
    raw = mode.get("rusizes").raw
    if sec is None and pri is None:
        ru = "RU sizes: not limited by the mode" + (f" (RUSIZES={raw})" if raw else "")
    else:
        ru = f"RU sizes: secondary LU sends {sec}, primary LU sends {pri}"
        ru += f" (RUSIZES={raw})" if raw else ""
    pacing = ", ".join(
        f"{label} {mode.value(key)}"
        for label, key in (
            ("primary send", "pacing_primary_send"),
            ("secondary send", "pacing_secondary_send"),
            ("secondary receive", "pacing_secondary_recv"),
        )
        if mode.value(key) is not None
    )
    return [ru] + ([f"pacing: {pacing}"] if pacing else [])
