"""Dialect registry: one name per dialect, used for the grammar, module, CLI and fixtures."""

from __future__ import annotations

import importlib

from decklint.dialects.base import DialectSpec

# name -> module path; modules are imported only when a file of that dialect is linted.
REGISTRY: dict[str, str] = {
    "vtam": "decklint.dialects.vtam",
    "ncp": "decklint.dialects.ncp",
    "cics": "decklint.dialects.cics",
    "cm2": "decklint.dialects.cm2",
    "as400": "decklint.dialects.as400",
    "nsdos": "decklint.dialects.nsdos",
    "aix": "decklint.dialects.aix",
    "tcpip": "decklint.dialects.tcpip",
    "tcpdata": "decklint.dialects.tcpdata",
    "ivtprm": "decklint.dialects.ivtprm",
    "bpxprm": "decklint.dialects.bpxprm",
    "scf": "decklint.dialects.scf",
    "tsm": "decklint.dialects.tsm",
    "ezacicd": "decklint.dialects.ezacicd",
}


# name -> the file names that say the dialect (read without importing the module, so a
# deck with a telling name costs one dialect module at start-up).
GLOBS: dict[str, tuple[str, ...]] = {
    "vtam": (
        "*.vtam",
        "*.vtamlst",
        "ATCSTR??",
        "ATCSTR??.*",
        "ATCCON??",
        "ATCCON??.*",
        "*.modetab",
    ),
    "ncp": ("*.ncp", "*.ncpgen"),
    "cics": ("*.csd", "*.dfhcsdup", "*.csdup"),
    "cm2": ("*.ndf",),
    "as400": ("*.clp", "*.clle", "*.cl", "*.cfgsrc"),
    "nsdos": ("*.nsd", "CONFIG.NSD", "MODE.NSD"),
    "aix": ("*.no", "*.smit", "*.snaprof"),
    "tcpip": ("PROFILE.TCPIP", "*.PROFILE.TCPIP", "PROFILE TCPIP", "*.tcpip", "*.tcpprof"),
    "tcpdata": (
        "TCPIP.DATA",
        "*.TCPIP.DATA",
        "TCPDATA",
        "FTP.DATA",
        "*.FTP.DATA",
        "FTPDATA",
        "FTPSDATA",
        "*.tcpdata",
        "*.ftpdata",
    ),
    "ivtprm": ("IVTPRM*", "*.ivtprm"),
    "bpxprm": ("BPXPRM*", "*.bpxprm"),
    "scf": ("*.scf", "*.obey", "*.scfout"),
    "tsm": ("dsm.opt", "dsm.sys", "dsm*.opt", "dsm*.sys", "DSMSYS", "DSMOPT"),
    "ezacicd": ("EZACICD*", "*.ezacicd", "EZACONFG*"),
}


def names() -> list[str]:
    return sorted(REGISTRY)


def named(file_name: str) -> str | None:
    """The dialect a file's name says (GLOBS, any case), or None.

    Most globs are a name, a `*.suffix` or a `PREFIX*`, tested with string methods: compiling
    all of them as patterns, as fnmatch does, was a twentieth of a small run's start-up."""
    upper = file_name.upper()
    for dialect in names():
        if any(_matches(upper, g.upper()) for g in GLOBS[dialect]):
            return dialect
    return None


def _matches(upper: str, glob: str) -> bool:
    if not any(c in glob for c in "*?["):
        return upper == glob
    if glob[0] == "*" and not any(c in glob[1:] for c in "*?["):
        return upper.endswith(glob[1:])
    if glob[-1] == "*" and not any(c in glob[:-1] for c in "*?["):
        return upper.startswith(glob[:-1])
    import fnmatch

    return fnmatch.fnmatchcase(upper, glob)


def get(name: str) -> DialectSpec:
    try:
        module = importlib.import_module(REGISTRY[name])
    except KeyError:
        raise KeyError(f"unknown dialect {name!r} (known: {', '.join(names())})") from None
    spec: DialectSpec = module.SPEC
    return spec
