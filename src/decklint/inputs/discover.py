"""Finding the files to lint and deciding which dialect each one is."""

import fnmatch
import functools
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from decklint import dialects
from decklint.core.source import SourceFile
from decklint.inputs import evidence


@functools.cache
def _directive() -> re.Pattern[str]:
    """`decklint: dialect=vtam` in a file's first lines (compiled when a line holds a ':')."""
    return re.compile(r"decklint:\s*dialect\s*=\s*([a-z0-9_]+)", re.IGNORECASE)


SKIP_DIRS = frozenset({"__pycache__", "node_modules"})  # never walked into


class Detection(NamedTuple):
    dialect: str | None
    how: str  # "option" | "directive" | "config" | "glob" | "content" | "against" | "none"
    # with "against": why the file is no deck (a shell script, JSON, ...), in plain words
    why: str = ""


_MEMBER = re.compile(r"\(([^()/]+)\)$")
# A file whose comments start with ';' that no dialect claims (see evidence.py).
SEMICOLON_FILE = "';' comments, no statement of a product decklint reads"


def detect(
    src: SourceFile, explicit: str | None = None, config_globs: dict[str, str] | None = None
) -> Detection:
    """Explicit option, then an in-file directive, then the configuration's globs; then, unless
    the file shows it is no deck (`evidence.against`), the registry's globs and then the
    dialect whose content sniffer finds the strongest evidence for it. Content alone never
    makes a file a deck without positive evidence: a file nothing tells is not recognised."""
    if explicit:
        return Detection(explicit, "option")
    for ln in src.lines[:10]:
        m = _directive().search(ln) if ":" in ln else None
        if m and m.group(1).lower() in dialects.REGISTRY:
            return Detection(m.group(1).lower(), "directive")
    named = by_config(src.path, config_globs)
    if named is not None:
        return named
    why = evidence.against(src)
    if why:
        return Detection(None, "against", why)
    found = dialects.named(_name(src.path))
    if found is not None:
        return Detection(found, "glob")
    semicolons = evidence.semicolon_comments(src)
    best, score = None, 0.0
    for dname in dialects.names():
        spec = dialects.get(dname)
        if semicolons and ";" not in spec.comment_prefixes:
            continue  # ';' comments: no deck of this dialect is written so
        s = spec.sniff(src)
        if s > score:
            best, score = dname, s
    if best is not None and score >= 0.5:
        return Detection(best, "content")
    if semicolons:
        return Detection(None, "against", SEMICOLON_FILE)
    return Detection(None, "none")


def by_name(path: str, config_globs: dict[str, str] | None = None) -> Detection | None:
    """The dialect a file's path or name says (the configuration's globs, then the
    registry's), or None. A member's name is its name: SYS1.VTAMLST(ATCSTR00)."""
    named = by_config(path, config_globs)
    if named is not None:
        return named
    found = dialects.named(_name(path))
    return Detection(found, "glob") if found is not None else None


def by_config(path: str, config_globs: dict[str, str] | None) -> Detection | None:
    """The dialect the configuration's `dialects:` globs give the file, or None.

    A glob matches as the registry's do, in any case, and against each of: the file's name,
    its member name (SYS1.TCPPARMS(IFACE6), a deck cut out of JCL), its path as shown, and
    the path's trailing parts (so `tcpparms/*`, written beside the configuration, matches
    `sys1/tcpparms/IFACE6` linted from a folder above it)."""
    if not config_globs:
        return None
    shown = path.replace("\\", "/").upper()
    name = _name(path).upper()
    base = os.path.basename(shown)
    for pattern, dialect in config_globs.items():
        glob = pattern.replace("\\", "/").upper()
        if "/" in glob.rstrip("/"):
            hit = fnmatch.fnmatchcase(shown, glob) or fnmatch.fnmatchcase(shown, "*/" + glob)
            hit = hit or fnmatch.fnmatchcase(shown, glob.rstrip("/") + "/*")
        else:
            glob = glob.rstrip("/")
            hit = fnmatch.fnmatchcase(name, glob) or fnmatch.fnmatchcase(base, glob)
            hit = hit or any(fnmatch.fnmatchcase(part, glob) for part in shown.split("/")[:-1])
        if hit:
            return Detection(dialect, "config")
    return None


