"""The inputs of a run: the `Input` record (a file's or a cut-out deck's text, how it was read),
and gathering them from paths, standard input and the containers decks are embedded in."""

from __future__ import annotations

import errno
import functools
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from decklint.core.progress import OnProgress, Progress
from decklint.inputs import encoding as encoding_mod
from decklint.inputs.discover import Unread, walk
from decklint.platform.digests import blake2b

if TYPE_CHECKING:
    from decklint.inputs import embedded, jcl

# Extensions that are never decks: skipped quietly when a folder is walked.
_NOT_DECKS = frozenset(
    [
        ".md",
        ".rst",
        ".py",
        ".pyc",
        ".yaml",
        ".yml",
        ".json",
        ".toml",
        ".cfg",
        ".ini",
        ".lock",
        ".png",
        ".jpg",
        ".jpeg",
        ".gif",
        ".pdf",
        ".html",
        ".htm",
        ".css",
        ".js",
        ".ts",
        ".sh",
        ".bat",
        ".xml",
        ".svg",
        ".zip",
        ".gz",
        ".tar",
        ".whl",
        ".exe",
        ".dll",
        ".so",
    ]
)


def digest(text: str) -> bytes:
    """A decoded text's hash: computed once per input and shared by its cache key and the run
    memo's key."""
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).digest()


class Input:
    """One text to lint: its path as shown, its decoded text (None when it could not be
    read, `problem` saying why), and where it came from. Never changed once made: `replace`
    gives another."""

    path: str  # as shown in findings
    text: str | None
    explicit: bool
    problem: str
    notes: tuple[encoding_mod.Note, ...]  # how the bytes were read (PRS011)
    # A deck cut out of another file: that file's path as shown, and where the deck sits in it.
    container: str | None
    block: embedded.Block | None
    encoding: str  # how the bytes were decoded (fixes are written back the same way)
    # The dialect it was given (an editor's language for the document), read as --dialect
    # reads for every input; a container's decks are given it too.
    dialect: str | None
    # What a container's jobs say about the decks in them (reported at the container's lines).
    remarks: tuple[jcl.Remark, ...]
    # Not linted, and no finding to say so: a folder walk passed it by its name, or a job
    # holds no deck; `problem` says why, and every report names it (`LintResult.unlinted`).
    passed: bool

    def __init__(
        self,
        path: str,
        text: str | None,
        explicit: bool,
        problem: str = "",
        notes: tuple[encoding_mod.Note, ...] = (),
        container: str | None = None,
        block: embedded.Block | None = None,
        encoding: str = "",
        dialect: str | None = None,
        remarks: tuple[jcl.Remark, ...] = (),
        passed: bool = False,
    ) -> None:
        self.path = path
        self.text = text
        self.explicit = explicit
        self.problem = problem
        self.notes = notes
        self.container = container
        self.block = block
        self.encoding = encoding
        self.dialect = dialect
        self.remarks = remarks
        self.passed = passed

    def replace(self, **changes: Any) -> Input:
        """Another input, this one's attributes with `changes` (names of `__init__`'s
        parameters); its `digest` is taken again, of its own text, when asked."""
        kept = {k: v for k, v in vars(self).items() if k != "digest"}
        return Input(**{**kept, **changes})

    @functools.cached_property
    def digest(self) -> bytes | None:
        """The text's hash (`digest`), computed once for the cache and the run memo."""
        return None if self.text is None else digest(self.text)


def not_a_deck(path: PurePath, embedded_mode: str = "auto") -> bool:
    """Whether a folder walk skips the file by its name: an extension that is never a deck
    (markdown is read for the decks fenced in it, unless embedded decks are off)."""
    suffix = path.suffix.lower()
    if suffix in (".md", ".markdown") and embedded_mode != "none":
        return False
    return suffix in _NOT_DECKS


def decode(data: bytes, encoding: str | None = None) -> tuple[str | None, str]:
    """Text of a file, or (None, why) for binary content (see `decklint.inputs.encoding`)."""
    got = encoding_mod.decode(data, encoding)
    return got.text, got.why


