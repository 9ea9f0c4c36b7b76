"""Dialect registry: one name per dialect, used for the grammar, module, CLI and fixtures."""

from __future__ import annotations

import functools
import importlib

from decklint.dialects.base import Dialect, DialectSpec, NodeRule
from decklint.findings import Citation

# name -> what is known of the dialect without importing its module, which happens only when
# a file of that dialect is linted (so a deck with a telling name costs one module at start-up).
# A `language` (an editor's language id) is the dialect's name where that name means the deck
# format to anyone, and product-format where the name alone would claim a whole product (CICS,
# AS/400, AIX, TCP/IP, TSM, NonStop) in VS Code's one namespace of language ids.
REGISTRY: dict[str, Dialect] = {
    "vtam": Dialect(
        module="decklint.dialects.vtam",
        language="vtam",
        globs=(
            "*.vtam",
            "*.vtamlst",
            "ATCSTR??",
            "ATCSTR??.*",
            "ATCCON??",
            "ATCCON??.*",
            "*.modetab",
        ),
        product="VTAM",
        node=NodeRule("anchor", ("vtam_start",), "sscpname"),
        rank=3,
        syntax=(
            "z/OS Communications Server: SNA Resource Definition Reference",
            "Rules for coding continued lines",
        ),
        catalog="vtam",
    ),
    "ncp": Dialect(
        module="decklint.dialects.ncp",
        language="ncp",
        globs=("*.ncp", "*.ncpgen"),
        product="NCP",
        node=NodeRule("named"),
        rank=1,
        syntax=(
            "z/OS Communications Server: SNA Resource Definition Reference",
            "Rules for coding continued lines",
        ),
        catalog="ncp",
    ),
    "cics": Dialect(
        module="decklint.dialects.cics",
        language="cics-csd",
        globs=("*.csd", "*.dfhcsdup", "*.csdup"),
        product="CICS",
        node=NodeRule("anchor", ("vtam_start",), "sscpname"),
        rank=9,
        catalog="cics",
    ),
    "cm2": Dialect(
        module="decklint.dialects.cm2",
        language="cm2-ndf",
        globs=("*.ndf",),
        product="CM/2",
        node=NodeRule("named"),
        rank=5,
        catalog="cm2",
    ),
    "as400": Dialect(
        module="decklint.dialects.as400",
        language="as400-cl",
        globs=("*.clp", "*.clle", "*.cl", "*.cfgsrc"),
        product="AS/400",
        node=NodeRule("file"),
        rank=8,
        catalog="as400",
    ),
    "nsdos": Dialect(
        module="decklint.dialects.nsdos",
        language="nsdos",
        globs=("*.nsd", "CONFIG.NSD", "MODE.NSD"),
        product="NS/DOS",
        node=NodeRule("anchor", ("nsdos_link", "nsdos_frame"), "node"),
        rank=6,
        catalog="nsdos",
    ),
    "aix": Dialect(
        module="decklint.dialects.aix",
        language="aix-sna",
        globs=("*.no", "*.smit", "*.snaprof"),
        product="AIX",
        node=NodeRule("file"),
        rank=7,
        catalog="aix",
    ),
    "tcpip": Dialect(
        module="decklint.dialects.tcpip",
        language="tcpip-profile",
        globs=("PROFILE.TCPIP", "*.PROFILE.TCPIP", "PROFILE TCPIP", "*.tcpip", "*.tcpprof"),
        product="TCP/IP",
        node=NodeRule("named"),
        rank=2,
        syntax=(
            "z/OS Communications Server: IP Configuration Reference",
            "Statement syntax for configuration statements",
        ),
        catalog="tcpip",
    ),
    "tcpdata": Dialect(
        module="decklint.dialects.tcpdata",
        language="tcpip-data",
        globs=(
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
        product="TCP/IP",
        node=NodeRule("anchor", ("tcpip_stack",), "name", "main"),
        rank=None,
        catalog="tcpdata",
    ),
    "ivtprm": Dialect(
        module="decklint.dialects.ivtprm",
        language="ivtprm",
        globs=("IVTPRM*", "*.ivtprm"),
        product="CSM",
        node=NodeRule("anchor", ("tcpip_stack",), "name", "main"),
        rank=None,
        catalog="ivtprm",
    ),
    "bpxprm": Dialect(
        module="decklint.dialects.bpxprm",
        language="bpxprm",
        globs=("BPXPRM*", "*.bpxprm"),
        product="z/OS UNIX",
        node=NodeRule("anchor", ("tcpip_stack",), "name", "main"),
        rank=None,
        syntax=("z/OS MVS Initialization and Tuning Reference", "Syntax rules for BPXPRMxx"),
        catalog="bpxprm",
    ),
    "scf": Dialect(
        module="decklint.dialects.scf",
        language="nonstop-scf",
        globs=("*.scf", "*.obey", "*.scfout"),
        product="NonStop",
        node=NodeRule("folder"),
        rank=4,
        catalog="scf",
    ),
    "tsm": Dialect(
        module="decklint.dialects.tsm",
        language="tsm-options",
        globs=("dsm.opt", "dsm.sys", "dsm*.opt", "dsm*.sys", "DSMSYS", "DSMOPT"),
        product="ADSM",
        node=NodeRule("folder"),
        rank=10,
        catalog="tsm",
    ),
    "ezacicd": Dialect(
        module="decklint.dialects.ezacicd",
        language="ezacicd",
        globs=("EZACICD*", "*.ezacicd", "EZACONFG*"),
        product="CICS Sockets",
        node=NodeRule("anchor", ("tcpip_stack",), "name", "main"),
        rank=None,
        catalog="ezacicd",
    ),
}
GLOBS: dict[str, tuple[str, ...]] = {name: d.globs for name, d in REGISTRY.items()}


def names() -> list[str]:
    return sorted(REGISTRY)


def language(name: str) -> str:
    """The dialect's language id in editors."""
    return REGISTRY[name].language or name


def by_language(language_id: str) -> str | None:
    """The dialect an editor's language id names: one of the registry's `language` ids, or a
    dialect's own name (an editor's file type); None for any other id (`plaintext`)."""
    wanted = language_id.strip().lower()
    if wanted in REGISTRY:
        return wanted
    for name, entry in REGISTRY.items():
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
    return tuple((d, tuple(g.upper() for g in GLOBS[d])) for d in names())


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
    entry = REGISTRY.get(name)
    if entry is None or entry.syntax is None:
        return None
    return Citation(*entry.syntax)


def catalog_citation(name: str) -> Citation | None:
    """What a finding about the names and values a product accepts cites: the manual its
    catalog is drawn from (the section is the catalog entry's own, shown by `explain`)."""
    entry = REGISTRY.get(name)
    if entry is None or entry.catalog is None:
        return None
    from decklint.dialects.catalog import catalog

    cat = catalog(entry.catalog)
    if cat is None or not cat.reference:
        return None
    return Citation(cat.reference)


def get(name: str) -> DialectSpec:
    """A dialect's spec, its module imported on first use (checks ask once per statement)."""
    spec = _SPECS.get(name)
    if spec is None:
        try:
            module = importlib.import_module(REGISTRY[name].module)
        except KeyError:
            raise KeyError(f"unknown dialect {name!r} (known: {', '.join(names())})") from None
        spec = _SPECS[name] = module.SPEC
    return spec


_SPECS: dict[str, DialectSpec] = {}
