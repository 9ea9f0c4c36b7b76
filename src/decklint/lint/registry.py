"""All rule manifests (shipped and user-supplied) and selection by code, name, prefix, group."""

import functools
import os
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from decklint.lint.expr import TREES
from decklint.lint.manifest import Manifest, ManifestError, load_file
from decklint.platform.resources import fingerprint, rules_root


class Registry(NamedTuple):
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


# A site's rule folder is walked this deep and this far, no further: `rule-paths: [/]` is a
# mistake to report, not a walk of the whole filesystem.
SITE_DEPTH = 4
SITE_FOLDERS = 200
SITE_MANIFESTS = 2000


def manifest_files(root: Path, *, user: bool = False) -> list[Path]:
    """Shipped manifests sit in rules/<prefix>/; a site's in its folder or the folders below
    it (up to SITE_DEPTH levels; hidden folders and symbolic links to folders are skipped)."""
    if not user:
        return sorted(root.glob("*/*.yaml"))
    found: list[Path] = []
    folders = 0
    todo = [(root, 0)]
    while todo:
        folder, depth = todo.pop()
        folders += 1
        if folders > SITE_FOLDERS:
            raise ManifestError(f"{root}: more than {SITE_FOLDERS} folders of site rules")
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            if entry.is_dir(follow_symlinks=False):
                if depth < SITE_DEPTH:
                    todo.append((Path(entry.path), depth + 1))
            elif entry.name.endswith(".yaml"):
                found.append(Path(entry.path))
                if len(found) > SITE_MANIFESTS:
                    raise ManifestError(f"{root}: more than {SITE_MANIFESTS} site rule manifests")
    return sorted(found)


def _loaded(extra: tuple[str, ...]) -> tuple[list[tuple[str, bool]], dict[str, Manifest]]:
    """The manifest files (their paths as text), shipped and of the `extra` folders (each with
    whether it is a site's), and the manifests by those paths, checked: from a pickle in the
    user cache when no file changed.

    The key is this build of decklint (`resources.fingerprint`: the shipped manifests are part
    of it, so they are neither listed nor looked at while it holds) and every site manifest's
    path, size and modification time; a miss reads and checks the YAML (a bad manifest raises
    before anything is written) and rewrites the cache entry, sealed like every entry
    (`decklint.platform.store`): only an entry this user's decklint wrote, unaltered, is
    unpickled. Checking every manifest is a noticeable part of a small run's start-up; the
    compiled expressions are not kept (closures) and are rebuilt from the cached expression
    trees when a rule runs.
    """
    import pickle

    from decklint.platform.digests import blake2b
    from decklint.platform.store import vault

    user = [(p, True) for e in extra for p in manifest_files(Path(e), user=True)]
    stamp = [fingerprint(), str(rules_root())]
    for p, _user in user:
        st = p.stat()
        stamp.append(f"{p}:{st.st_size}:{st.st_mtime_ns}")
    key = blake2b("\n".join(stamp).encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
    v = vault()
    name = f"manifests-{key}.pickle"
    payload = None if v is None else v.read(name)
    if payload is not None:
        try:
            cached = pickle.loads(payload)
            TREES.update(cached["trees"])
            manifests: dict[str, Manifest] = cached["manifests"]
            files: list[tuple[str, bool]] = cached["files"]
            return files, manifests
        except Exception:  # written by an older decklint: rebuilt below
            pass
    paths = [(p, False) for p in manifest_files(rules_root())] + user
    # checking an expression rule parses its expressions, which fills TREES
    loaded = {str(path): load_file(path, user=user) for path, user in paths}
    files = [(str(p), u) for p, u in paths]
    if v is not None:
        try:
            for old in v.folder.glob("manifests-*.pickle"):
                old.unlink(missing_ok=True)
            kept = {"trees": dict(TREES), "manifests": loaded, "files": files}
            v.write(name, pickle.dumps(kept))
        except OSError:
            pass
    return files, loaded


def load_registry(extra: tuple[str, ...] = ()) -> Registry:
    """The shipped rules and those of the `extra` folders (site rules), loaded once per
    process for each set of folders (`load_registry()` and `load_registry(())` are one)."""
    return _registry(tuple(extra))


@functools.cache
def _registry(extra: tuple[str, ...]) -> Registry:
    rules: dict[str, Manifest] = {}
    names: dict[str, str] = {}
    files, loaded = _loaded(extra)
    for path, _user in files:
        m = loaded[path]
        if m.code in rules:
            raise ManifestError(f"{path}: code {m.code} is already used by {rules[m.code].source}")
        if m.name in names:
            raise ManifestError(f"{path}: name {m.name} is already used by {names[m.name]}")
        rules[m.code] = m
        names[m.name] = m.code
    return Registry(rules)
