"""Project configuration: `.decklint.yaml` or `[tool.decklint]` in `pyproject.toml`.

The configuration nearest to a file (its folder, then each parent) governs which rules run
on that file, their severity and per-file ignores. Values the whole network shares (which
modes are bulk, the network type, rule options, user rules) come from the project
configuration: `--config`, else the one nearest to the current folder. `extends:` names
another file (relative to the one that names it) whose settings are taken first.

Every problem is a `ConfigError` that names the file and line: the CLI prints it and exits 2.
"""

import fnmatch
import importlib
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from decklint.core.findings import Severity

CONFIG_NAMES = (".decklint.yaml", ".decklint.yml")
KEYS = {
    "extends": "another configuration file whose settings come first",
    "select": "rules to run: codes, names, code prefixes, groups or ALL",
    "ignore": "rules to skip",
    "per-file-ignores": "glob -> rules to skip in the files it matches",
    "rules": "CODE or name -> {enabled, severity, options}",
    "fail-on": "the lowest severity that fails the run: error, warning or info",
    "dialects": "glob -> dialect, for files whose names and contents do not tell",
    "exclude": "globs of files and folders not to lint",
    "bulk-modes": "mode names that carry bulk data (default #BATCH, #BATCHSC, ...)",
    "network": "appn or subarea: the SNA header per RU segment (9 or 29 bytes)",
    "rule-paths": "folders with the site's own rule manifests",
    "nodes": "facts no deck holds, per node: DLC frame size and windows of a CM/2 .CFG, ...",
    "topology": "nodes (files: globs, and facts as under nodes:), systems (files: globs) and "
    "declared links",
    "format": "how `decklint format` lays files out (see FORMAT_KEYS)",
    "target-release": "the release each product is judged for before an upgrade: "
    "{z/OS: 3.1, VTAM: ...} (the decks below this configuration's folder)",
}
# `format:` keys: name -> meaning (docs/format.md).
FORMAT_KEYS = {
    "operation-column": "the column operations start in (default: the one each deck uses most)",
    "operands-per-card": "keep (as each statement has them), one, or several (as many as fit)",
    "renumber": "true: number columns 73-80 again in the deck's own pattern",
    "block-indent": "free-format files: blank columns per level inside a block (default: as is)",
    "statements-per-line": "free-format files: keep (default), or one (a line for each)",
}
OPERANDS_PER_CARD = ("keep", "one", "several")
STATEMENTS_PER_LINE = ("keep", "one")
# `format:` keys whose value is a whole number in a range (low, high, what it is), or one of
# a few words.
_FORMAT_NUMBERS = {"operation-column": (2, 40, "a column"), "block-indent": (0, 16, "a number")}
_FORMAT_CHOICES = {
    "operands-per-card": OPERANDS_PER_CARD,
    "statements-per-line": STATEMENTS_PER_LINE,
}
# Declared facts per node (`nodes: {NAME: {...}}`): name -> (type, meaning). A TCP/IP stack's
# node name is its profile's folder (or file) name; a NonStop system's is its folder's.
NODE_FACTS: dict[str, tuple[type, str]] = {
    "product": (str, "cm2, nsdos, aix, as400, vtam, ncp, zos, vm, nonstop, windows, ..."),
    "release": (str, "the product release: V1R5, 2.4, OS/390 V2R10, FL310, D43, ..."),
    "target-release": (str, "the release the node is judged for: 3.1, or {z/OS: 3.1, VTAM: ...}"),
    "frame": (int, "DLC maximum frame (I-field) size, bytes"),
    "send-window": (int, "DLC send window count (frames before an acknowledgement)"),
    "receive-window": (int, "DLC receive window count"),
    "partner": (str, "product at the other end of the node's link: cm2, nsdos, ncp, aix, as400"),
    "ring-speed": (int, "token-ring speed, Mbit/s"),
    "peer": (str, "the node at the other end of its TCP connections (a stack or a declared node)"),
    "tcp-window": (int, "TCP window (receive buffer) the node uses, bytes"),
    "mtu": (int, "MTU / packet size the node uses, bytes"),
    "rfc1323": (bool, "whether the node has RFC 1323 window scaling on"),
    "processors": (int, "processors of the system (capacity planning)"),
    "ftp-kb-per-second": (float, "planned FTP throughput, KB per second"),
    "ftp-cpu-per-kb": (
        float,
        "CPU seconds per KB transferred (measured, or from the z/OS TCP/IP tuning tips)",
    ),
    "tn3270-users": (int, "planned TN3270 users"),
    "tn3270-transactions-per-minute": (float, "transactions per user per minute"),
    "tn3270-cpu-per-transaction": (float, "CPU seconds per TN3270 transaction"),
    "telnet-sessions": (int, "planned concurrent Telnet sessions (one z/OS UNIX socket each)"),
    "ftp-sessions": (int, "planned concurrent FTP sessions (one z/OS UNIX socket each)"),
    "cics-peak-connections": (int, "peak concurrent CICS Sockets connections"),
    "unix-users": (int, "planned concurrent z/OS UNIX users (UIDs)"),
    "unix-processes": (int, "planned concurrent z/OS UNIX processes"),
    "unix-threads": (int, "threads the busiest z/OS UNIX process creates"),
    "bulk-ports": (list, "NonStop LAN ports ($LINE.#PORT) that carry bulk data transfer"),
    "bulk-lines": (list, "NonStop lines ($LINE, one per controller) used for bulk data transfer"),
    "adapter": (str, "a Multiprise 3000 Integrated LAN adapter: fast-ethernet or token-ring"),
    "stacks": (list, "the TCP/IP stacks an adapter serves"),
    "sna-pus": (int, "SNA PU connections through an adapter"),
    "tcpip-framing": (str, "the Ethernet framing TCP/IP uses on an adapter: dix or 802.3"),
    "sna-framing": (str, "the Ethernet framing SNA uses on an adapter: dix or 802.3"),
    "throughput-out": (float, "planned bulk throughput from the host to the network, MB/s"),
    "throughput-in": (float, "planned bulk throughput from the network to the host, MB/s"),
}
# Node facts with a closed set of values.
_CHOICES = {
    "adapter": ("fast-ethernet", "token-ring"),
    "tcpip-framing": ("dix", "802.3"),
    "sna-framing": ("dix", "802.3"),
}
# Facts a declared link (`topology: links:`) may carry.
LINK_FACTS: dict[str, tuple[type, str]] = {
    "medium": (str, "token-ring, ethernet, fddi, ctc, hipersockets, sdlc, x25, ..."),
    "frame": (int, "the link's maximum frame size, bytes"),
    "mtu": (int, "the link's MTU, bytes"),
    "send-window": (int, "DLC send window"),
    "receive-window": (int, "DLC receive window"),
    "bulk": (bool, "the link carries bulk data transfer"),
    "note": (str, "free text shown with the link"),
}
_TYPE_WORDS = {
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    str: "text",
    list: "a list of names",
}
RULE_KEYS = {"enabled", "severity", "options"}
# A configuration is a page of settings: anything much larger is a mistake or an attack.
MAX_BYTES = 1 << 20
MAX_NODES = 100_000


