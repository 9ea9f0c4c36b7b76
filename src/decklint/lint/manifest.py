"""Rule manifests: one YAML file per rule under rules/<prefix>/<CODE>-<name>.yaml."""

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from decklint.core.findings import Applicability, Citation, Severity
from decklint.dialects.kinds import kinds, resolved_kinds
from decklint.lint.expr import ExprError, Fn, compile_expr, template_names

# A rule's code and name, as a manifest writes them (`re` compiles them when a manifest is
# read from its YAML: a run that loads the registry from the cache never does).
CODE_FORM = r"[A-Z][A-Z0-9]{2}[0-9]{3}\Z"
NAME_FORM = r"[a-z][a-z0-9]*(-[a-z0-9]+)*\Z"
REQUIRED = ("code", "name", "summary", "rationale", "severity", "target", "message")
KNOWN_KEYS = set(REQUIRED) | {
    "citation",
    "dialects",
    "where",
    "require",
    "anchor",
    "options",
    "examples",
    "impl",
    "groups",
    "unsuppressible",
    "aliases",
    "tested-by",
    "scope",
    "decided-by",
    "fix",
    "cause",
    "severities",
    "reads",
}
# What decides a rule's findings (`decided-by:`): the deck alone, any part of the network that
# holds the decks a finding names, or only the whole network.
DECIDED_BY = ("file", "part", "network")
OPTION_TYPES: dict[str, type | tuple[type, ...]] = {
    "int": int,
    "number": (int, float),
    "str": str,
    "bool": bool,
    "list": list,
}


class ManifestError(ValueError):
    """A manifest that is not valid: says the file and what is wrong."""


class OptionSpec(NamedTuple):
    name: str
    type: str
    default: Any
    doc: str
    # A number option is the value a finding asks to code, and its messages show it
    # (tests/test_messages.py), unless it says `target: false` (a threshold, a tolerance).
    target: bool = False


class Example(NamedTuple):
    files: dict[str, str]
    expect_fail: bool
    dialect: str | None = None
    config: Mapping[str, Any] = {}  # read only


class FixSpec(NamedTuple):
    """`fix:` of a manifest: how safe the rule's fix is and, for expression rules, the value
    the anchor operand gets (inserted as `operand=value` when it is not coded)."""

    applicability: Applicability
    title: str
    value: str | None = None
    operand: str | None = None


# What a cause's message may count: all its places, the places besides the first.
PLACES = ("places.count", "places.others")


class CauseSpec(NamedTuple):
    """`cause:` of a manifest: the templates (of the message's names) that say which of the
    rule's findings share one root and are reported as one (`decklint.lint.causes`): `key`,
    what they share; `message`, the message of the one finding (`{places.count}`: how many
    places, `{places.others}`: how many besides the first); `place`, what each place is, as a
    related location."""

    key: str
    message: str = ""
    place: str = ""


