"""`decklint init`: a commented `.decklint.yaml` written from what a folder holds.

The folder is read as `decklint lint` reads it with no configuration at all, and the
configuration says what that run had to guess or could not know:
- `dialects:` for each deck decklint recognised by its content alone (a member named
  `SWLAB`, a `SWNET.txt`): naming it keeps it recognised whatever its content becomes. A
  folder whose every file is a deck of one dialect is one glob (`MVS1/*`), else each file
  is named (a folder glob would take a `PROFILE.TCPIP` beside VTAM members for VTAM too);
- the files no dialect was recognised in, as comments under `dialects:`, to name if they
  are decks;
- `exclude:` for each folder that holds files and no deck at all (scripts, documents);
- `nodes:`, commented: each node of the network decklint found, with its product and the
  release its decks tell, so that a user declares what the decks do not (a release, a
  CM/2 node's DLC settings);
- the common settings (`select`, `ignore`, `fail-on`, `bulk-modes`), commented, at their
  defaults.

The text is checked by the configuration's own loader before it is written. Nothing is
written over an existing configuration unless asked (`force`), never through a symbolic
link, and the file is written whole or not at all (`fileio.atomic_output`).
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from decklint import __version__

NAME = ".decklint.yaml"
NAMES_SHOWN = 50  # files not recognised, listed as comments; the rest are counted


class InitError(Exception):
    """Why no configuration was written (the CLI says it and exits 2)."""


@dataclass
class Found:
    """What a lint of the folder found: each file (relative, POSIX) with its dialect (None:
    not linted) and how it was told; the nodes, with their product and release."""

    files: dict[str, str | None] = field(default_factory=dict)
    by_content: set[str] = field(default_factory=set)  # decks recognised by content alone
    no_deck: dict[str, str] = field(default_factory=dict)  # file -> why it is no deck
    nodes: list[tuple[str, str, str]] = field(default_factory=list)  # (name, product, release)


def existing(folder: Path) -> Path | None:
    """The configuration the folder already has, if any (`.decklint.yaml`, `.decklint.yml`,
    a pyproject.toml with `[tool.decklint]`)."""
    for name in (".decklint.yaml", ".decklint.yml"):
        if os.path.lexists(folder / name):
            return folder / name
    pyproject = folder / "pyproject.toml"
    try:
        if "[tool.decklint" in pyproject.read_text(encoding="utf-8", errors="replace"):
            return pyproject
    except OSError:
        pass
    return None


def survey(folder: Path) -> Found:
    """Lint the folder as if it had no configuration and gather what `render` needs."""
    from decklint.inputs.discover import by_name
    from decklint.inputs.gather import gather
    from decklint.pipeline.run import Options, lint_inputs

    result = lint_inputs(gather([str(folder)]), Options(cache=True))
    found = Found()
    for (
        path,
        dialect,
    ) in result.files:  # a job's decks are its file's (`decklint.pipeline.run._merge_files`)
        rel = _relative(path, folder)
        if rel is None:
            continue
        found.files[rel] = dialect
        if dialect is not None and "(" not in rel and by_name(path) is None:
            found.by_content.add(rel)
    for path, why in result.unlinted.items():
        rel = _relative(path, folder)
        if rel is not None and why:
            found.no_deck[rel] = why
    for node in result.topology.of("node"):
        if node.value("declared"):
            continue
        found.nodes.append(
            (node.name, str(node.value("product") or ""), str(node.value("release") or ""))
        )
    return found


def _relative(path: str, folder: Path) -> str | None:
    try:
        rel = Path(os.path.abspath(path)).relative_to(Path(os.path.abspath(folder)))
    except ValueError:
        return None
    return rel.as_posix()


def render(found: Found) -> str:
    """The configuration's text: every section commented."""
    decks = sum(1 for d in found.files.values() if d)
    out = [
        f"# decklint configuration, written by `decklint init` from the {len(found.files)} files",
        f"# of this folder ({decks} decks; decklint {__version__}). The README's 'In a",
        "# repository' explains every setting; `decklint config --show` shows what applies.",
        "",
        "# Which rules run (codes, names, prefixes such as NCP, groups such as bulk, or ALL),",
        "# which are skipped, and the lowest severity that fails a run (info never does).",
        "# select: [ALL]",
        "# ignore: []",
        "fail-on: warning",
        "",
        "# The mode names that carry bulk data (default: #BATCH and #BATCHSC).",
        '# bulk-modes: ["#BATCH", "#BATCHSC"]',
        "",
    ]
    out += _dialects(found)
    out += _excludes(found)
    out += _nodes(found)
    return "\n".join(out).rstrip("\n") + "\n"


