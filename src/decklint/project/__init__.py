"""A lint run's project: the configuration files, the rules they select, per-file policy.

`Project.load` reads the project configuration (`--config`, else the nearest to the current
folder) and the site's rule manifests it names. `options()` turns it, with the command
line's overrides, into the run's `Options`; `policy()` then applies, to each finding, the
configuration nearest to that finding's file: its rule selection, severities and per-file
ignores.
"""

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from decklint.core.findings import Finding, Severity
from decklint.core.settings import DEFAULT_BULK_MODES, Settings
from decklint.lint.manifest import ManifestError
from decklint.lint.registry import Registry, load_registry, manifest_files
from decklint.platform.digests import blake2b
from decklint.project.config import (
    NODE_FACTS,
    Config,
    ConfigError,
    RuleSetting,
    check_against,
    find,
    load,
)


def _declared(configs: Sequence[Config]) -> tuple[tuple[str, str, tuple[Any, ...]], ...]:
    """The `nodes:` facts of these configurations (a node named twice: the first wins)."""
    out: dict[str, tuple[str, str, tuple[Any, ...]]] = {}
    for cfg in configs:
        where = _display(cfg.path) if cfg.path else ""
        for name, facts in sorted(cfg.nodes.items()):
            out.setdefault(
                name, (name, where, tuple((k, v, line) for k, (v, line) in sorted(facts.items())))
            )
    return tuple(out.values())


def _topology(configs: Sequence[Config]) -> dict[str, Any]:
    """The `topology:` files and links of these configurations, as Settings takes them:
    globs made relative to the current folder, each link with its configuration file."""
    import os

    files: dict[str, tuple[str, ...]] = {}
    systems: dict[str, tuple[str, ...]] = {}
    links: list[tuple[str, str, tuple[Any, ...], str, int]] = []
    for cfg in configs:
        where = _display(cfg.path) if cfg.path else ""
        rel = os.path.relpath(cfg.root)
        for into, given in ((files, cfg.node_files), (systems, cfg.system_files)):
            for name, globs in sorted(given.items()):
                into.setdefault(
                    name, tuple(g if rel == "." else f"{Path(rel).as_posix()}/{g}" for g in globs)
                )
        for ln in cfg.links:
            links.append((ln.a, ln.b, ln.facts, where, ln.line))
    return {
        "node_files": tuple(files.items()),
        "system_files": tuple(systems.items()),
        "links": tuple(links),
    }


def _targets(configs: Sequence[Config]) -> dict[str, Any]:
    """The `target-release:` of the configurations, as Settings takes them: the project
    configuration's for the run, and each configuration's for the decks below its folder."""
    import os

    run: list[tuple[str, str, str]] = []
    folders: list[tuple[str, tuple[tuple[str, str], ...], str]] = []
    for i, cfg in enumerate(configs):
        if not cfg.target_release or cfg.path is None:
            continue
        origin = (
            f"target-release: in {_display(cfg.path)} line {cfg.lines.get('target-release', 1)}"
        )
        if i == 0:
            run = [(f, r, origin) for f, r in cfg.target_release]
        folders.append((os.path.relpath(cfg.root), cfg.target_release, origin))
    return {"target_release": tuple(run), "target_folders": tuple(folders)}


def _display(path: Path) -> str:
    import os

    rel = os.path.relpath(path)
    return Path(rel).as_posix() if not rel.startswith("..") else path.as_posix()


class _Scope(NamedTuple):
    """One configuration file's effect on the files below it."""

    config: Config
    codes: frozenset[str]
    severity: dict[str, Severity]