@dataclass(frozen=True)
class Manifest:
    """A rule as its manifest (`rules/<prefix>/<CODE>-<name>.yaml`) describes it, checked."""

    code: str
    name: str
    summary: str
    rationale: str
    severity: Severity
    target: str
    message: str
    citation: Citation | None  # None: the rule cites nothing (or each finding its own)
    source: str
    dialects: tuple[str, ...] = ()
    where: str | None = None
    require: str | None = None
    anchor: str | None = None
    options: dict[str, OptionSpec] = field(default_factory=dict)
    examples: tuple[Example, ...] = ()
    impl: str = "expr"
    groups: tuple[str, ...] = ()
    unsuppressible: bool = False
    tested_by: str = ""  # a test module, for rules that file examples cannot show
    fix: FixSpec | None = None
    cause: CauseSpec | None = None
    # `severities:` what each severity its findings take means, where they take more than
    # `severity` (the severity of a finding the rule does not grade itself): label -> when.
    severities: tuple[tuple[Severity, str], ...] = ()
    # "file": each finding needs one file's elements only (an engine rule: it speaks of how
    # one file was read, parsed or expanded)
    scope: str = "network"
    # `decided-by`: "file", a finding on a deck is the same whatever other decks are linted
    # with it (the file phase's rules, the engine's `scope: file` findings, and the network
    # rules that compare a deck's own statements only); "part", every finding a lint of some
    # whole decks gives is a finding of the whole network too, with the same place and
    # message; "network", only a lint of the whole network decides them.
    decided_by: str = "network"
    # What a finding cites: "" the citation above; "syntax" the product's syntax section for
    # the finding's dialect; "catalog" the manual of the dialect's product catalog.
    cites: str = ""
    document: str = ""  # the key of the tuning document cited (rules/documents.yaml), if one
    # `reads`: the entity kinds a Python check finds its findings among; the rule runs only
    # when the model holds one of them, so a run of decks that make none imports no check
    # (a check that may find something with none of them present leaves `reads` out).
    reads: tuple[str, ...] = ()

    @property
    def cited(self) -> str:
        """What the rule rests on, in words: its citation; or, where each finding cites its own,
        which; or that it is a check of decklint's own."""
        if self.citation is not None:
            return self.citation.render()
        if self.cites == "syntax":
            return "each finding cites the product manual's syntax rules it rests on"
        if self.cites == "catalog":
            return "each finding cites the product's reference manual"
        return "decklint's own check (no document)"

    @property
    def reports(self) -> tuple[Severity, ...]:
        """The severities the rule's findings take, lowest first."""
        if not self.severities:
            return (self.severity,)
        return tuple(sorted({s for s, _when in self.severities}))

    @property
    def graded(self) -> str:
        """The severities in words: "error", or "info, warning or error"."""
        labels = [s.label for s in self.reports]
        return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]

    @property
    def prefix(self) -> str:
        return self.code[:3]

    @functools.cached_property
    def where_fn(self) -> Fn | None:
        """The compiled `where` of an expression rule (checked when the manifest loaded;
        compiled again only when the rule runs, so a cached registry holds no code)."""
        return self._compiled(self.where)

    @functools.cached_property
    def require_fn(self) -> Fn | None:
        return self._compiled(self.require)

    def _compiled(self, src: str | None) -> Fn | None:
        kind = self.target_kind
        if src is None or self.impl != "expr" or kind is None:
            return None
        return compile_expr(src, set(kinds()[kind].fields), set(self.options))

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the compiled expressions (closures; rebuilt on first use)."""
        state = dict(self.__dict__)
        state.pop("where_fn", None)
        state.pop("require_fn", None)
        return state

    @property
    def per_file(self) -> bool:
        """Whether the rule runs in the file phase (in the worker that parsed the file, its
        results cached with it), never on the merged model: `ir` rules, and model rules that
        need one file's elements only (`scope: file`)."""
        return self.target == "ir" or (self.scope == "file" and self.target != "engine")

    @property
    def deck_decides(self) -> bool:
        """Whether a finding of the rule on a deck is decided by that deck alone, whatever
        other decks the network holds (`decided-by: file`): the file phase's rules, the
        engine's findings about how one file was read, parsed or expanded (`scope: file`),
        and network rules marked so. The language server shows only these before it has
        linted the whole network."""
        return self.decided_by == "file"

    @property
    def part_decides(self) -> bool:
        """Whether every finding a lint of a part of the network (some whole decks) gives is
        a finding of the whole network too, at the same place with the same message
        (`decided-by: file` or `part`): shown from a part, no other deck takes it back."""
        return self.decided_by in ("file", "part")

    @property
    def target_kind(self) -> str | None:
        return self.target.split(":", 1)[1] if self.target.startswith("model:") else None

    def option_defaults(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.options.items()}


def _examples(raw: Any, where: str) -> tuple[Example, ...]:
    out: list[Example] = []
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ManifestError(f"{where}: examples must be a list")
    for i, ex in enumerate(raw):
        if not isinstance(ex, dict):
            raise ManifestError(f"{where}: example {i + 1} must be a mapping")
        dialect = ex.get("dialect")
        config = ex.get("config") or {}
        if "files" in ex:
            files_raw = ex["files"]
            if not isinstance(files_raw, dict) or not isinstance(ex.get("fail"), bool):
                raise ManifestError(f"{where}: example {i + 1} with files needs fail: true/false")
            files = {str(k): str(v) for k, v in files_raw.items()}
            out.append(Example(files, ex["fail"], dialect, dict(config)))
            continue
        for key in ("fail", "pass"):
            if key not in ex:
                continue
            body = ex[key]
            if isinstance(body, str):
                if not dialect:
                    raise ManifestError(f"{where}: example {i + 1} needs a dialect")
                files = {f"example.{dialect}": body}
            elif isinstance(body, dict):
                files = {str(k): str(v) for k, v in body.items()}
            else:
                raise ManifestError(f"{where}: example {i + 1} {key} must be text or files")
            out.append(Example(files, key == "fail", dialect, dict(config)))
    return tuple(out)