class DeclaredLink(NamedTuple):
    """A link the configuration declares: its two nodes and facts, with the line."""

    a: str
    b: str
    facts: tuple[tuple[str, Any], ...]
    line: int


class ConfigError(ValueError):
    """An invalid configuration: the message starts with `file:line:`."""


class RuleSetting(NamedTuple):
    enabled: bool | None = None
    severity: Severity | None = None
    options: Mapping[str, Any] = {}  # read only


@dataclass(frozen=True)
class Config:
    """One configuration file read (or the defaults): its rules, settings and the files it
    applies to, relative to its `root`."""

    path: Path | None = None
    root: Path = field(default_factory=Path.cwd)
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    rules: dict[str, RuleSetting] = field(default_factory=dict)
    fail_on: Severity = Severity.WARNING
    dialect_globs: dict[str, str] = field(default_factory=dict)
    exclude: tuple[str, ...] = ()
    bulk_modes: frozenset[str] | None = None
    network: str = ""
    rule_paths: tuple[str, ...] = ()
    nodes: dict[str, dict[str, tuple[Any, int]]] = field(default_factory=dict)  # fact -> (v, line)
    node_files: dict[str, tuple[str, ...]] = field(default_factory=dict)  # node -> globs
    system_files: dict[str, tuple[str, ...]] = field(default_factory=dict)  # system -> globs
    links: tuple[DeclaredLink, ...] = ()
    lines: dict[str, int] = field(default_factory=dict)  # key -> line, for later errors
    # settings not read because the folder is not trusted (`load(untrusted=True)`): where each is
    withheld: tuple[str, ...] = ()
    # `format:` settings, by key (FORMAT_KEYS); those not given are absent
    format: dict[str, Any] = field(default_factory=dict)
    # `target-release:`: (family, release) of each product named (decklint.model.release)
    target_release: tuple[tuple[str, str], ...] = ()

    def where(self, key: str) -> str:
        if self.path is None:
            return "<defaults>"
        return f"{self.path}:{self.lines.get(key, 1)}"

    def ignored_in(self, rel: str) -> set[str]:
        out: set[str] = set()
        for glob, rules in self.per_file_ignores:
            if _match(rel, glob):
                out.update(rules)
        return out

    def excludes(self, rel: str) -> bool:
        return any(_match(rel, g) for g in self.exclude)


