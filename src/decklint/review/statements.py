"""What a change does to the decks as written: every statement added or removed and every
operand whose value changed, compared statement by statement in the files that changed, so
that a reviewer sees each change whether or not decklint models it.

The model's comparison (`changes.compare`) says what a change means; this says what it is.
An operand change the model already shows (its difference is at that operand, or names it)
is not said twice; one it does not is added to the change of the element its statement
defines (a PU's DISCNT beside its MAXDATA), or said as a change of the statement, marked as
not judged: decklint does not model it, so no rule looked at it.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from decklint.core.entities import Entity
from decklint.core.ir import Operand, Statement
from decklint.core.source import Span
from decklint.review.changes import Change, Difference, Model, subject

NOT_JUDGED = "not judged: decklint does not model it"


class _Side(NamedTuple):
    model: Model
    path: str
    statements: Sequence[Statement]


def compare(
    base: Model,
    head: Model,
    pairs: Mapping[str, str],
    added: Sequence[str],
    removed: Sequence[str],
    model_changes: Sequence[Change],
) -> list[Change]:
    """The model's changes with every statement and operand change they leave out added.
    `pairs`: a changed file's path at base -> at head; `added`, `removed`: files only at one
    side (their statements are said only where no model element stands for them)."""
    out = list(model_changes)
    index = {(c.kind, c.subject, c.head or c.base): n for n, c in enumerate(out)}
    told = _Told(out)
    for b, h in sorted(pairs.items()):
        old = _Side(base, b, base.topology.statements.get(b, ()))
        new = _Side(head, h, head.topology.statements.get(h, ()))
        for change in _file(old, new, told):
            key = (change.kind, change.subject, change.head or change.base)
            at = index.get(key)
            if at is None:
                index[key] = len(out)
                out.append(change)
            else:
                mine = out[at]
                out[at] = mine._replace(differences=mine.differences + change.differences)
    for path in added:
        out += _whole(_Side(head, path, head.topology.statements.get(path, ())), "added", told)
    for path in removed:
        out += _whole(_Side(base, path, base.topology.statements.get(path, ())), "removed", told)
    return sorted(out, key=Change.sort_key)


class _Told:
    """What the model's changes already say: the places of their differences, the operands
    they name (per element), and the elements added or removed."""

    def __init__(self, changes: Sequence[Change]) -> None:
        # where the differences are at base and at head: (path, line) -> columns
        self.places: tuple[dict[tuple[str, int], set[int]], ...] = ({}, {})
        self.named: dict[tuple[str, str], set[str]] = {}
        self.whole: set[tuple[str, int]] = set()  # (path, line) of elements added or removed
        for c in changes:
            for d in c.differences:
                for places, at in zip(self.places, (d.base, d.head), strict=True):
                    places.setdefault((at.path, at.line), set()).add(at.col)
                self.named.setdefault((c.kind, c.subject), set()).add(d.field.upper())
                self.named[(c.kind, c.subject)].add(d.detail.split(" ", 1)[0].upper())
            if not c.differences:
                for end in (c.base, c.head):
                    if end is not None:
                        self.whole.add((end.path, end.line))
        # per model: the places of its references; per file of a model: where its elements'
        # fields are coded, its elements by first line
        self._refs: dict[int, set[tuple[str, int, int]]] = {}
        self._fields: dict[tuple[int, str], set[tuple[int, int]]] = {}
        self._starts: dict[tuple[int, str], dict[int, list[Entity]]] = {}

    def judged(self, side: _Side, o: Operand) -> bool:
        """Whether an operand is a field of an element of the model or a name its symbol
        table resolves: what the rules read."""
        topo = side.model.topology
        refs = self._refs.get(id(topo))
        if refs is None:
            refs = self._refs[id(topo)] = {(r.path, r.line, r.col) for r in topo.symbols.references}
        key = (id(topo), side.path)
        fields = self._fields.get(key)
        if fields is None:
            fields = self._fields[key] = {
                (s.line, s.col)
                for e in topo.entities_of(side.path)
                for f in e.attrs
                if (s := e.attrs.span_of(f)) is not None
            }
        at = ((o.span.line, o.span.col), (o.value.span.line, o.value.span.col))
        return any(p in fields or (side.path, *p) in refs for p in at)

    def starting(self, side: _Side, line: int) -> list[Entity]:
        """The elements of the side's file whose statement starts on `line`."""
        key = (id(side.model.topology), side.path)
        by_line = self._starts.get(key)
        if by_line is None:
            by_line = self._starts[key] = {}
            for e in side.model.topology.entities_of(side.path):
                if e.kind not in ("link", "node"):
                    by_line.setdefault(e.line, []).append(e)
        return by_line.get(line, [])

    def covers(
        self, kind: str, subject: str, name: str, spans: Sequence[tuple[int, _Side, Span]]
    ) -> bool:
        """Whether the model's changes show an operand already: a difference inside its
        span on its side (a buffer pool's size inside IOBUF=(...)), or one of its element
        naming it. `spans`: (0 base or 1 head, the side, the operand's span)."""
        if name.upper() in self.named.get((kind, subject), ()):
            return True
        for n, side, s in spans:
            start = side.model.place(side.path, s)
            end = side.model.place(side.path, Span.point(s.end_line, s.end_col))
            for line in range(start.line, end.line + 1):
                for col in self.places[n].get((start.path, line), ()):
                    if (start.line, start.col) <= (line, col) < (end.line, end.col):
                        return True
        return False


