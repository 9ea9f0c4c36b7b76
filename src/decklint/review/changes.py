"""What a change does to the network: two models compared element by element, each difference
said in the product's words (the operand, its value as coded, what it decodes to), with where
it is in both revisions and, for a changed definition, what refers to it."""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from decklint.core.entities import Attr, Entity
from decklint.core.kinds import KindSpec
from decklint.core.source import Span
from decklint.core.symbols import Definition, Reference
from decklint.model.network import kinds as evidence_kinds
from decklint.model.topology import Topology


class Location(NamedTuple):
    path: str
    line: int
    col: int

    def render(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


# Where a span of a file is shown: a deck cut out of a container is shown in the container.
Placer = Callable[[str, Span], Location]


def plain_place(path: str, span: Span) -> Location:
    return Location(path, span.line, span.col)


class Model(NamedTuple):
    """One revision's model, and how its places are shown."""

    topology: Topology
    place: Placer = plain_place


class Difference(NamedTuple):
    """One operand of a definition, changed: in the product's words, with both places."""

    field: str
    detail: str  # "RUSIZES X'8585' -> X'8D8D': 256 -> 4096 both ways"
    before: str
    after: str
    base: Location
    head: Location
    judged: bool = True  # False: an operand decklint does not model (`review.statements`)


class Reach(NamedTuple):
    """A definition that refers to a changed one (an APPL naming a changed mode)."""

    subject: str  # "LU OS2LU", "CICS SESSIONS OS2CS of CONNECTION OS2C"
    usage: str  # the operands it refers through: "DLOGMOD, MODETAB" ("" when they name it)
    where: Location


class Change(NamedTuple):
    """An element of the model added, removed, renamed or changed; a link that appeared,
    disappeared or changed."""

    change: str  # added removed renamed changed appeared disappeared
    kind: str
    subject: str
    base: Location | None
    head: Location | None
    differences: tuple[Difference, ...] = ()
    # what refers to it at head: to a changed element, or (removed, renamed) to its old name
    reaches: tuple[Reach, ...] = ()
    note: str = ""

    def sort_key(self) -> tuple[Any, ...]:
        at = self.head or self.base
        assert at is not None
        return (at.path, at.line, at.col, self.kind, self.subject, self.change)


# Fields never compared: the name is the element's key. A kind's own (`KindSpec.review_skip`:
# bookkeeping, another element's value repeated) and whether it is compared at all
# (`KindSpec.reviewed`) are declared with the kind. A link is compared by its status and
# other end only: its frame or MTU is an end's.
_SKIP_EVERY = frozenset({"name"})
_RU_FIELDS = ("rusizes", "ru_secondary", "ru_primary", "ru_max", "ru_min")
# A field's description opens with the operand as the product spells it (MAXTSL: ...,
# TCPCONFIG TCPSENDBFRSIZE, bytes; UNITSZ of the first HOST; TCPWINDOWSIZE, KB), unless it
# lists the values the field takes (TCP or UDP; EN, NN or LEN) or opens with what the field
# is about (DLC frame size, CSD group); anything else is said by the field's name.
_UPPER = re.compile(r"[A-Z][A-Z0-9_#@$]+(?: [A-Z][A-Z0-9_#@$]*)*")
_NOT_OPERANDS = frozenset({"CLAW", "CPU", "CSD", "DLC", "RFC", "SNA", "TCP"})


def word(kind: str) -> str:
    """How the product names an element of the kind (`KindSpec.word`), else the kind's name."""
    spec = _spec(kind)
    return (spec.word if spec is not None else "") or kind.replace("_", " ")


def skipped(kind: str) -> frozenset[str]:
    spec = _spec(kind)
    return _SKIP_EVERY | (spec.review_skip if spec is not None else frozenset())


def _spec(kind: str) -> KindSpec | None:
    from decklint.dialects.kinds import kinds

    return kinds().get(kind)


def subject(e: Entity) -> str:
    if e.kind == "link":
        kind, _, name = str(e.value("end_a")).partition(" ")
        return f"{e.value('kind')} link from {word(kind)} {name} ({e.value('node_a')})"
    return f"{word(e.kind)} {e.name}" + (f" in {e.scope}" if e.scope else "")


def compare(
    base: Model,
    head: Model,
    renames: Mapping[str, str],
    unchanged: Mapping[str, str] | None = None,
) -> list[Change]:
    """The changes from `base` to `head`. `renames`: a file's path at base -> at head;
    `unchanged`: the same for the files whose text is the same in both."""
    old_elements, new_elements = _to_compare(base.topology, head.topology, unchanged or {})
    old = _keyed(old_elements)
    new = _keyed(new_elements)
    out: list[Change] = []
    removed: list[Entity] = []
    added: list[Entity] = []
    reach = _Reaches(base, head)
    for key in sorted(old.keys() | new.keys()):
        b, h = _paired(old.get(key, []), new.get(key, []), renames)
        for eb, eh in zip(b, h, strict=False):
            changed = _changed(eb, eh, base, head)
            if changed is not None:
                out.append(changed._replace(reaches=reach.of(eh, changed=True)))
        removed += b[len(h) :]
        added += h[len(b) :]
    for eb, eh in _renamed(removed, added, renames):
        out.append(
            Change(
                "renamed",
                eh.kind,
                subject(eh),
                base.place(eb.path, eb.span),
                head.place(eh.path, eh.span),
                reaches=reach.of(eb, changed=False),
                note=f"was {eb.name}",
            )
        )
        removed.remove(eb)
        added.remove(eh)
    for e in removed:
        change = "disappeared" if e.kind == "link" else "removed"
        at = base.place(e.path, e.span)
        gone = reach.of(e, changed=False) if e.kind != "link" else ()
        out.append(Change(change, e.kind, subject(e), at, None, (), gone, note=_about(e)))
    for e in added:
        change = "appeared" if e.kind == "link" else "added"
        at = head.place(e.path, e.span)
        out.append(Change(change, e.kind, subject(e), None, at, note=_about(e)))
    return sorted(out, key=Change.sort_key)


# ---------------------------------------------------------------------- pairing


Key = tuple[str, ...]


def _to_compare(
    base: Topology, head: Topology, unchanged: Mapping[str, str]
) -> tuple[list[Entity], list[Entity]]:
    """The elements worth comparing: all but those of a file unchanged whose elements are
    all the same in both (resolve may still have moved them: a TCP/IP member joins the stack
    that includes it), checked file by file, at once. What resolve inferred (nodes, links)
    is always compared."""
    same_b: set[str] = set()
    same_h: set[str] = set()
    for p, q in unchanged.items():
        eb, eh = base.entities_of(p), head.entities_of(q)
        if len(eb) == len(eh) and all(map(_twins, eb, eh)):
            same_b.add(p)
            same_h.add(q)
    old = [e for path, ents in base.files() if path not in same_b for e in ents]
    new = [e for path, ents in head.files() if path not in same_h for e in ents]
    return old + base.entities[base.merged :], new + head.entities[head.merged :]


def _twins(a: Entity, b: Entity) -> bool:
    """The same element in the same place of a file (maybe renamed), with the same values."""
    return a[:2] == b[:2] and a[3:9] == b[3:9] and a.scope == b.scope and a.attrs.same_as(b.attrs)


def _key(e: Entity) -> Key:
    """What an element is across revisions: its kind, scope and name; a link is its kind and
    first end (its name says what the other end is, which is what may change), and one of a
    kind both ends state alike its kind and two nodes, whichever end states it (the link A
    alone states becomes one both state when B's decks state it too)."""
    if e.kind == "link":
        kind, a, b = str(e.value("kind")), str(e.value("node_a")), str(e.value("node_b") or "")
        if b and kind in _symmetric():
            return ("link", kind, *sorted((a, b)))
        return ("link", kind, a, str(e.value("end_a")))
    return (e.kind, e.scope, e.name)


@functools.cache
def _symmetric() -> frozenset[str]:
    """The kinds of links both ends state alike (model/network: `symmetric`)."""
    return frozenset(k.name for k in evidence_kinds() if k.symmetric)


def _keyed(entities: Iterable[Entity]) -> dict[Key, list[Entity]]:
    out: dict[Key, list[Entity]] = defaultdict(list)
    for e in entities:
        spec = _spec(e.kind)
        if spec is None or spec.reviewed:
            out[_key(e)].append(e)
    return out


def _paired(
    b: list[Entity], h: list[Entity], renames: Mapping[str, str]
) -> tuple[list[Entity], list[Entity]]:
    """The elements of one key on both sides, in the order that pairs them: those of the same
    file (followed through renames) first, the others in model order."""
    if len(b) <= 1 and len(h) <= 1:
        return b, h
    bs: list[Entity] = []
    hs: list[Entity] = []
    left = list(h)
    rest: list[Entity] = []
    for e in b:
        where = renames.get(e.path, e.path)
        match = next((x for x in left if x.path == where), None)
        if match is None:
            rest.append(e)
            continue
        left.remove(match)
        bs.append(e)
        hs.append(match)
    return bs + rest, hs + left


def _same_but_name(eb: Entity, eh: Entity) -> bool:
    """Whether two elements differ in their name only (and in values that repeat it)."""
    skip = skipped(eb.kind)
    for k in eb.attrs.keys() | eh.attrs.keys():
        if k in skip:
            continue
        vb, vh = eb.value(k), eh.value(k)
        if vb != vh and not (vb == eb.name and vh == eh.name):
            return False
    return True


# Elements of one kind in one file compared pairwise for renames, at most this many a side.
_RENAME_CANDIDATES = 200


def _renamed(
    removed: Sequence[Entity], added: Sequence[Entity], renames: Mapping[str, str]
) -> list[tuple[Entity, Entity]]:
    """Removed and added elements that are one element renamed: the same kind, in the same
    file (followed through renames), with the same values but for the name."""
    groups: dict[tuple[str, str, str], list[Entity]] = defaultdict(list)
    for e in added:
        if e.kind not in ("link", "node"):
            groups[(e.kind, e.scope, e.path)].append(e)
    pairs: list[tuple[Entity, Entity]] = []
    for eb in removed:
        if eb.kind in ("link", "node"):
            continue
        group = groups.get((eb.kind, eb.scope, renames.get(eb.path, eb.path)), [])
        if len(group) > _RENAME_CANDIDATES:
            continue
        eh = next((e for e in group if _same_but_name(eb, e)), None)
        if eh is not None:
            group.remove(eh)
            pairs.append((eb, eh))
    return pairs


def _about(e: Entity) -> str:
    """What an element added or removed is, where its kind says more than its name."""
    if e.kind == "link":
        end_b = e.value("end_b") or "?"
        note = e.value("note")
        return f"to {end_b} ({e.value('node_b') or 'no node'}), {e.value('status')}" + (
            f": {note}" if note else ""
        )
    return ""


# ---------------------------------------------------------------------- differences


def _identical(eb: Entity, eh: Entity) -> bool:
    """The same element written the same way (its attributes compared as packed, at once)."""
    return eb.path == eh.path and eb.attrs.same_as(eh.attrs)


def _changed(eb: Entity, eh: Entity, base: Model, head: Model) -> Change | None:
    if _identical(eb, eh):
        return None
    diffs: list[Difference] = []
    if eb.kind == "link":
        diffs += _link_status(eb, eh, base, head)
        names: list[str] = []
    else:
        names = list(eh.attrs) + [k for k in eb.attrs if k not in eh.attrs]
    skip = skipped(eb.kind)
    if eb.kind == "mode":
        diffs += _ru_sizes(eb, eh, base, head)
        skip = skip | set(_RU_FIELDS)
    for field in names:
        if field in skip:
            continue
        a, b = eb.get(field), eh.get(field)
        if a.value == b.value:
            continue
        before, after = shown(a), shown(b)
        diffs.append(
            Difference(
                field,
                f"{operand(eh.kind, field)} {before} -> {after}",
                before,
                after,
                base.place(eb.path, eb.anchor(field)),
                head.place(eh.path, eh.anchor(field)),
            )
        )
    if not diffs:
        return None
    return Change(
        "changed",
        eh.kind,
        subject(eh),
        base.place(eb.path, eb.span),
        head.place(eh.path, eh.span),
        tuple(diffs),
    )


def operand(kind: str, field: str) -> str:
    """The operand a field holds, as its product spells it (from the kind's description)."""
    from decklint.dialects.kinds import kinds

    spec = kinds().get(kind)
    doc = spec.fields.get(field, "") if spec is not None else ""
    m = _UPPER.match(doc)
    if m is None or m.group().split()[0] in _NOT_OPERANDS:
        return field.replace("_", " ")
    words, rest = m.group(), doc[m.end() :]
    values = rest.startswith(" or ") or (
        " " not in words
        and rest[:3].startswith(", ")
        and rest[2:3].isupper()
        and (" or " in rest or rest.count(",") > 1)
    )
    if values or (rest and rest[0] not in ":,( "):
        return field.replace("_", " ")
    return words


def shown(a: Attr) -> str:
    """A value as a reviewer reads it; "(default)" when no deck codes it."""
    v = a.value
    if v is None:
        return "not coded" if a.defaulted or a.span is None else "unknown"
    if isinstance(v, bool):
        text = "yes" if v else "no"
    elif isinstance(v, tuple):
        text = "(" + ",".join("" if x is None else str(x) for x in v) + ")"
    else:
        text = str(v)
    return f"{text} (default)" if a.defaulted else text


def _ru_sizes(eb: Entity, eh: Entity, base: Model, head: Model) -> list[Difference]:
    """A mode's RU sizes as one difference: RUSIZES as coded and what it decodes to."""
    if all(eb.value(f) == eh.value(f) for f in _RU_FIELDS):
        return []
    field = "rusizes" if "rusizes" in eh.attrs or "rusizes" in eb.attrs else "ru_max"
    sizes = _sizes(eb, eh)
    if field == "rusizes":
        before, after = _hex(eb.get("rusizes")), _hex(eh.get("rusizes"))
        detail = f"RUSIZES {before} -> {after}" + (f": {sizes}" if sizes else "")
    else:
        before, after = shown(eb.get("ru_max")), shown(eh.get("ru_max"))
        detail = f"RU size {sizes}" if sizes else f"RU size {before} -> {after}"
    return [
        Difference(
            field,
            detail,
            before,
            after,
            base.place(eb.path, eb.anchor(field)),
            head.place(eh.path, eh.anchor(field)),
        )
    ]


def _hex(a: Attr) -> str:
    return "not coded" if a.value is None else f"X'{a.value}'"


def _sizes(eb: Entity, eh: Entity) -> str:
    """256 -> 4096 both ways; or each direction, the secondary LU's sends first."""

    def size(v: Any) -> str:
        return "not specified" if v is None else str(v)

    sb, pb = eb.value("ru_secondary"), eb.value("ru_primary")
    sh, ph = eh.value("ru_secondary"), eh.value("ru_primary")
    if (sb, pb, sh, ph) == (None, None, None, None):
        return ""
    if sb == pb and sh == ph:
        return f"{size(sb)} -> {size(sh)} both ways"
    return f"secondary sends {size(sb)} -> {size(sh)}, primary sends {size(pb)} -> {size(ph)}"


def _link_status(eb: Entity, eh: Entity, base: Model, head: Model) -> list[Difference]:
    """A link's status, other end and evidence, as one difference."""
    sb, sh = eb.value("status"), eh.value("status")
    bb, bh = eb.value("end_b"), eh.value("end_b")
    vb, vh = eb.value("via"), eh.value("via")
    if (sb, bb, eb.value("node_b"), vb) == (sh, bh, eh.value("node_b"), vh):
        return []

    def end(e: Entity) -> str:
        note = e.value("note")
        node = e.value("node_b") or "no node"
        via = f" by {e.value('via')}" if vb != vh else ""
        return f"{e.value('status')} to {e.value('end_b') or '?'} ({node}){via}" + (
            f": {note}" if note else ""
        )

    before, after = end(eb), end(eh)
    return [
        Difference(
            "status",
            f"{before} -> {after}",
            str(sb),
            str(sh),
            base.place(eb.path, eb.span),
            head.place(eh.path, eh.span),
        )
    ]


# ---------------------------------------------------------------------- reaches


class _Reaches:
    """What refers to a definition, through the head model's symbol table: the references to
    the names the element defines (in its own revision: a removed element's at base), and
    for a changed mode also to its mode table; each with the element that holds it."""

    def __init__(self, base: Model, head: Model) -> None:
        self.base = base
        self.model = head
        self.refs: dict[tuple[str, str], list[Reference]] = defaultdict(list)
        self.defs: dict[int, dict[str, list[Definition]]] = {}
        self._held: dict[str, list[Entity]] = {}
        self._indexed = False

    def _definitions(self, model: Model) -> dict[str, list[Definition]]:
        """A model's definitions by file, once, when first asked."""
        got = self.defs.get(id(model.topology))
        if got is None:
            got = self.defs[id(model.topology)] = defaultdict(list)
            for d in model.topology.symbols.definitions:
                got[d.path].append(d)
        return got

    def of(self, e: Entity, *, changed: bool) -> tuple[Reach, ...]:
        """What refers to `e`: changed, an element of the head; else one of the base."""
        if not self._indexed:
            for r in self.model.topology.symbols.references:
                self.refs[(r.kind, r.name)].append(r)
            self._indexed = True
        defs = self._definitions(self.model if changed else self.base)
        wanted = [
            (d.kind, d.name, d.scope)
            for d in defs.get(e.path, ())
            if e.line <= d.line <= e.end_line
        ]
        named = len(wanted)  # references by the element's own names; then through its table
        if changed and e.kind == "mode" and e.value("table"):
            wanted.append(("modetab", str(e.value("table")), ""))
        found: dict[str, list[Reference]] = defaultdict(list)
        direct: set[str] = set()
        for i, (kind, name, scope) in enumerate(wanted):
            for r in self.refs.get((kind, name), ()):
                if r.scope in (scope, "*"):
                    holder = self._holder(r)
                    if holder is None or not (holder.kind == e.kind and holder.name == e.name):
                        who = self._who(r, holder)
                        found[who].append(r)
                        if i < named:
                            direct.add(who)
        reaches = (
            Reach(who, _usage(who, refs), self.model.place(refs[0].path, refs[0].span))
            for who, refs in found.items()
        )
        # who names the element first, then who reaches it through its table; each by place
        return tuple(sorted(reaches, key=lambda x: (x.subject not in direct, x.where, x.subject)))

    @staticmethod
    def _who(r: Reference, holder: Entity | None) -> str:
        """What holds the reference, as its usage names it (DLOGMOD of LU OS2LU: the LU, even
        where the PU above it codes the operand for it); a CICS SESSIONS with its connection."""
        _, of, owner = r.usage.partition(" of ")
        if not of:  # the usage names no owner: the element that holds it, else the scope
            owner = f"{word(holder.kind)} {holder.name}" if holder is not None else r.scope
        if holder is not None and holder.kind == "sessions" and holder.value("connection"):
            owner = f"{owner} of CONNECTION {holder.value('connection')}"
        return owner or r.usage

    def _elements(self, path: str) -> list[Entity]:
        got = self._held.get(path)
        if got is None:
            got = self._held[path] = [
                e for e in self.model.topology.entities_of(path) if e.kind != "link"
            ]
        return got

    def _holder(self, r: Reference) -> Entity | None:
        """The innermost element whose statement holds the reference."""
        inside = [e for e in self._elements(r.path) if e.line <= r.line <= e.end_line]
        return max(inside, key=lambda e: (e.line, -e.end_line), default=None)


def _usage(who: str, refs: list[Reference]) -> str:
    """The operands a holder refers through (DLOGMOD, MODETAB); "" when they name it."""
    usage = ", ".join(dict.fromkeys(r.usage.split(" of ")[0] for r in refs))
    return "" if usage == who else usage