def _name(path: str) -> str:
    """A file's name, or its member's: SYS1.VTAMLST(ATCSTR00) is ATCSTR00."""
    name = os.path.basename(path)
    member = _MEMBER.search(name)  # SYS1.VTAMLST(ATCSTR00), or a deck cut out of JCL
    return member.group(1) if member else name


def _gitignore_patterns(folder: Path) -> list[str]:
    gi = folder / ".gitignore"
    try:
        text = gi.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    out = []
    for ln in text.splitlines():
        ln = ln.strip()
        if ln and not ln.startswith("#") and not ln.startswith("!"):
            out.append(ln)
    return out


def _ignored(rel: str, name: str, is_dir: bool, patterns: list[tuple[str, str]]) -> bool:
    for base, pat in patterns:
        anchored = pat.startswith("/")
        p = pat.strip("/")
        if pat.endswith("/") and not is_dir:
            continue
        local = rel[len(base) :].lstrip("/") if base and rel.startswith(base) else rel
        if anchored or "/" in p:
            if fnmatch.fnmatch(local, p):
                return True
        elif fnmatch.fnmatch(name, p):
            return True
    return False


Unread = list[tuple[Path, OSError]]  # folders a walk could not read, each with why


def walk(paths: Iterable[str], unread: Unread | None = None) -> Iterator[Path]:
    """Files under the given paths: folders walked, hidden and .gitignore'd entries skipped.

    Files named explicitly are always returned, even when hidden or ignored. A folder that
    cannot be read (no permission, a path longer than the system takes) is added to `unread`.
    """
    seen: set[str] = set()
    for p in paths:
        path = Path(p)
        if path.is_dir():
            yield from _walk_dir(path, seen, unread)
        elif str(path) not in seen:
            seen.add(str(path))
            yield path


def _walk_dir(root: Path, seen: set[str], unread: Unread | None) -> Iterator[Path]:
    patterns: list[tuple[str, str]] = []
    for dirpath, dirnames, filenames in _os_walk(root, unread):
        d = Path(dirpath)
        rel_dir = "" if d == root else d.relative_to(root).as_posix()
        patterns += [(rel_dir, p) for p in _gitignore_patterns(d)]
        keep = []
        for name in sorted(dirnames):
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if name.startswith(".") or name in SKIP_DIRS:
                continue
            if _ignored(rel, name, True, patterns):
                continue
            keep.append(name)
        dirnames[:] = keep
        for name in sorted(filenames):
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if name.startswith(".") or _ignored(rel, name, False, patterns):
                continue
            full = d / name
            if full.is_symlink() and not full.exists():
                continue
            key = str(full)
            if key not in seen:
                seen.add(key)
                yield full


def _os_walk(root: Path, unread: Unread | None) -> Iterator[tuple[str, list[str], list[str]]]:
    """`os.walk(root)` top-down, without following links, kept on a list instead of the call
    stack: a deep tree of folders is walked, not a RecursionError. The caller may prune
    `dirnames` as with os.walk. A folder not read goes to `unread` (one gone since it was
    listed is not missed)."""
    todo = [str(root)]
    while todo:
        top = todo.pop()
        dirs: list[str] = []
        files: list[str] = []
        links: set[str] = set()
        try:
            with os.scandir(top) as it:
                for entry in it:
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        is_dir = False
                    (dirs if is_dir else files).append(entry.name)
                    if is_dir and entry.is_symlink():
                        links.add(entry.name)
        except FileNotFoundError:
            continue
        except OSError as exc:
            if unread is not None:
                unread.append((Path(top), exc))
            continue
        yield top, dirs, files
        todo.extend(os.path.join(top, d) for d in reversed(dirs) if d not in links)