def _file(old: _Side, new: _Side, told: _Told) -> list[Change]:
    """The statement changes of one file changed between the revisions."""
    a, b = list(old.statements), list(new.statements)
    keys_a, keys_b = [_key(st) for st in a], [_key(st) for st in b]
    out: list[Change] = []
    matcher = difflib.SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for sa, sb in zip(a[i1:i2], b[j1:j2], strict=True):
                got = _operands(old, sa, new, sb, told)
                if got is not None:
                    out.append(got)
        elif tag == "replace" and _one_for_one(a[i1:i2], b[j1:j2]):
            for sa, sb in zip(a[i1:i2], b[j1:j2], strict=True):
                if sa.label and sb.label and sa.label.upper() != sb.label.upper():
                    out += _rename(old, sa, new, sb, told)
                else:  # what it sets changed: `TRMF 987` -> `TRMF 4100`
                    got = _operands(old, sa, new, sb, told)
                    out += [got] if got is not None else []
        else:
            out += _statements(old, a[i1:i2], "removed", told)
            out += _statements(new, b[j1:j2], "added", told)
    return out


def _one_for_one(a: Sequence[Statement], b: Sequence[Statement]) -> bool:
    """Whether statements replaced one for one are the same statements, renamed or setting
    another value: the same operations, named on both sides or on neither."""
    return len(a) == len(b) and all(
        sa.op.upper() == sb.op.upper() and bool(sa.label) == bool(sb.label)
        for sa, sb in zip(a, b, strict=True)
    )


def _rename(old: _Side, sa: Statement, new: _Side, sb: Statement, told: _Told) -> list[Change]:
    """A statement renamed, with its operands that changed (what the model says of the
    element it defines is not said again)."""
    base = old.model.place(old.path, sa.span)
    head = new.model.place(new.path, sb.span)
    if (head.path, head.line) in told.whole:
        got = _operands(old, sa, new, sb, told)
        return [] if got is None else [got]
    changed = _operands(old, sa, new, sb, told)
    diffs = changed.differences if changed is not None else ()
    return [
        Change(
            "renamed",
            "statement",
            _named(sb),
            base,
            head,
            diffs,
            note=f"was {sa.label}; {NOT_JUDGED}",
        )
    ]


def _key(st: Statement) -> tuple[str, str]:
    """What pairs a statement across revisions: its operation and its name, else what it
    sets (a start option, `PORT 23`, a CSD DEFINE's resource)."""
    if st.label:
        return (st.op.upper(), st.label.upper())
    if not st.operands:
        return (st.op.upper(), "")
    first = st.operands[0]
    what = first.name or first.value.text
    if st.kind == "command":  # DEFINE SESSIONS(S1) GROUP(G): the resource and its group
        grp = st.keyword("GROUP")
        what = f"{what}({first.value.text}) {grp.value.text if grp else ''}"
    return (st.op.upper(), what.upper())


def _whole(side: _Side, change: str, told: _Told) -> list[Change]:
    return _statements(side, list(side.statements), change, told)


def _statements(
    side: _Side, statements: Sequence[Statement], change: str, told: _Told
) -> list[Change]:
    """Statements only one revision has, where no model element added or removed stands for
    them."""
    out = []
    for st in statements:
        if not st.op:
            continue
        where = side.model.place(side.path, st.span)
        if (where.path, where.line) in told.whole:
            continue
        base, head = (None, where) if change == "added" else (where, None)
        out.append(Change(change, "statement", _named(st), base, head, note=NOT_JUDGED))
    return out


def _named(st: Statement) -> str:
    return f"{st.op} {st.label}" if st.label else st.op


def _operands(old: _Side, sa: Statement, new: _Side, sb: Statement, told: _Told) -> Change | None:
    """The operands of a statement whose values changed and that the model does not show, as
    a change of the element the statement defines (else of the statement)."""
    before, after = _values(sa), _values(sb)
    if before == after:
        return None
    owner = max(told.starting(new, sb.span.line), key=lambda e: -e.end_line, default=None)
    kind, name = ("statement", _named(sb)) if owner is None else (owner.kind, subject(owner))
    diffs: list[Difference] = []
    for key in [*after, *(k for k in before if k not in after)]:
        ob, oh = before.get(key), after.get(key)
        vb = _text(ob)
        vh = _text(oh)
        if vb == vh:
            continue
        at_b = old.model.place(old.path, ob.span if ob is not None else sa.span)
        at_h = new.model.place(new.path, oh.span if oh is not None else sb.span)
        label = _label(key)
        spans = [(n, side, o.span) for n, side, o in ((0, old, ob), (1, new, oh)) if o is not None]
        if told.covers(kind, name, label, spans):
            continue
        # a field of the model (a start option the review does not compare) or a name the
        # symbol table resolves (LOGTAB, MODETAB: whether it names a definition of the
        # right kind) is judged by the rules
        judged = (oh is not None and told.judged(new, oh)) or (
            ob is not None and told.judged(old, ob)
        )
        detail = f"{label} {vb} -> {vh}" + ("" if judged else f" ({NOT_JUDGED})")
        diffs.append(Difference(label.lower(), detail, vb, vh, at_b, at_h, judged=judged))
    if not diffs:
        return None
    return Change(
        "changed",
        kind,
        name,
        old.model.place(old.path, sa.span),
        new.model.place(new.path, sb.span),
        tuple(diffs),
    )


def _values(st: Statement) -> dict[str, Operand]:
    """A statement's operands by name (keyword operands) or place (positional ones)."""
    out: dict[str, Operand] = {}
    n = 0
    for o in st.operands:
        if o.name:
            out.setdefault(o.name.upper(), o)
        else:
            n += 1
            out[f"#{n}"] = o
    return out


def _text(o: Operand | None) -> str:
    if o is None:
        return "not coded"
    text = " ".join(o.value.text.split())
    return text if text else "(empty)"


def _label(key: str) -> str:
    if not key.startswith("#"):
        return key
    return f"positional operand {key[1:]}"