def _match(rel: str, glob: str) -> bool:
    rel = rel.replace(os.sep, "/")
    g = glob.rstrip("/")
    return (
        fnmatch.fnmatch(rel, g)
        or fnmatch.fnmatch(rel, g + "/*")
        or fnmatch.fnmatch(os.path.basename(rel), g)
        or any(fnmatch.fnmatch(part, g) for part in rel.split("/")[:-1])
    )


# --------------------------------------------------------------------------- reading


def _yaml_with_lines(path: Path, text: str) -> tuple[Any, dict[str, int]]:
    """The document and the line of each top-level key (and of each `rules.X`)."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ConfigError(f"{path}:{line}: not valid YAML: {problem}") from None
    except RecursionError:
        raise ConfigError(f"{path}:1: the YAML nests too deeply") from None
    lines: dict[str, int] = {}
    # Walked without recursion, counting every node reached: an alias is reached once per
    # use, so a document of nested aliases (a "billion laughs") stops at MAX_NODES.
    todo: list[tuple[Any, str, str, int]] = [(node, "", "", 0)]
    visited = 0
    while todo:
        n, prefix, key, line = todo.pop()
        visited += 1
        if visited > MAX_NODES:
            raise ConfigError(
                f"{path}:1: the configuration expands to more than {MAX_NODES} values "
                "(aliases that repeat aliases?)"
            )
        if key:
            lines[key] = line
        if isinstance(n, yaml.MappingNode):
            for k, v in reversed(n.value):
                sub = f"{prefix}{k.value}"
                todo.append((v, sub + ".", sub, k.start_mark.line + 1))
        elif isinstance(n, yaml.SequenceNode):
            for i in reversed(range(len(n.value))):
                item = n.value[i]
                todo.append((item, f"{prefix}{i}.", f"{prefix}{i}", item.start_mark.line + 1))
    return data, lines


def _toml_with_lines(path: Path, text: str) -> tuple[Any, dict[str, int]] | None:
    """`[tool.decklint]` of a pyproject.toml, or None when it has no such table."""
    if "[tool.decklint" not in text:
        return None
    try:  # the standard library reads TOML from Python 3.11 on
        tomllib: Any = importlib.import_module("tomllib")
    except ModuleNotFoundError:
        raise ConfigError(
            f"{path}:1: [tool.decklint] needs Python 3.11 or later to be read; "
            "put the settings in .decklint.yaml instead"
        ) from None

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    data = doc.get("tool", {}).get("decklint")
    if data is None:
        return None
    lines: dict[str, int] = {}
    section = ""
    for i, ln in enumerate(text.splitlines(), 1):
        s = ln.strip()
        if s.startswith("["):
            section = s.strip("[]").strip()
            if section.startswith("tool.decklint.rules."):
                lines[f"rules.{section.rsplit('.', 1)[1].strip(chr(34))}"] = i
            elif section.startswith("tool.decklint."):
                lines.setdefault(section[len("tool.decklint.") :].split(".")[0], i)
            continue
        if section == "tool.decklint" and "=" in s:
            lines.setdefault(s.split("=", 1)[0].strip().strip('"'), i)
    return data, lines


def read_file(path: Path) -> tuple[Any, dict[str, int]] | None:
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"{path}:1: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ConfigError(f"{path}:1: larger than {MAX_BYTES} bytes: not a configuration")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}:1: not UTF-8 text (byte {exc.start})") from None
    if path.name == "pyproject.toml":
        return _toml_with_lines(path, text)
    data, lines = _yaml_with_lines(path, text)
    if data is None:
        data = {}
    return data, lines


def find(
    start: Path,
    memo: dict[Path, Path | None] | None = None,
    within: Sequence[Path] | None = None,
) -> Path | None:
    """The configuration nearest to `start` (a folder), looking upwards.

    `memo` (folder -> answer) is shared by the lookups of one run: the folders of a large
    repository have their parents in common, and each is asked once. `within`: only folders
    inside one of these (resolved) count; None: every folder up to the root."""
    d = start.resolve()
    walked: list[Path] = []
    found: Path | None = None
    for folder in (d, *d.parents):
        if within is not None and not inside(folder, within):
            break
        if memo is not None and folder in memo:
            found = memo[folder]
            break
        walked.append(folder)
        found = _config_in(folder, within)
        if found is not None:
            break
    if memo is not None:
        memo.update((f, found) for f in walked)
    return found


def inside(path: Path, within: Sequence[Path]) -> bool:
    """Whether a resolved path is in one of the (resolved) folders `within`."""
    return any(path.is_relative_to(w) for w in within)


def _config_in(folder: Path, within: Sequence[Path] | None = None) -> Path | None:
    """The configuration file of `folder`; `within`: a pyproject.toml that is a link out of
    these folders is not read to see whether it holds one (a .decklint.yaml is the
    configuration by its name: `load` refuses to read it)."""
    for name in CONFIG_NAMES:
        p = folder / name
        if _is_file(p):
            return p
    pp = folder / "pyproject.toml"
    if _is_file(pp) and (within is None or inside(pp.resolve(), within)):
        try:
            if "[tool.decklint" in pp.read_text(encoding="utf-8", errors="replace"):
                return pp
        except OSError:
            pass
    return None


def _is_file(p: Path) -> bool:
    """Whether `p` is a file; a path the system refuses (too long) holds none."""
    try:
        return p.is_file()
    except OSError:
        return False


# --------------------------------------------------------------------------- validation


def _guess(name: str, known: Iterable[str]) -> str | None:
    """The known name a misspelt one most likely meant, or None."""
    import difflib

    found = difflib.get_close_matches(name.lower(), sorted(known), n=1, cutoff=0.7)
    return found[0] if found else None


def _str_list(value: Any, where: str, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: {key} must be a list of strings")
    return tuple(value)


# Settings that make decklint read other files: in a folder that is not trusted (an untrusted
# editor workspace, `--untrusted`), a configuration's other settings apply and these do not.
NAMES_FILES = ("extends", "rule-paths")


def load(
    path: Path,
    _seen: tuple[Path, ...] = (),
    *,
    untrusted: bool = False,
    within: Sequence[Path] | None = None,
) -> Config:
    """Read, validate and resolve one configuration file (with its `extends` chain).

    `untrusted`: the file is in a folder whose owner is not trusted: the settings that name
    other files (`NAMES_FILES`: a configuration elsewhere, site rules) are not read, and the
    result's `withheld` says where they were. `within`: that workspace's (resolved) folders:
    a configuration that is a symbolic link to a file outside them is not read at all (nor
    quoted in an error), and `withheld` says so."""
    if within is not None and not inside(path.resolve(), within):
        here = path.absolute()
        why = f"{here} (a symbolic link to a file outside the workspace: not read)"
        return Config(path=here, root=here.parent, withheld=(why,))
    path = path.resolve()
    if path in _seen:
        raise ConfigError(f"{path}:1: extends makes a loop: {' -> '.join(map(str, _seen))}")
    got = read_file(path)
    if got is None:
        return Config(path=path, root=path.parent)
    data, lines = got
    if not isinstance(data, dict):
        raise ConfigError(f"{path}:1: the configuration must be a mapping of settings")

    def at(key: str) -> str:
        return f"{path}:{lines.get(key, 1)}"

    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        k = unknown[0]
        guess = _guess(str(k), KEYS)
        hint = f"; did you mean {guess}?" if guess else f"; known: {', '.join(sorted(KEYS))}"
        raise ConfigError(f"{at(k)}: unknown setting {k!r}{hint}")
    base = Config(root=path.parent)
    withheld = tuple(f"{k} ({at(k)})" for k in NAMES_FILES if untrusted and k in data)
    if untrusted:
        data = {k: v for k, v in data.items() if k not in NAMES_FILES}
    if "extends" in data:
        ext = data["extends"]
        if not isinstance(ext, str):
            raise ConfigError(f"{at('extends')}: extends must be a file path")
        target = (path.parent / ext).resolve()
        if not target.is_file():
            raise ConfigError(f"{at('extends')}: extends names {ext}, which does not exist")
        if target.suffix not in (".yaml", ".yml") and target.name != "pyproject.toml":
            # never read (nor quote in an error) a file that is not a configuration
            raise ConfigError(
                f"{at('extends')}: extends names {ext}, which is not a configuration "
                "(a .yaml or .yml file, or a pyproject.toml)"
            )
        base = load(target, (*_seen, path))
    cfg = replace(base, path=path, root=path.parent, lines=lines, withheld=withheld)
    if "select" in data:
        cfg = replace(cfg, select=_str_list(data["select"], at("select"), "select"))
    if "ignore" in data:
        cfg = replace(cfg, ignore=_str_list(data["ignore"], at("ignore"), "ignore"))
    if "per-file-ignores" in data:
        pfi = data["per-file-ignores"]
        if not isinstance(pfi, dict):
            raise ConfigError(f"{at('per-file-ignores')}: per-file-ignores maps globs to rules")
        cfg = replace(
            cfg,
            per_file_ignores=(
                *base.per_file_ignores,
                *((str(g), _str_list(r, at("per-file-ignores"), str(g))) for g, r in pfi.items()),
            ),
        )
    if "fail-on" in data:
        try:
            cfg = replace(cfg, fail_on=Severity.parse(str(data["fail-on"])))
        except ValueError as exc:
            raise ConfigError(f"{at('fail-on')}: fail-on: {exc}") from None
    if "dialects" in data:
        cfg = replace(cfg, dialect_globs=_dialects(data["dialects"], at("dialects"), base))
    if "exclude" in data:
        cfg = replace(
            cfg, exclude=(*base.exclude, *_str_list(data["exclude"], at("exclude"), "exclude"))
        )
    if "bulk-modes" in data:
        modes = _str_list(data["bulk-modes"], at("bulk-modes"), "bulk-modes")
        cfg = replace(cfg, bulk_modes=frozenset(m.upper() for m in modes))
    if "network" in data:
        net = str(data["network"]).lower()
        if net not in ("appn", "subarea"):
            raise ConfigError(f"{at('network')}: network must be appn or subarea, not {net!r}")
        cfg = replace(cfg, network=net)
    if "rule-paths" in data:
        paths = _str_list(data["rule-paths"], at("rule-paths"), "rule-paths")
        resolved = tuple(str((path.parent / p).resolve()) for p in paths)
        for p, r in zip(paths, resolved, strict=True):
            if not Path(r).is_dir():
                raise ConfigError(f"{at('rule-paths')}: rule-paths: {p} is not a folder")
        cfg = replace(cfg, rule_paths=(*base.rule_paths, *resolved))
    if "rules" in data:
        cfg = replace(cfg, rules=_rules(data["rules"], path, lines, base.rules))
    if "nodes" in data:
        cfg = replace(cfg, nodes=_nodes(data["nodes"], path, lines, base.nodes))
    if "topology" in data:
        cfg = _topology(data["topology"], path, lines, cfg)
    if "format" in data:
        cfg = replace(cfg, format={**base.format, **_format(data["format"], path, lines)})
    if "target-release" in data:
        targets = _targets(data["target-release"], at("target-release"), "target-release")
        cfg = replace(cfg, target_release=tuple(sorted(targets.items())))
    return cfg


def _targets(value: Any, where: str, key: str) -> dict[str, str]:
    """A `target-release:` as family -> release: a string ('z/OS=3.1,VTAM=...', or '3.1'
    for z/OS) or a mapping of product to release; ConfigError says what cannot be read."""
    from decklint.model.release import TargetError, parse_targets

    if isinstance(value, dict):
        text = ",".join(f"{k}={v}" for k, v in value.items())
    elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
        text = str(value)
    else:
        raise ConfigError(f"{where}: {key} is a release (3.1) or a mapping {{z/OS: 3.1, ...}}")
    try:
        return parse_targets(text)
    except TargetError as exc:
        raise ConfigError(f"{where}: {key}: {exc}") from None


def _format(value: Any, path: Path, lines: dict[str, int]) -> dict[str, Any]:
    """The `format:` section, checked: an unknown key is named with the one it may mean."""
    where = f"{path}:{lines.get('format', 1)}"
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: format maps {', '.join(FORMAT_KEYS)} to values")
    out: dict[str, Any] = {}
    for key, v in value.items():
        at = f"{path}:{lines.get(f'format.{key}', lines.get('format', 1))}"
        if key not in FORMAT_KEYS:
            guess = _guess(str(key), FORMAT_KEYS)
            hint = f"; did you mean {guess}?" if guess else f"; known: {', '.join(FORMAT_KEYS)}"
            raise ConfigError(f"{at}: format: unknown key {key!r}{hint}")
        if key in _FORMAT_NUMBERS:
            lo, hi, what = _FORMAT_NUMBERS[key]
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise ConfigError(f"{at}: format.{key} must be {what} from {lo} to {hi}")
        elif key in _FORMAT_CHOICES:
            if v not in _FORMAT_CHOICES[key]:
                raise ConfigError(
                    f"{at}: format.{key} must be one of {', '.join(_FORMAT_CHOICES[key])}"
                )
        elif not isinstance(v, bool):
            raise ConfigError(f"{at}: format.renumber must be true or false")
        out[str(key)] = v
    return out


def _topology(value: Any, path: Path, lines: dict[str, int], cfg: Config) -> Config:
    where = f"{path}:{lines.get('topology', 1)}"
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: topology has nodes:, systems: and links:")
    bad = sorted(set(value) - {"nodes", "systems", "links"})
    if bad:
        raise ConfigError(
            f"{path}:{lines.get(f'topology.{bad[0]}', 1)}: topology: unknown key {bad[0]!r} "
            "(nodes, systems, links)"
        )
    nodes = value.get("nodes") or {}
    if not isinstance(nodes, dict):
        raise ConfigError(f"{path}:{lines.get('topology.nodes', 1)}: topology.nodes maps names")
    files = dict(cfg.node_files)
    facts: dict[str, Any] = {}
    for name, entry in nodes.items():
        at = f"{path}:{lines.get(f'topology.nodes.{name}', 1)}"
        if not isinstance(entry, dict):
            raise ConfigError(f"{at}: topology.nodes.{name} must be a mapping")
        entry = dict(entry)
        if "files" in entry:
            globs = entry.pop("files")
            try:
                files[str(name).upper()] = _str_list(globs, at, f"topology.nodes.{name}.files")
            except ConfigError:
                raise ConfigError(
                    f"{path}:{lines.get(f'topology.nodes.{name}.files', 1)}: "
                    f"topology.nodes.{name}.files must be a list of globs"
                ) from None
        facts[name] = entry
    shifted = {
        k.replace("topology.nodes.", "nodes.", 1): v
        for k, v in lines.items()
        if k.startswith("topology.nodes.")
    }
    merged = _nodes(facts, path, {**lines, **shifted}, cfg.nodes, prefix="topology.nodes")
    for name in facts:
        merged.setdefault(str(name).upper(), {})
    links = list(cfg.links)
    raw = value.get("links") or []
    if not isinstance(raw, list):
        raise ConfigError(f"{path}:{lines.get('topology.links', 1)}: topology.links is a list")
    for i, item in enumerate(raw):
        links.append(_link(item, path, lines.get(f"topology.links.{i}", 1), i))
    systems = _systems(value.get("systems") or {}, path, lines, dict(cfg.system_files))
    return replace(cfg, nodes=merged, node_files=files, system_files=systems, links=tuple(links))


def _systems(
    value: Any, path: Path, lines: dict[str, int], out: dict[str, tuple[str, ...]]
) -> dict[str, tuple[str, ...]]:
    """`topology: systems: NAME: {files: [globs]}`: the files of one system (a z/OS, MVS or VM
    image), where the decks cannot say which system they belong to."""
    if not isinstance(value, dict):
        raise ConfigError(f"{path}:{lines.get('topology.systems', 1)}: topology.systems maps names")
    for name, entry in value.items():
        at = f"{path}:{lines.get(f'topology.systems.{name}', 1)}"
        if not isinstance(entry, dict) or set(entry) != {"files"}:
            raise ConfigError(f"{at}: topology.systems.{name} must be a mapping with files: only")
        try:
            out[str(name).upper()] = _str_list(entry["files"], at, f"topology.systems.{name}.files")
        except ConfigError:
            raise ConfigError(
                f"{path}:{lines.get(f'topology.systems.{name}.files', 1)}: "
                f"topology.systems.{name}.files must be a list of globs"
            ) from None
    return out


def _link(item: Any, path: Path, line: int, i: int) -> DeclaredLink:
    where = f"{path}:{line}: topology.links[{i}]"
    if not isinstance(item, dict) or not isinstance(item.get("between"), list):
        raise ConfigError(f"{where} needs between: [NODE, NODE]")
    ends = item["between"]
    if len(ends) != 2 or not all(isinstance(e, str) for e in ends):
        raise ConfigError(f"{where}: between names exactly two nodes")
    facts = []
    for key, val in item.items():
        if key == "between":
            continue
        spec = LINK_FACTS.get(str(key))
        if spec is None:
            raise ConfigError(
                f"{where}: unknown link fact {key!r} (known: between, {', '.join(LINK_FACTS)})"
            )
        typ = spec[0]
        if (isinstance(val, bool) and typ is not bool) or not isinstance(val, typ):
            raise ConfigError(f"{where}: {key} must be {_TYPE_WORDS[typ]}")
        facts.append((str(key), val.lower() if isinstance(val, str) and key != "note" else val))
    return DeclaredLink(ends[0].upper(), ends[1].upper(), tuple(facts), line)


def _nodes(
    value: Any,
    path: Path,
    lines: dict[str, int],
    base: dict[str, dict[str, tuple[Any, int]]],
    prefix: str = "nodes",
) -> dict[str, dict[str, tuple[Any, int]]]:
    if not isinstance(value, dict):
        raise ConfigError(f"{path}:{lines.get(prefix, 1)}: {prefix} maps node names to facts")
    out = dict(base)
    for name, facts in value.items():
        where = f"{path}:{lines.get(f'nodes.{name}', 1)}"
        if not isinstance(facts, dict):
            raise ConfigError(
                f"{where}: {prefix}.{name} must be a mapping of facts ({', '.join(NODE_FACTS)})"
            )
        got: dict[str, tuple[Any, int]] = {}
        for key, val in facts.items():
            line = lines.get(f"nodes.{name}.{key}", 1)
            spec = NODE_FACTS.get(str(key))
            if spec is None:
                raise ConfigError(
                    f"{path}:{line}: {prefix}.{name}: unknown fact {key!r} "
                    f"(known: {', '.join(NODE_FACTS)})"
                )
            typ, _doc = spec
            if key == "target-release":
                val = ",".join(
                    f"{p}={r}"
                    for p, r in _targets(val, f"{path}:{line}", f"{prefix}.{name}.{key}").items()
                )
            if typ is float and isinstance(val, int) and not isinstance(val, bool):
                val = float(val)
            if typ is str and isinstance(val, (int, float)) and not isinstance(val, bool):
                val = str(val)  # release: 2.4
            if typ is list and isinstance(val, str):
                val = [val]
            if typ is list and isinstance(val, list) and all(isinstance(x, str) for x in val):
                val = tuple(x.upper() for x in val)
                typ = tuple
            if (isinstance(val, bool) and typ is not bool) or not isinstance(val, typ):
                raise ConfigError(
                    f"{path}:{line}: {prefix}.{name}.{key} must be {_TYPE_WORDS[spec[0]]}"
                )
            if isinstance(val, (int, float)) and not isinstance(val, bool) and val <= 0:
                raise ConfigError(f"{path}:{line}: {prefix}.{name}.{key} must be above 0")
            if isinstance(val, str):
                keep = key in ("release", "target-release")
                val = val.upper() if key == "peer" else val if keep else val.lower()
            choices = _CHOICES.get(str(key))
            if choices and val not in choices:
                raise ConfigError(
                    f"{path}:{line}: {prefix}.{name}.{key} is one of {', '.join(choices)}"
                )
            got[str(key)] = (val, line)
        out[str(name).upper()] = {**out.get(str(name).upper(), {}), **got}
    return out


def _dialects(value: Any, where: str, base: Config) -> dict[str, str]:
    from decklint import dialects

    if not isinstance(value, dict):
        raise ConfigError(f"{where}: dialects maps globs to dialect names")
    out = dict(base.dialect_globs)
    for glob, name in value.items():
        if str(name) not in dialects.REGISTRY:
            raise ConfigError(f"{where}: {name!r} is not a dialect ({', '.join(dialects.names())})")
        out[str(glob)] = str(name)
    return out


def _rules(
    value: Any, path: Path, lines: dict[str, int], base: dict[str, RuleSetting]
) -> dict[str, RuleSetting]:
    if not isinstance(value, dict):
        raise ConfigError(f"{path}:{lines.get('rules', 1)}: rules maps rule codes to settings")
    out = dict(base)
    for ident, setting in value.items():
        where = f"{path}:{lines.get(f'rules.{ident}', lines.get('rules', 1))}"
        if setting in ("disable", "disabled", False):
            setting = {"enabled": False}
        elif setting in ("enable", "enabled", True):
            setting = {"enabled": True}
        if not isinstance(setting, dict):
            raise ConfigError(f"{where}: rules.{ident} must be a mapping or 'disable'")
        bad = sorted(set(setting) - RULE_KEYS)
        if bad:
            raise ConfigError(
                f"{where}: rules.{ident}: unknown key {bad[0]!r} (enabled, severity, options)"
            )
        sev = None
        if "severity" in setting:
            try:
                sev = Severity.parse(str(setting["severity"]))
            except ValueError as exc:
                raise ConfigError(f"{where}: rules.{ident}: {exc}") from None
        options = setting.get("options") or {}
        if not isinstance(options, dict):
            raise ConfigError(f"{where}: rules.{ident}.options must be a mapping")
        enabled = setting.get("enabled")
        if enabled is not None and not isinstance(enabled, bool):
            raise ConfigError(f"{where}: rules.{ident}.enabled must be true or false")
        out[str(ident)] = RuleSetting(enabled, sev, dict(options))
    return out


def check_against(cfg: Config, registry: Any) -> dict[str, RuleSetting]:
    """Resolve rule names to codes and validate options against the manifests' schemas."""
    from decklint.lint.manifest import OPTION_TYPES

    out: dict[str, RuleSetting] = {}
    for ident, setting in cfg.rules.items():
        where = cfg.where(f"rules.{ident}")
        m = registry.by_name(ident)
        if m is None:
            raise ConfigError(f"{where}: rules: no rule has the code or name {ident!r}")
        for opt, val in setting.options.items():
            spec = m.options.get(opt)
            if spec is None:
                known = ", ".join(sorted(m.options)) or "none"
                raise ConfigError(
                    f"{where}: rules.{ident}: {m.code} has no option {opt!r} (options: {known})"
                )
            if (isinstance(val, bool) and spec.type != "bool") or not isinstance(
                val, OPTION_TYPES[spec.type]
            ):
                raise ConfigError(
                    f"{where}: rules.{ident}: option {opt} must be of type "
                    f"{spec.type}, not {type(val).__name__}"
                )
        out[m.code] = setting
    for key in ("select", "ignore"):
        for sel in getattr(cfg, key) or ():
            if not registry.matching(sel):
                raise ConfigError(
                    f"{cfg.where(key)}: {key}: no rule has the code, name, prefix or group {sel!r}"
                )
    for _glob, rules in cfg.per_file_ignores:
        for sel in rules:
            if not registry.matching(sel):
                raise ConfigError(
                    f"{cfg.where('per-file-ignores')}: per-file-ignores: no rule "
                    f"has the code, name, prefix or group {sel!r}"
                )
    return out
