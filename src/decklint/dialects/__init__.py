"""Dialect registry: one name per dialect, used for the grammar, module, CLI and fixtures."""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, Any

from decklint.core.findings import Citation
from decklint.dialects.base import Dialect, DialectSpec

if TYPE_CHECKING:
    from decklint.platform.store import Vault

# The registered dialects, one line each: everything else about a dialect is the DIALECT
# record of its package (dialects/<name>/__init__.py). The records are small and import no
# reader; a reader is imported only when a file of its dialect is read (`get`), so a deck with
# a telling name costs one reader at start-up. A record's `language` (an editor's language
# id) is the dialect's name where that name means the deck format to anyone, and
# product-format where the name alone would claim a whole product (CICS, AS/400, AIX,
# TCP/IP, TSM, NonStop) in VS Code's one namespace of language ids.
NAMES = (
    "vtam",
    "ncp",
    "cics",
    "cicssit",
    "cm2",
    "as400",
    "nsdos",
    "aix",
    "tcpip",
    "tcpdata",
    "ivtprm",
    "bpxprm",
    "scf",
    "tsm",
    "ezacicd",
)


def _record(name: str) -> Dialect:
    found: Dialect = importlib.import_module(f"{__name__}.{name}").DIALECT
    return found


# Every dialect's record by name, and its globs. Made when first asked for (`__getattr__`):
# from the cache, where this build keeps the records (a sealed entry keyed by the build's
# fingerprint, as the rule manifests are), so that a run whose files' names tell their
# dialect imports that dialect's package alone; else from the packages, and kept.
REGISTRY: dict[str, Dialect]
GLOBS: dict[str, tuple[str, ...]]


def __getattr__(name: str) -> Any:
    if name == "REGISTRY":
        got: Any = _registry()
    elif name == "GLOBS":
        got = {n: d.globs for n, d in _registry().items()}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = got
    return got


@functools.cache
def _registry() -> dict[str, Dialect]:
    kept = _kept()
    if kept is not None:
        return kept
    records = {name: _record(name) for name in NAMES}
    _keep(records)
    return records


def _entry() -> tuple[Vault, str] | None:
    """The cache and the name of this build's entry of the records; None without a cache."""
    from decklint.platform.resources import fingerprint
    from decklint.platform.store import vault

    v = vault()
    return None if v is None else (v, f"dialects-{fingerprint()}.pickle")


def _kept() -> dict[str, Dialect] | None:
    """The records as this build kept them (a sealed entry of this user's), or None."""
    import pickle

    try:
        where = _entry()
        payload = None if where is None else where[0].read(where[1])
        if payload is None:
            return None
        records = pickle.loads(payload)
    except Exception:  # no cache, or an entry another decklint pickled otherwise
        return None
    if not isinstance(records, dict) or tuple(records) != NAMES:
        return None
    if not all(isinstance(d, Dialect) for d in records.values()):
        return None
    return records


def _keep(records: dict[str, Dialect]) -> None:
    """Keep the records for this build, in place of another build's."""
    import pickle

    try:
        where = _entry()
        if where is not None:
            v, name = where
            payload = pickle.dumps(records, protocol=pickle.HIGHEST_PROTOCOL)
            for old in v.folder.glob("dialects-*.pickle"):
                old.unlink(missing_ok=True)
            v.write(name, payload)
    except (OSError, TypeError, pickle.PicklingError):  # not kept: it only costs time
        pass


def names() -> list[str]:
    return sorted(NAMES)


def language(name: str) -> str:
    """The dialect's language id in editors."""
    return _registry()[name].language or name


def by_language(language_id: str) -> str | None:
    """The dialect an editor's language id names: one of the registry's `language` ids, or a
    dialect's own name (an editor's file type); None for any other id (`plaintext`)."""
    wanted = language_id.strip().lower()
    if wanted in NAMES:
        return wanted
    for name, entry in _registry().items():
        if (entry.language or name) == wanted:
            return name
    return None


def named(file_name: str) -> str | None:
    """The dialect a file's name says (GLOBS, any case), or None.

    Most globs are a name, a `*.suffix` or a `PREFIX*`, tested with string methods rather than
    compiled as patterns (docs/decisions.md, "Dialect knowledge in the dialects")."""
    upper = file_name.upper()
    for dialect, globs in _upper_globs():
        for g in globs:
            if _matches(upper, g):
                return dialect
    return None


@functools.cache
def _upper_globs() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each dialect's globs in upper case, in the order `named` tries them (computed once:
    every file whose name tells nothing is tried against all of them)."""
    reg = _registry()
    return tuple((d, tuple(g.upper() for g in reg[d].globs)) for d in names())


def _matches(upper: str, glob: str) -> bool:
    if not any(c in glob for c in "*?["):
        return upper == glob
    if glob[0] == "*" and not any(c in glob[1:] for c in "*?["):
        return upper.endswith(glob[1:])
    if glob[-1] == "*" and not any(c in glob[:-1] for c in "*?["):
        return upper.startswith(glob[:-1])
    import fnmatch

    return fnmatch.fnmatchcase(upper, glob)


def syntax_citation(name: str) -> Citation | None:
    """What a syntax error or an unknown name in a file of the dialect cites."""
    entry = _registry().get(name)
    if entry is None or entry.syntax is None:
        return None
    return Citation(*entry.syntax)


def catalog_citation(name: str) -> Citation | None:
    """What a finding about the names and values a product accepts cites: the manual its
    catalog is drawn from (the section is the catalog entry's own, shown by `explain`)."""
    entry = _registry().get(name)
    if entry is None or entry.catalog is None:
        return None
    from decklint.knowledge.catalog import catalog

    cat = catalog(entry.catalog)
    if cat is None or not cat.reference:
        return None
    return Citation(cat.reference)


def get(name: str) -> DialectSpec:
    """A dialect's spec, its module imported on first use (checks ask once per statement)."""
    spec = _SPECS.get(name)
    if spec is None:
        try:
            module = importlib.import_module(_registry()[name].module)
        except KeyError:
            raise KeyError(f"unknown dialect {name!r} (known: {', '.join(names())})") from None
        spec = _SPECS[name] = module.SPEC
    return spec


_SPECS: dict[str, DialectSpec] = {}
