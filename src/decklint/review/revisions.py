"""A git repository read at a revision without touching its work tree or index: the files of a
commit or of the work tree, their contents, and the files git finds renamed between two.

Every git command runs as a subprocess with its output captured; revisions are resolved to
commits first, so nothing the user typed reaches a later command as an option.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from decklint.platform import children

# What one revision may make a run read: files, bytes per file, bytes in all.
MAX_FILES = 200_000
MAX_FILE_BYTES = 256 << 20
MAX_TOTAL_BYTES = 2 << 30

# No optional locks: git would otherwise refresh (write) the index while it compares with the
# work tree. No terminal prompts, no pager, messages in English for the errors we show.
_ENV = {
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_PAGER": "cat",
    "LC_ALL": "C",
}


_NARROW = "lint a part of the repository with --path"


class GitError(Exception):
    """A git command failed, or a revision cannot be read; the message says why."""


class Entry(NamedTuple):
    """A file of a revision: its path from the repository's top, its size, and its blob (None
    for a file of the work tree, read from disk)."""

    path: str
    size: int
    blob: str | None


class Revision(NamedTuple):
    """A side of a comparison: how the user named it, and its commit (None: the work tree)."""

    label: str
    commit: str | None

    @property
    def short(self) -> str:
        return "work tree" if self.commit is None else self.commit[:12]


WORK_TREE = Revision("work tree", None)


class Repository:
    """The git repository whose top folder is `top`."""

    def __init__(self, top: Path) -> None:
        self.top = top

    @classmethod
    def at(cls, folder: Path) -> Repository:
        """The repository `folder` is in; GitError when it is in none."""
        try:
            out = _run(["git", "rev-parse", "--show-toplevel"], folder)
        except GitError as exc:
            raise GitError(f"{folder}: not in a git repository ({exc})") from None
        return cls(Path(out.decode("utf-8", "surrogateescape").rstrip("\n")))

    def git(self, *args: str, stdin: bytes | None = None) -> bytes:
        return _run(["git", *args], self.top, stdin)

    # ------------------------------------------------------------------ revisions

    def revision(self, name: str) -> Revision:
        """The commit `name` stands for; GitError when it stands for none."""
        if not name or name.startswith("-") or "\0" in name:
            raise GitError(f"{name!r} is not a revision")
        try:
            out = self.git("rev-parse", "--verify", "--quiet", f"{name}^{{commit}}")
        except GitError:
            raise GitError(f"unknown revision {name!r}") from None
        return Revision(name, out.decode().strip())

    def default_base(self) -> Revision:
        """Where the current branch left the default branch: the merge base of HEAD and
        origin's default branch (else main, master)."""
        head = self.revision("HEAD")
        for branch in self._default_branches():
            try:
                out = self.git("merge-base", head.commit or "HEAD", branch)
            except GitError:
                continue
            return Revision(f"merge base with {branch}", out.decode().strip())
        raise GitError("no default branch (origin/HEAD, main or master) to compare with: name BASE")

    def _default_branches(self) -> Iterator[str]:
        try:
            out = self.git("symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD")
        except GitError:
            pass
        else:
            yield out.decode().strip()
        for name in ("main", "master", "origin/main", "origin/master"):
            try:
                self.git("rev-parse", "--verify", "--quiet", f"{name}^{{commit}}")
            except GitError:
                continue
            yield name

    # ------------------------------------------------------------------ files

    def files(self, rev: Revision) -> list[Entry]:
        """Every file of the revision: a commit's blobs (not links or submodules), or the work
        tree's files git tracks or would track (not ignored), as they are on disk."""
        if rev.commit is None:
            return self._work_tree()
        out = self.git("ls-tree", "-r", "-z", "--long", "--full-tree", rev.commit)
        entries = []
        for record in _records(out):
            meta, _, path = record.partition("\t")
            mode, kind, blob, size = meta.split()
            if kind == "blob" and mode in ("100644", "100755"):
                entries.append(Entry(path, int(size), blob))
        return entries

    def _work_tree(self) -> list[Entry]:
        out = self.git("ls-files", "-z", "--cached", "--others", "--exclude-standard")
        entries, seen = [], set()
        for path in _records(out):
            if path in seen:
                continue  # an unmerged file is listed once per stage
            seen.add(path)
            full = self.top / path
            try:
                st = full.lstat()
            except OSError:
                continue  # deleted, not yet staged
            if full.is_file() and not full.is_symlink():
                entries.append(Entry(path, st.st_size, None))
        return entries

    def contents(self, entries: Iterable[Entry]) -> Iterator[tuple[Entry, bytes | str]]:
        """Each entry with its bytes, or why they were not read (too large, unreadable).
        Raises GitError when the entries are more than a run reads (MAX_FILES,
        MAX_TOTAL_BYTES)."""
        todo = list(entries)
        if len(todo) > MAX_FILES:
            raise GitError(f"{len(todo):,} files to read, more than {MAX_FILES:,}: {_NARROW}")
        small = [e for e in todo if e.size <= MAX_FILE_BYTES]
        total = sum(e.size for e in small)
        if total > MAX_TOTAL_BYTES:
            mib = MAX_TOTAL_BYTES >> 20
            raise GitError(f"{total >> 20:,} MiB to read, more than {mib:,} MiB: {_NARROW}")
        blobs = self._blobs([e.blob for e in small if e.blob is not None])
        for e in todo:
            if e.size > MAX_FILE_BYTES:
                yield e, f"larger than {MAX_FILE_BYTES >> 20} MiB: not read"
            elif e.blob is not None:
                yield e, blobs[e.blob]
            else:
                try:
                    yield e, (self.top / e.path).read_bytes()
                except OSError as exc:
                    yield e, f"cannot read: {exc.strerror}"

    def _blobs(self, names: list[str]) -> dict[str, bytes]:
        """Blob name -> content, all read by one `git cat-file --batch`."""
        wanted = sorted(set(names))
        if not wanted:
            return {}
        out = self.git("cat-file", "--batch", stdin="".join(f"{n}\n" for n in wanted).encode())
        found: dict[str, bytes] = {}
        at = 0
        for name in wanted:
            eol = out.index(b"\n", at)
            head = out[at:eol].split()
            if len(head) != 3 or head[1] != b"blob":
                raise GitError(f"cannot read blob {name}: {out[at:eol].decode(errors='replace')}")
            size = int(head[2])
            found[name] = out[eol + 1 : eol + 1 + size]
            at = eol + 1 + size + 1
        return found

    def renames(self, base: Revision, head: Revision) -> dict[str, str]:
        """Path at `base` -> path at `head`, for the files git finds moved or renamed (its
        rename detection; with the work tree, among the files it tracks)."""
        assert base.commit is not None
        revs = [base.commit] if head.commit is None else [base.commit, head.commit]
        out = self.git("diff", "-M", "-z", "--name-status", "--no-ext-diff", *revs, "--")
        fields = _records(out)
        moved: dict[str, str] = {}
        i = 0
        while i < len(fields):
            status = fields[i]
            if status[:1] in ("R", "C"):
                if status[0] == "R":
                    moved[fields[i + 1]] = fields[i + 2]
                i += 3
            else:
                i += 2
        return moved


def _records(out: bytes) -> list[str]:
    """A -z listing's records (paths as the file system has them)."""
    text = out.decode("utf-8", "surrogateescape")
    return [r for r in text.split("\0") if r]


def _run(cmd: list[str], cwd: Path, stdin: bytes | None = None) -> bytes:
    git = children.program(cmd[0])  # never a `git` of the folder it runs in
    if git is None:
        raise GitError(f"cannot run git: {cmd[0]} is not on the PATH")
    try:
        proc = children.run(
            [git, *cmd[1:]],
            cwd=cwd,
            input=stdin,
            capture_output=True,
            env={**os.environ, **_ENV},
            check=False,
        )
    except OSError as exc:
        raise GitError(f"cannot run git: {exc.strerror or exc}") from None
    if proc.returncode != 0:
        said = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(said[-1] if said else f"git {cmd[1]} failed ({proc.returncode})")
    return proc.stdout