def read_input(path: str, data: bytes, explicit: bool, encoding: str | None = None) -> Input:
    got = encoding_mod.decode(data, encoding)
    return Input(path, got.text, explicit, got.why, got.notes, encoding=got.encoding)


def may_hold_decks(path: str, text: str, mode: str = "auto") -> bool:
    """False when `embedded.find` would say the file is no container, told without importing
    it or splitting the text into lines: a container is markdown by its name, or JCL, whose
    statements begin with // (IEBUPDTE's with ./)."""
    if mode == "none":
        return False
    if path.lower().endswith((".md", ".markdown")):
        return True
    # "/" first: a search for one character is many times quicker than one for two
    return "/" in text and ("//" in text or "./" in text)


def expand(inp: Input, mode: str = "auto") -> list[Input]:
    """The input, or the decks inside it (JCL instream data, markdown fences; see
    `decklint.inputs.embedded`). A container with no deck in it gives nothing unless named."""
    if inp.text is None or not may_hold_decks(inp.path, inp.text, mode):
        return [inp]
    from decklint.inputs import embedded

    found = embedded.read(inp.path, inp.text, mode)
    if found is None:
        return [inp]
    blocks = found.blocks
    # The container stays (its notes, what its jobs say, its text for showing source lines)
    # but is not parsed.
    holder = inp.replace(problem="", container=inp.path, block=None, remarks=found.remarks)
    if not blocks:
        if found.remarks:
            return [holder]
        why = (
            "no deck fenced in it"
            if inp.path.lower().endswith((".md", ".markdown"))
            else "a job with no deck in it: no step reads in-stream data as one"
        )
        return [
            Input(inp.path, None, inp.explicit, why, inp.notes, dialect=inp.dialect, passed=True)
        ]
    out = [holder]
    for virtual, b in zip(deck_paths(inp.path, blocks), blocks, strict=True):
        out.append(Input(virtual, b.text, inp.explicit, "", (), inp.path, b, dialect=inp.dialect))
    return out


def deck_paths(container: str, blocks: Sequence[embedded.Block]) -> list[str]:
    """The path each deck cut out of a container is linted under: `JOB.jcl(SYSIN)`, and
    `JOB.jcl(SYSIN#2)` for a second deck of the same name."""
    out: list[str] = []
    taken: set[str] = set()
    for b in blocks:
        virtual = f"{container}({b.name})"
        n = 2
        while virtual in taken:
            virtual, n = f"{container}({b.name}#{n})", n + 1
        taken.add(virtual)
        out.append(virtual)
    return out


def shown_path(path: Path) -> str:
    """The path as `gather` shows it (and the lint's findings and cache name it)."""
    return _display(path)


def _display(path: Path, cwd: str | None = None) -> str:
    """The path as reported: relative to the current folder inside it, else as given.

    `cwd`: the current folder ending in "/", when the caller has it. A Path's text is already
    normal, so without `..` in it the answer is the text itself or its part after `cwd`,
    as `os.path.relpath` would find with more work, per file."""
    text = str(path)
    if os.sep == "/" and ".." not in text.split("/"):
        if not text.startswith("/"):
            return text
        if cwd is not None and text.startswith(cwd):
            return text[len(cwd) :]
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path.as_posix()
    return Path(rel).as_posix() if not rel.startswith("..") else path.as_posix()


def linted_tree(paths: Sequence[str]) -> tuple[str, ...]:
    """The folders a run may read files in (real paths): those named, the folder of each file
    named, and the current folder when it is a project's (it holds `.git` or `.decklint.yaml`).
    A symbolic link out of them is not followed: a repository cannot have its run read
    `/etc/passwd` (and quote it in findings) by holding `passwd.vtam -> /etc/passwd`."""
    roots = []
    for p in paths:
        if p == "-":
            continue
        path = Path(p)
        roots.append(os.path.realpath(p if path.is_dir() else path.parent))
    here = os.getcwd()
    if any(os.path.lexists(os.path.join(here, n)) for n in (".git", ".decklint.yaml")):
        roots.append(os.path.realpath(here))
    return tuple(r if r.endswith(os.sep) else r + os.sep for r in roots)


