"""Baselines: adopt decklint on a legacy repository and fail only on new findings.

A finding's identity hashes its rule, its file, the statement it is about (label, or
operation and resource name, never a line number) and the operand it points at, so
renumbering cards, editing sequence columns or inserting statements elsewhere does not make
an old finding "new". Identities repeat (two findings of one rule on one operand): the
baseline keeps a count per identity.

A finding that stands for a cause (`Finding.cause`: a table not linted that many
statements name) has the identity of its rule and cause, listed under the file of its first
place and found under any; a baseline that lists each place of such a cause (written before
findings were grouped) still holds it.

Ratchet: baseline entries that no longer occur are reported (SUP003) until
`--update-baseline` drops them, so a fixed problem cannot quietly come back.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from decklint import __version__
from decklint.core.findings import Finding
from decklint.core.ir import LineIndex, Statement
from decklint.readers.base import ParsedFile

SCHEMA_VERSION = 1


class BaselineError(ValueError):
    """A baseline file that cannot be read."""


def _statement_key(st: Statement, nth: int) -> str:
    if st.kind == "item":
        return f"item:{st.operands[0].name or st.operands[0].text}"
    if st.kind == "command" and st.operands:
        head = st.operands[0]
        grp = st.keyword("GROUP")
        group = grp.value.text.upper() if grp else ""
        return f"{st.op}:{head.name}:{head.value.text.upper()}:{group}"
    if st.label:
        return f"{st.op}:{st.label.upper()}"
    return f"{st.op}#{nth}"


class Locator:
    """Finds the statement and operand a finding points at, by position.

    A file's statements are read when a finding in it is first looked up, and only the last
    few files' are kept: findings come sorted by file, and a large run's statements are not
    all held at once."""

    KEEP = 4  # files whose statements are kept

    def __init__(self, parsed: Mapping[str, ParsedFile]) -> None:
        self._parsed = parsed
        self._statements: Mapping[str, Sequence[Statement]] | None = None
        self._by_path: dict[str, _Rows] = {}

    @classmethod
    def of_statements(cls, statements: Mapping[str, Sequence[Statement]]) -> Locator:
        """A locator over each file's statements (a model's `Topology.statements`)."""
        loc = cls({})
        loc._statements = statements
        return loc

    def _read(self, path: str) -> tuple[Statement, ...] | None:
        if self._statements is not None:
            found = self._statements.get(path)
            if found is None:
                return None
            transient = getattr(found, "transient", None)  # `Statements`: not kept once read
            return transient() if transient is not None else tuple(found)
        pf = self._parsed.get(path)
        return None if pf is None else pf.statements.transient()

    def _rows(self, path: str) -> _Rows | None:
        rows = self._by_path.get(path)
        if rows is None:
            statements = self._read(path)
            if statements is None:
                return None
            rows = _Rows(statements)
            if len(self._by_path) >= self.KEEP:
                del self._by_path[next(iter(self._by_path))]
            self._by_path[path] = rows
        return rows

    def key(self, f: Finding) -> tuple[str, str]:
        rows = self._rows(f.path)
        if rows is None:
            return "", ""
        found = rows.at(f.span.line)
        if found is None:
            return "", ""
        key, st = found
        for o in st.operands:
            s = o.span
            if (s.line, s.col) <= (f.span.line, f.span.col) < (s.end_line, s.end_col):
                return key, o.name or f"#{st.operands.index(o)}"
        return key, ""


class _Rows:
    """One file's statements with their baseline keys, found by line."""

    def __init__(self, statements: tuple[Statement, ...]) -> None:
        seen: Counter[str] = Counter()
        keys = []
        for st in statements:
            nth = 0
            if not st.label:
                seen[st.op] += 1
                nth = seen[st.op]
            keys.append(_statement_key(st, nth))
        self.keys = keys
        self.index = LineIndex(statements)

    def at(self, line: int) -> tuple[str, Statement] | None:
        i = self.index.first_at(line)
        return None if i is None else (self.keys[i], self.index.statements[i])


def identity(f: Finding, locator: Locator, path: str | None = None) -> str:
    """The finding's identity; `path`: the file's name to hash in place of `f.path` (where
    the file is now, for a finding of a file since renamed). A finding that stands for a
    cause its rule names (`Finding.cause`) is its rule and that cause, wherever its places
    are: a place added, removed or moved leaves it the same finding."""
    if f.cause is not None:
        raw = "\0".join((f.code, "cause", f.cause.key))
        return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    statement, operand = locator.key(f)
    if not statement:  # not inside a statement: fall back on the model element, then message
        statement = f.subject or f.message
    raw = "\0".join((f.code, f.path if path is None else path, statement, operand))
    # a name that is not UTF-8 holds surrogates (its undecodable bytes): hashed as they are
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()[:32]