def _dialects(found: Found) -> list[str]:
    globs = _globs(found.files, found.by_content)
    unknown = sorted(p for p, d in found.files.items() if d is None and p not in found.no_deck)
    lines = [
        "# The dialect of each file whose name does not tell it: decklint recognised these by",
        "# their content, and naming them keeps them recognised whatever it becomes.",
    ]
    if globs:
        lines.append("dialects:")
        lines += [f"  {_quoted(g)}: {d}" for g, d in globs]
    else:
        lines.append("# dialects: {}   # every deck's name tells its dialect")
    if unknown:
        from decklint import dialects

        lines += [
            "# No dialect was recognised in these: if one is a deck, name its dialect, one of",
            f"# {', '.join(dialects.names())}.",
        ]
        lines += [f"  # {_quoted(p)}: DIALECT" for p in unknown[:NAMES_SHOWN]]
        if len(unknown) > NAMES_SHOWN:
            lines.append(f"  # and {len(unknown) - NAMES_SHOWN} more")
    return [*lines, ""]


def _globs(files: Mapping[str, str | None], by_content: set[str]) -> list[tuple[str, str]]:
    """`dialects:` entries for the decks recognised by content: a folder's glob where every
    file of the folder is a deck of one dialect, else the file itself."""
    folders: dict[str, set[str | None]] = defaultdict(set)
    for path, dialect in files.items():
        folders[str(PurePosixPath(path).parent)].add(dialect)
    out: dict[str, str] = {}
    for path in sorted(by_content):
        dialect = files[path]
        assert dialect is not None
        parent = str(PurePosixPath(path).parent)
        if parent != "." and folders[parent] == {dialect}:
            out[f"{parent}/*"] = dialect
        else:
            out[path] = dialect
    return sorted(out.items())


def _excludes(found: Found) -> list[str]:
    """Folders that hold files and no deck, the highest of each such tree only."""
    holds: dict[str, bool] = defaultdict(bool)  # folder -> holds a deck somewhere below
    seen: set[str] = set()
    for path, dialect in found.files.items():
        parts = PurePosixPath(path).parts[:-1]
        for n in range(1, len(parts) + 1):
            folder = "/".join(parts[:n])
            seen.add(folder)
            holds[folder] = holds[folder] or dialect is not None
    empty = sorted(f for f in seen if not holds[f])
    top = [f for f in empty if not any(f.startswith(o + "/") for o in empty if o != f)]
    lines = ["# Folders and files not to lint: those below hold no deck."]
    if top:
        lines.append("exclude:")
        lines += [f"  - {_quoted(f)}" for f in top]
    else:
        lines.append("# exclude: []")
    return [*lines, ""]


def _nodes(found: Found) -> list[str]:
    lines = [
        "# Facts no deck holds, per node: a release the decks do not tell, a CM/2 node's DLC",
        "# frame and windows (they live in its binary .CFG), planned loads. The nodes decklint",
        "# found, each with what its decks tell of its release:",
        "# nodes:",
    ]
    for name, product, release in sorted(found.nodes):
        told = f"release {release}" if release else "no deck tells its release"
        lines.append(f"#   {_quoted(name)}: {{release: ...}}   # {product or 'node'}; {told}")
    if not found.nodes:
        lines.append("#   NAME: {product: zos, release: V2R4}")
    return lines


def _quoted(text: str) -> str:
    """A YAML key or item: quoted (names hold #, *, : and blanks), escaped as JSON is."""
    import json

    return json.dumps(text, ensure_ascii=False)


def check(text: str, folder: Path) -> None:
    """Load the text with the configuration's loader, as `decklint lint` will; a problem is a
    bug of ours, said as an InitError."""
    import tempfile

    from decklint.project.config import ConfigError, load

    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / NAME
        probe.write_text(text, encoding="utf-8")
        try:
            load(probe)
        except ConfigError as exc:
            raise InitError(
                f"the configuration written for {folder} does not load: {exc}"
            ) from None


def write(folder: Path, text: str, *, force: bool) -> Path:
    """Write the configuration into the folder: refused over an existing one unless `force`
    (then it replaces a `.decklint.yaml` or `.decklint.yml`, and is written beside a
    pyproject.toml, whose `[tool.decklint]` it then overrides), and always through a
    symbolic link. Raises InitError, OSError."""
    there = existing(folder)
    if there is not None and not force:
        raise InitError(
            f"{there} exists: not overwritten (--force replaces it; --stdout shows what "
            "would be written)"
        )
    target = there if there is not None and there.name != "pyproject.toml" else folder / NAME
    if os.path.islink(target):
        raise InitError(f"{target} is a symbolic link: not written")
    from decklint.platform.fileio import atomic_output

    with atomic_output(target) as out:
        out.write(text)
    return target


def summary(found: Found) -> str:
    """What the configuration holds, in a line."""
    decks = sum(1 for d in found.files.values() if d)
    named = len(_globs(found.files, found.by_content))
    return (
        f"{decks} decks in {len(found.files)} files, {named} named under dialects:, "
        f"{len(found.nodes)} nodes"
    )
