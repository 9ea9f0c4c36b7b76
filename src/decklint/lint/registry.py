"""All rule manifests (shipped and user-supplied) and selection by code, name, prefix, group."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from decklint.lint.manifest import Manifest, ManifestError, load_file
from decklint.resources import rules_root


@dataclass(frozen=True, slots=True)
class Registry:
    rules: dict[str, Manifest]

    def by_name(self, ident: str) -> Manifest | None:
        key = ident.strip()
        if key.upper() in self.rules:
            return self.rules[key.upper()]
        for m in self.rules.values():
            if m.name == key.lower():
                return m
        return None

    def matching(self, selector: str) -> list[Manifest]:
        """Rules a selector names: a code, a name, a code prefix, a group, or ALL."""
        s = selector.strip()
        if not s:
            return []
        if s.upper() == "ALL":
            return list(self.rules.values())
        one = self.by_name(s)
        if one is not None:
            return [one]
        up = s.upper()
        hits = [m for m in self.rules.values() if m.code.startswith(up)]
        if hits:
            return hits
        return [m for m in self.rules.values() if s.lower() in m.groups]

    def select(self, select: Iterable[str] = (), ignore: Iterable[str] = ()) -> list[Manifest]:
        sel = list(select)
        chosen: dict[str, Manifest] = {}
        if sel:
            for s in sel:
                found = self.matching(s)
                if not found:
                    raise KeyError(f"--select {s}: no rule has this code, name, prefix or group")
                chosen.update((m.code, m) for m in found)
        else:
            chosen = dict(self.rules)
        for s in ignore:
            found = self.matching(s)
            if not found:
                raise KeyError(f"--ignore {s}: no rule has this code, name, prefix or group")
            for m in found:
                chosen.pop(m.code, None)
        return [chosen[c] for c in sorted(chosen)]


def manifest_files(root: Path) -> list[Path]:
    return sorted(root.glob("*/*.yaml"))


@functools.cache
def load_registry(extra: tuple[str, ...] = ()) -> Registry:
    rules: dict[str, Manifest] = {}
    roots = [rules_root(), *(Path(e) for e in extra)]
    names: dict[str, str] = {}
    for root in roots:
        for path in manifest_files(root):
            m = load_file(path)
            if m.code in rules:
                raise ManifestError(
                    f"{path}: code {m.code} is already used by {rules[m.code].source}"
                )
            if m.name in names:
                raise ManifestError(f"{path}: name {m.name} is already used by {names[m.name]}")
            rules[m.code] = m
            names[m.name] = m.code
    return Registry(rules)