@dataclass
class Outcome:
    new: list[Finding]
    known: int
    stale: dict[str, int]  # path -> entries that no longer occur


def load(path: Path) -> dict[str, dict[str, Any]]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BaselineError(f"{path}: no such baseline (create it with --write-baseline)") from None
    except (OSError, ValueError) as exc:
        raise BaselineError(f"{path}: not a decklint baseline: {exc}") from None
    if not isinstance(doc, dict) or doc.get("schema_version") != SCHEMA_VERSION:
        raise BaselineError(
            f"{path}: not a decklint baseline (schema_version {SCHEMA_VERSION} expected)"
        )
    files = doc.get("files", {})
    if not isinstance(files, dict):
        raise BaselineError(f"{path}: 'files' must be a mapping")
    return files


def document(findings: list[Finding], locator: Locator) -> dict[str, Any]:
    files: dict[str, dict[str, Any]] = {}
    for f in findings:
        fresh: dict[str, Any] = {"code": f.code, "count": 0, "message": f.message}
        if f.cause is not None:
            fresh["cause"] = f.cause.key  # found under any file: its first place may change
        entry = files.setdefault(f.path, {}).setdefault(identity(f, locator), fresh)
        entry["count"] += 1
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "decklint", "version": __version__},
        "files": {p: dict(sorted(v.items())) for p, v in sorted(files.items())},
    }


def write(path: Path, doc: dict[str, Any]) -> None:
    """The baseline whole or not at all (`fileio.atomic_output`). Raises OSError."""
    from decklint.platform.fileio import atomic_output

    with atomic_output(path) as out:
        out.write(json.dumps(doc, indent=2, sort_keys=True) + "\n")


Active = Callable[[str, str], bool]  # (path, code): did that rule run on that file?


ANY_FILE = "*"  # the file of a cause's entry: its identity holds wherever its places are


def _entry_key(path: str, ident: str, entry: Any) -> tuple[str, str]:
    return (ANY_FILE if isinstance(entry, dict) and entry.get("cause") else path, ident)


def _finding_key(f: Finding, ident: str) -> tuple[str, str]:
    return (ANY_FILE if f.cause is not None else f.path, ident)


def compare(
    findings: list[Finding], files: dict[str, dict[str, Any]], locator: Locator, active: Active
) -> Outcome:
    budget: dict[tuple[str, str], int] = {}
    home: dict[tuple[str, str], str] = {}  # a cause's entry -> the file it is listed under
    for p, entries in files.items():
        for ident, entry in entries.items():
            if active(p, str(entry.get("code", ""))):
                k = _entry_key(p, ident, entry)
                budget[k] = budget.get(k, 0) + int(entry.get("count", 1))
                home[k] = p
    new: list[Finding] = []
    known = 0
    for f in findings:
        keys = [_finding_key(f, identity(f, locator))]
        if f.cause is not None and budget.get(keys[0], 0) <= 0:
            keys = _places(f, locator)  # a baseline written with every place listed
        held = [k for k in keys if budget.get(k, 0) > 0]
        if held:
            for k in held:
                budget[k] -= 1
            known += 1
        else:
            new.append(f)
    stale: Counter[str] = Counter()
    for k, left in budget.items():
        if left > 0:
            stale[home[k]] += left
    return Outcome(new, known, dict(stale))


def _places(f: Finding, locator: Locator) -> list[tuple[str, str]]:
    """The identities of a cause's places, each as a finding of its own would have it (as
    a baseline written before findings were grouped by cause holds them)."""
    out = [(f.path, identity(f._replace(cause=None, places=()), locator))]
    for r in f.places:
        alone = f._replace(path=r.path, span=r.span, message=r.message, cause=None, places=())
        out.append((r.path, identity(alone, locator)))
    return out


def shrink(
    files: dict[str, dict[str, Any]], findings: list[Finding], locator: Locator, active: Active
) -> dict[str, Any]:
    """The baseline with the entries that no longer occur dropped (never anything added).

    Entries of rules that did not run on their file (narrowed by --select, say) are kept.
    """
    current: Counter[tuple[str, str]] = Counter()
    for f in findings:
        current[_finding_key(f, identity(f, locator))] += 1
        if f.cause is not None:
            current.update(_places(f, locator))
    out: dict[str, dict[str, Any]] = {}
    for p, entries in files.items():
        for ident, entry in entries.items():
            n = int(entry.get("count", 1))
            if active(p, str(entry.get("code", ""))):
                n = min(n, current.get(_entry_key(p, ident, entry), 0))
            if n:
                out.setdefault(p, {})[ident] = {**entry, "count": n}
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "decklint", "version": __version__},
        "files": {p: dict(sorted(v.items())) for p, v in sorted(out.items())},
    }