def _options(raw: Any, where: str) -> dict[str, OptionSpec]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ManifestError(f"{where}: options must be a mapping")
    out = {}
    for name, spec in raw.items():
        if not isinstance(spec, dict) or "type" not in spec or "default" not in spec:
            raise ManifestError(f"{where}: option {name} needs type and default")
        typ = spec["type"]
        if typ not in OPTION_TYPES:
            raise ManifestError(f"{where}: option {name} has unknown type {typ!r}")
        if not isinstance(spec["default"], OPTION_TYPES[typ]):
            raise ManifestError(f"{where}: option {name} default is not of type {typ}")
        target = spec.get("target", typ in ("int", "number"))
        if not isinstance(target, bool):
            raise ManifestError(f"{where}: option {name} target must be true or false")
        out[str(name)] = OptionSpec(
            str(name), typ, spec["default"], str(spec.get("doc", "")), target
        )
    return out


def from_dict(data: Any, source: str) -> Manifest:
    where = source
    if not isinstance(data, dict):
        raise ManifestError(f"{where}: a manifest is a YAML mapping")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise ManifestError(f"{where}: missing {', '.join(missing)}")
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise ManifestError(f"{where}: unknown keys {', '.join(unknown)}")
    code = str(data["code"])
    if not re.match(CODE_FORM, code):
        raise ManifestError(
            f"{where}: code {code!r} is not a three-character prefix (a letter first) and "
            "three digits"
        )
    name = str(data["name"])
    if not re.match(NAME_FORM, name):
        raise ManifestError(f"{where}: name {name!r} is not kebab-case")
    try:
        severity = Severity.parse(str(data["severity"]))
    except ValueError as exc:
        raise ManifestError(f"{where}: {exc}") from None
    document, citation, cites = _citation(data.get("citation"), where)
    target = str(data["target"])
    if not (target.startswith("model:") or target in ("ir", "topology", "engine")):
        raise ManifestError(
            f"{where}: target {target!r} is not model:<kind>, ir, topology or engine"
        )
    options = _options(data.get("options"), where)
    impl = str(data.get("impl", "expr"))
    where_src = data.get("where")
    require_src = data.get("require")
    kind = target.split(":", 1)[1] if target.startswith("model:") else None
    if impl == "expr":
        if kind is None or kind not in kinds():
            raise ManifestError(
                f"{where}: an expression rule needs target model:<kind> with a "
                f"known kind ({', '.join(sorted(kinds()))})"
            )
        if not require_src:
            raise ManifestError(f"{where}: an expression rule needs require")
        fields = set(kinds()[kind].fields)
        try:
            compile_expr(str(require_src), fields, set(options))
            if where_src:
                compile_expr(str(where_src), fields, set(options))
        except ExprError as exc:
            raise ManifestError(f"{where}: rule {code}: {exc}") from None
        cause_raw = data.get("cause")
        templates = [str(data["message"])]
        if isinstance(cause_raw, dict):
            templates += [str(v) for v in cause_raw.values()]
        for ph in (ph for t in templates for ph in template_names(t)):
            head = ph.split(".")[0]
            if head == "opt":
                if ph.split(".", 1)[1] not in options:
                    raise ManifestError(f"{where}: message uses unknown option {ph}")
            elif ph not in fields and ph not in PLACES:
                raise ManifestError(f"{where}: message uses unknown field {ph}")
        anchor = data.get("anchor")
        if anchor and anchor not in fields:
            raise ManifestError(f"{where}: anchor {anchor!r} is not a field of {kind}")
    elif impl != "python":
        raise ManifestError(f"{where}: impl must be expr or python")
    scope = str(data.get("scope", "network"))
    if scope not in ("network", "file"):
        raise ManifestError(f"{where}: scope must be network or file")
    if scope == "file" and target != "engine" and (kind is None or kind in resolved_kinds()):
        raise ManifestError(
            f"{where}: scope file needs target model:<kind> with a kind a file's lowering "
            f"makes and resolve leaves alone (not {', '.join(sorted(resolved_kinds()))})"
        )
    decided_by = _decided_by(data.get("decided-by"), where, scope, target)
    reads = _reads(data.get("reads"), where, impl)
    return Manifest(
        code=code,
        name=name,
        summary=str(data["summary"]).strip(),
        rationale=str(data["rationale"]).strip(),
        severity=severity,
        target=target,
        message=str(data["message"]).strip(),
        citation=citation,
        document=document,
        source=source,
        dialects=tuple(str(d) for d in data.get("dialects") or ()),
        where=str(where_src) if where_src else None,
        require=str(require_src) if require_src else None,
        anchor=str(data["anchor"]) if data.get("anchor") else None,
        options=options,
        examples=_examples(data.get("examples"), where),
        impl=impl,
        groups=tuple(str(g) for g in data.get("groups") or ()),
        unsuppressible=bool(data.get("unsuppressible", False)),
        tested_by=str(data.get("tested-by", "")),
        fix=_fix(data.get("fix"), where, impl, data.get("anchor")),
        cause=_cause(data.get("cause"), where),
        severities=_severities(data.get("severities"), where, severity),
        scope=scope,
        decided_by=decided_by,
        cites=cites,
        reads=reads,
    )


