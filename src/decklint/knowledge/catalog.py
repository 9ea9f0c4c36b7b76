"""Product catalogs: the statements and operands each product accepts, as data.

A catalog is a YAML file in `grammars/catalogs/<product>.yaml` that a systems programmer can
correct: per statement its context, meaning, whether its operand list is complete
(`closed`), and per operand its value kind, range, values, default (by release where it
changed, and where it depends on another operand: `cases:`) and the IBM reference it comes
from. It is the only table of these facts: the checks (PRS002, PRS003), the lowering's
defaults, hover and `decklint explain` all read it. A fact nobody confirmed in a manual says
so (`confidence: low` for the whole entry, `assumed: [default]` for one fact of it), and a
finding that rests on it says so too; a fact read in the manual of a product built from the
same code (HP-UX SNAplus2 for Communications Server for AIX) where the product's own page
could not be read says that (`confidence: related`, its `source:` naming that manual). A
statement or operand that exists only from a release says so (`since:`), which
`decklint.model.release` reads as evidence of a node's release; what later releases did to it
is its `history:` (deprecated, removed, a default changed, each with
the release, the manual section that says so and what replaces it), which the release rules
(REL) judge against a target release and `decklint explain` shows. The files are read once
and kept as JSON in the user's cache folder (keyed by the file's content), since a YAML parse
costs more than a small run's whole start-up.
"""

import contextlib
import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from decklint.platform.digests import blake2b
from decklint.platform.resources import grammars_root

_FORMAT = 2  # bump when the kept form of a catalog changes

# The value kinds an operand may have. `pace` is a pacing count coded in decimal (its range)
# or as the whole BIND byte in hex: the count in its low six bits, flags above, and the bits
# of `reserved_bits` never set.
KINDS = frozenset(
    {"int", "hex", "name", "enum", "yesno", "list", "text", "size", "time", "ip", "pace"}
)
# How firmly an entry's facts stand: confirmed in the product's manual (""), read in the
# manual of a product built from the same code, the product's own page unread ("related": a
# finding resting on it is judged as confirmed and names that manual), or assumed ("low").
CONFIDENCE = ("", "related", "low")
# The facts of an entry that `assumed:` may name (the rest of the entry is confirmed).
FACTS = ("range", "values", "default")


class Condition(NamedTuple):
    """Where a case holds: `GROUP LNCTL=BSC` (an operand of a statement the one judged sits
    in), `PUTYPE=1` (an operand of the statement itself, or sifted down to it), `|` between
    the values that satisfy it."""

    statement: str  # "" for the statement itself
    operand: str
    values: tuple[str, ...]
    text: str


class Required(NamedTuple):
    """Where an operand must be coded for its resource to activate (`required:` in a catalog):
    where every `when` condition holds and no `unless` one does. A condition without `=`
    (`LINE PHYSRSC`) holds where that operand is coded. `peers`: judged only in a deck where
    another statement of the same operation codes it (an NCP deck that codes no LINE's
    ADDRESS is no generation source but VTAM's copy of the major node, which VTAM reads
    without it)."""

    when: tuple[Condition, ...] = ()
    unless: tuple[Condition, ...] = ()
    peers: bool = False
    source: str = ""
    confidence: str = ""
    note: str = ""

    @property
    def assumed(self) -> bool:
        return self.confidence == "low"


class Case(NamedTuple):
    """Facts of an operand that hold only where `when` does: the values a BSC device takes,
    the default of a type 1 PU. A fact the case leaves out is the entry's own."""

    when: Condition
    values: tuple[str, ...] = ()
    range: tuple[float, float] | None = None
    default: Any = None
    note: str = ""
    rule: str = ""  # the rule that reports a value outside this case (PRS003 leaves it to it)


class Dated(NamedTuple):
    """When a statement or operand first exists: `since: z/OS V1R10`, or, where that fact has
    its own source or is assumed, `since: {release: ..., source: ..., confidence: low,
    note: ...}` (the entry's own source confirms a plain one)."""

    release: str
    source: str = ""
    confidence: str = ""
    note: str = ""

    @property
    def assumed(self) -> bool:
        return self.confidence == "low"


# What a release can do to a statement, an operand or one of its values (`history:` events).
EVENTS = ("added", "deprecated", "removed", "default")


class Event(NamedTuple):
    """One thing a release did to a catalog entry (`history:`): added it, deprecated it
    (still accepted, announced to go), removed it (no longer accepted), or changed its
    default; each with the manual section that says so (`source`, required: a release fact
    nobody read in a manual is not written). `value`: the event concerns this value of the
    operand only (LINK ... IBMTR of an LCS device); `replaced_by`: what IBM documents in its
    place; `advice`: what the manual advises where nothing replaces it."""

    kind: str
    release: str
    source: str
    value: str = ""
    replaced_by: str = ""
    advice: str = ""
    confidence: str = ""
    note: str = ""

    @property
    def assumed(self) -> bool:
        return self.confidence == "low"