def leads_out(f: Path, tree: Sequence[str], named: bool, command: str = "lint") -> str | None:
    """Why the file `f` is not read when it is a symbolic link (or, `named` on the command
    line, under one) to a file outside `tree` (`linted_tree`); None when it may be read.
    `command`: the command that reads it (`lint`, `format`)."""
    if not named and not f.is_symlink():
        return None  # a folder walk does not enter linked folders: only the name can link
    target = os.path.realpath(f)
    if any((target + os.sep).startswith(root) for root in tree):
        return None
    done = "formatted" if command == "format" else "linted"
    return (
        f"a symbolic link to {target}, outside the folders {done}: not read ({command} that "
        "file where it is, or name its folder too)"
    )


def files(
    paths: Iterable[str],
    excluded: Callable[[Path], bool] | None = None,
    embedded_mode: str = "auto",
    unread: Unread | None = None,
    passed: list[Path] | None = None,
) -> Iterator[tuple[Path, bool]]:
    """The files `gather` reads under `paths` (those that exist), each with whether it was
    named itself: folders walked, and in them files that are never decks or are excluded
    skipped. Folders that could not be read go to `unread`, files passed by their names
    (`not_a_deck`) to `passed`."""
    explicit = {str(Path(p)) for p in paths if not Path(p).is_dir()}
    for f in walk([p for p in paths if Path(p).exists()], unread):
        is_explicit = str(f) in explicit
        if not is_explicit and excluded and excluded(f):
            continue  # the configuration's choice
        if not is_explicit and not_a_deck(f, embedded_mode):
            if passed is not None:
                passed.append(f)
            continue
        yield f, is_explicit


# Why a folder walk did not read a file: its name (said in every report, never a finding).
NOT_READ = "not read"


def passed_by_name(path: PurePath) -> str:
    """Why a folder walk passes the file by its name."""
    return (
        f"{NOT_READ}: a {path.suffix.lower()} file is never a deck in a folder walk (name the "
        "file to lint it)"
    )


def gather(
    paths: Iterable[str],
    excluded: Callable[[Path], bool] | None = None,
    encoding: str | None = None,
    embedded_mode: str = "auto",
    progress: OnProgress | None = None,
) -> list[Input]:
    """The inputs under `paths`; `progress` is told the inputs found and read so far, as each
    file is read."""
    out: list[Input] = []
    read = 0
    cwd = os.getcwd().rstrip("/") + "/"
    paths = list(paths)
    tree = linted_tree(paths)
    for p in paths:
        if not Path(p).exists():
            out.append(Input(p, None, True, "no such file or folder"))
    unread: Unread = []
    passed: list[Path] = []
    for f, is_explicit in files(paths, excluded, embedded_mode, unread, passed):
        away = leads_out(f, tree, is_explicit)
        if away is not None:
            out.append(Input(_display(f, cwd), None, is_explicit, away))
            continue
        if not f.is_file():  # a pipe, socket or device: reading it could block forever
            if is_explicit:
                out.append(Input(_display(f, cwd), None, True, "not a regular file: skipped"))
            continue
        try:
            data = f.read_bytes()
        except OSError as exc:
            out.append(Input(_display(f, cwd), None, is_explicit, f"cannot read: {exc.strerror}"))
            continue
        shown = _display(f, cwd)
        got = expand(read_input(shown, data, is_explicit, encoding), embedded_mode)
        out.extend(got)
        if progress is not None:
            read += sum(1 for i in got if i.text is not None and i.container != i.path)
            progress(Progress(len(out), read))
    for folder, error in unread:  # said, not skipped silently: its decks are not linted
        out.append(Input(_display(folder, cwd), None, True, _unread(error)))
    for f in passed:  # named in every report, never a finding
        out.append(Input(_display(f, cwd), None, False, passed_by_name(f), passed=True))
    return out


def _unread(exc: OSError) -> str:
    why = f"folder not read ({exc.strerror or exc}): the files in it are not linted"
    if exc.errno == errno.ENAMETOOLONG:
        return why + " (the system opens no path this long: move them to a shorter one)"
    return why