def _reads(raw: Any, where: str, impl: str) -> tuple[str, ...]:
    """A manifest's `reads`: a list of entity kinds the model knows, for a Python check (an
    expression rule reads its target's kind, and runs only where there is one)."""
    if raw is None:
        return ()
    if impl != "python":
        raise ManifestError(f"{where}: reads is for a Python check (impl: python)")
    if not isinstance(raw, list) or not raw:
        raise ManifestError(f"{where}: reads must be a list of entity kinds")
    unknown = sorted(str(k) for k in raw if str(k) not in kinds())
    if unknown:
        raise ManifestError(f"{where}: reads names no entity kind: {', '.join(unknown)}")
    return tuple(str(k) for k in raw)


def _decided_by(raw: Any, where: str, scope: str, target: str) -> str:
    """A manifest's `decided-by`: as written, else "file" for the rules that see one file
    only (`target: ir`, `scope: file`) and "network" for the others."""
    one_file = target == "ir" or scope == "file"
    if raw is None:
        return "file" if one_file else "network"
    value = str(raw)
    if value not in DECIDED_BY:
        raise ManifestError(f"{where}: decided-by must be {', '.join(DECIDED_BY)}")
    if one_file and value != "file":
        raise ManifestError(
            f"{where}: decided-by {value}: a rule with target ir or scope file sees one file "
            "only, so it is decided-by file"
        )
    return value


# A manifest is a page of YAML: larger files, or aliases that repeat aliases (a site's
# manifest is the repository's text), are refused before anything reads their values.
MAX_BYTES = 256 << 10
MAX_VALUES = 100_000


def read_yaml(path: Path) -> Any:
    import yaml

    from decklint.platform import yamlsafe

    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ManifestError(f"{path}: larger than {MAX_BYTES} bytes: not a rule manifest")
        data = yamlsafe.load(raw.decode("utf-8"))
    except yaml.YAMLError as exc:
        raise ManifestError(f"{path}: not valid YAML: {exc}") from None
    except RecursionError:
        raise ManifestError(f"{path}: the YAML nests too deeply") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ManifestError(f"{path}: cannot read: {exc}") from None
    _bounded(data, path)
    return data


def _bounded(data: Any, path: Path) -> None:
    """Refuse a document whose values, with every alias expanded, number more than MAX_VALUES
    (walked without recursion; an alias is a shared object, reached once per use)."""
    todo = [data]
    seen = 0
    while todo:
        item = todo.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise ManifestError(f"{path}: more than {MAX_VALUES} values (aliases of aliases?)")
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)