# The scopes a value may have to be unique in (`unique: {scope: ...}`): the whole network, one
# VTAM's domain, one PU, one TCP/IP stack, one member (file), one block of a member.
SCOPES = frozenset({"network", "domain", "pu", "stack", "member", "block"})


class Unique(NamedTuple):
    """Where no two resources may code one value of an operand (`unique:`): its scope, the
    operands that make the key with it (IDBLK with IDNUM), what the product does with a
    second one, and the manual's section that says so (`confidence: low` where nobody
    confirmed it: a finding that rests on it is never an error)."""

    scope: str
    source: str
    together: tuple[str, ...] = ()  # `with:`
    effect: str = ""  # what happens to a second one ("only the last counts")
    confidence: str = ""

    @property
    def assumed(self) -> bool:
        return self.confidence == "low"


class OperandEntry(NamedTuple):
    """One operand of a statement (or one option of an option file)."""

    name: str
    kind: str = "text"
    meaning: str = ""
    range: tuple[float, float] | None = None
    values: tuple[str, ...] = ()
    default: Any = None
    default_by_release: Mapping[str, Any] = {}  # read only
    max_length: int | None = None
    refers_to: str = ""
    sift: tuple[str, ...] = ()
    since: str = ""
    until: str = ""
    source: str = ""
    confidence: str = ""
    note: str = ""
    since_fact: Dated | None = None
    reserved_bits: int = 0  # bits of a `pace` byte the product reserves
    cases: tuple[Case, ...] = ()
    assumed: tuple[str, ...] = ()  # facts of the entry nobody confirmed (`FACTS`)
    unique: Unique | None = None  # the scope no two resources may share a value in
    required: Required | None = None  # where it must be coded (`required:`)
    # the operand times the buffer size it counts must stay below this (`product_below:`)
    product_below: int | None = None
    history: tuple[Event, ...] = ()  # what releases did to it (`history:`)

    @property
    def judged_cases(self) -> tuple[Case, ...]:
        """The cases that give values or a range to judge a coded value by (not defaults)."""
        cases = self.cases
        return tuple(c for c in cases if c.values or c.range is not None) if cases else ()

    def assumes(self, fact: str) -> bool:
        """Whether a fact of the entry (`range`, `values`, `default`) is assumed, not
        confirmed in the manual its source names."""
        return self.confidence == "low" or fact in self.assumed


class StatementEntry(NamedTuple):
    """A statement, with its operands; `closed` when the list is every operand it takes."""

    name: str
    context: str = ""
    meaning: str = ""
    source: str = ""
    label: str = "optional"
    closed: bool = False
    operands: Mapping[str, OperandEntry] = {}  # read only
    abbrev: str = ""
    value: OperandEntry | None = None  # an option that is itself a value (TSM)
    file: tuple[str, ...] = ()
    confidence: str = ""
    note: str = ""
    since: str = ""
    until: str = ""
    since_fact: Dated | None = None
    history: tuple[Event, ...] = ()  # what releases did to it (`history:`)