class Project:
    """The configurations that apply to a run's files, the rules and the command line's
    selection: which rules run for each file, and at what severity."""

    config: Config
    registry: Registry
    cli_select: tuple[str, ...]
    cli_ignore: tuple[str, ...]
    use_nearest: bool
    # an untrusted workspace's folders (resolved): only configurations inside them are read,
    # and none of their settings that name other files (`config.NAMES_FILES`); None: trusted
    untrusted: tuple[Path, ...] | None
    # --extend-select and --extend-ignore: rules run, or skipped, as well as the
    # configuration's (where --select and --ignore replace and add to it)
    extend_select: tuple[str, ...]
    extend_ignore: tuple[str, ...]
    _scopes: dict[str, _Scope]
    _found: dict[Path, Path | None]  # every folder `find` asked
    _parents: dict[str, Config]  # a file's folder as written

    def __init__(
        self,
        config: Config,
        registry: Registry,
        cli_select: tuple[str, ...] = (),
        cli_ignore: tuple[str, ...] = (),
        use_nearest: bool = True,
        untrusted: tuple[Path, ...] | None = None,
        extend_select: tuple[str, ...] = (),
        extend_ignore: tuple[str, ...] = (),
    ) -> None:
        self.config = config
        self.registry = registry
        self.cli_select = cli_select
        self.cli_ignore = cli_ignore
        self.use_nearest = use_nearest
        self.untrusted = untrusted
        self.extend_select = extend_select
        self.extend_ignore = extend_ignore
        self._scopes = {}
        self._found = {}
        self._parents = {}

    @classmethod
    def load(
        cls,
        config_path: str | None = None,
        *,
        isolated: bool = False,
        select: Sequence[str] = (),
        ignore: Sequence[str] = (),
        start: Path | None = None,
        untrusted: Sequence[Path] | None = None,
        extend_select: Sequence[str] = (),
        extend_ignore: Sequence[str] = (),
    ) -> "Project":
        """The project configuration. `untrusted`: the folders of a workspace whose owner is
        not trusted (an editor's untrusted workspace, `--untrusted`): decklint reads its decks
        and the settings of the configurations inside it that name no other file."""
        within = None if untrusted is None else tuple(p.resolve() for p in untrusted)
        if isolated:
            cfg = Config()
        elif config_path:
            p = Path(config_path)
            if not p.is_file():
                raise ConfigError(f"{config_path}:1: --config names a file that does not exist")
            cfg = load(p, untrusted=within is not None)  # named by the user: read
        else:
            found = find(start or Path.cwd(), within=within)
            cfg = load(found, untrusted=within is not None, within=within) if found else Config()
        try:
            registry = load_registry(tuple(cfg.rule_paths))
        except ManifestError as exc:
            msg = f"{cfg.where('rule-paths')}: a rule manifest is invalid: {exc}"
            raise ConfigError(msg) from None
        proj = cls(
            cfg,
            registry,
            tuple(select),
            tuple(ignore),
            not isolated and not config_path,
            within,
            tuple(extend_select),
            tuple(extend_ignore),
        )
        for sel in (*proj.cli_select, *proj.cli_ignore, *proj.extend_select, *proj.extend_ignore):
            if not registry.matching(sel):
                raise KeyError(f"{sel}: no rule has this code, name, prefix or group")
        proj._scope(cfg)
        return proj

    # ------------------------------------------------------------------ selection

    def _scope(self, cfg: Config) -> _Scope:
        key = str(cfg.path)
        scope = self._scopes.get(key)
        if scope is None:
            settings: dict[str, RuleSetting] = check_against(cfg, self.registry)
            select = self.cli_select or cfg.select or ()
            ignore = [*cfg.ignore, *self.cli_ignore]
            ignore += [code for code, s in settings.items() if s.enabled is False]
            codes = {m.code for m in self.registry.select(select, ())}
            codes |= {code for code, s in settings.items() if s.enabled and not self.cli_select}
            for sel in ignore:
                codes -= {m.code for m in self.registry.matching(sel)}
            for sel in self.extend_select:
                codes |= {m.code for m in self.registry.matching(sel)}
            for sel in self.extend_ignore:
                codes -= {m.code for m in self.registry.matching(sel)}
            severity = {c: s.severity for c, s in settings.items() if s.severity is not None}
            scope = _Scope(cfg, frozenset(codes), severity)
            self._scopes[key] = scope
        return scope

    def options(self, dialect: str | None = None) -> Any:
        from decklint.pipeline.run import Options

        cfg = self.config
        settings = check_against(cfg, self.registry)
        return Options(
            dialect=dialect,
            select=(),  # every rule runs; policy() keeps what each file's configuration selects
            rule_options={code: dict(s.options) for code, s in settings.items() if s.options},
            settings=Settings(
                bulk_modes=cfg.bulk_modes if cfg.bulk_modes is not None else DEFAULT_BULK_MODES,
                network=cfg.network,
                declared=_declared([cfg]),
                **_topology([cfg]),
                **_targets([cfg]),
            ),
            config_globs=dict(cfg.dialect_globs),
            rule_paths=tuple(cfg.rule_paths),
            policy=self.policy,
            excluded=self.excluded,
        )

    def declare_for(self, opts: Any, paths: Sequence[str]) -> None:
        """Add the `nodes:` facts of the configurations nearest to the linted files: a
        configuration beside a network's decks describes that network's nodes."""
        configs = [self.config]
        seen = {str(self.config.path)}
        for p in paths:
            cfg = self._nearest(p)
            if str(cfg.path) not in seen:
                seen.add(str(cfg.path))
                configs.append(cfg)
        if len(configs) > 1:
            forced = [t for t in opts.settings.target_release if t[2] == "--target-release"]
            targets = _targets(configs)
            if forced:
                targets["target_release"] = tuple(forced)
            opts.settings = opts.settings._replace(
                declared=_declared(configs), **_topology(configs), **targets
            )

    def identity(self, paths: Sequence[str]) -> bytes:
        """Everything of the configuration that can change a run's findings for these files:
        the text of every configuration file that applies, the command line's selection, and
        the text of the rule plug-ins. Part of the run memo's key (`decklint.pipeline.memo`)."""
        configs = {str(self.config.path): self.config}
        for p in paths:
            cfg = self._nearest(p)
            configs.setdefault(str(cfg.path), cfg)
        chosen = (self.cli_select, self.cli_ignore, self.extend_select, self.extend_ignore)
        h = blake2b(repr((*chosen, self.use_nearest)).encode())
        for key in sorted(configs):
            cfg = configs[key]
            h.update(key.encode())
            if cfg.path is not None and cfg.path.is_file():
                h.update(cfg.path.read_bytes())
            for rp in cfg.rule_paths:
                root = Path(rp)
                for f in manifest_files(root, user=True) if root.is_dir() else [root]:
                    if f.is_file():
                        h.update(f.as_posix().encode())
                        h.update(f.read_bytes())
        return h.digest()

    def withheld(self) -> list[str]:
        """The settings of the configurations read so far that were not used because the
        workspace is not trusted, each with its file and line."""
        return sorted({w for scope in self._scopes.values() for w in scope.config.withheld})

    def config_files(self, paths: Sequence[str]) -> list[Path]:
        """The configuration files that apply to these files: the project's and each one's
        nearest (not the files they extend)."""
        found = {self.config.path, *(self._nearest(p).path for p in paths)}
        return sorted(p for p in found if p is not None)

    def fail_on(self, cli: str | None) -> Severity:
        return Severity.parse(cli) if cli else self.config.fail_on

    # ------------------------------------------------------------------ per file

    def _nearest(self, path: str) -> Config:
        """The configuration of the file's folder, looked up once per folder as written: a
        resolve and an upward search per file and per finding add up on large repositories."""
        if not self.use_nearest:
            return self.config
        parent = os.path.dirname(path)
        got = self._parents.get(parent)
        if got is None:
            got = self._parents[parent] = self._nearest_in(Path(parent or ".").resolve())
        return got

    def _nearest_in(self, folder: Path) -> Config:
        found = find(folder, self._found, self.untrusted)
        if found is None or (self.config.path and found == self.config.path):
            return self.config
        key = str(found)
        if key not in self._scopes:
            self._scope(load(found, untrusted=self.untrusted is not None, within=self.untrusted))
        return self._scopes[key].config

    def _relative(self, path: str, cfg: Config) -> str:
        try:
            return Path(path).resolve().relative_to(cfg.root.resolve()).as_posix()
        except ValueError:
            return Path(path).as_posix()

    def policy(self, f: Finding) -> Finding | None:
        cfg = self._nearest(f.path)
        scope = self._scopes[str(cfg.path)]
        if f.code not in scope.codes:
            return None
        ignored = cfg.ignored_in(self._relative(f.path, cfg))
        if ignored and any(f.code in {m.code for m in self.registry.matching(s)} for s in ignored):
            return None
        sev = scope.severity.get(f.code)
        if sev is not None and sev != f.severity:
            return f._replace(severity=sev)
        return f

    def excluded(self, path: Path) -> bool:
        cfg = self.config
        if not cfg.exclude:
            return False
        return cfg.excludes(self._relative(str(path), cfg))

    # ------------------------------------------------------------------ show

    def show(self) -> dict[str, Any]:
        cfg = self.config
        settings = check_against(cfg, self.registry)
        return {
            "config": str(cfg.path) if cfg.path else None,
            "rules-run": sorted(self._scope(cfg).codes),
            "select": list(self.cli_select or cfg.select or ["ALL"]),
            "ignore": [*cfg.ignore, *self.cli_ignore],
            "per-file-ignores": {g: list(r) for g, r in cfg.per_file_ignores},
            "rules": {
                code: {
                    k: v
                    for k, v in (
                        ("enabled", s.enabled),
                        ("severity", s.severity.label if s.severity else None),
                        ("options", s.options or None),
                    )
                    if v is not None
                }
                for code, s in sorted(settings.items())
            },
            "fail-on": cfg.fail_on.label,
            "dialects": dict(cfg.dialect_globs),
            "exclude": list(cfg.exclude),
            "bulk-modes": sorted(
                cfg.bulk_modes if cfg.bulk_modes is not None else DEFAULT_BULK_MODES
            ),
            "network": cfg.network or "infer from VTAM NODETYPE",
            "rule-paths": list(cfg.rule_paths),
            "nodes": {
                name: {k: list(v) if isinstance(v, tuple) else v for k, (v, _l) in facts.items()}
                for name, facts in sorted(cfg.nodes.items())
            },
            "node-facts": {k: doc for k, (_t, doc) in NODE_FACTS.items()},
            "topology": {
                "nodes": {name: list(globs) for name, globs in sorted(cfg.node_files.items())},
                "systems": {name: list(globs) for name, globs in sorted(cfg.system_files.items())},
                "links": [{"between": [lk.a, lk.b], **dict(lk.facts)} for lk in cfg.links],
            },
        }