def load_file(path: Path, data: Any = None, *, user: bool = False) -> Manifest:
    """One manifest. `user` rules (a site's own, from its repository) are expressions only:
    a repository's YAML may not bind Python code."""
    if data is None:
        data = read_yaml(path)
    m = from_dict(data, str(path))
    expected = f"{m.code}-{m.name}.yaml"
    if path.name != expected:
        raise ManifestError(f"{path}: file name should be {expected}")
    if user:
        if m.impl != "expr":
            raise ManifestError(
                f"{path}: a site rule is an expression rule (impl: python is "
                "for decklint's own checks)"
            )
        if m.scope == "file":  # the cache keys a file by decklint's own manifests only
            raise ManifestError(f"{path}: a site rule runs on the whole model (no scope: file)")
        if m.decided_by != "network":  # a test keeps decklint's own marks honest, not these
            raise ManifestError(
                f"{path}: a site rule is decided by the whole network (no decided-by)"
            )
    elif path.parent.name != m.code[:3].lower():
        raise ManifestError(f"{path}: should live in rules/{m.code[:3].lower()}/")
    return m


def _citation(raw: Any, where: str) -> tuple[str, Citation | None, str]:
    """A manifest's `citation`: a tuning document by its key in rules/documents.yaml, or a
    product manual by its title, each with the section (`seed:` is the older spelling of
    `document:`, kept for site rules); `findings: syntax|catalog` has each finding cite its
    dialect's manual instead. No citation at all is a rule about decklint's own work. Returns
    (the document key or "", the citation, the findings choice)."""
    if raw is None:
        return "", None, ""
    if not isinstance(raw, dict):
        raise ManifestError(f"{where}: citation is a mapping (document or manual, and section)")
    cites = str(raw.get("findings", ""))
    if cites not in ("", "syntax", "catalog"):
        raise ManifestError(f"{where}: citation findings must be syntax or catalog")
    doc = raw.get("document", raw.get("seed"))
    manual = raw.get("manual")
    section = str(raw.get("section", "")).strip()
    if doc and manual:
        raise ManifestError(f"{where}: citation names a document or a manual, not both")
    if not doc and not manual:
        if cites:
            return "", None, cites
        raise ManifestError(
            f"{where}: citation needs document (a tuning document) or manual (a product "
            "manual's title), with its section"
        )
    if not section:
        raise ManifestError(f"{where}: citation needs the section of the document or manual")
    if manual:
        return "", Citation(str(manual).strip(), section), cites
    from decklint.lint.documents import cited, documents

    key = str(doc).strip()
    return (key if key in documents() else ""), Citation(cited(key), section), cites


def _severities(raw: Any, where: str, severity: Severity) -> tuple[tuple[Severity, str], ...]:
    """`severities:` severity -> when the rule's findings take it; `severity` among them."""
    if raw is None:
        return ()
    if not isinstance(raw, dict) or not raw:
        raise ManifestError(f"{where}: severities maps each severity to when findings take it")
    out = []
    for label, when in raw.items():
        try:
            out.append((Severity.parse(str(label)), str(when).strip()))
        except ValueError as exc:
            raise ManifestError(f"{where}: severities: {exc}") from None
    if severity not in {s for s, _w in out}:
        raise ManifestError(
            f"{where}: severities must say when the rule's severity ({severity.label}) applies"
        )
    return tuple(sorted(out, key=lambda sw: sw[0]))


def _cause(raw: Any, where: str) -> CauseSpec | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) - {"key", "message", "place"} or not raw.get("key"):
        raise ManifestError(f"{where}: cause takes key (required), message and place")
    for k in ("key", "place"):
        if any(f"{{{n}}}" in str(raw.get(k, "")) for n in PLACES):
            raise ManifestError(f"{where}: cause {k} cannot count the places (only its message)")
    return CauseSpec(str(raw["key"]), str(raw.get("message", "")), str(raw.get("place", "")))


def _fix(raw: Any, where: str, impl: str, anchor: Any) -> FixSpec | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) - {"applicability", "title", "value", "operand"}:
        raise ManifestError(f"{where}: fix takes applicability, title, value and operand")
    try:
        applicability = Applicability(str(raw.get("applicability")))
    except ValueError:
        raise ManifestError(f"{where}: fix applicability must be safe or unsafe") from None
    if applicability is Applicability.DISPLAY:
        raise ManifestError(f"{where}: fix applicability must be safe or unsafe")
    if impl == "expr" and (raw.get("value") is None or not anchor):
        raise ManifestError(f"{where}: an expression rule's fix needs a value and an anchor")
    value = raw.get("value")
    return FixSpec(
        applicability,
        str(raw.get("title") or "apply the documented value"),
        None if value is None else str(value),
        str(raw["operand"]) if raw.get("operand") else None,
    )