@dataclass(frozen=True)
class Catalog:
    """A product's catalog. A statement's entry is built when first asked for: a run looks
    up the few statements its decks use, not the hundreds a catalog holds."""

    product: str
    title: str
    reference: str
    closed: bool
    raw: Mapping[str, Any]  # statement name (upper case) -> its plain data
    releases: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)  # start options, default tables
    where: str = ""
    _built: dict[str, StatementEntry] = field(default_factory=dict, compare=False, repr=False)
    _sections: "dict[str, OptionSection]" = field(default_factory=dict, compare=False, repr=False)
    _operands: dict[tuple[str, str], OperandEntry | None] = field(
        default_factory=dict, compare=False, repr=False
    )

    def names(self) -> tuple[str, ...]:
        return tuple(self.raw)

    def statement(self, name: str) -> StatementEntry | None:
        key = name.upper()
        st = self._built.get(key)
        if st is None:
            body = self.raw.get(key)
            if body is None:
                return None
            st = self._built[key] = _statement(key, body or {}, self.where)
        return st

    @property
    def statements(self) -> dict[str, StatementEntry]:
        """Every statement's entry (for listings and `explain`)."""
        return {name: st for name in self.raw if (st := self.statement(name)) is not None}

    def operand(self, statement: str, name: str) -> OperandEntry | None:
        key = statement.upper()
        st = self._built.get(key)
        if st is not None:
            return st.operands.get(name.upper())
        return self._one_operand(key, name.upper())

    def _one_operand(self, statement: str, name: str) -> OperandEntry | None:
        """One operand's entry, built with its statement's own fields alone: a small run asks
        for a few operands of a statement that takes a hundred (the statement's entry builds
        them all). The same entry the statement's would hold, the statement checked alike."""
        key = (statement, name)
        if key not in self._operands:
            body = self.raw.get(statement)
            st = None if body is None else _statement(statement, body or {}, self.where, name)
            self._operands[key] = None if st is None else st.operands.get(name)
        return self._operands[key]

    def statements_with(self, operand: str) -> list[StatementEntry]:
        """The statements that take an operand of this name."""
        key = operand.upper()
        return [st for st in self.statements.values() if key in st.operands]

    def section_statement(self, section: str, name: str) -> StatementEntry | None:
        """A statement of another section of the catalog (the CICS catalog's `commands:`)."""
        bodies = self.extra.get(section)
        body = bodies.get(name.upper()) if isinstance(bodies, dict) else None
        return None if body is None else _statement(name.upper(), body or {}, self.where)

    def section_operands(self, section: str) -> Mapping[str, OperandEntry]:
        """The entries of a section of options (the VTAM catalog's `start_options:`), each
        built once, when first asked for: a start list's lint asks for a few of a hundred."""
        got = self._sections.get(section)
        if got is None:
            bodies = self.extra.get(section)
            got = self._sections[section] = OptionSection(
                bodies if isinstance(bodies, dict) else {}, self.where
            )
        return got  # read-only: every caller shares the entries


class OptionSection(Mapping[str, OperandEntry]):
    """A section of options by name (upper case), read only: each entry built from its plain
    data when first looked up (and kept), as a statement's operands are (`_one_operand`);
    asking whether a name is there, or listing the names, builds none."""

    def __init__(self, bodies: Mapping[Any, Any], where: str) -> None:
        self._bodies = {str(k).upper(): (str(k), v) for k, v in bodies.items()}
        self._where = where
        self._built: dict[str, OperandEntry] = {}

    def __getitem__(self, key: str) -> OperandEntry:
        got = self._built.get(key)
        if got is None:
            name, body = self._bodies[key]
            got = self._built[key] = _operand(name, body or {}, self._where)
        return got

    def __contains__(self, key: object) -> bool:
        return key in self._bodies

    def __iter__(self) -> Iterator[str]:
        return iter(self._bodies)

    def __len__(self) -> int:
        return len(self._bodies)


class CatalogError(ValueError):
    """A catalog file that does not have the catalog's form."""


def names() -> list[str]:
    """The products that have a catalog."""
    return sorted(p.stem for p in (grammars_root() / "catalogs").glob("*.yaml"))


@functools.cache
def catalog(product: str) -> Catalog | None:
    """The catalog of a product, or None when it has none."""
    path = grammars_root() / "catalogs" / f"{product}.yaml"
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    return build(_plain(raw), f"{product}.yaml")


@functools.cache
def operand_names(product: str, statement: str) -> frozenset[str]:
    """The operands a product's catalog lists for a statement (upper case; none when either
    is unknown). Read from the plain data: building the entry costs more than a sniffer's
    question is worth."""
    cat = catalog(product)
    body = cat.raw.get(statement.upper()) if cat is not None else None
    operands = body.get("operands") if isinstance(body, dict) else None
    return (
        frozenset(str(k).upper() for k in operands) if isinstance(operands, dict) else frozenset()
    )


def _plain(raw: bytes) -> dict[str, Any]:
    """The catalog file as plain data (as JSON has it: keys and dates as strings), from the
    cache when it is there: pickled, which loads faster than JSON and needs no JSON module (a
    sealed entry of the user's own, like every entry, `decklint.platform.store`)."""
    import pickle

    from decklint.platform.store import vault

    key = blake2b(raw + bytes([_FORMAT]), digest_size=16).hexdigest()
    v = vault()
    name = f"catalogs/{key}.pickle"
    kept = None if v is None else v.read(name)
    if kept is not None:
        try:
            data = pickle.loads(kept)
            if isinstance(data, dict):
                return data
        except Exception:  # sealed by this user, yet written by a decklint that pickled otherwise
            pass
    import json

    from decklint.platform import yamlsafe

    data = yamlsafe.load(raw)
    if not isinstance(data, dict):
        raise CatalogError("a catalog is a mapping with `statements:`")
    data = dict(json.loads(json.dumps(data, default=str)))  # the form every run reads
    if v is not None:
        with contextlib.suppress(OSError):  # an unwritable cache only costs time
            v.write(name, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
    return data


def build(data: Mapping[str, Any], where: str) -> Catalog:
    """A Catalog from the plain data of a catalog file; CatalogError names what is wrong."""
    statements = data.get("statements")
    if not isinstance(statements, dict):
        raise CatalogError(f"{where}: `statements:` must be a mapping")
    extra = {k: v for k, v in data.items() if k not in _TOP}
    return Catalog(
        product=str(data.get("product", "")),
        title=str(data.get("title", "")),
        reference=str(data.get("reference", "")),
        closed=bool(data.get("closed", False)),
        raw={str(name).upper(): body for name, body in statements.items()},
        releases=tuple(str(r) for r in data.get("releases") or ()),
        extra=extra,
        where=where,
    )


_TOP = frozenset({"product", "title", "reference", "closed", "statements", "releases"})


def _statement(
    name: str, body: Mapping[str, Any], where: str, only: str | None = None
) -> StatementEntry:
    """The entry of a statement; `only`: with that one of its operands alone (upper case)."""
    if not isinstance(body, dict):
        raise CatalogError(f"{where}: statement {name} must be a mapping")
    operands = body.get("operands") or {}
    if not isinstance(operands, dict):
        raise CatalogError(f"{where}: {name}: `operands:` must be a mapping")
    value = _operand(name, body, where) if "kind" in body else None
    files = body.get("file") or ()
    since = _dated(body.get("since"), name, where)
    return StatementEntry(
        name=name.upper(),
        context=str(body.get("context", "")),
        meaning=str(body.get("meaning", "")),
        source=str(body.get("source", "")),
        label=str(body.get("label", "optional")),
        closed=bool(body.get("closed", False)),
        operands={
            str(k).upper(): _operand(str(k), v or {}, where)
            for k, v in operands.items()
            if only is None or str(k).upper() == only
        },
        abbrev=str(body.get("abbrev", "")),
        value=value,
        file=tuple(str(f) for f in ([files] if isinstance(files, str) else files)),
        confidence=_confidence(body, name, where),
        note=str(body.get("note", "")),
        since=since.release if since is not None else "",
        until=str(body.get("until", "")),
        since_fact=since,
        history=_history(body.get("history"), name, where),
    )


def _history(raw: Any, name: str, where: str) -> tuple[Event, ...]:
    """`history:` as written: a list of events, each with its kind, release and source;
    CatalogError names one that lacks them (a release fact is written with the manual
    section that says so, or not at all)."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise CatalogError(f"{where}: {name}: `history:` must be a list of events")
    out = []
    for item in raw:
        if not isinstance(item, dict) or item.get("event") not in EVENTS:
            raise CatalogError(
                f"{where}: {name}: each `history:` event is a mapping with `event:` of "
                f"{', '.join(EVENTS)}"
            )
        if not item.get("release") or not item.get("source"):
            raise CatalogError(
                f"{where}: {name}: a `history:` event needs `release:` and the `source:` "
                "(manual and section) that says so"
            )
        out.append(
            Event(
                kind=str(item["event"]),
                release=str(item["release"]),
                source=str(item["source"]),
                value=str(item.get("value", "")).upper(),
                replaced_by=str(item.get("replaced_by", "")),
                advice=str(item.get("advice", "")),
                confidence=str(item.get("confidence", "")),
                note=str(item.get("note", "")),
            )
        )
    return tuple(out)


def events(
    entry: StatementEntry | OperandEntry, defaults: bool = True, fallback: str = ""
) -> tuple[Event, ...]:
    """Every release fact of an entry in one list: `since:` (added, confirmed by the entry's
    own source where it names none), its `history:`, and each change of `default_by_release`
    (where no `history:` default event of that release gives its own source, the entry's, else
    `fallback`: its statement's)."""
    out: list[Event] = []
    source = entry.source or fallback
    since = entry.since_fact
    if since is not None and not any(e.kind == "added" and not e.value for e in entry.history):
        out.append(
            Event(
                "added",
                since.release,
                since.source or source,
                "",
                "",
                "",
                since.confidence,
                since.note,
            )
        )
    out += entry.history
    if defaults and isinstance(entry, OperandEntry) and entry.default_by_release:
        told = {e.release for e in entry.history if e.kind == "default"}
        previous: Any = None
        for i, (release, value) in enumerate(entry.default_by_release.items()):
            if i and value != previous and release not in told:
                shown = "not known" if value is None else value
                out.append(Event("default", release, source, str(shown)))
            previous = value
    return tuple(out)


def history_lines(
    entry: StatementEntry | OperandEntry, defaults: bool = True, fallback: str = ""
) -> list[str]:
    """The entry's history by release, one event a line, as `explain` and hover show it:
    'z/OS V2R2: removed; in its place BEGINROUTES (z/OS New Function Summary, ...)'
    (`defaults`: with the default changes of `default_by_release`)."""
    lines = []
    for e in events(entry, defaults, fallback):
        what = {"added": "added", "deprecated": "deprecated", "removed": "removed"}.get(
            e.kind, f"default {e.value}" if e.kind == "default" else e.kind
        )
        if e.value and e.kind != "default":
            what = f"{e.value}: {what}"
        extra = f"; in its place {e.replaced_by}" if e.replaced_by else ""
        extra += f"; {e.advice}" if e.advice else ""
        sure = " (assumed" + (f": {e.note}" if e.note else "") + ")" if e.assumed else ""
        lines.append(f"{e.release}: {what}{extra}{sure} ({e.source})")
    return lines


def _dated(raw: Any, name: str, where: str) -> Dated | None:
    """A `since:` as written: a release, or a mapping naming its release and evidence."""
    if raw is None or raw == "":
        return None
    if isinstance(raw, dict):
        release = raw.get("release")
        if not release:
            raise CatalogError(f"{where}: {name}: `since:` as a mapping needs `release:`")
        return Dated(
            str(release),
            str(raw.get("source", "")),
            str(raw.get("confidence", "")),
            str(raw.get("note", "")),
        )
    return Dated(str(raw))


def _confidence(body: Mapping[str, Any], name: str, where: str) -> str:
    """An entry's `confidence:`, one of `CONFIDENCE`."""
    sure = str(body.get("confidence", ""))
    if sure not in CONFIDENCE:
        raise CatalogError(
            f"{where}: {name}: `confidence:` is one of {', '.join(c for c in CONFIDENCE if c)}"
        )
    return sure


def _operand(name: str, body: Mapping[str, Any], where: str) -> OperandEntry:
    if not isinstance(body, dict):
        raise CatalogError(f"{where}: operand {name} must be a mapping")
    by_release = body.get("default_by_release") or {}
    sift = body.get("sift") or ()
    since = _dated(body.get("since"), name, where)
    assumed = tuple(str(f) for f in body.get("assumed") or ())
    if any(f not in FACTS for f in assumed):
        raise CatalogError(f"{where}: {name}: `assumed:` names facts of {', '.join(FACTS)}")
    cases = body.get("cases") or []
    if not isinstance(cases, list):
        raise CatalogError(f"{where}: {name}: `cases:` must be a list")
    return OperandEntry(
        name=name.upper(),
        kind=str(body.get("kind", "text")),
        meaning=str(body.get("meaning", "")),
        range=_range(body.get("range"), name, where),
        values=tuple(str(v) for v in body.get("values") or ()),
        default=body.get("default"),
        default_by_release={str(k): v for k, v in dict(by_release).items()},
        max_length=body.get("max_length"),
        refers_to=str(body.get("refers_to", "")),
        sift=tuple(str(s).upper() for s in sift),
        since=since.release if since is not None else "",
        until=str(body.get("until", "")),
        source=str(body.get("source", "")),
        confidence=_confidence(body, name, where),
        note=str(body.get("note", "")),
        since_fact=since,
        reserved_bits=_bits(body.get("reserved_bits", 0), name, where),
        cases=tuple(_case(c, name, where) for c in cases),
        assumed=assumed,
        unique=_unique(body.get("unique"), name, where),
        required=_required(body.get("required"), name, where),
        product_below=_product_below(body.get("product_below"), name, where),
        history=_history(body.get("history"), name, where),
    )


def _product_below(raw: Any, name: str, where: str) -> int | None:
    """`product_below: 65535`: a count of buffers whose product with the buffer size must stay
    below the number (HOST MAXBFRU times the IOBUF size)."""
    if raw is None:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool) or raw <= 0:
        raise CatalogError(f"{where}: {name}: `product_below:` must be a positive whole number")
    return raw


def _unique(raw: Any, name: str, where: str) -> Unique | None:
    """`unique: {scope: domain, with: [IDNUM], effect: ..., source: ..., confidence: low}`:
    CatalogError names a malformed one (an unknown scope, no source)."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("scope") not in SCOPES:
        raise CatalogError(
            f"{where}: {name}: `unique:` needs `scope:` of {', '.join(sorted(SCOPES))}"
        )
    if not raw.get("source"):
        raise CatalogError(f"{where}: {name}: `unique:` needs the `source:` that says so")
    together = raw.get("with") or ()
    return Unique(
        scope=str(raw["scope"]),
        source=str(raw["source"]),
        together=tuple(
            str(t).upper() for t in ([together] if isinstance(together, str) else together)
        ),
        effect=str(raw.get("effect", "")),
        confidence=str(raw.get("confidence", "")),
    )


def _required(raw: Any, name: str, where: str) -> Required | None:
    """`required: true`, or a mapping with `when:` and `unless:` (lists of conditions) and
    the fact's own `source:`, `confidence:` and `note:`."""
    if raw is None or raw is False:
        return None
    if raw is True:
        return Required()
    if not isinstance(raw, dict):
        raise CatalogError(f"{where}: {name}: `required:` is true or a mapping")

    def conditions(key: str) -> tuple[Condition, ...]:
        items = raw.get(key) or []
        if not isinstance(items, list):
            raise CatalogError(f"{where}: {name}: `required: {key}:` must be a list")
        return tuple(_presence_or_condition(str(c), f"{where}: {name}") for c in items)

    return Required(
        when=conditions("when"),
        unless=conditions("unless"),
        peers=bool(raw.get("peers", False)),
        source=str(raw.get("source", "")),
        confidence=str(raw.get("confidence", "")),
        note=str(raw.get("note", "")),
    )


def _presence_or_condition(text: str, where: str) -> Condition:
    """`GROUP ECLTYPE=LOGICAL` as `condition` reads it; `GROUP ECLTYPE` (coded, any value)
    as a Condition without values."""
    if "=" in text:
        return condition(text, where)
    words = text.split()
    if not 1 <= len(words) <= 2:
        raise CatalogError(f"{where}: `{text}` must be [STATEMENT ]OPERAND[=VALUE[|VALUE]]")
    statement = words[0].upper() if len(words) == 2 else ""
    return Condition(statement, words[-1].upper(), (), text.strip())


def _range(rng: Any, name: str, where: str) -> tuple[float, float] | None:
    if rng is None:
        return None
    try:
        lo, hi = rng
        return (float(lo), float(hi))
    except (TypeError, ValueError):
        raise CatalogError(f"{where}: {name}: range must be [low, high]") from None


def _bits(value: Any, name: str, where: str) -> int:
    if isinstance(value, int) and 0 <= value <= 0xFF:
        return value
    raise CatalogError(f"{where}: {name}: reserved_bits must be a byte (0x40)")


def _case(body: Any, name: str, where: str) -> Case:
    if not isinstance(body, dict) or not isinstance(body.get("when"), str):
        raise CatalogError(f"{where}: {name}: each case is a mapping with `when:`")
    return Case(
        when=condition(body["when"], f"{where}: {name}"),
        values=tuple(str(v) for v in body.get("values") or ()),
        range=_range(body.get("range"), name, where),
        default=body.get("default"),
        note=str(body.get("note", "")),
        rule=str(body.get("rule", "")),
    )


def condition(text: str, where: str = "") -> Condition:
    """`GROUP LNCTL=BSC`, `PUTYPE=1|2` as a Condition; CatalogError names a malformed one."""
    head, eq, tail = text.strip().partition("=")
    words = head.split()
    values = tuple(v.strip().upper() for v in tail.split("|") if v.strip())
    if not eq or not values or not 1 <= len(words) <= 2:
        raise CatalogError(f"{where}: `when: {text}` must be [STATEMENT ]OPERAND=VALUE[|VALUE]")
    statement = words[0].upper() if len(words) == 2 else ""
    return Condition(statement, words[-1].upper(), values, text.strip())


def describe(cat: Catalog, st: StatementEntry, op: OperandEntry | None = None) -> list[str]:
    """An entry as lines of text, for `decklint explain product:NAME`."""
    if op is None:
        lines = [f"{cat.product}:{st.name}  ({st.context})" if st.context else st.name]
        lines += [f"  {st.meaning}"] if st.meaning else []
        if st.value is not None:
            lines += _values(st.value)
        if st.file:
            lines.append(f"  file: {', '.join(st.file)}")
        if st.history:
            lines += _history_block(st)
            lines += [f"  until {st.until}"] if st.until else []
        else:
            lines += [f"  {line}" for line in dated_lines(st.since_fact, st.until)]
        if st.operands:
            state = "complete" if st.closed else "known so far"
            lines.append(f"  operands ({state}): {', '.join(sorted(st.operands))}")
        lines += _provenance(st.source or cat.reference, st.confidence or _sure(cat), st.note)
        return lines
    lines = [f"{cat.product}:{st.name} {op.name}"]
    lines += [f"  {op.meaning}"] if op.meaning else []
    lines += _values(op)
    if op.sift:
        lines.append(f"  may be coded on: {', '.join(op.sift)}")
    lines += _history_block(op)
    sure = op.confidence or st.confidence or _sure(cat)
    lines += _provenance(op.source or st.source or cat.reference, sure, op.note)
    return lines


def _history_block(entry: StatementEntry | OperandEntry) -> list[str]:
    """'  history by release:' and its events, for `explain` (nothing when the entry has no
    `history:`; its `since:` and defaults by release are shown with its value then)."""
    if not entry.history:
        return []
    told = history_lines(entry, defaults=False)
    return ["  history by release:", *(f"    {line}" for line in told)]


def _sure(cat: Catalog) -> str:
    """A whole catalog's confidence (`confidence: low` where its syntax is assumed)."""
    return str(cat.extra.get("confidence", ""))


def _values(op: OperandEntry) -> list[str]:
    return [f"  {line}" for line in value_lines(op)]


def value_lines(op: OperandEntry) -> list[str]:
    """What an entry says of its value, one fact a line: kind, range, values, default, each
    marked where it is assumed rather than confirmed (the whole entry's `confidence: low` is
    said once, with its source)."""

    def mark(fact: str) -> str:
        return " (assumed)" if fact in op.assumed and op.confidence != "low" else ""

    lines = [f"value: {op.kind}"]
    if op.range is not None:
        lo, hi = (int(x) if x == int(x) else x for x in op.range)
        lines.append(f"range: {_sized(op, lo)}-{_sized(op, hi)}{mark('range')}")
    if op.reserved_bits:
        lines.append(f"reserved bits: X'{op.reserved_bits:02X}' (never set)")
    if op.values:
        lines.append(f"values: {', '.join(op.values)}{mark('values')}")
    if op.max_length:
        lines.append(f"at most {op.max_length} characters")
    if op.default is not None:
        lines.append(f"default: {_sized(op, op.default)}{mark('default')}")
    for release, value in op.default_by_release.items():
        shown = "not known" if value is None else value
        lines.append(f"default from {release}: {shown}{mark('default')}")
    for case in op.cases:
        facts = [f"values {', '.join(case.values)}"] if case.values else []
        facts += [f"range {_span(case.range)}"] if case.range is not None else []
        facts += [f"default {case.default}"] if case.default is not None else []
        note = f" ({case.note})" if case.note else ""
        lines.append(f"where {case.when.text}: {'; '.join(facts)}{note}")
    if op.unique is not None:
        u = op.unique
        key = " with ".join((op.name, *u.together))
        sure = " (assumed)" if u.assumed else ""
        lines.append(f"unique: {key} in one {u.scope}{sure}; {u.source}")
    if op.required is not None:
        lines.append(required_line(op.required))
    if op.product_below is not None:
        lines.append(f"times the buffer size it counts: below {op.product_below}")
    lines += dated_lines(op.since_fact, op.until)
    return lines


def required_line(req: Required) -> str:
    """'required where GROUP LNCTL=SDLC, unless GROUP DIAL=YES (assumed)', for explain."""
    text = "required"
    text += f" where {' and '.join(c.text for c in req.when)}" if req.when else ""
    text += f", unless {' or '.join(c.text for c in req.unless)}" if req.unless else ""
    return text + (" (assumed)" if req.assumed else "")


def dated_lines(since: Dated | None, until: str) -> list[str]:
    """'since z/OS V1R10 (assumed: ...)' and 'until ...', as `explain` and hover show them."""
    lines = []
    if since is not None:
        why = f" (assumed: {since.note})" if since.assumed and since.note else ""
        why = why or (" (assumed)" if since.assumed else "")
        lines.append(f"since {since.release}{why}" + (f"; {since.source}" if since.source else ""))
    if until:
        lines.append(f"until {until}")
    return lines


def _sized(op: OperandEntry, value: Any) -> Any:
    """A size in bytes as a member codes it (100M, 4K); any other value as it is."""
    if op.kind != "size" or not isinstance(value, int) or isinstance(value, bool) or not value:
        return value
    for unit, n in (("M", 1024**2), ("K", 1024)):
        if value % n == 0:
            return f"{value // n}{unit}"
    return value


def _span(rng: tuple[float, float]) -> str:
    lo, hi = (int(x) if x == int(x) else x for x in rng)
    return f"{lo}-{hi}"


START_OPTIONS = "start_options"  # the section of a catalog that holds start options (VTAM)


def lookup(spec: str) -> list[str]:
    """`decklint explain PRODUCT:NAME`: the lines of PRODUCT:STATEMENT, PRODUCT:OPERAND (every
    statement that takes it, and the start option of that name), or PRODUCT:STATEMENT.OPERAND.
    LookupError says what is missing and names what exists nearest to it."""
    product, _, name = spec.partition(":")
    cat = catalog(product.lower()) if product.lower() in names() else None
    if cat is None:
        guess = _guess(product.lower(), names())
        hint = f"did you mean {guess}?" if guess else f"catalogs: {', '.join(names())}"
        raise LookupError(f"no catalog for {product!r} ({hint})")
    if not name.strip() or name.strip().upper() == cat.product.upper():
        return _overview(cat)  # `ezacicd:` or `ezacicd:EZACICD`: what the catalog holds
    whole = cat.statement(name)  # a statement whose name has a dot (TLSV1.2)
    if whole is not None:
        return describe(cat, whole)
    typed = cat.statement(name.replace(".", " ", 1))  # DEVICE.SNAIUCV: DEVICE ... SNAIUCV
    if typed is not None:
        return describe(cat, typed)
    kinds = _kinds(cat, name.upper())
    if kinds:
        return kinds
    statement, _, operand = name.upper().partition(".")
    st = cat.statement(statement)
    if st is not None and operand:
        op = st.operands.get(operand)
        if op is None:
            hint = _nearest(operand, st.operands, "its operands")
            raise LookupError(f"{product}:{statement} has no operand {operand!r}{hint}")
        return describe(cat, st, op)
    if st is not None:
        return describe(cat, st)
    options = cat.section_operands(START_OPTIONS)
    blocks = [describe(cat, st, st.operands[statement]) for st in cat.statements_with(statement)]
    if statement in options:
        blocks.append(_start_option(cat, options[statement]))
    if not blocks:
        every = {
            *cat.names(),
            *(o for st in cat.statements.values() for o in st.operands),
            *options,
        }
        hint = _nearest(statement, every, "") or _listed(cat)
        raise LookupError(f"{product} has no statement, operand or start option {name!r}{hint}")
    return [line for block in blocks for line in [*block, ""]][:-1]


SHOWN_STATEMENTS = 40  # statements a miss names; a catalog with more says how to list them


def _listed(cat: Catalog) -> str:
    """'; its statements: A, B, C' (or how to list them, when they are many)."""
    every = cat.names()
    if len(every) <= SHOWN_STATEMENTS:
        return f"; its statements: {', '.join(every)}"
    return f"; `decklint explain {cat.product}:` lists its {len(every)} statements"


def _overview(cat: Catalog) -> list[str]:
    """A catalog as a whole: its product, its manual and each statement with what it is
    (EZACICD's statements are its TYPE= values: `decklint explain ezacicd:EZACICD`)."""
    lines = [f"{cat.product}  ({cat.title})", f"  source: {cat.reference}", "", "statements:"]
    for name in cat.names():
        st = cat.statement(name)
        about = (st.context or st.meaning) if st is not None else ""
        lines.append(f"  {cat.product}:{name}" + (f"  ({about})" if about else ""))
    lines += ["", f"decklint explain {cat.product}:STATEMENT shows one, with its operands"]
    return lines


def _kinds(cat: Catalog, word: str) -> list[str]:
    """`explain tcpip:DEVICE`: a statement catalogued by its type (DEVICE ATM, DEVICE CTC, ...),
    each type a line with what releases did to it, oldest first."""
    keys = [k for k in cat.names() if k.startswith(f"{word} ")]
    if not keys or cat.statement(word) is not None:
        return []
    lines = [f"{cat.product}:{word}: {len(keys)} types (explain {cat.product}:{word}.TYPE for one)"]
    for key in keys:
        st = cat.statement(key)
        if st is None:
            continue
        told = [
            f"{e.kind} {e.release}" + (", assumed" if e.assumed else "")
            for e in events(st, defaults=False)
            if not e.value
        ]
        said = f" ({'; '.join(told)})" if told else ""
        lines.append(f"  {key.split(' ', 1)[1]}: {st.meaning}{said}")
    return lines


def _start_option(cat: Catalog, op: OperandEntry) -> list[str]:
    lines = [f"{cat.product}:{op.name}  (start option)"]
    lines += [f"  {op.meaning}"] if op.meaning else []
    lines += _values(op)
    return lines + _provenance(op.source or cat.reference, op.confidence, op.note)


def _guess(name: str, known: Any) -> str | None:
    """The known name a misspelt one most likely meant, or None."""
    import difflib

    found = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.75)
    return found[0] if found else None


def _nearest(name: str, known: Iterable[str], what: str) -> str:
    """'; did you mean X?' for a near miss, else (when `what` names them) the known names
    when they are few."""
    import difflib

    pool = sorted(known)
    near = difflib.get_close_matches(name.upper(), pool, n=3, cutoff=0.6)
    if near:
        return f"; did you mean {' or '.join(near)}?"
    if what and 0 < len(pool) <= 12:
        return f" ({what}: {', '.join(pool)})"
    return ""


def _provenance(source: str, confidence: str, note: str) -> list[str]:
    lines = [f"  note: {note}"] if note else []
    told = {
        "low": " (not confirmed in the manual)",
        "related": " (a manual of a product built from the same code; its own page not read)",
    }
    lines.append(f"  source: {source}{told.get(confidence, '')}")
    return lines
